// Number formats: the text a cell displays, which is what the figure finder reads. A pragmatic subset of
// Excel's format language, deterministic and locale-free:
//
// - General: up to 11 significant digits, shortest form (`0.1+0.2` shows `0.3`); very large or small
//   magnitudes as `1.23457E+11`.
// - Digit placeholders 0 # ?, decimal point, thousands separator, scaling commas (`#,##0,` shows
//   thousands, `#,##0,,` millions), `%` (×100 and shown), scientific `0.00E+00`, literals ("…", \x, and
//   $ € £ ( ) - + / : and space as written), `[$€-407]` currency tags, colours and conditions skipped.
// - Rounding as Excel rounds: half away from zero on the 15-significant-digit decimal the cell holds
//   (`0.00` shows 1.005 as `1.01`); a negative that rounds to zero keeps its sign (`0` shows -0.4 as `-0`).
// - Sections `pos;neg;zero;text`: the negative section shows the magnitude with its own signs and
//   brackets, a single section puts a '-' before negatives.
// - `_x` padding and `*x` fills are dropped and the result trimmed, so `_("$"* #,##0_)` shows `$1,234`.
// - Dates and times are shown ISO-like, whatever the format's own order or month names: a format with a
//   day shows `2024-01-31`, one with year and month only `2024-01`, a year alone `2024`; a time is appended
//   (or shown alone) as 24-hour `13:05` or `13:05:09` when the format has seconds; `[h]:mm:ss` shows elapsed
//   hours. Serial numbers follow the workbook's date system (1900 with its phantom 1900-02-29, or 1904).
// - Fractions (`# ?/?`) are shown as General.

export const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '"$"#,##0_);("$"#,##0)',
  6: '"$"#,##0_);[Red]("$"#,##0)',
  7: '"$"#,##0.00_);("$"#,##0.00)',
  8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0_);(#,##0)',
  38: '#,##0_);[Red](#,##0)',
  39: '#,##0.00_);(#,##0.00)',
  40: '#,##0.00_);[Red](#,##0.00)',
  41: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)',
  42: '_("$"* #,##0_);_("$"* (#,##0);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)',
  44: '_("$"* #,##0.00_);_("$"* (#,##0.00);_("$"* "-"??_);_(@_)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

type Token =
  | { kind: 'lit'; text: string }
  | { kind: 'digit'; char: '0' | '#' | '?' }
  | { kind: 'point' }
  | { kind: 'comma' }
  | { kind: 'percent' }
  | { kind: 'exp'; sign: '+' | '-' }
  | { kind: 'general' }
  | { kind: 'at' }
  | { kind: 'date'; text: string };

interface Section {
  tokens: Token[];
  condition?: { op: string; value: number };
  isDate: boolean;
  elapsed: boolean;
}

const cache = new Map<string, Section[]>();

function splitSections(format: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i] as string;
    if (ch === '"') {
      const close = format.indexOf('"', i + 1);
      const end = close < 0 ? format.length : close + 1;
      current += format.slice(i, end);
      i = end - 1;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      current += format.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      const close = format.indexOf(']', i);
      const end = close < 0 ? format.length : close + 1;
      current += format.slice(i, end);
      i = end - 1;
    } else if (ch === ';') {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function parseSection(source: string): Section {
  const tokens: Token[] = [];
  let condition: Section['condition'];
  let elapsed = false;
  const lit = (text: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'lit') last.text += text;
    else tokens.push({ kind: 'lit', text });
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    const rest = source.slice(i);
    if (ch === '"') {
      const close = source.indexOf('"', i + 1);
      const end = close < 0 ? source.length : close;
      lit(source.slice(i + 1, end));
      i = end;
    } else if (ch === '\\') {
      lit(source[i + 1] ?? '');
      i++;
    } else if (ch === '_' || ch === '*') {
      i++; // padding and fills are dropped
    } else if (ch === '[') {
      const close = source.indexOf(']', i);
      const end = close < 0 ? source.length : close;
      const body = source.slice(i + 1, end);
      i = end;
      const cond = /^(<=|>=|<>|<|>|=)\s*(-?[0-9.]+)$/.exec(body);
      if (cond) condition = { op: cond[1] as string, value: Number(cond[2]) };
      else if (/^(h+|m+|s+)$/i.test(body)) {
        elapsed = true;
        tokens.push({ kind: 'date', text: `[${body.toLowerCase()}]` });
      } else if (body.startsWith('$')) {
        const symbol = body.slice(1).split('-')[0] ?? '';
        if (symbol) lit(symbol);
      }
      // colours ([Red], [Color10]) and other tags are not shown
    } else if (/^general/i.test(rest)) {
      tokens.push({ kind: 'general' });
      i += 6;
    } else if (/^(am\/pm|a\/p)/i.test(rest)) {
      const len = /^am\/pm/i.test(rest) ? 5 : 3;
      tokens.push({ kind: 'date', text: 'ampm' });
      i += len - 1;
    } else if (/^[eE][+-]/.test(rest)) {
      tokens.push({ kind: 'exp', sign: rest[1] as '+' | '-' });
      i++;
    } else if (ch === '0' || ch === '#' || ch === '?') tokens.push({ kind: 'digit', char: ch });
    else if (ch === '.') tokens.push({ kind: 'point' });
    else if (ch === ',') tokens.push({ kind: 'comma' });
    else if (ch === '%') tokens.push({ kind: 'percent' });
    else if (ch === '@') tokens.push({ kind: 'at' });
    else if (/[yYmMdDhHsS]/.test(ch)) {
      let j = i;
      while (j < source.length && source[j]?.toLowerCase() === ch.toLowerCase()) j++;
      tokens.push({ kind: 'date', text: source.slice(i, j).toLowerCase() });
      i = j - 1;
    } else if (/[eEgGbB]/.test(ch) && /^(e+|g+|b+)/i.test(rest) && tokens.some((t) => t.kind === 'date'))
      tokens.push({ kind: 'date', text: 'y' });
    else lit(ch);
  }
  const isDate = tokens.some((t) => t.kind === 'date');
  const section: Section = { tokens, isDate, elapsed };
  if (condition) section.condition = condition;
  return section;
}

function sectionsOf(format: string): Section[] {
  let sections = cache.get(format);
  if (!sections) {
    sections = splitSections(format).map(parseSection);
    if (cache.size > 1000) cache.clear();
    cache.set(format, sections);
  }
  return sections;
}

/** True when the format shows a number as a date or time. */
export function isDateFormat(format: string): boolean {
  return sectionsOf(format)[0]?.isDate ?? false;
}

function matches(cond: NonNullable<Section['condition']>, v: number): boolean {
  switch (cond.op) {
    case '<':
      return v < cond.value;
    case '<=':
      return v <= cond.value;
    case '>':
      return v > cond.value;
    case '>=':
      return v >= cond.value;
    case '=':
      return v === cond.value;
    default:
      return v !== cond.value;
  }
}

/** The displayed text of a number under a format code. */
export function formatNumber(value: number, format: string, date1904: boolean): string {
  if (!Number.isFinite(value)) return String(value);
  const sections = sectionsOf(format);
  let section: Section;
  let magnitude = false; // the section shows the magnitude, bringing its own signs
  if (sections.some((s) => s.condition)) {
    const numeric = sections.filter((s) => !s.tokens.some((t) => t.kind === 'at'));
    const hit = numeric.find((s) => !s.condition || matches(s.condition, value));
    section = hit ?? (numeric[numeric.length - 1] as Section);
    magnitude = value < 0 && hit?.condition !== undefined;
  } else if (value < 0 && sections.length >= 2) {
    section = sections[1] as Section;
    magnitude = true;
  } else if (value === 0 && sections.length >= 3) section = sections[2] as Section;
  else section = sections[0] as Section;
  const v = magnitude ? Math.abs(value) : value;
  let out: string;
  if (section.isDate) out = formatDate(v, section, date1904) ?? formatGeneral(v);
  else out = formatWithSection(v, section);
  return out.trim();
}

/** Excel's General: up to 11 significant digits, shortest form. */
export function formatGeneral(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return value === 0 ? '0' : String(value);
  const abs = Math.abs(value);
  if (abs >= 1e11 || abs < 1e-9) return scientific(value, 5, 2, '+');
  const text = String(Number(value.toPrecision(11)));
  if (text.includes('e')) return scientific(value, 5, 2, '+');
  return text;
}

function scientific(value: number, maxDecimals: number, expDigits: number, sign: '+' | '-'): string {
  const [mantissa = '0', exp = '0'] = value.toExponential(maxDecimals).split('e');
  const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
  const e = Number(exp);
  const expText = String(Math.abs(e)).padStart(expDigits, '0');
  return `${m}E${e < 0 ? '-' : sign === '+' ? '+' : ''}${expText}`;
}

function formatWithSection(value: number, section: Section): string {
  const tokens = section.tokens;
  if (tokens.some((t) => t.kind === 'general')) {
    return tokens
      .map((t) => (t.kind === 'general' ? formatGeneral(value) : t.kind === 'lit' ? t.text : ''))
      .join('');
  }
  if (tokens.some((t) => t.kind === 'at')) {
    // A text format ('@') shows a number as General, with the section's literals around it.
    return tokens
      .map((t) => (t.kind === 'at' ? formatGeneral(value) : t.kind === 'lit' ? t.text : ''))
      .join('');
  }
  const firstDigit = tokens.findIndex((t) => t.kind === 'digit');
  if (firstDigit < 0) {
    // Only literals (e.g. the "-" of an accounting zero section): show them; none at all shows nothing.
    const literal = tokens.map((t) => (t.kind === 'lit' ? t.text : t.kind === 'percent' ? '%' : '')).join('');
    return literal;
  }
  if (/[?]\s*\/|\/\s*[?0-9#]/.test(tokensText(tokens))) return formatGeneral(value);
  let lastDigit = firstDigit;
  tokens.forEach((t, i) => {
    if (t.kind === 'digit') lastDigit = i;
  });
  const expIndex = tokens.findIndex((t) => t.kind === 'exp');
  let v = value;
  const percents = tokens.filter((t) => t.kind === 'percent').length;
  v *= 100 ** percents;
  // Scaling commas: the commas right after the last placeholder of the mantissa (or its point).
  const mantissaEnd = expIndex >= 0 ? expIndex : tokens.length;
  let lastMantissaDigit = -1;
  for (let i = 0; i < mantissaEnd; i++) if (tokens[i]?.kind === 'digit') lastMantissaDigit = i;
  let scale = 0;
  for (let i = lastMantissaDigit + 1; i < mantissaEnd; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'comma') scale++;
    else if (t.kind === 'point') continue;
    else break;
  }
  v /= 1000 ** scale;
  const pointIndex = tokens.findIndex((t, i) => t.kind === 'point' && i < mantissaEnd);
  const intEnd = pointIndex >= 0 ? pointIndex : lastMantissaDigit + 1;
  const intTokens = tokens.slice(firstDigit, intEnd);
  const decTokens =
    pointIndex >= 0
      ? tokens.slice(pointIndex + 1, lastMantissaDigit + 1).filter((t) => t.kind === 'digit')
      : [];
  const grouping = intTokens.some(
    (t, i) => t.kind === 'comma' && intTokens.slice(i + 1).some((u) => u.kind === 'digit'),
  );
  const maxDec = decTokens.length;
  const minDec = decTokens.filter((t) => t.kind === 'digit' && t.char === '0').length;
  const negative = v < 0;
  let abs = Math.abs(v);
  let expText = '';
  if (expIndex >= 0) {
    const expToken = tokens[expIndex] as Extract<Token, { kind: 'exp' }>;
    const expDigits = tokens.slice(expIndex + 1).filter((t) => t.kind === 'digit').length || 1;
    const intCount = intTokens.filter((t) => t.kind === 'digit').length || 1;
    let e = abs === 0 ? 0 : Math.floor(Math.log10(abs));
    if (intCount > 1) e = Math.floor(e / intCount) * intCount; // engineering ##0.0E+0
    abs = abs / 10 ** e;
    let rounded = Number(toFixedAsExcel(abs, maxDec));
    if (rounded >= 10 ** Math.max(1, intCount) && abs !== 0) {
      e += intCount > 1 ? intCount : 1;
      abs /= 10 ** (intCount > 1 ? intCount : 1);
      rounded = Number(toFixedAsExcel(abs, maxDec));
    }
    abs = rounded;
    expText = `E${e < 0 ? '-' : expToken.sign === '+' ? '+' : ''}${String(Math.abs(e)).padStart(expDigits, '0')}`;
  }
  const fixed = toFixedAsExcel(abs, maxDec);
  const [intDigits = '0', decPart = ''] = fixed.split('.');
  let decDigits = decPart;
  // Decimal places: drop trailing zeros the optional placeholders do not require.
  while (decDigits.length > minDec && decDigits.endsWith('0')) decDigits = decDigits.slice(0, -1);
  const intText = fillInteger(intDigits === '0' ? '' : intDigits, intTokens, grouping);
  // A point with no digit after it is not shown (Excel shows `1.` for `0.##`; `1` reads better).
  const number = intText + (decDigits.length > 0 ? `.${decDigits}` : '');
  const prefix = tokens
    .slice(0, firstDigit)
    .map((t) => (t.kind === 'lit' ? t.text : t.kind === 'percent' ? '%' : ''))
    .join('');
  const suffix = tokens
    .slice(expIndex >= 0 ? expIndex + 1 : lastDigit + 1)
    .map((t) => (t.kind === 'lit' ? t.text : t.kind === 'percent' ? '%' : ''))
    .join('');
  const afterMantissa =
    expIndex >= 0
      ? tokens
          .slice(lastMantissaDigit + 1, expIndex)
          .map((t) => (t.kind === 'lit' ? t.text : t.kind === 'percent' ? '%' : ''))
          .join('')
      : '';
  // Excel keeps the sign of a negative number that rounds to zero (`0` shows -0.4 as `-0`).
  const sign = negative ? '-' : '';
  return `${sign}${prefix}${number}${afterMantissa}${expText}${suffix}`;
}

/**
 * `x` (not negative) with `decimals` places, rounded as Excel rounds: half away from zero on the
 * 15-significant-digit decimal the cell holds, so 1.005 shows 1.01 where `toFixed` gives 1.00.
 */
export function toFixedAsExcel(x: number, decimals: number): string {
  if (x === 0 || !Number.isFinite(x)) return x.toFixed(decimals);
  const [mantissa = '0', exponent = '0'] = x.toExponential(14).split('e');
  const shift = Number(exponent) - 14 + decimals; // x = digits × 10^(exponent - 14)
  let scaled = BigInt(mantissa.replace('.', ''));
  if (shift >= 0) scaled *= 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    const remainder = scaled % divisor;
    scaled = scaled / divisor + (remainder * 2n >= divisor ? 1n : 0n);
  }
  const text = scaled.toString().padStart(decimals + 1, '0');
  return decimals > 0 ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}` : text;
}

function tokensText(tokens: Token[]): string {
  return tokens
    .map((t) => (t.kind === 'lit' ? t.text : t.kind === 'digit' ? t.char : t.kind === 'point' ? '.' : ''))
    .join('');
}

/** Places the integer digits into the integer pattern from the right (literals kept in place). */
function fillInteger(digits: string, pattern: Token[], grouping: boolean): string {
  const placeholders = pattern.filter((t) => t.kind === 'digit');
  const minDigits = placeholders.filter((t) => t.kind === 'digit' && t.char === '0').length;
  const hasLiterals = pattern.some((t) => t.kind === 'lit');
  if (grouping || !hasLiterals) {
    let d = digits.padStart(minDigits, '0');
    if (grouping) d = d.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const literals = pattern
      .map((t) => (t.kind === 'lit' ? t.text : t.kind === 'percent' ? '%' : ''))
      .join('');
    return d + literals;
  }
  let remaining = digits;
  const out: string[] = [];
  const lastPlaceholder = pattern.findIndex((t) => t.kind === 'digit');
  for (let i = pattern.length - 1; i >= 0; i--) {
    const t = pattern[i] as Token;
    if (t.kind === 'lit') out.unshift(t.text);
    else if (t.kind === 'percent') out.unshift('%');
    else if (t.kind === 'digit') {
      if (i === lastPlaceholder) {
        out.unshift(remaining === '' ? (t.char === '0' ? '0' : '') : remaining);
        remaining = '';
      } else if (remaining !== '') {
        out.unshift(remaining.slice(-1));
        remaining = remaining.slice(0, -1);
      } else if (t.char === '0') out.unshift('0');
      else if (t.char === '?') out.unshift(' ');
    }
  }
  return out.join('');
}

const MAX_SERIAL = 2958465; // 9999-12-31

function formatDate(serial: number, section: Section, date1904: boolean): string | null {
  if (serial < 0 || serial > MAX_SERIAL + 1) return null;
  const dateTokens = section.tokens.filter((t): t is Extract<Token, { kind: 'date' }> => t.kind === 'date');
  const kinds = dateTokens.map((t) => t.text);
  const hasHour = kinds.some((k) => k.startsWith('h') || k.startsWith('[h'));
  const hasSecond = kinds.some((k) => k.startsWith('s') || k.startsWith('[s'));
  const hasDay = kinds.some((k) => k.startsWith('d'));
  const hasYear = kinds.some((k) => k.startsWith('y'));
  // An m next to an h or s is minutes; any other m is the month.
  let hasMonth = false;
  let hasMinute = false;
  dateTokens.forEach((t, i) => {
    if (!t.text.startsWith('m') && !t.text.startsWith('[m')) return;
    const prev = dateTokens[i - 1]?.text ?? '';
    const next = dateTokens[i + 1]?.text ?? '';
    if (t.text.startsWith('[') || prev.startsWith('h') || prev.startsWith('[h') || next.startsWith('s'))
      hasMinute = true;
    else if (t.text.length <= 2 && (hasHour || hasSecond) && !hasDay && !hasYear) hasMinute = true;
    else hasMonth = true;
  });
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  let totalSeconds = Math.round(serial * 86400);
  if (section.elapsed) {
    const h = Math.floor(totalSeconds / 3600);
    const m = Math.floor((totalSeconds % 3600) / 60);
    const s = totalSeconds % 60;
    const first = kinds[0] ?? '';
    if (first.startsWith('[m')) return hasSecond ? `${h * 60 + m}:${pad(s)}` : `${h * 60 + m}`;
    if (first.startsWith('[s')) return `${totalSeconds}`;
    return hasSecond ? `${h}:${pad(m)}:${pad(s)}` : `${h}:${pad(m)}`;
  }
  let days = Math.floor(totalSeconds / 86400);
  totalSeconds -= days * 86400;
  const datePart = hasYear || hasMonth || hasDay;
  const timePart = hasHour || hasMinute || hasSecond;
  let dateText = '';
  if (datePart) {
    let y: number;
    let mo: number;
    let d: number;
    if (!date1904 && days === 60) [y, mo, d] = [1900, 2, 29];
    else {
      if (!date1904 && days < 60) days += 1; // the 1900 system counts a phantom 1900-02-29
      const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
      const date = new Date(epoch + days * 86400000);
      [y, mo, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    }
    if (!date1904 && serial < 1) [y, mo, d] = [1900, 1, 0];
    if (hasDay) dateText = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
    else if (hasMonth) dateText = `${pad(y, 4)}-${pad(mo)}`;
    else dateText = pad(y, 4);
  }
  let timeText = '';
  if (timePart) {
    const h = Math.floor(totalSeconds / 3600);
    const m = Math.floor((totalSeconds % 3600) / 60);
    const s = totalSeconds % 60;
    if (hasHour) timeText = hasSecond ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(h)}:${pad(m)}`;
    else timeText = `${pad(m)}:${pad(s)}`;
  }
  return [dateText, timeText].filter((p) => p !== '').join(' ');
}
