// CSV as the exports write it (RFC 4180: comma separated, CRLF line ends, a field with a comma, quote, CR
// or LF quoted and its quotes doubled), guarded against formula injection: editors open these files in
// spreadsheets, which run a field starting with =, +, -, @, tab or CR as a formula, so such a field gets
// a leading apostrophe and is read as text. A table exported as printed keeps its printed numbers
// ("-3.2%", "+12", "-$1,204") as they are: a spreadsheet reads them as numbers, never runs them.

/** Which fields starting like a formula are guarded: all of them, or all but printed numbers. */
export type FormulaGuard = 'all' | 'except-printed-numbers';

const FORMULA_START = /^[=+\-@\t\r]/;
const PRINTED_NUMBER = /^[+-]$|^[+-] ?[$€£¥]? ?\d[\d,.\u00a0\u202f ]*%?$/;

/** One CSV field: guarded against formulas, then quoted when RFC 4180 needs it. */
export function csvField(value: string | number | boolean | null, guard: FormulaGuard = 'all'): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text) && !(guard === 'except-printed-numbers' && PRINTED_NUMBER.test(text)))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: fields joined by commas, every line ended by CRLF. */
export function csvRows(
  rows: readonly (readonly (string | number | boolean | null)[])[],
  guard: FormulaGuard = 'all',
): string {
  return rows.map((row) => row.map((field) => csvField(field, guard)).join(',') + '\r\n').join('');
}
