import type { Sheet } from '../../../shared/api';
import {
  ReadFailure,
  type Limits,
  type LostUnit,
  type ReadOptions,
  type Reader,
  type ReadResult,
  type ReadUnit,
} from '../types';
import { cellRef, flattenGrid, parseRef, type GridCell } from './xlsx-flatten';
import { BUILTIN_FORMATS, formatGeneral, formatNumber } from './xlsx-format';
import { attr, child, children, decodeOoxmlEscapes, parseXml, text, type XmlValue } from './xlsx-xml';
import { PartError, OoxmlArchive } from './ooxml-zip';

// The xlsx reader: cells, not rendering. The archive is read part by part (ooxml-zip.ts: inflated
// output is counted against maxUncompressedBytes whatever the directory declares), XML with DTDs refused
// (xlsx-xml.ts). Each worksheet becomes one sheet unit in workbook order, hidden ones included: its cells
// with their values and displayed text (xlsx-format.ts), its merged ranges, and the grid flattened as
// CSV (xlsx-flatten.ts) with each cell's span in it.
//
// - Cell values: numbers (dates stay serial numbers; their text is the ISO-like date), shared / inline /
//   formula strings, booleans (text TRUE / FALSE), errors (`#DIV/0!` as value and text), `t="d"` ISO
//   dates as written. Formulas give their cached value; a formula without one is not a cell.
// - Only cells with a value are listed; a merge's other (empty) cells are not, the merge is in `merges`
//   and the cells inside it that have a value carry `merged_range`.
// - A worksheet that is missing, damaged or declares a DTD is lost (state error, source_corrupt) while
//   the other sheets are read. Chartsheets, dialog sheets and macro sheets are lost as unreadable,
//   unsupported_format: they hold no cells.
// - The whole read fails on: no workbook (source_corrupt), a damaged workbook, relationships, shared
//   strings or styles part (source_corrupt: every sheet depends on them), more than maxCells cells over
//   the workbook, more inflated bytes than maxUncompressedBytes, more flattened text than maxTextChars
//   (source_too_large).

const FORMAT = 'xlsx';

interface Relationship {
  id: string;
  type: string;
  target: string;
}

interface Workbook {
  date1904: boolean;
  sheets: { name: string; relId: string | undefined }[];
  rels: Relationship[];
}

/** Locale-dependent built-ins (East Asian dates and times) read as ISO dates / times. */
function builtinFormat(id: number): string {
  const known = BUILTIN_FORMATS[id];
  if (known !== undefined) return known;
  if ((id >= 27 && id <= 31) || id === 36 || (id >= 50 && id <= 58)) return 'yyyy-mm-dd';
  if (id >= 32 && id <= 35) return 'h:mm:ss';
  return 'General';
}

function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const base = source.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') base.pop();
    else if (piece !== '.' && piece !== '') base.push(piece);
  }
  return base.join('/');
}

function relsPathOf(part: string): string {
  const pieces = part.split('/');
  const file = pieces.pop() ?? '';
  return [...pieces, '_rels', `${file}.rels`].join('/');
}

function readRels(zip: OoxmlArchive, part: string): Relationship[] {
  const path = relsPathOf(part);
  if (!zip.has(path)) return [];
  const root = child(parseXml(zip.readText(path), path), 'Relationships');
  return children(root, 'Relationship')
    .filter((rel) => attr(rel, 'TargetMode') !== 'External')
    .map((rel) => ({
      id: attr(rel, 'Id') ?? '',
      type: attr(rel, 'Type') ?? '',
      target: resolveTarget(part, attr(rel, 'Target') ?? ''),
    }));
}

function readSharedStrings(zip: OoxmlArchive, path: string | undefined): string[] {
  if (path === undefined || !zip.has(path)) return [];
  const sst = child(parseXml(zip.readText(path), path), 'sst');
  return children(sst, 'si').map(richText);
}

/** The text of an `<si>` or `<is>`: its `<t>`, or its runs' `<t>` in order (phonetic runs left out). */
function richText(node: XmlValue): string {
  const plain = children(node, 't').map(text).join('');
  const runs = children(node, 'r')
    .map((run) => children(run, 't').map(text).join(''))
    .join('');
  return decodeOoxmlEscapes(plain + runs);
}

/**
 * Per cell style index (`s`), from styles.xml's numFmts and cellXfs: the format code, and the indent its
 * alignment sets (0 when none).
 */
function readStyles(zip: OoxmlArchive, path: string | undefined): { formats: string[]; indents: number[] } {
  if (path === undefined || !zip.has(path)) return { formats: [], indents: [] };
  const styleSheet = child(parseXml(zip.readText(path), path), 'styleSheet');
  const custom = new Map<number, string>();
  for (const fmt of children(child(styleSheet, 'numFmts'), 'numFmt')) {
    const id = Number(attr(fmt, 'numFmtId'));
    const code = attr(fmt, 'formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, code);
  }
  const xfs = children(child(styleSheet, 'cellXfs'), 'xf');
  const formats = xfs.map((xf) => {
    const id = Number(attr(xf, 'numFmtId') ?? 0);
    return custom.get(id) ?? builtinFormat(id);
  });
  const indents = xfs.map((xf) => {
    const indent = Number(attr(child(xf, 'alignment'), 'indent') ?? 0);
    return Number.isInteger(indent) && indent > 0 && indent <= 250 ? indent : 0;
  });
  return { formats, indents };
}

function readWorkbook(zip: OoxmlArchive): { path: string; workbook: Workbook } {
  const rootRels = zip.has('_rels/.rels') ? readRels(zip, '') : [];
  const declared = rootRels.find((rel) => rel.type.endsWith('/officeDocument'))?.target;
  const path = declared !== undefined && zip.has(declared) ? declared : 'xl/workbook.xml';
  if (!zip.has(path))
    throw new ReadFailure('source_corrupt', 'not an xlsx workbook: the archive has no workbook part', FORMAT);
  const root = child(parseXml(zip.readText(path), path), 'workbook');
  if (root === undefined) throw new ReadFailure('source_corrupt', `${path}: no <workbook> element`, FORMAT);
  const pr = attr(child(root, 'workbookPr'), 'date1904');
  const sheets = children(child(root, 'sheets'), 'sheet').map((sheet, i) => ({
    name: attr(sheet, 'name') ?? `Sheet${i + 1}`,
    relId: attr(sheet, 'id'),
  }));
  return { path, workbook: { date1904: pr === '1' || pr === 'true', sheets, rels: readRels(zip, path) } };
}

interface Context {
  zip: OoxmlArchive;
  strings: string[];
  formats: string[];
  /** The indent per cell style index (0 for none). */
  indents: number[];
  date1904: boolean;
  limits: Limits;
  cellCount: number;
}

interface Merge {
  range: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

function readMerges(root: XmlValue | undefined): Merge[] {
  const merges: Merge[] = [];
  const seen = new Set<string>();
  for (const node of children(child(root, 'mergeCells'), 'mergeCell')) {
    const [a, b] = (attr(node, 'ref') ?? '').split(':');
    const from = parseRef(a ?? '');
    const to = parseRef(b ?? '');
    if (!from || !to) continue;
    const merge = {
      top: Math.min(from.row, to.row),
      left: Math.min(from.col, to.col),
      bottom: Math.max(from.row, to.row),
      right: Math.max(from.col, to.col),
      range: '',
    };
    merge.range = `${cellRef(merge.top, merge.left)}:${cellRef(merge.bottom, merge.right)}`;
    if (!seen.has(merge.range)) merges.push(merge);
    seen.add(merge.range);
  }
  return merges;
}

/** Finds the merge holding a cell: by row when the merges span few rows, by a scan otherwise. */
function mergeFinder(merges: Merge[]): (row: number, col: number) => Merge | undefined {
  if (merges.length === 0) return () => undefined;
  const rowSpan = merges.reduce((sum, m) => sum + (m.bottom - m.top + 1), 0);
  const inside = (m: Merge, row: number, col: number) =>
    row >= m.top && row <= m.bottom && col >= m.left && col <= m.right;
  if (rowSpan > 1_000_000) return (row, col) => merges.find((m) => inside(m, row, col));
  const byRow = new Map<number, Merge[]>();
  for (const m of merges)
    for (let r = m.top; r <= m.bottom; r++) {
      const list = byRow.get(r);
      if (list) list.push(m);
      else byRow.set(r, [m]);
    }
  return (row, col) => byRow.get(row)?.find((m) => inside(m, row, col));
}

type CellValue = string | number | boolean | null;

/** A cell's value and displayed text, or null for a cell without a value. */
function readCell(
  node: XmlValue,
  ctx: Context,
  part: string,
  ref: string,
): { value: CellValue; text: string } | null {
  const type = attr(node, 't') ?? 'n';
  const v = child(node, 'v');
  const raw = v === undefined ? undefined : text(v);
  switch (type) {
    case 's': {
      if (raw === undefined || raw.trim() === '') return null;
      const index = Number(raw);
      const value = ctx.strings[index];
      if (!Number.isInteger(index) || value === undefined)
        throw new PartError(
          `${part}: cell ${ref} names shared string ${raw.trim()}, which does not exist`,
          FORMAT,
        );
      return { value, text: value };
    }
    case 'inlineStr': {
      const is = child(node, 'is');
      if (is === undefined) return raw === undefined ? null : { value: raw, text: raw };
      const value = richText(is);
      return { value, text: value };
    }
    case 'str':
    case 'e':
    case 'd': {
      if (raw === undefined) return null;
      const value = type === 'str' ? decodeOoxmlEscapes(raw) : raw.trim();
      return { value, text: value };
    }
    case 'b': {
      if (raw === undefined || raw.trim() === '') return null;
      const value = raw.trim() === '1' || raw.trim() === 'true';
      return { value, text: value ? 'TRUE' : 'FALSE' };
    }
    default: {
      if (raw === undefined || raw.trim() === '') return null;
      const value = Number(raw.trim());
      if (!Number.isFinite(value)) return { value: raw, text: raw };
      const style = Number(attr(node, 's') ?? 0);
      const format = ctx.formats[style] ?? 'General';
      const shown = format === 'General' ? formatGeneral(value) : formatNumber(value, format, ctx.date1904);
      return { value, text: shown };
    }
  }
}

function readWorksheet(ctx: Context, name: string, index: number, part: string): ReadUnit {
  const root = child(parseXml(ctx.zip.readText(part), part), 'worksheet');
  if (root === undefined) throw new PartError(`${part}: no <worksheet> element`, FORMAT);
  const merges = readMerges(root);
  const findMerge = mergeFinder(merges);
  const grid: GridCell[] = [];
  const cells: Sheet['cells'] = [];
  const seen = new Set<number>();
  let rowNumber = 0;
  for (const rowNode of children(child(root, 'sheetData'), 'row')) {
    const declaredRow = attr(rowNode, 'r');
    rowNumber = declaredRow !== undefined ? Number(declaredRow) : rowNumber + 1;
    if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > 1048576)
      throw new PartError(`${part}: row number ${declaredRow ?? rowNumber} is out of range`, FORMAT);
    let col = 0;
    for (const cellNode of children(rowNode, 'c')) {
      const declaredRef = attr(cellNode, 'r');
      if (declaredRef !== undefined) {
        const at = parseRef(declaredRef);
        if (!at) throw new PartError(`${part}: cell reference ${declaredRef} is not valid`, FORMAT);
        col = at.col;
        rowNumber = at.row;
      } else col += 1;
      if (col > 16384) throw new PartError(`${part}: row ${rowNumber} runs past column XFD`, FORMAT);
      const ref = cellRef(rowNumber, col);
      const cell = readCell(cellNode, ctx, part, ref);
      const key = rowNumber * 16385 + col;
      if (cell === null || seen.has(key)) continue;
      seen.add(key);
      ctx.cellCount += 1;
      if (ctx.cellCount > ctx.limits.maxCells)
        throw new ReadFailure(
          'source_too_large',
          `cells: observed at least ${ctx.cellCount} (limit ${ctx.limits.maxCells})`,
          FORMAT,
        );
      const merge = findMerge(rowNumber, col);
      // A label set in by its style ("United States" under "Net sales") says so: it names a part of the
      // label above it.
      const indent =
        typeof cell.value === 'string' ? (ctx.indents[Number(attr(cellNode, 's') ?? 0)] ?? 0) : 0;
      const placed = indent > 0 ? { ref, ...cell, indent } : { ref, ...cell };
      cells.push(merge ? { ...placed, merged_range: merge.range } : placed);
      grid.push({ row: rowNumber, col, text: cell.text });
    }
  }
  // A merge whose first row holds a value is written out to its right edge: the value plus a blank per
  // covered column, so the header's span can be rebuilt from the text alone.
  const rowWidths = new Map<number, number>();
  for (const m of merges) {
    let holdsValue = false;
    for (let col = m.left; col <= m.right && !holdsValue; col++) holdsValue = seen.has(m.top * 16385 + col);
    if (holdsValue) rowWidths.set(m.top, Math.max(rowWidths.get(m.top) ?? 0, m.right));
  }
  const { markdown, spans } = flattenGrid(grid, rowWidths);
  // Sheet cells in the same (row, column) order as the markdown and its spans.
  const order = new Map(spans.map((span, i) => [span.ref, i]));
  cells.sort((a, b) => (order.get(a.ref) ?? 0) - (order.get(b.ref) ?? 0));
  return {
    kind: 'sheet',
    index,
    extraction_method: 'spreadsheet_cells',
    markdown,
    sheet: { name, merges: merges.map((m) => m.range), cells },
    cells: spans,
  };
}

const UNSUPPORTED_SHEETS: [suffix: string, what: string][] = [
  ['/chartsheet', 'chartsheet: charts are not read'],
  ['/dialogsheet', 'dialog sheet: forms are not read'],
  ['/xlMacrosheet', 'macro sheet: Excel 4 macros are not read'],
  ['/xlIntlMacrosheet', 'macro sheet: Excel 4 macros are not read'],
];

export function readXlsx(bytes: Uint8Array, limits: Limits, onUnit?: ReadOptions['onUnit']): ReadResult {
  const zip = new OoxmlArchive(bytes, limits.maxUncompressedBytes, FORMAT);
  const { workbook } = readWorkbook(zip);
  const target = (suffix: string) => workbook.rels.find((rel) => rel.type.endsWith(suffix))?.target;
  const ctx: Context = {
    zip,
    strings: readSharedStrings(zip, target('/sharedStrings') ?? 'xl/sharedStrings.xml'),
    ...readStyles(zip, target('/styles') ?? 'xl/styles.xml'),
    date1904: workbook.date1904,
    limits,
    cellCount: 0,
  };
  const units: ReadUnit[] = [];
  const lost: LostUnit[] = [];
  let textChars = 0;
  const total = workbook.sheets.length;
  workbook.sheets.forEach(({ name, relId }, i) => {
    const index = i + 1;
    const rel = workbook.rels.find((r) => r.id === relId);
    const unsupported = rel && UNSUPPORTED_SHEETS.find(([suffix]) => rel.type.endsWith(suffix));
    if (unsupported) {
      lost.push({
        kind: 'sheet',
        index,
        sheet: name,
        state: 'unreadable',
        reason: unsupported[1],
        code: 'unsupported_format',
      });
    } else {
      try {
        if (rel === undefined)
          throw new PartError(
            `sheet "${name}": the workbook names no part for it (relationship ${relId ?? 'missing'})`,
            FORMAT,
          );
        const unit = readWorksheet(ctx, name, index, rel.target);
        textChars += unit.markdown.length;
        if (textChars > limits.maxTextChars)
          throw new ReadFailure(
            'source_too_large',
            `text characters: observed ${textChars} (limit ${limits.maxTextChars})`,
            FORMAT,
          );
        units.push(unit);
      } catch (error) {
        if (!(error instanceof PartError)) throw error;
        lost.push({
          kind: 'sheet',
          index,
          sheet: name,
          state: 'error',
          reason: error.reason,
          code: 'source_corrupt',
        });
      }
    }
    onUnit?.({ kind: 'sheet', index, total });
  });
  return { format: FORMAT, units, lost, sheets: workbook.sheets.map((s) => s.name) };
}

export const reader: Reader = {
  formats: [FORMAT],
  read: async (bytes, _format, options) => readXlsx(bytes, options.limits, options.onUnit),
};
