import type {
  BoxPosition,
  FigurePosition,
  FigureWithPosition,
  PageTable,
  TableCellRef,
} from '../../shared/api';
import {
  findFigures,
  findScaleNote,
  findScaleNotes,
  labelUnits,
  type FindOptions,
  type FoundFigure,
  type ScaleNote,
} from '../../shared/figures';
import { cellHeadings, labelsUnits, periodOf } from '../../shared/structure';
import { parseRef } from './readers/xlsx-flatten';
import { boxToPage } from './frame';
import type { ReadUnit, TextRun } from './types';

// A unit's figures with where they sit: found by the one figure finder (shared/figures), then located
// on the page (the union of the boxes of the text runs the figure spans), in the sheet (its cell), or,
// for pages without geometry, by span alone.

export type LocatedFigure = FigureWithPosition;

function withPosition(
  figure: FoundFigure,
  index: number,
  offset: number,
  position: FigurePosition,
): LocatedFigure {
  return {
    index,
    raw: figure.raw,
    value: figure.value,
    magnitude: figure.magnitude,
    sign: figure.sign,
    scale: figure.scale,
    unit: figure.unit,
    unitClass: figure.unitClass,
    accounting: figure.accounting,
    ambiguous: figure.ambiguous,
    span: { start: offset + figure.start, end: offset + figure.end },
    position,
  };
}

/** The box around every run that overlaps [start, end); null when no run does. */
export function boxOf(runs: readonly TextRun[], start: number, end: number): BoxPosition | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const run of runs) {
    if (run.end <= start || run.start >= end) continue;
    // Narrow a long run to the figure's share of its characters, so a figure in a sentence gets its own box.
    const length = Math.max(1, run.end - run.start);
    const from = Math.max(start, run.start) - run.start;
    const to = Math.min(end, run.end) - run.start;
    const edges = run.edges?.length === length + 1 ? run.edges : null;
    const left = run.x + (edges ? (edges[from] ?? 0) : (run.width * from) / length);
    const right = run.x + (edges ? (edges[to] ?? run.width) : (run.width * to) / length);
    x0 = Math.min(x0, left);
    x1 = Math.max(x1, right);
    y0 = Math.min(y0, run.y);
    y1 = Math.max(y1, run.y + run.height);
  }
  if (x0 === Infinity) return null;
  return { kind: 'box', x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** The table cell a figure's box stands in: the cell whose box holds the figure's centre. */
function cellOf(
  tables: readonly PageTable[],
  box: { x: number; y: number; width: number; height: number },
): TableCellRef | null {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const table of tables)
    for (const cell of table.cells) {
      const b = cell.box;
      if (cx >= b.x - 0.5 && cx <= b.x + b.width + 0.5 && cy >= b.y - 0.5 && cy <= b.y + b.height + 0.5)
        return { table: table.index, row: cell.row, col: cell.col };
    }
  return null;
}

/**
 * The decimal mark a table's own cells show: a number only one mark can read ("1,234.5", "12.5" with one
 * or two decimals, "1.234,5", "12,5"), all agreeing. Null when they show none, or both.
 */
export function tableDecimal(table: PageTable): '.' | ',' | null {
  let dot = false;
  let comma = false;
  for (const cell of table.cells) {
    if (cell.header) continue;
    for (const m of cell.text.matchAll(/\d[\d.,]*\d/g)) {
      const t = m[0];
      if (/,\d{3}\.\d|\.\d{1,2}$|^\d{1,3}(?:,\d{3}){2,}$/.test(t)) dot = true;
      if (/\.\d{3},\d|,\d{1,2}$|^\d{1,3}(?:\.\d{3}){2,}$/.test(t)) comma = true;
    }
  }
  return dot === comma ? null : dot ? '.' : ',';
}

/**
 * An ambiguous figure read again as the whole text of a table cell ("98 452" is one number, not two
 * columns) with the table's decimal mark: the reading when it is one unambiguous figure spanning the same
 * characters, keeping the scale and unit a note gave it; null otherwise.
 */
function inCell(found: FoundFigure, decimal: '.' | ',' | null, note: FindOptions | null): FoundFigure | null {
  const own = findFigures(found.raw)[0];
  const ownScale = own !== undefined && own.scale !== 1;
  const again = findFigures(found.raw, {
    cell: true,
    ...(decimal !== null ? { decimal } : {}),
    ...(note ?? (ownScale ? {} : { scale: found.scale, unit: found.unit })),
  });
  const [one] = again;
  if (again.length !== 1 || one === undefined || one.ambiguous) return null;
  if (one.start !== 0 || one.end !== found.raw.length) return null;
  return { ...one, start: found.start, end: found.end };
}

/**
 * A note reference beside a number in a table cell ("(1) 45", "45 [2]"): a small number in brackets
 * sharing its cell with another number. It is not a figure (read as one, "(1)" would be a negative 1).
 * A bracketed number alone in its cell is the cell's value: "(59)" is a negative in accounts.
 */
function noteReference(raw: string, table: PageTable, at: TableCellRef): boolean {
  if (!/^[([]\d{1,2}[)\]]$/.test(raw)) return false;
  const cell = table.cells.find((c) => c.row === at.row && c.col === at.col);
  if (cell === undefined || cell.row < table.headerRows) return false;
  const i = cell.text.indexOf(raw);
  return i !== -1 && /\d/.test(cell.text.slice(0, i) + ' ' + cell.text.slice(i + raw.length));
}

/** The texts of a table row's label cells. */
function rowLabelOf(table: PageTable, cell: TableCellRef): string {
  return table.cells
    .filter((c) => c.row === cell.row && c.col < table.labelCols)
    .map((c) => c.text)
    .join(' ');
}

/**
 * What a table row's labels say its figures count, the nearest that says so (its own label, else one it
 * is set in under: "Urban" under "Population (millions)").
 */
function rowUnits(table: PageTable, cell: TableCellRef): FindOptions | null {
  return unitsOptions(labelsUnits(cellHeadings(table, cell.row, cell.col).labels));
}

/**
 * The scale a table gives the figure in `cell`, as a sheet's note does: a heading over its column ("£m",
 * "(in millions)"), else the table's own notes, title or label column heading; none for a column of
 * percentages or ratios, or a row its label excepts (percentages, per-share amounts).
 */
function cellNote(table: PageTable, cell: TableCellRef): FindOptions | null {
  const inherited = table.headerRows === 0 ? table.continues : undefined;
  const headerRows = inherited?.headerRows ?? table.headerRows;
  const header = (inherited?.header ?? table.cells).filter((c) => c.row < headerRows);
  const over = header.filter((c) => c.col <= cell.col && cell.col < c.col + c.colSpan).map((c) => c.text);
  // A heading "(%)" or "Change (%)" says its figures are percentages; "% Change" or "Ratio" no scale.
  if (over.some((t) => labelUnits(t)?.unit === '%')) return { unit: '%' };
  if (over.some((t) => RATIO_OR_PERCENT.test(t))) return null;
  const columnNote = over.map((t) => findScaleNote(t)).find((n) => n !== null) ?? null;
  const tableTexts = [
    ...table.notes,
    table.title ?? '',
    ...header.filter((c) => c.col < table.labelCols).map((c) => c.text),
  ];
  const label = rowLabelOf(table, cell);
  if (columnNote === null) {
    const own = rowUnits(table, cell);
    if (own !== null) return own;
  }
  const note = columnNote ?? tableTexts.map((t) => findScaleNote(t)).find((n) => n !== null) ?? null;
  if (note === null) return null;
  const options = noteOptions(note, label, () => null);
  return Object.keys(options).length === 0 ? null : options;
}

/** A line of scale notes only, with years, pipes, punctuation: "(in thousands)", "2019 $'000 2018 $'000". */
function noteLine(line: string): ScaleNote | null {
  if (!/\p{L}|[$€£¥₹]|000/u.test(line)) return null;
  const notes = findScaleNotes(line);
  const first = notes[0];
  if (first === undefined || notes.some((n) => n.scale !== first.scale || n.unit !== first.unit)) return null;
  let rest = '';
  let at = 0;
  for (const note of notes) {
    rest += line.slice(at, note.start);
    at = note.end;
  }
  rest += line.slice(at);
  return /^(?:[\s|()[\]:.,;*–—-]|(?<!\d)(?:19|20)\d{2}(?!\d))*$/.test(rest) ? first : null;
}

interface Segment {
  start: number;
  end: number;
  note: ScaleNote | null;
}

/**
 * Scale notes: in a sheet, a note anywhere ("in millions", "$000s") applies to the whole sheet; on a page,
 * a line that is only notes (and years) applies to the figures after it.
 */
function pageSegments(markdown: string): Segment[] {
  const segments: Segment[] = [];
  let current: ScaleNote | null = null;
  let segmentStart = 0;
  let lineStart = 0;
  for (const line of markdown.split('\n')) {
    const note = noteLine(line);
    if (note !== null) {
      segments.push({ start: segmentStart, end: lineStart, note: current });
      current = note;
      segmentStart = lineStart;
    }
    lineStart += line.length + 1;
  }
  segments.push({ start: segmentStart, end: markdown.length, note: current });
  return segments.filter((s) => s.end > s.start);
}

// What a note leaves unscaled, by the row's label (RULES.md, "Scale notes"): percentages, ratios and counts
// never take a note's scale; per-share amounts keep the note's currency but not its scale when the note excepts
// them ("in thousands, except per share data"). "Basic" and "Diluted" rows take the label of the header
// row above them ("Earnings per share:").
const PER_SHARE = /\bper[- ](?:(?:basic|diluted|common|ordinary)[- ])?(?:share|unit|ADS)\b|\bEPS\b/i;
const RATIO_OR_PERCENT = /%|\bpercent(?:ages?)?\b|\bper[- ]cent\b|\bratios?\b|\((?:x|times)\)/i;
/** A row label that says its figures are counts: "Number of employees", "Stores (number)", "Staff (no.)". */
const COUNT_LABEL = /^\s*(?:total\s+)?number\s+of\b|\(\s*(?:number|no\.?|#|count|headcount)\s*\)/i;
const SUB_ROW = /^[\s*]*(?:basic|diluted|basic and diluted)\b[^\p{L}]*$/iu;

/** What a label says its figures count (shared/figures `labelUnits`), as options to read them with. */
function unitsOptions(units: ReturnType<typeof labelUnits>): FindOptions | null {
  if (units === null) return null;
  return units.scale === 1 ? { unit: units.unit } : { scale: units.scale, unit: units.unit };
}

/** What a row's own label says its figures count: that row's, before any note over the table or sheet. */
const rowLabelOptions = (label: string) => unitsOptions(labelUnits(label));

function noteOptions(note: ScaleNote | null, label: string, header: () => string | null): FindOptions {
  if (note === null) return {};
  if (RATIO_OR_PERCENT.test(label)) return {};
  // A count is in no currency: a money note's scale ("$ in millions", "($m)") is the money's, not the
  // count's. A bare scale ("in thousands") may well count shares, so it stays. A label's own scale
  // ("Number of shares (millions)") comes first.
  if (COUNT_LABEL.test(label))
    return rowLabelOptions(label) ?? (note.unit === null ? { scale: note.scale } : {});
  if (note.exceptions.includes('per_share')) {
    const perShare = PER_SHARE.test(label) || (SUB_ROW.test(label) && PER_SHARE.test(header() ?? ''));
    if (perShare) return { unit: note.unit };
  }
  return { scale: note.scale, unit: note.unit };
}

/**
 * The blanks between two runs on one line that stand a column apart (wider than half the text's height):
 * figures are never joined across them ("123 456" as two cells of a PDF table).
 */
function columnGaps(markdown: string, runs: readonly TextRun[]): number[] {
  const gaps: number[] = [];
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a === undefined || b === undefined || b.start !== a.end + 1 || markdown[a.end] !== ' ') continue;
    const height = Math.max(a.height, b.height);
    if (Math.abs(a.y - b.y) > height / 2) continue;
    if (b.x - (a.x + a.width) > height / 2) gaps.push(a.end);
  }
  return gaps;
}

/** The text that labels a page line's figures: a table row's first cell with letters, else the line. */
function lineLabel(line: string): string {
  if (!/^\s*\|/.test(line)) return line;
  return line.split('|').find((cell) => /\p{L}/u.test(cell)) ?? '';
}

function pageFigures(unit: ReadUnit, segment: Segment, gaps: readonly number[]): FoundFigure[] {
  const text = unit.markdown.slice(segment.start, segment.end);
  const inside = gaps.filter((g) => g >= segment.start && g < segment.end).map((g) => g - segment.start);
  const columns: FindOptions = inside.length > 0 ? { columnGaps: new Set(inside) } : {};
  const note = segment.note;
  const figures = findFigures(text, { ...columns, ...noteOptions(note, '', () => null) });
  if (note === null) return figures;
  // Rows whose label excepts them from the note are read again with the options their label allows.
  const readings = new Map<string, Map<number, FoundFigure>>();
  const reread = (options: FindOptions): Map<number, FoundFigure> => {
    const key = JSON.stringify(options);
    let byStart = readings.get(key);
    if (byStart === undefined) {
      byStart = new Map(findFigures(text, { ...columns, ...options }).map((f) => [f.start, f]));
      readings.set(key, byStart);
    }
    return byStart;
  };
  let lineStart = -1;
  let label = '';
  return figures.map((figure) => {
    const start = text.lastIndexOf('\n', figure.start - 1) + 1;
    if (start !== lineStart) {
      // A line's label is its text before its first figure ("Diluted EPS", not "grew 5%, reaching").
      lineStart = start;
      label = lineLabel(text.slice(start, figure.start));
    }
    const header = () => {
      // The nearest line above with letters and no digits: "Earnings per share:".
      for (let end = start - 1; end > 0;) {
        const above = text.lastIndexOf('\n', end - 1) + 1;
        const line = text.slice(above, end);
        if (/\p{L}/u.test(line) && !/\d/.test(line)) return lineLabel(line);
        end = above - 1;
      }
      return null;
    };
    const options = noteOptions(note, label, header);
    if (options.scale === note.scale && options.unit === note.unit) return figure;
    return reread(options).get(figure.start) ?? figure;
  });
}

/** A cell that holds a number and marks only ("$54,229", "(2.4)", "73.2%"), not a heading ("53 WEEKS"). */
const NUMERIC_CELL = /^\s*[-−+(]?\s*(?:[$€£¥₹]|[A-Z]{1,2}\$)?\s*[-−(]?\s*\d[\d.,\s]*\)?\s*%?\s*\)?\s*$/u;

interface SheetRow {
  col: number;
  label: string;
  /** Any of its cells holds a digit. */
  digits: boolean;
  /** Any of its cells is a number that names no period: a row of values, not of headings ("2019"). */
  values: boolean;
}

/** Per sheet row: its label (the leftmost cell with letters), whether it holds digits, and values. */
function sheetRows(unit: ReadUnit): Map<number, SheetRow> {
  const rows = new Map<number, SheetRow>();
  for (const cell of unit.cells ?? []) {
    const at = parseRef(cell.ref);
    if (at === null) continue;
    const text = unit.markdown.slice(cell.start, cell.end);
    let row = rows.get(at.row);
    if (row === undefined)
      rows.set(at.row, (row = { col: Infinity, label: '', digits: false, values: false }));
    if (/\d/.test(text)) row.digits = true;
    // "US$000" over a column is its scale, not a value: a value has a digit other than 0.
    if (NUMERIC_CELL.test(text) && /[1-9]/.test(text) && periodOf(text) === null) row.values = true;
    if (at.col < row.col && /\p{L}/u.test(text)) {
      row.col = at.col;
      row.label = text;
    }
  }
  return rows;
}

const ONE_CELL: FindOptions = { cell: true };

/**
 * What a sheet's headings over a column say its figures count: "Population (millions)", "GDP ($ billion)",
 * "Rate (%)"; none (no scale) under "% Change" or "Ratio". Null when the heading says nothing of it.
 */
function headingOptions(heading: string): FindOptions | null {
  const own = rowLabelOptions(heading);
  if (own !== null) return own;
  return RATIO_OR_PERCENT.test(heading) ? {} : null;
}

/**
 * The options each sheet cell's figures are read with. A row label's units are its row's ("Population
 * (millions)"), a heading's over a column of values its column's ("GDP ($ billion)", "% Change"), the
 * nearest heading first, then the row's; any other note ("(in millions)" in a title, or over the labels)
 * is the sheet's, and a row its label excepts keeps its own scale.
 */
function sheetOptions(unit: ReadUnit): (ref: string) => FindOptions {
  const rows = sheetRows(unit);
  const cells = (unit.cells ?? []).flatMap((cell) => {
    const at = parseRef(cell.ref);
    return at === null ? [] : [{ ...cell, at, text: unit.markdown.slice(cell.start, cell.end) }];
  });
  // Columns of values: a number in a row of values, beside the row's label.
  const valueCols = new Set<number>();
  for (const { at, text } of cells) {
    const row = rows.get(at.row);
    if (row?.values === true && at.col !== row.col && NUMERIC_CELL.test(text)) valueCols.add(at.col);
  }
  // Headings over columns of values that say what they count, by row. A row of headings is read column
  // by column when it says two different things ("Population (millions) | GDP ($ billion)"); one note
  // over one column of several ("| 2019 | 2018 $'000") is the table's. "% Change" is always its column's.
  const said = new Map<number, Map<number, FindOptions>>();
  for (const { at, text } of cells) {
    if (rows.get(at.row)?.values !== false || !valueCols.has(at.col)) continue;
    const options = headingOptions(text);
    if (options === null) continue;
    const row = said.get(at.row) ?? new Map<number, FindOptions>();
    row.set(at.col, options);
    said.set(at.row, row);
  }
  const headings = new Map<string, FindOptions>();
  for (const [r, byCol] of said) {
    const scaled = new Set([...byCol.values()].filter((o) => 'unit' in o).map((o) => JSON.stringify(o)));
    for (const [c, options] of byCol)
      if (!('unit' in options) || scaled.size >= 2) headings.set(`${r}:${c}`, options);
  }
  const own = new Map<number, FindOptions>();
  const pieces: string[] = [];
  let from = 0;
  for (const { at, start, end } of cells) {
    const row = rows.get(at.row);
    if (row === undefined) continue;
    let options: FindOptions | null = null;
    if (row.values && row.col === at.col) {
      options = rowLabelOptions(row.label);
      if (options !== null) own.set(at.row, options);
    } else if (!row.values) options = headings.get(`${at.row}:${at.col}`) ?? null;
    if (options === null) continue;
    pieces.push(unit.markdown.slice(from, start), ' '.repeat(end - start));
    from = end;
  }
  pieces.push(unit.markdown.slice(from));
  const note = findScaleNote(pieces.join(''));
  if (note === null && own.size === 0 && headings.size === 0) return () => ONE_CELL;
  // For each row, the block of heading rows (no values) nearest above it, nearest first.
  const blockAbove = new Map<number, number[]>();
  let block: number[] = [];
  let inBlock = false;
  for (const r of [...rows.keys()].sort((a, b) => a - b)) {
    if (!rows.get(r)!.values) {
      if (!inBlock) block = [];
      inBlock = true;
      block.unshift(r);
    } else {
      inBlock = false;
      blockAbove.set(r, block);
    }
  }
  const byRow = new Map<number, FindOptions>();
  const sheetWide = (r: number): FindOptions => {
    let options = byRow.get(r);
    if (options === undefined) {
      const header = () => {
        for (let above = r - 1; above > 0; above--) {
          const row = rows.get(above);
          if (row !== undefined && row.label !== '' && !row.digits) return row.label;
        }
        return null;
      };
      options = { ...noteOptions(note, rows.get(r)?.label ?? '', header), cell: true };
      byRow.set(r, options);
    }
    return options;
  };
  return (ref) => {
    const at = parseRef(ref);
    if (at === null) return ONE_CELL;
    for (const r of blockAbove.get(at.row) ?? []) {
      const heading = headings.get(`${r}:${at.col}`);
      if (heading !== undefined) return { ...heading, cell: true };
    }
    const row = own.get(at.row);
    if (row !== undefined) return { ...row, cell: true };
    return note === null ? ONE_CELL : sheetWide(at.row);
  };
}

/** The error values a spreadsheet cell can show: not figures, whatever digits they hold (#DIV/0!). */
const EXCEL_ERROR =
  /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|BUSY!|CONNECT!|UNKNOWN!|EXTERNAL!|PYTHON!)$/;

export function locateFigures(unit: ReadUnit): LocatedFigure[] {
  const figures: LocatedFigure[] = [];
  if (unit.kind === 'sheet') {
    const optionsOf = sheetOptions(unit);
    for (const cell of unit.cells ?? []) {
      const text = unit.markdown.slice(cell.start, cell.end);
      if (EXCEL_ERROR.test(text)) continue;
      for (const figure of findFigures(text, optionsOf(cell.ref)))
        figures.push(withPosition(figure, figures.length, cell.start, { kind: 'cell', ref: cell.ref }));
    }
    return figures;
  }
  const gaps = unit.page !== undefined ? columnGaps(unit.markdown, unit.runs ?? []) : [];
  const tables = unit.page?.tables ?? [];
  const decimals = new Map<number, '.' | ',' | null>();
  for (const segment of pageSegments(unit.markdown)) {
    for (const found of pageFigures(unit, segment, gaps)) {
      const start = segment.start + found.start;
      const end = segment.start + found.end;
      // Runs and tables are in the page's reading frame: the cell is found there, the box shown on the page.
      const framed = unit.page !== undefined ? boxOf(unit.runs ?? [], start, end) : null;
      // The cell is the one its digits stand in: a "$" set a column apart, as accounts print it, is not.
      const first = found.raw.search(/\d/);
      const last = found.raw.length - [...found.raw].reverse().join('').search(/\d/);
      const digits =
        framed === null || first < 0 ? framed : boxOf(unit.runs ?? [], start + first, start + last);
      const cell = digits === null ? null : cellOf(tables, digits);
      const box = framed === null ? null : boxToPage(unit.frame, framed);
      // A cell bounds its number: read again as one cell's, with the decimal mark its table shows and the
      // scale its header or note gives when no note line above it did.
      let figure = found;
      const table = cell === null ? undefined : tables.find((t) => t.index === cell.table);
      if (cell !== null && table !== undefined) {
        if (!decimals.has(table.index)) decimals.set(table.index, tableDecimal(table));
        const own = cell.row >= table.headerRows ? rowUnits(table, cell) : null;
        const note = segment.note === null ? cellNote(table, cell) : own;
        if (found.ambiguous || note !== null)
          figure = inCell(found, decimals.get(table.index) ?? null, note) ?? found;
        if (noteReference(found.raw, table, cell)) continue;
      }
      // A page with geometry whose figure has no run under it is located by span alone, never by a guess.
      figures.push(
        withPosition(
          figure,
          figures.length,
          segment.start,
          box === null ? { kind: 'text' } : cell === null ? box : { ...box, cell },
        ),
      );
    }
  }
  return figures;
}
