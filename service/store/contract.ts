import type { LostPart, Representation, Unit, UnitClass } from '../../shared/api';
import type { Extraction } from '../extract/extract';
import type { StagedBlob } from './blobs';

// The store's contract: what the operations (service/operations, service/search) and the HTTP layer may
// ask of the service's persistent state. Every SQL query lives behind it, in service/store/; the SQLite
// engine (store.ts) implements it today, and a second engine (PostgreSQL) implements the same interface
// without the operations changing. Methods the operations call return promises, as a networked engine's
// would.

export interface AssetRow {
  id: string;
  account_id: string;
  sha256: string;
  byte_length: number;
  filename: string;
  media_type: string;
  title: string | null;
  url: string | null;
  domain: string | null;
  publication_year: number | null;
  source_type: string | null;
  is_primary_source: 0 | 1 | null;
  created_at: string;
}

export interface SourceVersionRow extends Omit<AssetRow, 'id' | 'created_at'> {
  id: string;
  asset_id: string;
  registered_at: string;
}

export type NewAsset = Omit<AssetRow, 'id' | 'created_at'>;

/** A source version as the list shows it: its row, and its newest representation without the units. */
export interface ListedSourceVersion {
  source: SourceVersionRow;
  newestRepresentation: {
    id: string;
    state: Representation['state'];
    code: Representation['code'];
    reason: string | null;
    extraction_method: Representation['extraction_method'];
    unit_count: number;
    /** Pages or sheets that could not be read; empty when none. */
    lost: LostPart[];
  } | null;
}

export interface CreatedKey {
  /** The key itself: shown once, never stored. */
  key: string;
  keyId: string;
  accountId: string;
}

/** The retained bytes, content-addressed: nothing is in the store until `commit`; every read is verified. */
export interface BlobStorage {
  /** Streams bytes to staging, hashing them; `BlobTooLargeError` past `maxBytes`. */
  stage(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedBlob>;
  /**
   * Makes staged bytes durable under their hash. From here until `discard(staged)` the blob is held:
   * a removal running meanwhile leaves it in place, so the row the caller is about to record never
   * names missing bytes.
   */
  commit(staged: StagedBlob): Promise<void>;
  /** Forgets staged bytes, and releases the hold of `commit` (call it once the row is recorded, or not). */
  discard(staged: StagedBlob): Promise<void>;
  has(sha256: string): Promise<boolean>;
  /** The whole blob, verified against its hash (`BlobCorruptError` otherwise). */
  read(sha256: string): Promise<Buffer>;
}

/** Search filters, already checked by the caller: domains bare and lower case (service/search/domains.ts). */
export interface SearchIndexFilters {
  source_type?: readonly string[];
  is_primary_source?: boolean;
  publication_year?: { from?: number; to?: number };
  domain?: readonly string[];
}

/** What to look for: phrases of lower-case words; `all` of them in a unit, or `any`. */
export interface SearchIndexQuery {
  phrases: readonly (readonly string[])[];
  match: 'all' | 'any';
}

/** A source that matched, with its best unit (of its newest representation) and what a citation shows. */
export interface SearchCandidate {
  /** How well the unit matched, title weighted 4×: higher is better, comparable within one search only. */
  relevance: number;
  source_version_id: string;
  title: string | null;
  filename: string;
  url: string | null;
  domain: string | null;
  publication_year: number | null;
  source_type: string | null;
  is_primary_source: 0 | 1 | null;
  sha256: string;
  registered_at: string;
  representation_id: string;
  representation_state: string;
  unit_id: string;
  unit_markdown: string;
  /** The unit's page object as stored (JSON; its tables name the cells a search can cite), or null. */
  unit_page: string | null;
}

export interface SearchIndexResult {
  /** The best-matching sources that pass the filters, best first by relevance: at most 3 × `limit`. */
  candidates: SearchCandidate[];
  /** Every source of the account that matched and passed the filters, not only the candidates. */
  total: number;
}

/** Figures in range are counted up to this many: a range of most of a library is not worth a scan to say so. */
export const FIGURE_COUNT_CEILING = 10_000;

/** A range of values in base units (scale and sign applied), and the unit classes a figure may have. */
export interface FigureValueQuery {
  low: number;
  high: number;
  /** Candidates are read nearest this value first. */
  target: number;
  /** Null: any unit class. */
  unitClasses: readonly UnitClass[] | null;
}

/** A figure of a source version's newest representation whose value lies in range, with its source. */
export interface FigureValueCandidate {
  source_version_id: string;
  representation_id: string;
  unit_id: string;
  figure_index: number;
  value: number;
  /** The SHA-256 of the source's bytes: what orders equal figures without the ids the store gave. */
  sha256: string;
  title: string | null;
  filename: string;
  url: string | null;
  domain: string | null;
  publication_year: number | null;
  source_type: string | null;
}

export interface FigureValueResult {
  /** Nearest the target first (then by unit and figure): at most `limit`. */
  candidates: FigureValueCandidate[];
  /** Every figure of the account in range, of a fitting class, that passes the filters, up to the ceiling. */
  total: number;
}

/** Accounts and API keys. */
export interface AccountStore {
  createAccount(): Promise<string>;
  /** The single account of the embedded service (created on first use). */
  localAccount(): Promise<string>;
  /** A key for a new account (or `accountId`); only its sha256 is stored. */
  createKey(label: string, accountId?: string): Promise<CreatedKey>;
  /** The account a presented key belongs to, or null for an unknown or revoked key. */
  accountForKey(key: string): Promise<string | null>;
}

/**
 * Per-key rate limiting: a token bucket of `perMinute` requests a minute. One engine's limiter is shared by
 * every service instance on the same store (an embedded data folder has one process; a database, many).
 */
export interface RateLimit {
  readonly perMinute: number;
  /** Takes one token for `bucket`; 0 when allowed, else the whole seconds to wait. */
  take(bucket: string): Promise<number>;
}

/** The service's persistent state, as the operations see it. */
export interface EvidenceStore extends AccountStore {
  readonly blobs: BlobStorage;

  /** The rate limiter of `perMinute` requests a minute per bucket, shared wherever this store is. */
  rateLimiter(perMinute: number): RateLimit;

  // --- assets and source versions (an id of another account is not there: null) ---

  /** Records an asset and, with `alsoRegister`, its source version: both or neither. */
  insertAsset(
    asset: NewAsset,
    alsoRegister: boolean,
  ): Promise<{ asset: AssetRow; sourceVersion: SourceVersionRow | null }>;
  findAsset(accountId: string, assetId: string): Promise<AssetRow | null>;
  /** Registers the asset's bytes as a source version; the same bytes of the same asset give the same id. */
  registerSourceVersion(asset: AssetRow): Promise<SourceVersionRow>;
  findSourceVersion(accountId: string, sourceVersionId: string): Promise<SourceVersionRow | null>;
  /** Every source version of the account, newest registration first, with its newest representation. */
  listSourceVersions(accountId: string): Promise<ListedSourceVersion[]>;
  /**
   * Removes the account's source version with its representations, units, figures and search index
   * rows, and its asset when no other source version names it, all or nothing; then its bytes when no
   * asset or source version of any account names them (after the commit). False: no such source version.
   */
  removeSourceVersion(accountId: string, sourceVersionId: string): Promise<boolean>;

  // --- representations, units and figures: written once, never changed ---

  /** The representation already published for these bytes by this extractor version, if any. */
  findPublishedRepresentation(sourceVersionId: string, extractorVersion: string): Promise<string | null>;
  /**
   * Stores an extraction as a representation with its units and figures, and puts its units in the
   * search index in place of older ones, all or nothing (or returns the one already there); its id.
   */
  publishRepresentation(
    sourceVersionId: string,
    extractorVersion: string,
    extraction: Extraction,
  ): Promise<string>;
  /** The representation as the API shows it, when it exists and its source belongs to the account. */
  loadRepresentation(accountId: string, representationId: string): Promise<Representation | null>;
  /** Whether the representation exists and is one of that source version. */
  isRepresentationOf(sourceVersionId: string, representationId: string): Promise<boolean>;
  /** One unit of a representation with its figures, or null when the representation has no such unit. */
  loadUnit(representationId: string, unitId: string): Promise<Unit | null>;
  /** Units with their figures, by id, in one read (ids from the account's own index); missing ids left out. */
  loadUnits(unitIds: readonly string[]): Promise<Unit[]>;

  // --- the search index: the units of each source version's newest representation ---

  /**
   * The account's sources whose units match, filtered, as candidates for a page of `limit` results.
   * `exactTotal` false: a caller that reads only the candidates takes a lower bound for `total` (at least
   * the candidates found, never 0 when one matched), so the engine may skip counting every match.
   */
  searchIndex(
    accountId: string,
    query: SearchIndexQuery,
    filters: SearchIndexFilters,
    limit: number,
    exactTotal?: boolean,
  ): Promise<SearchIndexResult>;
  /** How many of the account's sources have a representation to search. */
  countSearchableSources(accountId: string): Promise<number>;

  // --- figures by value: the unambiguous figures of each source version's newest representation ---

  /** The account's figures whose value lies in the range, filtered on their sources, nearest first. */
  figuresByValue(
    accountId: string,
    query: FigureValueQuery,
    filters: SearchIndexFilters,
    limit: number,
  ): Promise<FigureValueResult>;
}

// --- moving a library between engines (`npm run service -- export` / `import`) ---

/**
 * The library's tables, parents before children. Both engines hold them with the same names and columns
 * (the search index is derived from units and rebuilt by `importRows`; migrations' bookkeeping, rate
 * buckets and blob holds are each engine's own and never move).
 */
export const LIBRARY_TABLES = [
  'accounts',
  'api_keys',
  'assets',
  'source_versions',
  'representations',
  'units',
  'figures',
] as const;
export type LibraryTable = (typeof LIBRARY_TABLES)[number];

/** A cell as both engines give it: text, a number (integers and reals alike), or null. */
export type LibraryValue = string | number | null;

/** One row of one table, column by column, exactly as stored (ids, timestamps and JSON text unchanged). */
export interface LibraryRow {
  table: LibraryTable;
  row: Record<string, LibraryValue>;
}

export type LibraryCounts = Record<LibraryTable, number> & { blobs: number };

/** Export and import of a whole library, ids kept, for moving it between engines. */
export interface LibraryTransfer {
  /** Every row of the library, table by table in `LIBRARY_TABLES` order. */
  exportRows(): AsyncIterable<LibraryRow>;
  /**
   * Writes `rows` (in `LIBRARY_TABLES` order) into this library, which must hold no account yet (refused
   * otherwise, nothing written): every row, the blob of every sha256 an asset or source version names
   * (read through `blobBytes`, which verifies it against its hash), and the search index rebuilt from the
   * units, all or nothing.
   */
  importRows(
    rows: AsyncIterable<LibraryRow>,
    blobBytes: (sha256: string) => Promise<Buffer>,
  ): Promise<LibraryCounts>;
}
