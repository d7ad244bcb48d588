import type { FigureWithPosition, Unit } from '../../shared/api';
import type { Basis, OperandContext } from './types';

// What the source structure shows around one figure (numeric-semantics.md, Comparability): the row label,
// the column header, a period label and a basis qualifier, read by code from a sheet's cells or from the
// figure's line on a page. Nothing here guesses: a member the structure does not show is null, and the
// engine then leaves that facet to a judge.

// --- periods -----------------------------------------------------------------------------------------

interface PeriodToken {
  /** Normalised: "2023", "FY2023", "Q3 2024", "H1 2024", "2023/24". */
  period: string;
  start: number;
  end: number;
}

const ORDINALS: Readonly<Record<string, string>> = {
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  '1st': '1',
  '2nd': '2',
  '3rd': '3',
  '4th': '4',
};

/** A two-digit year is this century's ("FY23" → 2023). */
function fullYear(text: string): string {
  return text.length === 2 ? `20${text}` : text;
}

// A year that is not part of a longer number, an amount or a percentage.
const YEAR = String.raw`(?<![\d.,$€£¥'])(19\d{2}|20\d{2}|2100)(?![\dA-Za-z%]|[.,]\d)`;
const YEAR_OR_SHORT = String.raw`'?(\d{4}|\d{2})(?![\d%]|[.,]\d)`;

const PATTERNS: readonly { re: RegExp; read: (m: RegExpExecArray) => string | null }[] = [
  {
    // Q3 2024, Q3 FY2024, 3Q24, Q3'24
    re: new RegExp(String.raw`\b(?:Q([1-4])|([1-4])Q)[\s-]*(?:of\s+)?(?:FY\s*)?${YEAR_OR_SHORT}`, 'gi'),
    read: (m) => `Q${m[1] ?? m[2]} ${fullYear(m[3]!)}`,
  },
  {
    // third quarter (of) (fiscal) 2024
    re: new RegExp(
      String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?${YEAR}`,
      'gi',
    ),
    read: (m) => `Q${ORDINALS[m[1]!.toLowerCase()]} ${m[2]}`,
  },
  {
    // H1 2024, 1H24, H1 FY2024
    re: new RegExp(String.raw`\b(?:H([12])|([12])H)[\s-]*(?:FY\s*)?${YEAR_OR_SHORT}`, 'gi'),
    read: (m) => `H${m[1] ?? m[2]} ${fullYear(m[3]!)}`,
  },
  {
    // first half (of) 2024
    re: new RegExp(
      String.raw`\b(first|second|1st|2nd)\s+half\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?${YEAR}`,
      'gi',
    ),
    read: (m) => `H${ORDINALS[m[1]!.toLowerCase()]} ${m[2]}`,
  },
  {
    // FY2023, FY 2023, FY23, fiscal 2023, fiscal year 2023
    re: new RegExp(String.raw`\b(?:FY\s*${YEAR_OR_SHORT}|fiscal\s+(?:year\s+)?${YEAR})`, 'gi'),
    read: (m) => `FY${fullYear(m[1] ?? m[2]!)}`,
  },
  {
    // 2023/24, 2023-24, 2023/2024 (a split year)
    re: new RegExp(String.raw`${YEAR}\s*[/-]\s*(\d{4}|\d{2})(?![\d%])`, 'g'),
    read: (m) => {
      const first = Number(m[1]);
      const second = m[2]!.length === 2 ? Math.floor(first / 100) * 100 + Number(m[2]) : Number(m[2]);
      // "2019-2023" spans years: not one period.
      return second === first + 1 ? `${first}/${String(second).slice(-2)}` : null;
    },
  },
  { re: new RegExp(YEAR, 'g'), read: (m) => m[1]! },
];

/** Every period label in `text`, each once (more specific forms first; a year inside one is not another). */
function periodTokens(text: string): PeriodToken[] {
  const tokens: PeriodToken[] = [];
  const taken: [number, number][] = [];
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      taken.push([start, end]);
      const period = read(m);
      if (period !== null) tokens.push({ period, start, end });
    }
  }
  return tokens.sort((a, b) => a.start - b.start);
}

/**
 * The one period a label shows, normalised ("Year ended December 31, 2019" → "2019", "Q3 FY24" →
 * "Q3 2024"); null when it shows none or more than one ("2019 vs 2018").
 */
export function periodOf(text: string | null): string | null {
  if (text === null) return null;
  const periods = new Set(periodTokens(text).map((t) => t.period));
  return periods.size === 1 ? [...periods][0]! : null;
}

/** A quarter or half named without its year ("Q3", "H1", "third quarter"). */
function yearlessPart(text: string): string | null {
  const q = /^\s*(?:Q([1-4])|([1-4])Q|(first|second|third|fourth)\s+quarter)\s*$/i.exec(text);
  if (q) return `Q${q[1] ?? q[2] ?? ORDINALS[q[3]!.toLowerCase()]}`;
  const h = /^\s*(?:H([12])|([12])H|(first|second)\s+half)\s*$/i.exec(text);
  if (h) return `H${h[1] ?? h[2] ?? ORDINALS[h[3]!.toLowerCase()]}`;
  return null;
}

// --- basis -------------------------------------------------------------------------------------------

const ADJUSTED = /\b(?:adjusted|underlying|non[-\s]?gaap|non[-\s]?ifrs|pro[-\s]?forma|organic)\b/i;
const REPORTED = /\b(?:reported|gaap|statutory|ifrs)\b/i;

/** "adjusted" / "reported" when a label says so; null when it says neither. */
export function basisOf(text: string | null): Basis | null {
  if (text === null) return null;
  if (ADJUSTED.test(text)) return 'adjusted';
  if (REPORTED.test(text.replace(/\bnon[-\s]?(?:gaap|ifrs)\b/gi, ''))) return 'reported';
  return null;
}

/** The one basis the labels show; null when none says, or when they disagree. */
function oneBasis(labels: readonly (string | null)[]): Basis | null {
  const found = new Set(labels.map(basisOf).filter((b): b is Basis => b !== null));
  return found.size === 1 ? [...found][0]! : null;
}

// --- sheets ------------------------------------------------------------------------------------------

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** `B7` → { col: 2, row: 7, letters: 'B' }. */
export function parseCellRef(ref: string): { col: number; row: number; letters: string } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]*)$/.exec(ref);
  if (!m) return null;
  return { col: columnNumber(m[1]!), row: Number(m[2]), letters: m[1]! };
}

/** Cell text that is a label: it has a letter or digit and is not a placeholder ("n/a", "—", "nm"). */
function isLabelText(text: string): boolean {
  const t = text.trim();
  if (!/[\p{L}\p{N}]/u.test(t)) return false;
  return !/^(?:n\/?a|nm|n\.m\.|none|nil)$/i.test(t);
}

/**
 * A cell is a label when it holds no figure, or when what is left once its figures are taken out still
 * names something: a word ("Net income (1)": the "(1)" is a footnote marker) or a period ("2018 (4)").
 * Every other cell holding a figure is a value.
 */
function isLabelCell(text: string, raws: readonly string[] | undefined): boolean {
  if (!isLabelText(text)) return false;
  if (raws === undefined) return true;
  let rest = text;
  for (const raw of raws) rest = rest.replace(raw, ' ');
  return /\p{L}{2,}/u.test(rest) || periodOf(rest) !== null;
}

interface SheetGrid {
  /** Label text at `${row}:${col}`, merged ranges filled in from their top-left cell. */
  labels: Map<string, string>;
  /** Rows holding at least one value cell: data rows, never header rows. */
  valueRows: Set<number>;
}

const gridCache = new WeakMap<Unit, SheetGrid>();

function sheetGrid(unit: Unit): SheetGrid {
  const cached = gridCache.get(unit);
  if (cached) return cached;
  const sheet = unit.sheet!;
  const raws = new Map<string, string[]>();
  for (const f of unit.figures) {
    if (f.position.kind !== 'cell') continue;
    const list = raws.get(f.position.ref) ?? [];
    list.push(f.raw);
    raws.set(f.position.ref, list);
  }
  const labels = new Map<string, string>();
  const valueRows = new Set<number>();
  const labelText = new Map<string, string>();
  for (const cell of sheet.cells) {
    const at = parseCellRef(cell.ref);
    if (!at) continue;
    if (isLabelCell(cell.text, raws.get(cell.ref))) {
      labelText.set(cell.ref, cell.text.trim());
      labels.set(`${at.row}:${at.col}`, cell.text.trim());
    } else if (raws.has(cell.ref)) valueRows.add(at.row);
  }
  // A merged header counts for every cell it covers.
  for (const range of sheet.merges) {
    const [from, to] = range.split(':');
    const a = parseCellRef(from ?? '');
    const b = parseCellRef(to ?? '');
    if (!a || !b) continue;
    const text = labelText.get(a.letters + a.row);
    if (text === undefined) continue;
    const cells = (b.row - a.row + 1) * (b.col - a.col + 1);
    if (cells > 10_000) continue; // a runaway range is no header
    for (let row = a.row; row <= b.row; row++)
      for (let col = a.col; col <= b.col; col++) {
        const key = `${row}:${col}`;
        if (!labels.has(key)) labels.set(key, text);
      }
  }
  const grid = { labels, valueRows };
  gridCache.set(unit, grid);
  return grid;
}

function sheetContext(unit: Unit, figure: FigureWithPosition): OperandContext {
  const empty: OperandContext = {
    unitKind: 'sheet',
    rowLabel: null,
    columnLabel: null,
    period: null,
    basis: null,
    rowKey: null,
    columnKey: null,
  };
  if (figure.position.kind !== 'cell' || !unit.sheet) return empty;
  const at = parseCellRef(figure.position.ref);
  if (!at) return empty;
  const name = unit.sheet.name;
  const grid = sheetGrid(unit);

  // Row label: the leftmost label cell of the row, left of the figure.
  let rowLabel: string | null = null;
  for (let col = 1; col < at.col && rowLabel === null; col++)
    rowLabel = grid.labels.get(`${at.row}:${col}`) ?? null;

  // Column headers: label cells above, in rows that hold no value, nearest first.
  const headers: string[] = [];
  for (let row = at.row - 1; row >= 1; row--) {
    if (grid.valueRows.has(row)) continue;
    const text = grid.labels.get(`${row}:${at.col}`);
    if (text !== undefined && headers[headers.length - 1] !== text) headers.push(text);
  }
  const columnLabel = headers[0] ?? null;

  // Period: the nearest header that shows one ("Q3" under "2024" is "Q3 2024"), else the row label's.
  let period: string | null = null;
  const part = columnLabel === null ? null : yearlessPart(columnLabel);
  for (const header of headers) {
    const found = periodOf(header);
    if (found === null) continue;
    const year = /^(?:FY)?(\d{4})$/.exec(found)?.[1];
    period = part !== null && year !== undefined ? `${part} ${year}` : found;
    break;
  }
  period ??= periodOf(rowLabel);

  return {
    unitKind: 'sheet',
    rowLabel,
    columnLabel,
    period,
    basis: oneBasis([rowLabel, ...headers]),
    rowKey: `${name}!${at.row}`,
    columnKey: `${name}!${at.letters}`,
  };
}

// --- pages -------------------------------------------------------------------------------------------

/** Trims markdown markers, table pipes and punctuation from a label's ends. */
function cleanLabel(text: string): string | null {
  const cleaned = text
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .trim();
  return cleaned === '' ? null : cleaned;
}

function pageContext(unit: Unit, figure: FigureWithPosition, unitId: string): OperandContext {
  const md = unit.markdown;
  const at = Math.min(figure.span.start, md.length);
  const lineStart = md.lastIndexOf('\n', at - 1) + 1;
  const newline = md.indexOf('\n', at);
  const lineEnd = newline === -1 ? md.length : newline;
  let lineNumber = 1;
  for (let i = md.indexOf('\n'); i !== -1 && i < lineStart; i = md.indexOf('\n', i + 1)) lineNumber++;

  const onLine = unit.figures.filter((f) => f.span.start >= lineStart && f.span.start < lineEnd);
  const firstStart = Math.min(at, ...onLine.map((f) => f.span.start));
  const rowLabel = cleanLabel(md.slice(lineStart, firstStart));

  // The period label on the line nearest the figure (a year inside a figure is no label).
  const line = md.slice(lineStart, lineEnd);
  const inFigure = (start: number, end: number) =>
    onLine.some((f) => start < f.span.end - lineStart && end > f.span.start - lineStart);
  const from = figure.span.start - lineStart;
  const to = figure.span.end - lineStart;
  const distance = (t: PeriodToken) => (t.end <= from ? from - t.end : t.start >= to ? t.start - to : 0);
  const tokens = periodTokens(line)
    .filter((t) => !inFigure(t.start, t.end))
    .sort((a, b) => distance(a) - distance(b));
  const period = tokens[0]?.period ?? null;

  return {
    unitKind: 'page',
    rowLabel,
    columnLabel: null,
    period,
    basis: basisOf(rowLabel),
    rowKey: `${unitId}:${lineNumber}`,
    columnKey: null,
  };
}

/** What the source structure shows around `figure` in `unit` (whose id is `unitId`). */
export function operandContext(unit: Unit, figure: FigureWithPosition, unitId: string): OperandContext {
  return unit.kind === 'sheet' ? sheetContext(unit, figure) : pageContext(unit, figure, unitId);
}
