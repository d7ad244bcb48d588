/**
 * How `npm run eval:tables` lines one of our tables up with an expected one: which of ours it is, which of
 * our rows and columns are the expected ones, and what the expected table says its headers and row labels
 * are. Everything here compares cleaned cell texts (eval-tables-cells.ts), never positions on the page.
 */
import {
  bag,
  cellAt,
  cellsInRow,
  numberIn,
  shared,
  squeeze,
  type CellNumber,
  type Grid,
  type GridCell,
} from './eval-tables-cells';

/** How many non-empty cell texts two tables share (as multisets): what picks our table for an expected one. */
export function sharedTexts(expected: Grid, ours: Grid): number {
  return shared(bag(expected.cells.map((c) => c.text)), bag(ours.cells.map((c) => c.text)));
}

/**
 * An order-keeping one-to-one pairing of 0..n-1 with 0..m-1 that maximises the summed score of its pairs,
 * pairing only where `score` is above `threshold`. Order is kept so repeated rows ("Hj | Hj | Hj") pair
 * with their own counterparts, not with the first look-alike.
 */
export function align(
  n: number,
  m: number,
  score: (i: number, j: number) => number,
  threshold = 0.5,
): Map<number, number> {
  const s = Array.from({ length: n }, (_, i) => Array.from({ length: m }, (_, j) => score(i, j)));
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const pair = s[i - 1]![j - 1]!;
      best[i]![j] = Math.max(
        best[i - 1]![j]!,
        best[i]![j - 1]!,
        pair > threshold ? best[i - 1]![j - 1]! + pair : -Infinity,
      );
    }
  const out = new Map<number, number>();
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const pair = s[i - 1]![j - 1]!;
    if (pair > threshold && best[i]![j] === best[i - 1]![j - 1]! + pair) {
      out.set(i - 1, j - 1);
      i--;
      j--;
    } else if (best[i]![j] === best[i - 1]![j]) i--;
    else j--;
  }
  return out;
}

/**
 * Expected rows to ours: a pair when most of their cells agree, that is, the texts they share (as
 * multisets) are more than half of the larger row. Our row holds every cell covering it, so a cell spanning
 * rows agrees with an expected table that copies it into each row; only the cells that start in the row
 * count towards its size, so one that does not copy it is not held against ours.
 */
export function mapRows(expected: Grid, ours: Grid): Map<number, number> {
  const want = Array.from({ length: expected.rows }, (_, r) =>
    bag(cellsInRow(expected, r).map((c) => c.text)),
  );
  const have = Array.from({ length: ours.rows }, (_, r) => {
    const cells = cellsInRow(ours, r);
    return {
      texts: bag(cells.map((c) => c.text)),
      own: cells.filter((c) => c.row === r && c.text !== '').length,
    };
  });
  return align(expected.rows, ours.rows, (e, o) => {
    const a = want[e]!;
    const b = have[o]!;
    const size = Math.max(
      [...a.values()].reduce((x, y) => x + y, 0),
      b.own,
    );
    return size === 0 ? 0 : shared(a, b.texts) / size;
  });
}

/**
 * Expected columns to ours, over the paired rows: a pair when, of the larger of the two columns' non-empty
 * cells in those rows, more than half hold the same text at the paired rows.
 */
export function mapColumns(
  expected: Grid,
  ours: Grid,
  rows: ReadonlyMap<number, number>,
): Map<number, number> {
  const pairs = [...rows].sort((a, b) => a[0] - b[0]);
  return align(expected.cols, ours.cols, (ec, oc) => {
    let agree = 0;
    let want = 0;
    const own = new Set<GridCell>();
    for (const [e, o] of pairs) {
      const text = cellAt(expected, e, ec)?.text ?? '';
      const cell = cellAt(ours, o, oc);
      if (cell !== undefined && cell.text !== '' && cell.col === oc) own.add(cell);
      if (text === '') continue;
      want++;
      if (cell !== undefined && squeeze(cell.text) === squeeze(text)) agree++;
    }
    const size = Math.max(want, own.size);
    return size === 0 ? 0 : agree / size;
  });
}

/**
 * A row of running column numbers under a header ("1 | 2= | 3 | … | 11"): part of the header, not figures
 * to check. Every text in it is a number and they run 1, 2, 3, …
 */
export function isColumnNumbering(texts: readonly string[]): boolean {
  const filled = texts.filter((t) => t !== '');
  const numbers = filled.map(numberIn);
  return filled.length >= 3 && numbers.every((n, i) => n !== null && n.value === i + 1);
}

/** The numbers an expected row holds, by column (column-numbering rows hold none). */
export function rowNumbers(grid: Grid, row: number): Map<number, CellNumber> {
  const out = new Map<number, CellNumber>();
  const texts = Array.from({ length: grid.cols }, (_, c) => cellAt(grid, row, c)?.text ?? '');
  if (isColumnNumbering(texts)) return out;
  texts.forEach((text, c) => {
    const n = numberIn(text);
    if (n !== null) out.set(c, n);
  });
  return out;
}

/** Index of the expected table's first row that holds a number; the rows above are its header rows. */
export function firstNumericRow(grid: Grid): number {
  for (let r = 0; r < grid.rows; r++) if (rowNumbers(grid, r).size > 0) return r;
  return grid.rows;
}

/**
 * The expected table's column header rows: its top rows that hold no numbers, less leading lines of one cell
 * in a table of three or more columns (a title or note the reader took into the table, which no column is
 * headed by).
 */
export function expectedHeaderRows(grid: Grid): number[] {
  const rows: number[] = [];
  const end = firstNumericRow(grid);
  let leading = true;
  for (let r = 0; r < end && r < grid.rows; r++) {
    const filled = cellsInRow(grid, r).filter((c) => c.text !== '').length;
    if (leading && filled <= 1 && grid.cols >= 3) continue;
    leading = false;
    rows.push(r);
  }
  return rows;
}

/** The expected header of a column: its header rows' texts in that column, top to bottom. */
export function expectedColumnHeader(grid: Grid, col: number, headerRows: readonly number[]): string {
  return headerRows
    .map((r) => cellAt(grid, r, col)?.text ?? '')
    .filter((t) => t !== '')
    .join(' ');
}

/**
 * A row label as compared: compatibility forms as their plain characters (a full-width bracket one tool
 * writes as ASCII, "（純額)"), trailing dots and colons left out (a leader's last dot, "Earnings per
 * share:"), and in right-to-left text its brackets, which a tool writing the text in visual order turns
 * round ("אינדיבידואלית 1)( לנפש" for "אינדיבידואלית (1) לנפש").
 */
export function labelKey(text: string): string {
  const key = text.normalize('NFKC').replace(/[\s.:]+$/u, '');
  return /[\u0590-\u08FF]/u.test(key) ? key.replace(/[()[\]]/gu, '') : key;
}

/** An expected row's label: its first non-empty cell that holds no number. */
export function expectedRowLabel(grid: Grid, row: number): string {
  for (let c = 0; c < grid.cols; c++) {
    const text = cellAt(grid, row, c)?.text ?? '';
    if (text !== '' && numberIn(text) === null) return text;
  }
  return '';
}

/**
 * The labels an expected row is right with: its first non-empty cell that holds no number, and, for a row
 * labelled by several columns ("GMC | Sacramento | Health Net | 126,547", "Delhi | 1.12.2009 | 8 | …"),
 * the texts of all its cells left of its first number, joined.
 */
export function expectedRowLabels(grid: Grid, row: number): string[] {
  const first = expectedRowLabel(grid, row);
  const lead: string[] = [];
  for (let c = 0; c < grid.cols; c++) {
    const text = cellAt(grid, row, c)?.text ?? '';
    if (text === '') continue;
    if (numberIn(text) !== null) break;
    lead.push(text);
  }
  return [
    ...new Set(
      [
        first,
        ...(lead.length > 0 ? [lead.join(' ')] : []),
        ...wrappedLabel(grid, row, first),
        ...wrappedBelow(grid, row),
      ].map(labelKey),
    ),
  ];
}

/**
 * Leading texts the other tool split where they wrap, their last lines on a row of their own below
 * ("Gujarat | 20.12.2009 to | 6 | 13" over " | 3.1.2010 | | "): each column's text whole, as a person
 * reads it. Only a row below that holds no number and texts only in the row's leading columns counts.
 */
function wrappedBelow(grid: Grid, row: number): string[] {
  const leading: number[] = [];
  for (let c = 0; c < grid.cols; c++) {
    const text = cellAt(grid, row, c)?.text ?? '';
    if (text !== '' && numberIn(text) !== null) break;
    leading.push(c);
  }
  if (leading.length === 0 || row + 1 >= grid.rows) return [];
  const below = cellsInRow(grid, row + 1).filter((c) => c.text !== '' && c.row === row + 1);
  if (below.length === 0 || below.some((c) => numberIn(c.text) !== null || !leading.includes(c.col)))
    return [];
  const joined = leading
    .map((c) =>
      [cellAt(grid, row, c)?.text ?? '', cellAt(grid, row + 1, c)?.text ?? ''].filter((t) => t !== ''),
    )
    .map((parts) => parts.join(' '))
    .filter((t) => t !== '');
  return [joined.join(' ')];
}

/**
 * A label the other tool split where it wraps ("Murder and nonnegligent" on a row of its own above
 * "manslaughter" and its numbers): the label whole, as a person reads it, is right too. Only a row
 * holding one text and no number above a row whose label starts in lower case counts as its head.
 */
function wrappedLabel(grid: Grid, row: number, label: string): string[] {
  if (label === '' || !/^\p{Ll}/u.test(label) || row === 0) return [];
  const above = cellsInRow(grid, row - 1).filter((c) => c.text !== '');
  if (above.length !== 1 || numberIn(above[0]!.text) !== null) return [];
  return [`${above[0]!.text} ${label}`];
}

/**
 * Whether `header` holds `part` as whole words ("Total" is in "Total Under 18 years", not in "Totals"). A
 * blank the other tool left out or put in between words ("11/12(a)" for "11/12 (a)") does not count.
 */
export function headerHolds(header: string, part: string): boolean {
  if (part === '' || ` ${header} `.includes(` ${part} `)) return true;
  const words = header.split(/\s+/).filter((w) => w !== '');
  const target = squeeze(part);
  // Some run of whole words of ours, blanks squeezed out, is the part.
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < words.length && joined.length < target.length; j++) {
      joined += words[j];
      if (joined === target) return true;
    }
  }
  return false;
}

/**
 * Whether our header holds the expected header of a column, given by its header rows' texts top to
 * bottom: all of them as one run of words, or each row's text in turn, in that order (a tool that shifts
 * one heading row by a column leaves the others' texts apart: "LEGISLATIVE … Sue Allor" over a heading
 * it set in the next column).
 */
export function headerHoldsRows(header: string, rows: readonly string[]): boolean {
  const parts = rows.filter((t) => t !== '');
  if (headerHolds(header, parts.join(' '))) return true;
  let rest = header;
  for (const part of parts) {
    if (!headerHolds(rest, part)) return false;
    const words = rest.split(/\s+/);
    // Go on after the first run of whole words that holds the part.
    let cut = -1;
    for (let i = 0; i < words.length && cut < 0; i++)
      for (let j = i + 1; j <= words.length && cut < 0; j++)
        if (headerHolds(words.slice(i, j).join(' '), part)) cut = j;
    rest = words.slice(cut).join(' ');
  }
  return true;
}

/**
 * Our header of a column: the texts of the cells covering it in our header rows (a header spanning several
 * columns heads each of them), top to bottom.
 */
export function ourColumnHeader(grid: Grid, headerRows: number, col: number): string {
  const out: string[] = [];
  let last: GridCell | undefined;
  for (let r = 0; r < Math.min(headerRows, grid.rows); r++) {
    const cell = cellAt(grid, r, col);
    if (cell === undefined || cell === last) continue;
    last = cell;
    if (cell.text !== '') out.push(cell.text);
  }
  return out.join(' ');
}

/**
 * The labels of ours a row is compared by: the texts of the cells covering it in our label columns, left to
 * right, less those that are numbers (a running "No." column), as the expected label is the first text
 * that is no number; all of them joined, and the first one alone, as the expected label is read (a register labelled by several columns, "AAA | ALLEGIANT AIR", whose expected label is the
 * first text, "AAA").
 */
export function ourRowLabels(grid: Grid, labelCols: number, row: number): string[] {
  const texts = labelTexts(grid, labelCols, row);
  return [...new Set([texts.join(' '), ...texts.slice(0, 1)])];
}

function labelTexts(grid: Grid, labelCols: number, row: number): string[] {
  const out: string[] = [];
  let last: GridCell | undefined;
  for (let c = 0; c < Math.min(labelCols, grid.cols); c++) {
    const cell = cellAt(grid, row, c);
    if (cell === undefined || cell === last) continue;
    last = cell;
    if (cell.text !== '' && numberIn(cell.text) === null) out.push(cell.text);
  }
  return out;
}

/**
 * Header rows kept apart, for an expected table whose top rows hold no numbers and whose next row does:
 * null for other tables; otherwise whether we mark header rows and our first body row is the expected
 * first row after the header (its first row with a number, or a one-cell section line just above it,
 * "Caste/tribe", which is body too). A header row that drifted into our body, or a body row taken into our
 * header, fails it.
 */
export function headerKeptApart(
  expected: Grid,
  headerRows: number,
  rows: ReadonlyMap<number, number>,
): boolean | null {
  const first = firstNumericRow(expected);
  if (first === 0 || first >= expected.rows) return null;
  if (headerRows < 1) return false;
  const ourToExpected = new Map([...rows].map(([e, o]) => [o, e]));
  const e = ourToExpected.get(headerRows);
  if (e === undefined || e < 1 || e > first) return false;
  for (let r = e; r < first; r++)
    if (cellsInRow(expected, r).filter((c) => c.text !== '').length > 1) return false;
  return true;
}
