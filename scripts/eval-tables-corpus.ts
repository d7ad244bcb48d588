/**
 * The expected tables of `npm run eval:tables`: ../shared/corpus/pdf-tables/ (see its README.md), camelot's
 * test tables (`camelot/expected.json`) and tabula's (`tabula/NAME.csv`, the table on page 1 of NAME.pdf).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf-tables');

export interface ExpectedTable {
  /** Unique within the run: `camelot/<file>#<n>` or `tabula/<file>`. */
  id: string;
  source: 'camelot' | 'tabula';
  /** The PDF's path. */
  pdf: string;
  file: string;
  /** What produced it: camelot's test, flavor and table index, or "tabula csv". */
  label: string;
  flavor: string | null;
  /** 1-based pages the table may be on; null: any page. */
  pages: number[] | null;
  /** Characters the reading removed from every cell (camelot's `strip_text`). */
  strip: string;
  rows: string[][];
}

interface CamelotEntry {
  test: string;
  flavor: string;
  file: string;
  read_pdf_args: string;
  table_index: number;
  expected: string[][];
}

/** A Python string literal's body with its common escapes read. */
function unescapePython(body: string): string {
  return body.replace(/\\(.)/g, (_, ch: string) =>
    ch === 'n' ? '\n' : ch === 't' ? '\t' : ch === 'r' ? '\r' : ch,
  );
}

/** A keyword argument's string value in a Python call's argument text (`pages="1,2"`), or null. */
export function stringArg(args: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*(['"])((?:\\\\.|(?!\\1).)*)\\1`).exec(args);
  return m === null ? null : unescapePython(m[2]!);
}

/** camelot's page list ("1", "1,3", "2-4", "all"), 1-based; camelot reads page 1 when none is given. */
export function pagesOf(spec: string | null): number[] | null {
  if (spec === null) return [1];
  if (spec.trim() === 'all') return null;
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+|end)\s*)?$/.exec(part);
    if (m === null) continue;
    const from = Number(m[1]);
    if (m[2] === 'end') return null;
    const to = m[2] === undefined ? from : Number(m[2]);
    for (let p = from; p <= to; p++) out.push(p);
  }
  return out.length > 0 ? out : [1];
}

function pad(rows: readonly string[][]): string[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...new Array<string>(width - r.length).fill('')]);
}

/**
 * The tables of one CSV (RFC 4180: quoted fields with commas, doubled quotes and line breaks), each with its
 * rows padded to one width. Tabula writes each table it reads with one number of fields on every row, and
 * writes the tables of a page one after the other in one file: where the number of fields changes for two
 * rows or more, the next table starts. A single row of another width is a short row of the same table.
 */
export function csvTables(text: string): string[][][] {
  const runs: string[][][] = [];
  for (const row of csvRows(text)) {
    const last = runs.at(-1);
    if (last !== undefined && last[0]!.length === row.length) last.push(row);
    else runs.push([row]);
  }
  const tables: string[][][] = [];
  for (const run of runs) {
    const previous = tables.at(-1);
    if (previous !== undefined && run.length < 2) previous.push(...run);
    else tables.push([...run]);
  }
  return tables.map(pad);
}

function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (s[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function loadCorpus(root = CORPUS): ExpectedTable[] {
  const out: ExpectedTable[] = [];
  const camelot = join(root, 'camelot', 'expected.json');
  if (existsSync(camelot)) {
    const entries = JSON.parse(readFileSync(camelot, 'utf8')) as CamelotEntry[];
    // The same test and table index more than once: one test reading the table with several settings.
    const seen = new Map<string, number>();
    entries.forEach((entry, n) => {
      const test = entry.test.split(':').pop() ?? entry.test;
      const name = `${test} #${entry.table_index}`;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      out.push({
        id: `camelot/${entry.file}#${n}`,
        source: 'camelot',
        pdf: join(root, 'camelot', entry.file),
        file: entry.file,
        label: `${name}${count > 1 ? ` (${count})` : ''}`,
        flavor: entry.flavor,
        pages: pagesOf(stringArg(entry.read_pdf_args, 'pages')),
        strip: stringArg(entry.read_pdf_args, 'strip_text') ?? '',
        rows: entry.expected,
      });
    });
  }
  const tabula = join(root, 'tabula');
  if (existsSync(tabula))
    for (const csv of readdirSync(tabula)
      .filter((f) => f.endsWith('.csv'))
      .sort()) {
      const file = csv.replace(/\.csv$/, '.pdf');
      if (!existsSync(join(tabula, file))) continue;
      const tables = csvTables(readFileSync(join(tabula, csv), 'utf8'));
      tables.forEach((rows, n) =>
        out.push({
          id: tables.length > 1 ? `tabula/${file}#${n}` : `tabula/${file}`,
          source: 'tabula',
          pdf: join(tabula, file),
          file,
          label: tables.length > 1 ? `tabula csv, table ${n + 1} of ${tables.length}` : 'tabula csv',
          flavor: null,
          pages: [1],
          strip: '',
          rows,
        }),
      );
    }
  return out;
}
