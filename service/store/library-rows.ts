import { createHash } from 'node:crypto';
import { displayText } from '../../shared/text/display-name';
import type { BlobStore, StagedBlob } from './blobs';
import {
  LIBRARY_TABLES,
  type LibraryCounts,
  type LibraryRow,
  type LibraryTable,
  type LibraryValue,
} from './contract';
import type { Database } from './database';
import { FIGURE_COLUMNS, unitSearchText } from './rows';
import { rebuildFigureValues } from './figure-values';
import { searchRowid, UNITS_PER_SOURCE } from './representations';
import { isBlobReferenced } from './source-versions';

// Moving a library between engines, SQLite's side: every row of the library's tables as stored, and the
// import of such rows into an empty library (rows, blobs and the search index, all or nothing).

/** The columns of each library table, in the order both engines give them. */
export const LIBRARY_COLUMNS: Record<LibraryTable, readonly string[]> = {
  accounts: ['id', 'created_at'],
  api_keys: ['id', 'account_id', 'label', 'key_hash', 'created_at', 'revoked_at'],
  assets: [
    'id',
    'account_id',
    'sha256',
    'byte_length',
    'filename',
    'media_type',
    'title',
    'url',
    'domain',
    'publication_year',
    'source_type',
    'is_primary_source',
    'created_at',
  ],
  source_versions: [
    'id',
    'account_id',
    'asset_id',
    'sha256',
    'byte_length',
    'filename',
    'media_type',
    'title',
    'url',
    'domain',
    'publication_year',
    'source_type',
    'is_primary_source',
    'registered_at',
  ],
  representations: [
    'id',
    'source_version_id',
    'extractor_version',
    'format',
    'state',
    'code',
    'reason',
    'extraction_method',
    'lost_json',
    'created_at',
    'sheets_json',
  ],
  units: [
    'id',
    'representation_id',
    'unit_index',
    'kind',
    'extraction_method',
    'markdown',
    'page_json',
    'sheet_json',
  ],
  figures: FIGURE_COLUMNS,
};

export class LibraryNotEmptyError extends Error {
  constructor() {
    super('the library already holds an account: a library is imported only into an empty one');
  }
}

/** Checks one incoming row: a known table, in LIBRARY_TABLES order, with exactly that table's columns. */
export class LibraryRowChecker {
  private tableIndex = 0;
  private count = 0;

  check(row: LibraryRow): readonly string[] {
    this.count += 1;
    const index = LIBRARY_TABLES.indexOf(row.table);
    if (index < 0) throw new Error(`row ${this.count}: unknown table ${JSON.stringify(row.table)}`);
    if (index < this.tableIndex)
      throw new Error(
        `row ${this.count}: ${row.table} after ${LIBRARY_TABLES[this.tableIndex]} (rows come parents first)`,
      );
    this.tableIndex = index;
    const columns = LIBRARY_COLUMNS[row.table];
    const given = Object.keys(row.row);
    const missing = columns.filter((c) => !given.includes(c));
    const extra = given.filter((c) => !columns.includes(c));
    if (missing.length > 0 || extra.length > 0)
      throw new Error(
        `row ${this.count} of ${row.table}: ${[
          missing.length > 0 ? `missing ${missing.join(', ')}` : '',
          extra.length > 0 ? `unknown ${extra.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ')}`,
      );
    for (const c of columns) {
      const value = row.row[c];
      if (
        value !== null &&
        typeof value !== 'string' &&
        !(typeof value === 'number' && Number.isFinite(value))
      )
        throw new Error(`row ${this.count} of ${row.table}: ${c} is neither text, a finite number nor null`);
    }
    return columns;
  }
}

/** Bytes of a blob the import needs, checked against the sha256 that names them. */
export async function verifiedBlob(
  sha256: string,
  blobBytes: (sha256: string) => Promise<Buffer>,
): Promise<Buffer> {
  const bytes = await blobBytes(sha256);
  if (createHash('sha256').update(bytes).digest('hex') !== sha256)
    throw new Error(`the bytes given for blob ${sha256} do not match their sha256`);
  return bytes;
}

export function emptyCounts(): LibraryCounts {
  return {
    accounts: 0,
    api_keys: 0,
    assets: 0,
    source_versions: 0,
    representations: 0,
    units: 0,
    figures: 0,
    blobs: 0,
  };
}

/** Every row of the SQLite library, table by table, in insertion order (figures by their key). */
export async function* exportSqliteRows(db: Database): AsyncIterable<LibraryRow> {
  for (const table of LIBRARY_TABLES) {
    const order = table === 'figures' ? 'unit_id, figure_index' : 'rowid';
    const statement = db.prepare(
      `SELECT ${LIBRARY_COLUMNS[table].join(', ')} FROM ${table} ORDER BY ${order}`,
    );
    for (const row of statement.iterate()) yield { table, row: row as Record<string, LibraryValue> };
  }
}

/**
 * Imports a library into an empty SQLite store: rows, blobs and the search index, all or nothing. The
 * transaction stays open across the awaits of reading rows and blobs: run it on a store nothing else is
 * using (the CLI's `import` opens the data folder for itself), or other writes would join it.
 */
export async function importSqliteRows(
  db: Database,
  blobs: BlobStore,
  rows: AsyncIterable<LibraryRow>,
  blobBytes: (sha256: string) => Promise<Buffer>,
): Promise<LibraryCounts> {
  if (db.prepare('SELECT 1 AS x FROM accounts LIMIT 1').get()) throw new LibraryNotEmptyError();
  const counts = emptyCounts();
  const checker = new LibraryRowChecker();
  const named = new Set<string>();
  const staged: StagedBlob[] = [];
  const written: string[] = [];
  db.exec('BEGIN IMMEDIATE');
  try {
    // Checked again inside the transaction: nothing can have added an account in between.
    if (db.prepare('SELECT 1 AS x FROM accounts LIMIT 1').get()) throw new LibraryNotEmptyError();
    const inserts = new Map<LibraryTable, ReturnType<Database['prepare']>>();
    for await (const row of rows) {
      const columns = checker.check(row);
      let insert = inserts.get(row.table);
      if (!insert) {
        insert = db.prepare(
          `INSERT INTO ${row.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        inserts.set(row.table, insert);
      }
      insert.run(...columns.map((c) => row.row[c] ?? null));
      counts[row.table] += 1;
      if (row.table === 'assets' || row.table === 'source_versions') named.add(String(row.row.sha256));
    }
    for (const sha256 of [...named].sort()) {
      if (!(await blobs.has(sha256))) {
        const bytes = await verifiedBlob(sha256, blobBytes);
        const blob = await blobs.stage(
          (async function* () {
            yield bytes;
          })(),
          Math.max(1, bytes.byteLength),
        );
        staged.push(blob);
        await blobs.commit(blob);
        written.push(sha256);
      }
      counts.blobs += 1;
    }
    rebuildSqliteSearchIndex(db);
    rebuildFigureValues(db);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    for (const blob of staged) await blobs.discard(blob);
    for (const sha256 of written) blobs.removeUnused(sha256, () => !isBlobReferenced(db, sha256));
    throw error;
  }
  for (const blob of staged) await blobs.discard(blob);
  return counts;
}

/** The search index from the units of each source version's newest representation (as publishing writes). */
function rebuildSqliteSearchIndex(db: Database): void {
  const units = db
    .prepare(
      `SELECT s.rowid AS source, s.title, s.filename, u.unit_index, u.markdown, u.page_json
       FROM source_versions s
       JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                         ORDER BY created_at DESC, rowid DESC LIMIT 1)
       JOIN units u ON u.representation_id = r.id
       ORDER BY s.rowid, u.unit_index`,
    )
    .iterate() as Iterable<{
    source: number;
    title: string | null;
    filename: string;
    unit_index: number;
    markdown: string;
    page_json: string | null;
  }>;
  const insert = db.prepare('INSERT INTO unit_search (rowid, title, body) VALUES (?, ?, ?)');
  for (const unit of units) {
    if (unit.unit_index >= UNITS_PER_SOURCE)
      throw new Error(
        `unit ${unit.unit_index} is beyond the ${UNITS_PER_SOURCE - 1} units a source can index`,
      );
    const title = displayText(unit.title ?? '') || displayText(unit.filename);
    insert.run(
      searchRowid(unit.source, unit.unit_index),
      title,
      unitSearchText(unit.markdown, unit.page_json),
    );
  }
}
