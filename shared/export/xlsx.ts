import { strToU8, zipSync } from 'fflate';
import type { PageTable } from '../api';
import { provenanceRows, tableGrid, type TableProvenance } from './table';

// A table read on a page as an xlsx workbook, written here in minimal SpreadsheetML: the grid on a sheet
// "Table" (spanning cells merged, header cells bold, header rows frozen) and the provenance on a sheet
// "Source". Every cell is an inline string in the Text number format: a figure stays exactly as printed
// ("61,450", "(1,204)", "12.5%"), never re-typed as a number, because the export is evidence.

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles (cellXfs in styles.xml): text, and bold text for headers and provenance labels. */
const STYLE_TEXT = 1;
const STYLE_HEADER = 2;

// Zip entries dated once, so the same table always gives the same bytes.
const ZIP_DATE = new Date(1980, 0, 1);

/** "A" for column 0, "AB" for 27. */
function columnName(col: number): string {
  let name = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const ref = (row: number, col: number) => `${columnName(col)}${row + 1}`;

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

/**
 * Cell text as XML character data. XML cannot carry control characters, lone surrogates or a CR (a
 * parser turns it into LF), so SpreadsheetML writes them `_xHHHH_`; an underscore that would read as such
 * an escape is itself escaped (`_x005F_`), so the text reads back exactly.
 */
export function xmlText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}|[&<>]/gu,
    (found) => {
      if (found === '&') return '&amp;';
      if (found === '<') return '&lt;';
      if (found === '>') return '&gt;';
      return `_x${hex4(found.charCodeAt(0))}_`;
    },
  );
}

function stringCell(row: number, col: number, text: string, style: number): string {
  return `<c r="${ref(row, col)}" s="${style}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

interface SheetCell {
  text: string;
  style: number;
}

/** A worksheet of string cells (empty ones left out), with its merges and frozen rows. */
function worksheet(
  rows: readonly (readonly (SheetCell | null)[])[],
  options: { merges?: readonly string[]; frozenRows?: number; widths: readonly number[] },
): string {
  const cols = Math.max(1, ...rows.map((row) => row.length));
  const lastRef = ref(Math.max(0, rows.length - 1), cols - 1);
  const frozen = options.frozenRows ?? 0;
  const pane =
    frozen > 0 && frozen < rows.length
      ? `<pane ySplit="${frozen}" topLeftCell="${ref(frozen, 0)}" activePane="bottomLeft" state="frozen"/>`
      : '';
  const widths = options.widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const data = rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => (cell === null || cell.text === '' ? '' : stringCell(r, c, cell.text, cell.style)))
        .join('');
      return cells === '' ? '' : `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const merges = options.merges ?? [];
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<dimension ref="A1:${lastRef}"/>` +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    (widths === '' ? '' : `<cols>${widths}</cols>`) +
    `<sheetData>${data}</sheetData>` +
    (merges.length === 0
      ? ''
      : `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`) +
    // Figures are text on purpose: no "number stored as text" flag on every cell.
    `<ignoredErrors><ignoredError sqref="A1:${lastRef}" numberStoredAsText="1"/></ignoredErrors>` +
    `</worksheet>`
  );
}

/** Column widths in characters, from the longest line of text in each column. */
function widthsOf(rows: readonly (readonly (SheetCell | null)[])[], spanned: ReadonlySet<string>): number[] {
  const cols = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: cols }, (_, col) => {
    let longest = 0;
    rows.forEach((row, r) => {
      const text = row[col]?.text ?? '';
      if (spanned.has(ref(r, col))) return;
      for (const line of text.split(/\r\n|\r|\n/)) longest = Math.max(longest, [...line].length);
    });
    return Math.min(60, Math.max(8, longest + 2));
  });
}

const STYLES =
  XML_HEAD +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const WORKBOOK =
  XML_HEAD +
  `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  '<sheets><sheet name="Table" sheetId="1" r:id="rId1"/><sheet name="Source" sheetId="2" r:id="rId2"/></sheets>' +
  '</workbook>';

const WORKBOOK_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/worksheet" Target="worksheets/sheet2.xml"/>` +
  `<Relationship Id="rId3" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const ROOT_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

/** The media type of an xlsx file. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The table as an xlsx workbook: sheet "Table" holds its grid, sheet "Source" its provenance. */
export function tableXlsx(table: PageTable, provenance: TableProvenance): Uint8Array {
  const grid = tableGrid(table);
  const headerAt = new Set<string>();
  const merges: string[] = [];
  const spanned = new Set<string>();
  for (const cell of table.cells) {
    if (cell.row >= table.rows || cell.col >= table.cols) continue;
    if (cell.header || cell.row < table.headerRows) headerAt.add(ref(cell.row, cell.col));
    const lastRow = Math.min(table.rows, cell.row + cell.rowSpan) - 1;
    const lastCol = Math.min(table.cols, cell.col + cell.colSpan) - 1;
    if (lastRow > cell.row || lastCol > cell.col) {
      merges.push(`${ref(cell.row, cell.col)}:${ref(lastRow, lastCol)}`);
      spanned.add(ref(cell.row, cell.col));
    }
  }
  const tableRows = grid.map((row, r) =>
    row.map((text, c) => ({ text, style: headerAt.has(ref(r, c)) ? STYLE_HEADER : STYLE_TEXT })),
  );
  const sourceRows = provenanceRows(table, provenance).map(([label, value]) => [
    { text: label, style: STYLE_HEADER },
    { text: value, style: STYLE_TEXT },
  ]);
  const files = {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': WORKBOOK,
    'xl/_rels/workbook.xml.rels': WORKBOOK_RELS,
    'xl/styles.xml': STYLES,
    'xl/worksheets/sheet1.xml': worksheet(tableRows, {
      merges: [...new Set(merges)],
      frozenRows: table.headerRows,
      widths: widthsOf(tableRows, spanned),
    }),
    'xl/worksheets/sheet2.xml': worksheet(sourceRows, { widths: widthsOf(sourceRows, new Set()) }),
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, xml]) => [name, strToU8(xml)])), {
    level: 6,
    mtime: ZIP_DATE,
  });
}
