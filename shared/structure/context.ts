import type { FigureWithPosition, PageTable, PageTableCell, Unit } from '../api';
import { findFigures, findScaleNote, labelUnits } from '../figures';
import { isBandLabel } from './bands';
import { isCurrencyColumn, rowCurrency } from './currency';
import {
  parsePeriod,
  periodMentions,
  periodOf,
  relate,
  withYear,
  yearlessPart,
  type PeriodMention,
} from './periods';

export { periodOf } from './periods';

/** Basis qualifiers a source label or a claim can carry. */
export type Basis = 'adjusted' | 'reported';

/**
 * What the source structure shows around one figure, read by code (`operandContext` below). Every
 * member is null when the structure does not show it; the engine then leaves that facet to a judge.
 */
export interface OperandContext {
  /** Kind of unit the figure came from. */
  unitKind: 'page' | 'sheet';
  /**
   * The line item or entity the figure belongs to: a sheet's row label (the text cell at the left of the
   * row), or the text that starts the figure's line on a page ("Revenue", "Acme Corp"). Null when none.
   */
  rowLabel: string | null;
  /**
   * The column header above the figure in a sheet or a table read on a page ("2023", "FY2023", "Q3 2024");
   * null on a page's running text.
   */
  columnLabel: string | null;
  /**
   * The period label the structure puts beside the figure: from the column header, the row label, or a
   * "FY2023" / "Q3 2024" / year heading on the same line. Normalised: "2023", "FY2023", "Q3 2024",
   * "H1 2024". Null when none is shown.
   */
  period: string | null;
  /** "adjusted" / "reported" when a label beside the figure says so (adjusted, underlying, non-GAAP…). */
  basis: Basis | null;
  /**
   * Identifies the row for same-row checks (sheet: `${sheetName}!${row}`; a page's table:
   * `${unitId}:t${table}:r${row}`; a page's text: `${unitId}:${line}`).
   */
  rowKey: string | null;
  /**
   * Identifies the column (sheet: `${sheetName}!${columnLetters}`; a page's table: `${unitId}:t${table}:c${col}`),
   * null in a page's running text.
   */
  columnKey: string | null;
  /**
   * The scale a table's note gave the figure ("in thousands": 1e3) when the figure does not write its own;
   * null when it writes its scale or no note applied.
   */
  noteScale: number | null;
  /**
   * The one currency the figure's table shows (a "$" on a column's first row only): every figure of the
   * sheet, or of the page's table, that names a currency names this one. Null in a page's running text, or
   * when none or several are shown.
   */
  tableCurrency: string | null;
  /**
   * Every header over the figure's column, outermost first, joined by " · " ("Male · Under 18 years":
   * the column label is only the nearest that says something); null when none.
   */
  columnPath: string | null;
  /**
   * The header paths (as `columnPath`) of the other columns of the figure's row that hold figures
   * ("Deaths" beside a figure under "Births", "Female · Total" beside "Male · Total"), distinct; empty in
   * a page's running text. A check asks the claim to name what tells the figure's column apart when
   * another column of its row measures something else.
   */
  otherColumns: readonly string[];
  /**
   * The title over the figure's table: a page table's title (or the title of the table it continues), a
   * sheet's lines above its first row of values that stand alone in their row ("Table 2. Births by
   * country, 2020"); null in a page's running text or when none is shown.
   */
  tableTitle: string | null;
  /**
   * In a page's running text, what the source writes right after the figure (up to 80 characters, across
   * a line end, blanks as one space: " births in 2020."): what it counts when a noun follows. Null in a
   * table or sheet, whose labels say it.
   */
  textAfter: string | null;
  /**
   * The row's own label without the headings it is set in under ("Robbery" under "Violent crime"), when
   * that label names the row alone: headings start `rowLabel`, and no other row of its table or sheet has
   * the same own label. Null otherwise: no headings, or an own label other rows share ("Total", "Male").
   */
  rowLeaf: string | null;
  /**
   * The headings other rows of the figure's table or sheet are set in under, neither this row's nor its
   * own label ("Property crime" beside a row under "Violent crime"); empty for a row under no heading
   * and in a page's running text.
   */
  otherRowHeadings: readonly string[];
}

/** A label without the dot leaders, rules and ellipses a printed table runs to its figures. */
export function cleanLabelText(label: string): string {
  return label
    .replace(/(?:\s*[.·…_]){3,}\s*/gu, ' ')
    .replace(/\s*[-–—_=]{3,}\s*/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// What the source structure shows around one figure (numeric-semantics.md, Comparability): the row label,
// the column header, a period label and a basis qualifier, read by code from a sheet's cells or from the
// figure's line on a page. Nothing here guesses: a member the structure does not show is null, and the
// engine then leaves that facet to a judge.

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

/** 2 → "B", 28 → "AB". */
function letters(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
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
 * names something: a word ("Net income (1)": the "(1)" is a footnote marker) or a period ("2018 (4)"), or
 * when it is a band of whole numbers ("18-64"). Every other cell holding a figure is a value.
 */
function isLabelCell(text: string, raws: readonly string[] | undefined): boolean {
  if (!isLabelText(text)) return false;
  if (raws === undefined) return true;
  let rest = text;
  for (const raw of raws) rest = rest.replace(raw, ' ');
  // A header that is only a period, however set ("2019", a letter-spaced "2 0 1 8"), is a label.
  if (periodOf(text) !== null && /^[\d\s]+$/.test(text.trim())) return true;
  // A band of whole numbers ("18-64", "65+", "$10,000 to $14,999") names an age or income group.
  if (isBandLabel(text)) return true;
  return /\p{L}{2,}/u.test(rest) || periodOf(rest) !== null;
}

const figureColumnsCache = new WeakMap<Unit, Map<string, Set<number>>>();

/** The columns of each row that hold figures: `t${table}:r${row}` on a page, `${row}` on a sheet. */
function figureColumns(unit: Unit): Map<string, Set<number>> {
  let byRow = figureColumnsCache.get(unit);
  if (byRow !== undefined) return byRow;
  byRow = new Map();
  for (const f of unit.figures) {
    let key: string | null = null;
    let col = 0;
    if (f.position.kind === 'box' && f.position.cell !== undefined) {
      key = `t${f.position.cell.table}:r${f.position.cell.row}`;
      col = f.position.cell.col;
    } else if (f.position.kind === 'cell') {
      const at = parseCellRef(f.position.ref);
      if (at !== null) [key, col] = [`${at.row}`, at.col];
    }
    if (key === null) continue;
    const cols = byRow.get(key) ?? new Set<number>();
    cols.add(col);
    byRow.set(key, cols);
  }
  figureColumnsCache.set(unit, byRow);
  return byRow;
}

/** Other columns' names, distinct, none the figure's own. */
function others(names: readonly (string | null)[], own: string | null): string[] {
  const clean = names.filter((n): n is string => n !== null && n !== own);
  return [...new Set(clean)];
}

const pageColumnPaths = new WeakMap<PageTable, Map<string, string | null>>();

/** The header path of a page table's column, read once per column. */
function pageColumnPath(table: PageTable, row: number, col: number): string | null {
  let paths = pageColumnPaths.get(table);
  if (paths === undefined) pageColumnPaths.set(table, (paths = new Map()));
  const key = `${blockHeaderRows(table, row)?.[0] ?? ''}:${col}`;
  if (!paths.has(key)) paths.set(key, pathOf(cellHeadings(table, row, col).headers));
  return paths.get(key)!;
}

/**
 * The header paths of the other columns of a page table's row that hold figures. In a table set in blocks
 * each under its own copy of the header, the same columns under the other blocks' headers are other
 * columns too: blocks are column groups set one under another ("Best practice scenario · 2007" beside
 * "Improved operation scenario · 2007").
 */
function pageOtherColumns(unit: Unit, table: PageTable, row: number, col: number): string[] {
  const cols = figureColumns(unit).get(`t${table.index}:r${row}`);
  const path = (r: number, c: number) => pageColumnPath(table, r, c);
  const inRow =
    cols === undefined || cols.size < 2 ? [] : [...cols].filter((c) => c !== col && c >= table.labelCols);
  const inBlocks = tableBlocks(table)
    .starts.filter((r) => blockHeaderRows(table, r) !== blockHeaderRows(table, row))
    .flatMap((r) => [col, ...inRow].map((c) => path(r, c)));
  return others([...inRow.map((c) => path(row, c)), ...inBlocks], path(row, col));
}

const sheetColumnPaths = new WeakMap<
  Unit,
  { above: Map<number, number>; paths: Map<string, string | null> }
>();

/**
 * The header path of a sheet's column over a row: its nearest few headers, read once per column and block
 * of header rows (the row of headers nearest above the row).
 */
function sheetColumnPath(unit: Unit, grid: SheetGrid, row: number, col: number): string | null {
  let memo = sheetColumnPaths.get(unit);
  if (memo === undefined) {
    // For each row of values, the nearest row above it that holds no value.
    const rows = new Set<number>(grid.valueRows);
    for (const key of grid.labels.keys()) rows.add(Number(key.split(':')[0]));
    const above = new Map<number, number>();
    let last = 0;
    for (const r of [...rows].sort((a, b) => a - b)) {
      above.set(r, last);
      if (!grid.valueRows.has(r)) last = r;
    }
    sheetColumnPaths.set(unit, (memo = { above, paths: new Map() }));
  }
  const top = memo.above.get(row) ?? 0;
  const key = `${top}:${col}`;
  if (!memo.paths.has(key)) {
    const headers: string[] = [];
    // The nearest few header rows above are enough to name a column.
    for (let r = top; r >= 1 && headers.length < 4; r--) {
      if (grid.valueRows.has(r)) {
        if (headers.length > 0) break;
        continue;
      }
      const text = grid.labels.get(`${r}:${col}`);
      if (text !== undefined) headers.push(text);
    }
    memo.paths.set(key, pathOf(headers));
  }
  return memo.paths.get(key)!;
}

/** The header paths of the other columns of a sheet's row that hold figures. */
function sheetOtherColumns(
  unit: Unit,
  grid: SheetGrid,
  row: number,
  col: number,
  labelCol: number,
): string[] {
  const cols = figureColumns(unit).get(`${row}`);
  if (cols === undefined || cols.size < 2) return [];
  const path = (c: number) => sheetColumnPath(unit, grid, row, c);
  // A number in the row's label ("District 20") is no column of its own.
  return others([...cols].filter((c) => c !== col && c > labelCol).map(path), path(col));
}

/** A column's headers, nearest first, as one path outermost first ("Male · Total"); null when none. */
function pathOf(headers: readonly string[]): string | null {
  const said = headers
    .map((h) => cleanLabelText(h))
    .filter((h, k, all) => h !== '' && !NOTE_MARK.test(h) && all[k - 1] !== h);
  return said.length === 0 ? null : [...said].reverse().join(' · ');
}

/** A heading that only says what its column counts: "($ billion)", "(millions)", "(%)". */
function unitsOnly(heading: string): boolean {
  const note = findScaleNote(heading);
  if (note === null && !heading.includes('%')) return false;
  const rest = note === null ? heading : heading.slice(0, note.start) + heading.slice(note.end);
  return !/\d/.test(rest) && !/\p{L}{2,}/u.test(rest.replace(/\b(?:in|of|per\s?cent)\b/giu, ''));
}

/**
 * The column's name among its headings, nearest first: the nearest that says something, over a row of
 * note marks ("(a)", "(c/a)") or of units alone ("GDP" over "($ billion)"); the units when nothing else.
 */
function columnName(headers: readonly string[]): string | undefined {
  const said = headers.filter((h) => !NOTE_MARK.test(h.trim()));
  return said.find((h) => !unitsOnly(h)) ?? said[0];
}

/**
 * What the nearest of a row's labels that says so says its figures count ("Urban" under "Population
 * (millions)"; a label's own note before its parent's), or null.
 */
export function labelsUnits(labels: readonly string[]): ReturnType<typeof labelUnits> {
  for (let k = labels.length - 1; k >= 0; k--) {
    const units = labelUnits(labels[k]!);
    if (units !== null) return units;
  }
  return null;
}

/**
 * A figure that writes its currency itself ("$1,234", "1,234 EUR"), not one a note gave it ("GDP ($
 * billion) | 20.9"): only a written one tells what the table's bare figures are in.
 */
function writesCurrency(figure: FigureWithPosition): boolean {
  return figure.unitClass === 'currency' && /\p{Sc}|[A-Z]{3}/u.test(figure.raw);
}

/** A sheet's columns whose texts in its rows of values say each row's currency, headed by the labels above. */
function sheetCurrencyColumns(
  labels: ReadonlyMap<string, string>,
  valueRows: ReadonlySet<number>,
): { col: number; heading: string }[] {
  const byCol = new Map<number, { heading: string[]; texts: string[] }>();
  for (const [key, text] of labels) {
    const [row, col] = key.split(':').map(Number) as [number, number];
    const entry = byCol.get(col) ?? { heading: [], texts: [] };
    (valueRows.has(row) ? entry.texts : entry.heading).push(text);
    byCol.set(col, entry);
  }
  return [...byCol]
    .filter(([, { heading, texts }]) => isCurrencyColumn(heading.join(' '), texts))
    .map(([col, { heading }]) => ({ col, heading: heading.join(' ') }));
}

interface SheetGrid {
  /** Label text at `${row}:${col}`, merged ranges filled in from their top-left cell. */
  labels: Map<string, string>;
  /** Rows holding at least one value cell: data rows, never header rows. */
  valueRows: Set<number>;
  /** The one currency the sheet's figures name, or null (none, or several). */
  currency: string | null;
  /** The indent of label cells their style sets in, at `${row}:${col}`. */
  indents: Map<string, number>;
  /** Columns that say each row's currency ("Currency": "GHS", "US$"), with their headings. */
  currencyColumns: { col: number; heading: string }[];
  /** The sheet's title lines above its first row of values, each alone in its row; null when none. */
  title: string | null;
}

const gridCache = new WeakMap<Unit, SheetGrid>();

/**
 * Labels set in with leading blanks, as a csv or a typed sheet writes them ("  United States"): in a
 * column whose first label is at the margin and whose labels start after one to three counts of blanks
 * besides, each label's steps in are the rank of its count among them, unless the blanks pad every label
 * to one width (set right). A style's indent, where a label has one, stands.
 */
function spacedIndents(
  cells: readonly { ref: string; text: string; indent?: number }[],
  labels: ReadonlyMap<string, string>,
  valueRows: ReadonlySet<number>,
  indents: Map<string, number>,
): void {
  // Rows of the body: rows of values, and labels alone on their rows (a section's heading).
  const labelsIn = new Map<number, number>();
  for (const key of labels.keys()) {
    const row = Number(key.split(':')[0]);
    labelsIn.set(row, (labelsIn.get(row) ?? 0) + 1);
  }
  const body = (row: number) => valueRows.has(row) || labelsIn.get(row) === 1;
  const leads = new Map<number, { key: string; row: number; lead: number; width: number }[]>();
  for (const cell of cells) {
    const at = parseCellRef(cell.ref);
    const key = at === null ? '' : `${at.row}:${at.col}`;
    if (at === null || !labels.has(key) || cell.indent !== undefined || !body(at.row)) continue;
    const text = cell.text.trimEnd();
    const lead = text.length - text.replace(/^[ \u00a0\u3000]+/u, '').length;
    const column = leads.get(at.col) ?? [];
    column.push({ key, row: at.row, lead, width: text.length });
    leads.set(at.col, column);
  }
  for (const column of leads.values()) {
    const counts = [...new Set(column.map((c) => c.lead))].sort((a, b) => a - b);
    const first = column.reduce((a, b) => (b.row < a.row ? b : a));
    // Blanks that pad labels to one width set them right, not in.
    const padded = new Set(column.map((c) => c.width)).size === 1;
    if (counts.length < 2 || counts.length > 4 || counts[0] !== 0 || first.lead !== 0 || padded) continue;
    for (const { key, lead } of column) if (lead > 0) indents.set(key, counts.indexOf(lead));
  }
}

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
  const indents = new Map<string, number>();
  for (const cell of sheet.cells) {
    const at = parseCellRef(cell.ref);
    if (!at) continue;
    if (isLabelCell(cell.text, raws.get(cell.ref))) {
      labelText.set(cell.ref, cell.text.trim());
      labels.set(`${at.row}:${at.col}`, cell.text.trim());
      if (cell.indent !== undefined) indents.set(`${at.row}:${at.col}`, cell.indent);
    } else if (raws.has(cell.ref)) valueRows.add(at.row);
  }
  spacedIndents(sheet.cells, labels, valueRows, indents);
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
  // A file that keeps no merges (csv, a web page's table) writes a spanning period header once, over its
  // first column: in a header row, the empty cells right of a period header carry it up to the next header,
  // or up to a column where a heading of a row above starts ("Jun/2013" under "HARVEST" stops where
  // "VARIATION" starts).
  if (sheet.merges.length === 0) {
    const filled = new Set(sheet.cells.filter((c) => c.text.trim() !== '').map((c) => c.ref));
    let lastCol = 0;
    for (const cell of sheet.cells) lastCol = Math.max(lastCol, parseCellRef(cell.ref)?.col ?? 0);
    const headerRows = new Set<number>();
    for (const key of labels.keys()) {
      const row = Number(key.split(':')[0]);
      if (!valueRows.has(row)) headerRows.add(row);
    }
    const written = new Map(labels);
    const startsAbove = (row: number, col: number) =>
      [...headerRows].some((r) => r < row && written.has(`${r}:${col}`));
    for (const row of headerRows) {
      let carried: string | null = null;
      for (let col = 2; col <= lastCol; col++) {
        const own = labels.get(`${row}:${col}`);
        if (own !== undefined) carried = periodOf(own) !== null ? own : null;
        else if (startsAbove(row, col)) carried = null;
        else if (carried !== null && !filled.has(`${letters(col)}${row}`))
          labels.set(`${row}:${col}`, carried);
        else carried = null;
      }
    }
  }
  const currencies = new Set(unit.figures.filter(writesCurrency).map((f) => f.unit));
  const [currency] = [...currencies];
  const grid = {
    labels,
    valueRows,
    currency: currencies.size === 1 ? (currency ?? null) : null,
    indents,
    currencyColumns: sheetCurrencyColumns(labels, valueRows),
    title: sheetTitle(labels, valueRows),
  };
  gridCache.set(unit, grid);
  return grid;
}

/**
 * A sheet's title: the lines above its first row of values that stand alone in their row, from the first
 * column (a merged title fills its row with one text); a row of headers holds several.
 */
function sheetTitle(labels: ReadonlyMap<string, string>, valueRows: ReadonlySet<number>): string | null {
  let first = Infinity;
  for (const row of valueRows) first = Math.min(first, row);
  const rows = new Map<number, { texts: Set<string>; first: boolean }>();
  for (const [key, text] of labels) {
    const [row, col] = key.split(':').map(Number) as [number, number];
    if (row >= first) continue;
    const entry = rows.get(row) ?? { texts: new Set<string>(), first: false };
    entry.texts.add(text);
    if (col === 1) entry.first = true;
    rows.set(row, entry);
  }
  const lines = [...rows.entries()]
    .filter(([, e]) => e.first && e.texts.size === 1)
    .sort(([a], [b]) => a - b)
    .map(([, e]) => [...e.texts][0]!);
  return lines.length === 0 ? null : lines.join(' ');
}

/**
 * The labels a sheet's row label is set in under, outermost first: for each step in, the nearest label
 * above in its column set in less. A row that heads the figure's column (a label over it) is the header,
 * never a parent.
 */
function sheetParents(grid: SheetGrid, row: number, col: number, figureCol: number): string[] {
  const parents: string[] = [];
  let steps = grid.indents.get(`${row}:${col}`) ?? 0;
  for (let r = row - 1; r >= 1 && steps > 0; r--) {
    const text = grid.labels.get(`${r}:${col}`);
    if (text === undefined || grid.labels.has(`${r}:${figureCol}`)) continue;
    const indent = grid.indents.get(`${r}:${col}`) ?? 0;
    if (indent >= steps) continue;
    parents.unshift(text);
    steps = indent;
  }
  return parents;
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
    noteScale: noteScaleOf(figure),
    tableCurrency: null,
    columnPath: null,
    otherColumns: [],
    tableTitle: null,
    textAfter: null,
    rowLeaf: null,
    otherRowHeadings: [],
  };
  if (figure.position.kind !== 'cell' || !unit.sheet) return empty;
  const at = parseCellRef(figure.position.ref);
  if (!at) return empty;
  const name = unit.sheet.name;
  const grid = sheetGrid(unit);

  // Row label: the leftmost label cell of the row, left of the figure, after the labels it is set in under.
  let rowLabel: string | null = null;
  let labelCol = 1;
  for (; labelCol < at.col && rowLabel === null; labelCol++)
    rowLabel = grid.labels.get(`${at.row}:${labelCol}`) ?? null;
  const parents = rowLabel === null ? [] : sheetParents(grid, at.row, labelCol - 1, at.col);
  const ownLabel = rowLabel;
  if (rowLabel !== null) rowLabel = [...parents, rowLabel].join(' ');

  // Column headers: label cells above, in rows that hold no value, nearest first; the rows of values
  // between them part them into blocks, nearest first.
  const headers: string[] = [];
  const blocks: string[][] = [[]];
  for (let row = at.row - 1; row >= 1; row--) {
    if (grid.valueRows.has(row)) {
      if (blocks[blocks.length - 1]!.length > 0) blocks.push([]);
      continue;
    }
    const text = grid.labels.get(`${row}:${at.col}`);
    if (text !== undefined && headers[headers.length - 1] !== text) headers.push(text);
    if (text !== undefined) blocks[blocks.length - 1]!.push(text);
  }
  const columnLabel = columnName(headers) ?? null;

  // Period: the nearest header that shows one ("Q3" under "2024" is "Q3 2024"), else the row label's. A
  // row of texts among the values ("Maturity date | 30/7/2021") is no header, but looks like one: when
  // another block of headers above the column names another period, which one the figure is in the sheet
  // does not say.
  const periods = blocks.map(headerPeriod);
  const nearest = periods.find((p) => p !== null) ?? null;
  const parsed = parsePeriod(nearest);
  const disputed =
    parsed !== null &&
    periods.some((p) => {
      const other = parsePeriod(p);
      return other !== null && relate(parsed, other) === 'different';
    });
  const period = disputed ? null : (headerPeriod(headers) ?? periodOf(rowLabel));
  // A row whose own column says its currency is in that one, never in one another row writes; the row's
  // label column names the row, not its currency ("Currency | Rate": "EUR | 0.92").
  const rowLabelCol = rowLabel === null ? null : labelCol - 1;
  const own = grid.currencyColumns.filter((c) => c.col !== at.col && c.col !== rowLabelCol);
  const currencyColumn = own.reduce<(typeof own)[number] | null>(
    (a, b) => (a === null || Math.abs(b.col - at.col) < Math.abs(a.col - at.col) ? b : a),
    null,
  );
  const rowOwn =
    currencyColumn !== null
      ? rowCurrency(grid.labels.get(`${at.row}:${currencyColumn.col}`), currencyColumn.heading)
      : ownLabel !== null && labelUnits(ownLabel) !== null
        ? null
        : undefined;

  return {
    unitKind: 'sheet',
    rowLabel: rowLabel === null ? null : cleanLabelText(rowLabel) || null,
    columnLabel: columnLabel === null ? null : cleanLabelText(columnLabel) || null,
    period,
    basis: oneBasis([rowLabel, ...headers]),
    rowKey: `${name}!${at.row}`,
    columnKey: `${name}!${at.letters}`,
    noteScale: noteScaleOf(figure),
    tableCurrency: rowOwn === undefined ? grid.currency : rowOwn,
    columnPath: sheetColumnPath(unit, grid, at.row, at.col),
    otherColumns: sheetOtherColumns(unit, grid, at.row, at.col, rowLabelCol ?? 0),
    tableTitle: grid.title,
    textAfter: null,
    ...rowHeadingsOf(
      parents,
      ownLabel,
      rowLabelCol === null || parents.length === 0 ? null : sheetRowHeadings(grid, rowLabelCol, at.col),
    ),
  };
}

// --- pages -------------------------------------------------------------------------------------------

/** Trims markdown markers, table pipes and punctuation from a label's ends. */
function cleanLabel(text: string): string | null {
  const spaced = cleanLabelText(text)
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ');
  let cleaned = spaced.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '').trim();
  // A bracket the label opens keeps its closing one: "Free cash flow (pre-spectrum)".
  const open = (cleaned.match(/\(/g) ?? []).length - (cleaned.match(/\)/g) ?? []).length;
  if (open > 0 && /^\)/.test(spaced.slice(spaced.indexOf(cleaned) + cleaned.length))) cleaned += ')';
  return cleaned === '' ? null : cleaned;
}

/** Headers and labels shown along a period: the nearest header's period, "Q3" under "2024" read as "Q3 2024". */
function headerPeriod(headers: readonly string[]): string | null {
  const part = headers[0] === undefined ? null : yearlessPart(headers[0]);
  for (const header of headers) {
    const found = periodOf(header);
    if (found === null) continue;
    const year = parsePeriod(found);
    const within = part !== null && year !== null ? withYear(part, year) : null;
    return within?.label ?? found;
  }
  return null;
}

/**
 * The context of a figure in a table read on a page, from the table's grid: the row's label cells, the
 * header cells above its column, nearest first. Null when the figure is in no table, or in one the reader
 * was unsure of (its headers are then never used), or in a cell that is itself a header or a label.
 */
function tableContext(unit: Unit, figure: FigureWithPosition, unitId: string): OperandContext | null {
  if (figure.position.kind !== 'box' || figure.position.cell === undefined) return null;
  const at = figure.position.cell;
  const table = unit.page?.tables?.find((t) => t.index === at.table);
  if (table === undefined || table.unsure || at.row < table.headerRows || at.col < table.labelCols)
    return null;
  const { labels, headers } = cellHeadings(table, at.row, at.col);
  const rowLabel = labels.length === 0 ? null : cleanLabel(labels.join(' '));
  const parents = parentLabels(table, at.row);
  // The column's label: its nearest header that says something, over a row of note marks ("(a)", "(c/a)").
  const named = columnName(headers);
  const columnLabel = named === undefined ? null : cleanLabel(named);
  // The period: the column's headers, else the row's label, else the section heading above the row (a
  // label alone on its row: "2019"), else the table's title when it names one ("November - 2015").
  const period =
    headerPeriod(headers) ??
    periodOf(rowLabel) ??
    periodOf(sectionAbove(table, at.row)) ??
    (headers.some(relativePeriod) ? null : titlePeriod(table));
  // A row whose own column says its currency is in that one, never in one another row writes; a row
  // whose label says what it counts ("Population (millions)") is in no currency its label does not name.
  const inColumn = pageRowCurrency(table, at.row, at.col);
  const rowOwn = inColumn !== undefined ? inColumn : labelsUnits(labels) === null ? undefined : null;

  return {
    unitKind: 'page',
    rowLabel,
    columnLabel,
    period,
    basis: oneBasis([rowLabel, ...headers]),
    rowKey: `${unitId}:t${table.index}:r${at.row}`,
    columnKey: `${unitId}:t${table.index}:c${at.col}${blockKey(table, at.row)}`,
    noteScale: noteScaleOf(figure),
    tableCurrency: rowOwn === undefined ? tableCurrencyOf(unit, table.index) : rowOwn,
    columnPath: pageColumnPath(table, at.row, at.col),
    otherColumns: pageOtherColumns(unit, table, at.row, at.col),
    tableTitle: table.title ?? table.continues?.title ?? null,
    textAfter: null,
    // A table continued from the page before stands apart from its headings there: its own labels do not
    // name its rows alone.
    ...rowHeadingsOf(
      parents,
      labels.length > parents.length && table.continues === undefined
        ? labels.slice(parents.length).join(' ')
        : null,
      parents.length === 0 ? null : pageRowHeadings(table),
      parents.length === 0 ? null : (pageRowHeadings(table).byRow.get(at.row) ?? null),
    ),
  };
}

/** Of a table's or sheet's rows of figures: how many have each own label (lower-cased), and every heading. */
interface RowHeadings {
  own: Map<string, number>;
  headings: Set<string>;
  /** A page table's rows' own labels, by row. */
  byRow: Map<number, string | null>;
}

/** The label a row's own cells give it, as rows are told apart (case and spaces aside). */
const ownKey = (text: string) => cleanLabelText(text).toLowerCase();

function collectRowHeadings(rows: Iterable<{ parents: readonly string[]; own: string | null }>): RowHeadings {
  const out: RowHeadings = { own: new Map(), headings: new Set(), byRow: new Map() };
  for (const { parents, own } of rows) {
    for (const p of parents) out.headings.add(p);
    if (own !== null) out.own.set(ownKey(own), (out.own.get(ownKey(own)) ?? 0) + 1);
  }
  return out;
}

const pageRowHeadingsCache = new WeakMap<PageTable, RowHeadings>();

/** The own labels and headings of a page table's body rows. */
function pageRowHeadings(table: PageTable): RowHeadings {
  const cached = pageRowHeadingsCache.get(table);
  if (cached !== undefined) return cached;
  // Each label cell for every row and column it spans, as cellHeadings reads a row's labels.
  const covering = new Map<string, PageTableCell>();
  for (const cell of table.cells)
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.col; c < Math.min(cell.col + cell.colSpan, table.labelCols); c++)
        if (!covering.has(`${r}:${c}`)) covering.set(`${r}:${c}`, cell);
  const rows: { parents: string[]; own: string | null }[] = [];
  for (let r = table.headerRows; r < table.rows; r++) {
    const own: string[] = [];
    for (let c = 0; c < table.labelCols; c++) {
      const cell = covering.get(`${r}:${c}`);
      const text = cell?.text.trim() ?? '';
      if (text !== '' && own[own.length - 1] !== text) own.push(text);
    }
    rows.push({ parents: parentLabels(table, r), own: own.length === 0 ? null : own.join(' ') });
  }
  const out = collectRowHeadings(rows);
  rows.forEach((row, i) => out.byRow.set(table.headerRows + i, row.own));
  pageRowHeadingsCache.set(table, out);
  return out;
}

const sheetRowHeadingsCache = new WeakMap<SheetGrid, Map<string, RowHeadings>>();

/**
 * The own labels and headings of a sheet's rows of values labelled in `labelCol`: the labels each is set
 * in under, as sheetParents reads them, found in one pass down the column (an indent opens a level,
 * a label set in less or as much closes those at or past its own).
 */
function sheetRowHeadings(grid: SheetGrid, labelCol: number, figureCol: number): RowHeadings {
  const byColumns = sheetRowHeadingsCache.get(grid) ?? new Map<string, RowHeadings>();
  sheetRowHeadingsCache.set(grid, byColumns);
  const key = `${labelCol}:${figureCol}`;
  const cached = byColumns.get(key);
  if (cached !== undefined) return cached;
  const labelled: number[] = [];
  for (const at of grid.labels.keys()) {
    const [row, col] = at.split(':').map(Number);
    if (col === labelCol && !grid.labels.has(`${row}:${figureCol}`)) labelled.push(row!);
  }
  labelled.sort((a, b) => a - b);
  const open: { indent: number; text: string }[] = [];
  const rows: { parents: string[]; own: string }[] = [];
  for (const row of labelled) {
    const text = grid.labels.get(`${row}:${labelCol}`)!;
    const indent = grid.indents.get(`${row}:${labelCol}`) ?? 0;
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    if (grid.valueRows.has(row)) rows.push({ parents: open.map((o) => o.text), own: text });
    open.push({ indent, text });
  }
  const out = collectRowHeadings(rows);
  byColumns.set(key, out);
  return out;
}

/**
 * What names a row apart from its headings: its own label when no other row shares it, and the headings
 * other rows stand under (see OperandContext.rowLeaf).
 */
function rowHeadingsOf(
  parents: readonly string[],
  own: string | null,
  table: RowHeadings | null,
  counted: string | null = own,
): Pick<OperandContext, 'rowLeaf' | 'otherRowHeadings'> {
  // A row under no heading is named by its whole label: no other heading can stand in its way.
  if (table === null || parents.length === 0) return { rowLeaf: null, otherRowHeadings: [] };
  const leaf = own === null ? null : cleanLabelText(own) || null;
  // `counted`: the own label as the table's rows are counted by (its label cells, without qualifiers).
  const alone = counted !== null && (table.own.get(ownKey(counted)) ?? 0) <= 1;
  return {
    rowLeaf: leaf !== null && alone ? leaf : null,
    otherRowHeadings: [...table.headings]
      .filter((h) => !parents.includes(h) && h !== own)
      .map(cleanLabelText),
  };
}

/** Whether a cell spanning rows and columns covers the grid position (row, col). */
function covers(
  cell: Pick<PageTableCell, 'row' | 'col' | 'rowSpan' | 'colSpan'>,
  row: number,
  col: number,
): boolean {
  return row >= cell.row && row < cell.row + cell.rowSpan && col >= cell.col && col < cell.col + cell.colSpan;
}

const firstColumnCache = new WeakMap<
  PageTable,
  { starting: Map<number, PageTableCell>; covering: Map<number, PageTableCell> }
>();

/** A table's cells in its first column, by the row each starts at and by each row it covers. */
function firstColumnCells(table: PageTable): {
  starting: Map<number, PageTableCell>;
  covering: Map<number, PageTableCell>;
} {
  const cached = firstColumnCache.get(table);
  if (cached !== undefined) return cached;
  const starting = new Map<number, PageTableCell>();
  const covering = new Map<number, PageTableCell>();
  for (const cell of table.cells) {
    if (cell.col !== 0) continue;
    if (!starting.has(cell.row)) starting.set(cell.row, cell);
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) if (!covering.has(r)) covering.set(r, cell);
  }
  const out = { starting, covering };
  firstColumnCache.set(table, out);
  return out;
}

/**
 * The labels a row's first label is set in under, outermost first: for each step in, the nearest label
 * above set in fewer steps ("Net sales" over "United States"), on the page before when the table runs on
 * from there and none stands above on this page.
 */
function parentLabels(table: PageTable, row: number): string[] {
  if (table.labelCols === 0 || row < table.headerRows) return [];
  const { starting, covering } = firstColumnCells(table);
  const own = covering.get(row);
  const parents: string[] = [];
  let steps = own?.indent ?? 0;
  for (let r = (own?.row ?? row) - 1; r >= table.headerRows && steps > 0; r--) {
    const above = starting.get(r);
    const text = above?.text.trim() ?? '';
    if (above === undefined || text === '' || (above.indent ?? 0) >= steps) continue;
    parents.unshift(text);
    steps = above.indent ?? 0;
  }
  // Set in at the top of a continuation: the labels still open on the page before.
  for (const open of [...(table.continues?.parents ?? [])].reverse()) {
    if (steps === 0) break;
    if (open.indent >= steps) continue;
    parents.unshift(open.text);
    steps = open.indent;
  }
  return parents;
}

/** A qualifier column, and whether it labels a table of its own beside the first (see qualifierColumns). */
interface Qualifier {
  col: number;
  apart: boolean;
}

const qualifierCache = new WeakMap<PageTable, Qualifier[]>();

/** Words, not a figure: letters and no digit outside parentheses ("Women (≥ 18 yrs)", not "12 kg"). */
const WORDS_ONLY = (text: string) => /\p{L}{2}/u.test(text) && !/\d/.test(text.replace(/\([^()]*\)/g, ''));

/**
 * The columns of a table's body that qualify its rows though they stand apart from its label columns: a
 * column of words after a column of figures ("Blood Pressure | 2400 | Men (≥ 18 yrs) | 10% | 1728" over
 * "| | Women (≥ 18 yrs) | | 1728"). Every text it holds is words, it tells two rows or more apart, and
 * a column of figures stands between it and the labels (a column of words beside them is the reader's to
 * take for a label or not). Such a column labels a table of its own set beside the first (`apart`) when
 * it names a row the label columns leave blank ("Presentes | 217 | Votos Afirmativos | 129" over
 * "| | Abstenciones | 22"): the figures right of it are its rows', not the first labels'.
 */
function qualifierColumns(table: PageTable): Qualifier[] {
  const cached = qualifierCache.get(table);
  if (cached !== undefined) return cached;
  const body = table.cells.filter((c) => !c.header && c.row >= table.headerRows && c.text.trim() !== '');
  const labelled = (row: number) =>
    body.some((c) => c.col < table.labelCols && c.row <= row && row < c.row + c.rowSpan);
  const columns: Qualifier[] = [];
  let figuresBetween = false;
  for (let q = table.labelCols; q < table.cols && table.labelCols > 0; q++) {
    const held = body.filter((c) => c.col === q);
    const texts = held.map((c) => c.text.trim());
    const words = texts.length >= 2 && texts.every(WORDS_ONLY) && new Set(texts).size >= 2;
    if (words && figuresBetween) columns.push({ col: q, apart: held.some((c) => !labelled(c.row)) });
    else if (!words && texts.some((t) => /\d/.test(t))) figuresBetween = true;
  }
  qualifierCache.set(table, columns);
  return columns;
}

/**
 * What a person reads beside a body cell of a page table: the row's labels (the labels its first label
 * is set in under, then left to right the label columns' texts, then the words of a qualifier column left
 * of the cell) and the column's headers (nearest first). A table continued from the page before
 * without its header repeated reads under the first page's header.
 */
export function cellHeadings(
  table: PageTable,
  row: number,
  col: number,
): { labels: string[]; headers: string[] } {
  const labels: string[] = parentLabels(table, row);
  for (let c = 0; c < table.labelCols; c++) {
    const cell = table.cells.find((x) => covers(x, row, c));
    const text = cell?.text.trim() ?? '';
    if (text !== '' && labels[labels.length - 1] !== text) labels.push(text);
  }
  if (row >= table.headerRows) {
    // A qualifier of the row left of the cell, when it qualifies all of the rows the cell spans: a figure
    // spanning the men's and the women's rows is neither's. A table's own label column beside the first
    // takes the place of the first's labels.
    const own = table.cells.find((x) => covers(x, row, col));
    const first = own?.row ?? row;
    const last = own === undefined ? row : own.row + own.rowSpan - 1;
    for (const { col: q, apart } of qualifierColumns(table)) {
      if (q >= col) break;
      const cell = table.cells.find((x) => covers(x, first, q));
      const text = cell?.text.trim() ?? '';
      if (apart) labels.length = 0;
      if (cell === undefined || text === '' || cell.row + cell.rowSpan - 1 < last) continue;
      if (apart || (labels.length > 0 && labels[labels.length - 1] !== text)) labels.push(text);
    }
  }
  const inherited = table.headerRows === 0 ? table.continues : undefined;
  const headerCells = inherited?.header ?? table.cells;
  // A row in a block under its own copy of the header reads that block's headings, under the rows of the
  // table's own header that no block repeats ("Projected use (kWh)" over every block).
  const block = inherited === undefined ? blockHeaderRows(table, row) : null;
  const tableRows = inherited?.headerRows ?? table.headerRows;
  const rows =
    block === null
      ? [...Array(tableRows).keys()]
      : [...Array(Math.max(0, tableRows - block.length)).keys(), ...block];
  const headers: string[] = [];
  // Headings wrapped over lines (only on the table's own page, where its cells have their boxes).
  const onPage = inherited === undefined && block === null;
  const stacked = onPage ? stackedLines(table) : new Map<PageTableCell, PageTableCell>();
  for (let i = rows.length - 1; i >= 0; i--) {
    let r = rows[i]!;
    const own = headerCells.find((x) => covers({ rowSpan: 1, ...x }, r, col));
    const cell = own ?? periodCarried(headerCells, rows, r, col, table.labelCols);
    let text = cell?.text.trim() ?? '';
    // "Under 18" over "years" is one heading, "Under 18 years"; so is "Medical &" over "Public" over
    // "Health" set among another column's lines.
    for (let above = own; above !== undefined;) {
      above = stacked.get(above as PageTableCell);
      if (above === undefined) break;
      text = joinLines(above.text.trim(), text);
      i -= r - above.row;
      r = above.row;
    }
    if (text !== '' && headers[headers.length - 1] !== text) headers.push(text);
  }
  return { labels, headers };
}

/** A column's key within its block: the same column under another block's header is another column. */
function blockKey(table: PageTable, row: number): string {
  const block = blockHeaderRows(table, row);
  return block === null ? '' : `b${block[0]}`;
}

interface TableBlocks {
  /** By body row: the header rows of its block, null under the table's own header (and for header rows). */
  header: (readonly number[] | null)[];
  /** The first body row of each block, the table's own header's first; none for a table of one block. */
  starts: readonly number[];
}

const blockCache = new WeakMap<PageTable, TableBlocks>();

/** A table's blocks, read once per table. */
function tableBlocks(table: PageTable): TableBlocks {
  const cached = blockCache.get(table);
  if (cached !== undefined) return cached;
  const header: (readonly number[] | null)[] = [];
  // Body rows all of whose cells with text are header cells: a block's copy of the header.
  const headed = new Map<number, boolean>();
  for (const cell of table.cells) {
    if (cell.row < table.headerRows || cell.text.trim() === '') continue;
    headed.set(cell.row, (headed.get(cell.row) ?? true) && cell.header);
  }
  const starts: number[] = [];
  let current: number[] | null = null;
  let last: readonly number[] | null | undefined;
  for (let r = table.headerRows; r < table.rows; r++) {
    if (headed.get(r) === true) {
      current = headed.get(r - 1) === true && current !== null ? [...current, r] : [r];
      header[r] = null;
      continue;
    }
    header[r] = current;
    if (current !== last) starts.push(r);
    last = current;
  }
  const blocks = { header, starts: starts.length > 1 ? starts : [] };
  blockCache.set(table, blocks);
  return blocks;
}

/**
 * The header rows of the block a body row stands in, for a table set in blocks each under its own copy of
 * the header (the reader marks a copy's cells, in the body, as header cells): the nearest run of such rows
 * above it. Null for a row under the table's own header only.
 */
export function blockHeaderRows(table: PageTable, row: number): readonly number[] | null {
  return tableBlocks(table).header[row] ?? null;
}

/** Lines closer than this many line heights are one heading's lines; levels of headings stand further apart. */
const WRAPPED_LINE_HEIGHTS = 1.15;

/** A heading's line and the next: a word broken at the line's end ("With-" over "drawal") is one word. */
function joinLines(upper: string, lower: string): string {
  if (/\p{L}-$/u.test(upper) && /^\p{Ll}/u.test(lower)) return `${upper.slice(0, -1)}${lower}`;
  return `${upper} ${lower}`.trim();
}

/**
 * Quarter turns from the drawn page to the frame a table reads in (its boxes are the drawn page's): 0 for
 * an upright table; 1 when its rows run down the page (a landscape table set on a portrait page), 2 upside
 * down, 3 up. Read from where a body row's cells stand, column after column in reading order.
 */
function turnOf(table: PageTable): 0 | 1 | 2 | 3 {
  const body = table.cells.filter((c) => c.row >= table.headerRows && c.rowSpan === 1 && c.colSpan === 1);
  for (const first of body) {
    const next = body.find((c) => c.row === first.row && c.col > first.col);
    if (next === undefined) continue;
    // A right-to-left table numbers its columns from the right: the next column stands before, not after.
    const along = table.rightToLeft === true ? -1 : 1;
    const dx = along * (next.box.x - first.box.x);
    const dy = along * (next.box.y - first.box.y);
    if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 2;
    return dy > 0 ? 1 : 3;
  }
  return 0;
}

/** A drawn box in the frame the table reads in (origin top-left, y down along its rows). */
function inFrame(turn: 0 | 1 | 2 | 3, box: PageTableCell['box']): PageTableCell['box'] {
  const { x, y, width, height } = box;
  if (turn === 1) return { x: y, y: -(x + width), width: height, height: width };
  if (turn === 2) return { x: -(x + width), y: -(y + height), width, height };
  if (turn === 3) return { x: -(y + height), y: x, width: height, height: width };
  return box;
}

const stackedCache = new WeakMap<PageTable, Map<PageTableCell, PageTableCell>>();

/**
 * Headings wrapped over lines, column by column: for each header cell that goes on a heading from the line
 * above it in its column, the cell of that line. A column's header cells of one width, each at most
 * WRAPPED_LINE_HEIGHTS line heights under the one above, are one heading ("Medical &" over "Public" over
 * "Health", whether or not another column's lines stand between them, "Total" over "Revenue &" over
 * "Capital" set half a line lower). Headings further apart are levels; a heading over several columns is
 * a level over the columns under it; a note mark or a line of units under a heading ("(b)", "($ billion)")
 * ends it.
 */
function stackedLines(table: PageTable): Map<PageTableCell, PageTableCell> {
  const cached = stackedCache.get(table);
  if (cached !== undefined) return cached;
  const out = new Map<PageTableCell, PageTableCell>();
  const header = table.cells.filter((c) => c.row < table.headerRows && c.text.trim() !== '');
  const turn = turnOf(table);
  for (let col = table.labelCols; col < table.cols; col++) {
    const column = header.filter((c) => c.col === col).sort((a, b) => a.row - b.row);
    for (let k = 1; k < column.length; k++) {
      const [a, b] = [column[k - 1]!, column[k]!];
      const text = b.text.trim();
      const [upper, lower] = [inFrame(turn, a.box), inFrame(turn, b.box)];
      const line = Math.min(upper.height, lower.height);
      const gap = lower.y - (upper.y + upper.height - line);
      const goesOn =
        a.colSpan === b.colSpan &&
        a.row + a.rowSpan <= b.row &&
        !header.some((c) => c.row > a.row && c.row < b.row && covers(c, c.row, col)) &&
        !NOTE_MARK.test(text) &&
        !unitsOnly(text) &&
        gap > 0 &&
        gap <= WRAPPED_LINE_HEIGHTS * line;
      if (goesOn) out.set(b, a);
    }
  }
  stackedCache.set(table, out);
  return out;
}

const currencyColumnCache = new WeakMap<PageTable, { col: number; heading: string }[]>();

/** A page table's columns that say each row's currency, with their headings. */
function pageCurrencyColumns(table: PageTable): { col: number; heading: string }[] {
  const cached = currencyColumnCache.get(table);
  if (cached !== undefined) return cached;
  const columns: { col: number; heading: string }[] = [];
  const firstBody = Math.min(table.headerRows, table.rows - 1);
  // Label columns name rows ("Currency | Rate": "EUR | 0.92"); they say no row's currency.
  for (let col = table.labelCols; col < table.cols; col++) {
    const texts = table.cells
      .filter((c) => c.col === col && c.colSpan === 1 && c.row >= table.headerRows)
      .map((c) => c.text);
    const heading = cellHeadings(table, firstBody, col).headers.join(' ');
    if (isCurrencyColumn(heading, texts)) columns.push({ col, heading });
  }
  currencyColumnCache.set(table, columns);
  return columns;
}

/**
 * The currency a page table's row says in a column of its own (the one nearest the figure's column): null
 * when the row names none, or several; undefined when the table has no such column.
 */
function pageRowCurrency(table: PageTable, row: number, col: number): string | null | undefined {
  const columns = pageCurrencyColumns(table).filter((c) => c.col !== col);
  if (columns.length === 0) return undefined;
  const nearest = columns.reduce((a, b) => (Math.abs(b.col - col) < Math.abs(a.col - col) ? b : a));
  const cell = table.cells.find((x) => covers(x, row, nearest.col));
  return rowCurrency(cell?.text, nearest.heading);
}

const currencyCache = new WeakMap<Unit, Map<number, string | null>>();

/** The one currency the figures of a page's table name ("$" on its first row only), or null: none, or several. */
function tableCurrencyOf(unit: Unit, table: number): string | null {
  let byTable = currencyCache.get(unit);
  if (byTable === undefined) {
    byTable = new Map();
    currencyCache.set(unit, byTable);
  }
  const cached = byTable.get(table);
  if (cached !== undefined) return cached;
  const units = new Set(
    unit.figures
      .filter((f) => f.position.kind === 'box' && f.position.cell?.table === table && writesCurrency(f))
      .map((f) => f.unit),
  );
  const [only] = [...units];
  const currency = units.size === 1 ? (only ?? null) : null;
  byTable.set(table, currency);
  return currency;
}

/**
 * The one period a table's title names ("November - 2015"), when no cell of the table names one: a row of
 * years the reader did not take for a header would otherwise be read under the title's year.
 */
function titlePeriod(table: PageTable): string | null {
  const period = periodOf(table.title ?? table.continues?.title ?? null);
  if (period === null) return null;
  const named = (c: { text: string }) => periodOf(c.text) !== null;
  if (table.cells.some(named) || table.continues?.header.some(named)) return null;
  return period;
}

/** A header that only marks its column for notes or formulas: "(a)", "(c/a)", "(c-a)", "[2]". */
const NOTE_MARK = /^[([]\s*[a-z0-9](?:\s*[-+/×*]\s*[a-z0-9])*\s*[)\]]$/i;

/**
 * A column headed by a period relative to another ("Prior year", "This year", "Year ago"): its period is
 * not the title's, and which year it is the page does not say in the cell's own words.
 */
function relativePeriod(header: string): boolean {
  return /\b(?:prior|previous|preceding|last|this|current|next|same|comparative)\s+(?:years?|quarters?|months?|periods?|weeks?|fiscal\s+year)\b|\byears?[-\s]ago\b|\b(?:year|quarter|month)[-\s]to[-\s]date\b|\b[YQM]TD\b/i.test(
    header,
  );
}

/**
 * A period heading set over the first of the columns it heads ("December 31, 2019" over "Carrying amount"
 * and "Fair value"): for a column with no heading of its own in a header row, the nearest heading left of
 * it in that row when it is a period and no heading stands between. What a sheet without merges does. A
 * heading above that covers one of the two columns and not the other parts them: "Jun/2013" under
 * "HARVEST" is not the period of the "Percentage" column under "VARIATION".
 */
function periodCarried<C extends { row: number; col: number; colSpan: number; text: string }>(
  cells: readonly C[],
  headerRows: readonly number[],
  row: number,
  col: number,
  labelCols: number,
): C | undefined {
  const left = cells
    .filter((c) => c.row === row && c.col + c.colSpan - 1 < col && c.col >= labelCols && c.text.trim() !== '')
    .sort((a, b) => b.col - a.col)[0];
  if (left === undefined || periodOf(left.text) === null) return undefined;
  const under = (c: C, k: number) => c.col <= k && k < c.col + c.colSpan;
  const parted = cells.some(
    (c) =>
      c.row < row &&
      headerRows.includes(c.row) &&
      c.text.trim() !== '' &&
      under(c, left.col) !== under(c, col),
  );
  return parted ? undefined : left;
}

/** The nearest row above `row` in the table's body holding a label and nothing else: a section heading. */
function sectionAbove(table: PageTable, row: number): string | null {
  for (let r = row - 1; r >= table.headerRows; r--) {
    const cells = table.cells.filter((c) => c.row === r && c.text.trim() !== '');
    if (cells.length === 1 && cells[0]!.col < Math.max(1, table.labelCols)) return cells[0]!.text;
  }
  return null;
}

function pageContext(unit: Unit, figure: FigureWithPosition, unitId: string): OperandContext {
  const inTable = tableContext(unit, figure, unitId);
  if (inTable !== null) return inTable;
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
  const distance = (t: PeriodMention) => (t.end <= from ? from - t.end : t.start >= to ? t.start - to : 0);
  const tokens = periodMentions(line)
    .filter((t) => !inFigure(t.start, t.end))
    .sort((a, b) => distance(a) - distance(b));
  const period = tokens[0]?.label ?? null;

  return {
    unitKind: 'page',
    rowLabel,
    columnLabel: null,
    period,
    basis: basisOf(rowLabel),
    rowKey: `${unitId}:${lineNumber}`,
    columnKey: null,
    noteScale: noteScaleOf(figure),
    tableCurrency: null,
    columnPath: null,
    otherColumns: [],
    tableTitle: null,
    textAfter: md.slice(figure.span.end, figure.span.end + 80).replace(/\s+/g, ' '),
    rowLeaf: null,
    otherRowHeadings: [],
  };
}

/** The scale a note gave `figure`: its scale when the figure's own characters write none. */
function noteScaleOf(figure: FigureWithPosition): number | null {
  if (figure.scale === 1) return null;
  const own = findFigures(figure.raw)[0];
  return own !== undefined && own.scale === 1 ? figure.scale : null;
}

/** What the source structure shows around `figure` in `unit` (whose id is `unitId`). */
export function operandContext(unit: Unit, figure: FigureWithPosition, unitId: string): OperandContext {
  return unit.kind === 'sheet' ? sheetContext(unit, figure) : pageContext(unit, figure, unitId);
}
