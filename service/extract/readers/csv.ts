import { ReadFailure, type Limits, type Reader, type ReadResult } from '../types';
import { decodeText } from './decode';
import { cellRef, flattenGrid, MAX_COLUMNS, type GridCell } from './xlsx-flatten';

// The csv / tsv reader: one sheet unit named `Sheet1`. The bytes are decoded by decode.ts (BOM, UTF-8,
// else windows-1252; line endings normalised to \n). A tsv is split on tabs; a csv on whichever of
// `,` `;` tab `|` gives the most consistent column count (more than one column) over its first records,
// counted outside quotes, ties going to the wider split and then to that order. Quoting is RFC 4180
// (`"` around a field, `""` inside, delimiters and newlines inside quotes are text) and lenient: a `"`
// inside an unquoted field is text, text after a closing quote is appended, an unclosed quote runs to the
// end of the file. Values are the strings as written (no number parsing, no trimming); the displayed text
// is the same. Empty fields are not cells. The markdown is the grid re-written with `,` (xlsx-flatten.ts).
// A file with no non-empty field (only whitespace, delimiters, empty quotes) gives no unit (the
// orchestrator reports empty_source).

const SHEET_NAME = 'Sheet1';
const CANDIDATES = [',', ';', '\t', '|'] as const;
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 50;

/** Splits delimited text into records of fields; `onField` sees every field as it is completed. */
export function parseDelimited(
  text: string,
  delimiter: string,
  maxRecords = Infinity,
  onField?: (field: string, row: number, col: number) => void,
): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false; // inside quotes
  let started = false; // the field has content (or an opening quote)
  const endField = () => {
    onField?.(field, records.length + 1, record.length + 1);
    record.push(field);
    field = '';
    started = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  let i = 0;
  const n = text.length;
  while (i < n && records.length < maxRecords) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && !started) {
      quoted = true;
      started = true;
    } else if (ch === delimiter) endField();
    else if (ch === '\n') endRecord();
    else {
      field += ch;
      started = true;
    }
    i++;
  }
  if (records.length < maxRecords && (started || field !== '' || record.length > 0)) endRecord();
  return records;
}

/** The csv delimiter: the candidate whose first records agree best on a column count above one. */
export function detectDelimiter(text: string): string {
  const truncated = text.length > SAMPLE_CHARS;
  const sample = text.slice(0, SAMPLE_CHARS);
  let best: { delimiter: string; score: number; width: number } = { delimiter: ',', score: 0, width: 1 };
  for (const delimiter of CANDIDATES) {
    const records = parseDelimited(sample, delimiter, SAMPLE_RECORDS + 1);
    if (truncated || records.length > SAMPLE_RECORDS) records.pop();
    const widths = records.filter((r) => !(r.length === 1 && r[0] === '')).map((r) => r.length);
    if (widths.length === 0) continue;
    const tally = new Map<number, number>();
    for (const w of widths) tally.set(w, (tally.get(w) ?? 0) + 1);
    let mode = 1;
    let modeCount = 0;
    for (const [w, count] of tally)
      if (count > modeCount || (count === modeCount && w > mode)) [mode, modeCount] = [w, count];
    if (mode < 2) continue;
    const score = modeCount / widths.length;
    if (score > best.score || (score === best.score && mode > best.width))
      best = { delimiter, score, width: mode };
  }
  return best.delimiter;
}

export function readDelimited(bytes: Uint8Array, format: string, limits: Limits): ReadResult {
  const { text } = decodeText(bytes);
  if (text.length > limits.maxTextChars)
    throw new ReadFailure(
      'source_too_large',
      `text characters: observed ${text.length} (limit ${limits.maxTextChars})`,
      format,
    );
  if (text.trim() === '') return { format, units: [], lost: [] };
  const delimiter = format === 'tsv' ? '\t' : detectDelimiter(text);
  const grid: GridCell[] = [];
  const values: { ref: string; value: string; text: string }[] = [];
  parseDelimited(text, delimiter, Infinity, (field, row, col) => {
    if (field === '') return;
    if (col > MAX_COLUMNS)
      throw new ReadFailure(
        'source_too_large',
        `columns: observed over ${MAX_COLUMNS} (limit ${MAX_COLUMNS})`,
        format,
      );
    if (grid.length >= limits.maxCells)
      throw new ReadFailure(
        'source_too_large',
        `cells: observed over ${limits.maxCells} (limit ${limits.maxCells})`,
        format,
      );
    grid.push({ row, col, text: field });
    values.push({ ref: cellRef(row, col), value: field, text: field });
  });
  if (grid.length === 0) return { format, units: [], lost: [] };
  const { markdown, spans } = flattenGrid(grid);
  if (markdown.length > limits.maxTextChars)
    throw new ReadFailure(
      'source_too_large',
      `text characters: observed ${markdown.length} (limit ${limits.maxTextChars})`,
      format,
    );
  return {
    format,
    units: [
      {
        kind: 'sheet',
        index: 1,
        extraction_method: 'spreadsheet_cells',
        markdown,
        sheet: { name: SHEET_NAME, merges: [], cells: values },
        cells: spans,
      },
    ],
    lost: [],
    sheets: [SHEET_NAME],
  };
}

export const reader: Reader = {
  formats: ['csv', 'tsv'],
  read: async (bytes, format, options) => {
    const result = readDelimited(bytes, format === 'tsv' ? 'tsv' : 'csv', options.limits);
    if (result.units.length > 0) options.onUnit?.({ kind: 'sheet', index: 1, total: 1 });
    return result;
  },
};
