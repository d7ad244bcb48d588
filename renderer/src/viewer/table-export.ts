import type { PageTable, Representation, Unit } from '../../../shared/api';
import type { LibraryEntry, UnitRead } from '../../../shared/bridge';
import { tableCsv, tableFileName, type TableProvenance } from '../../../shared/export/table';
import { tableXlsx, XLSX_MEDIA_TYPE } from '../../../shared/export/xlsx';
import { displayTitle } from '../../../shared/text/display-name';
import { methodWords } from './figures';

// A table of the open document as the files the tables section hands out, each under its provenance:
// the document's title and hash from the library, the page, the table, and how the page was read.

export const CSV_MEDIA_TYPE = 'text/csv;charset=utf-8';

/** How the page was read, as the export says it: "Text layer (ew-extract-8)". */
export function readByWording(unit: Pick<Unit, 'extraction_method'>, representation: Representation | null) {
  const method = methodWords(unit.extraction_method);
  const version = representation?.extractor_version;
  return version === undefined ? method : `${method} (${version})`;
}

export function tableProvenance(
  entry: Pick<LibraryEntry, 'title' | 'filename' | 'sha256'>,
  representation: Representation | null,
  unit: Unit | UnitRead,
  table: PageTable,
): TableProvenance {
  return {
    source: displayTitle(entry.title, entry.filename),
    sha256: entry.sha256,
    page: unit.index,
    table: table.index + 1,
    tableCount: unit.page?.tables?.length ?? 1,
    readBy: readByWording(unit, representation),
  };
}

export interface TableFile {
  filename: string;
  mediaType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The CSV text of a table with its provenance. */
export function csvOfTable(
  entry: Pick<LibraryEntry, 'title' | 'filename' | 'sha256'>,
  representation: Representation | null,
  unit: Unit | UnitRead,
  table: PageTable,
): string {
  return tableCsv(table, tableProvenance(entry, representation, unit, table));
}

/** A table as a file to save: CSV (UTF-8, no byte-order mark) or xlsx. */
export function tableFile(
  entry: Pick<LibraryEntry, 'title' | 'filename' | 'sha256'>,
  representation: Representation | null,
  unit: Unit | UnitRead,
  table: PageTable,
  format: 'csv' | 'xlsx',
): TableFile {
  const filename = tableFileName(entry.title, entry.filename, unit.index, table.index + 1, format);
  const provenance = tableProvenance(entry, representation, unit, table);
  if (format === 'csv')
    return {
      filename,
      mediaType: CSV_MEDIA_TYPE,
      bytes: new TextEncoder().encode(tableCsv(table, provenance)),
    };
  return { filename, mediaType: XLSX_MEDIA_TYPE, bytes: new Uint8Array(tableXlsx(table, provenance)) };
}
