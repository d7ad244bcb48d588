import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Representation, Unit } from '../../shared/api';
import type { Extraction } from '../extract/extract';
import { RateLimiter } from '../http/rate-limit';
import { BlobStore } from './blobs';
import type {
  AssetRow,
  CreatedKey,
  EvidenceStore,
  FigureValueQuery,
  FigureValueResult,
  LibraryCounts,
  LibraryRow,
  LibraryTransfer,
  ListedSourceVersion,
  NewAsset,
  RateLimit,
  SearchIndexFilters,
  SearchIndexQuery,
  SearchIndexResult,
  SourceVersionRow,
} from './contract';
import { openDatabase, type Database } from './database';
import { figuresByValue } from './figure-values';
import { accountForKey, createAccount, createKey, localAccount } from './keys';
import { exportSqliteRows, importSqliteRows } from './library-rows';
import { lockDataFolder } from './lock';
import {
  findPublished,
  isRepresentationOf,
  loadRepresentation,
  loadUnit,
  loadUnits,
  publishRepresentation,
} from './representations';
import { countSearchableSources, searchIndex } from './search-index';
import {
  findAsset,
  findSourceVersion,
  insertAsset,
  isBlobReferenced,
  listSourceVersions,
  registerSourceVersion,
  removeSourceVersion,
} from './source-versions';

/**
 * The local service's persistent state on SQLite: one data folder with `service.db` and the blob store.
 * The operations see it as an `EvidenceStore` (contract.ts); its database never leaves service/store/.
 */
export class Store implements EvidenceStore, LibraryTransfer {
  private constructor(
    readonly dataDir: string,
    private readonly db: Database,
    readonly blobs: BlobStore,
    private readonly unlock: () => void,
  ) {}

  static async open(dataDir: string): Promise<Store> {
    mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataFolder(dataDir);
    try {
      const db = openDatabase(join(dataDir, 'service.db'));
      const blobs = new BlobStore(dataDir);
      await blobs.init();
      const store = new Store(dataDir, db, blobs, unlock);
      await store.sweepUnreferencedBlobs();
      return store;
    } catch (error) {
      unlock();
      throw error;
    }
  }

  /**
   * Tests only (and the search bench's bare-FTS5 baseline): the database itself, for invariants no store
   * method shows. tests/service/store/boundary.test.ts refuses it anywhere else.
   */
  static databaseForTests(store: Store): Database {
    return store.db;
  }

  close(): void {
    this.db.close();
    this.unlock();
  }

  /**
   * A blob is renamed into place before its row commits; a crash between the two leaves bytes no row
   * names. They are not evidence of anything, so they go.
   */
  private async sweepUnreferencedBlobs(): Promise<void> {
    for (const sha of await this.blobs.list()) {
      if (!isBlobReferenced(this.db, sha)) await this.blobs.remove(sha);
    }
  }

  // --- accounts and keys (store/keys.ts; the CLI uses createKeyInDataFolder, without the lock) ---

  async createAccount(): Promise<string> {
    return createAccount(this.db);
  }

  async localAccount(): Promise<string> {
    return localAccount(this.db);
  }

  async createKey(label: string, accountId?: string): Promise<CreatedKey> {
    return createKey(this.db, label, accountId);
  }

  async accountForKey(key: string): Promise<string | null> {
    return accountForKey(this.db, key);
  }

  /** One process owns a data folder, so its buckets live in this process's memory. */
  rateLimiter(perMinute: number): RateLimit {
    return new RateLimiter(perMinute);
  }

  // --- assets and source versions (store/source-versions.ts) ---

  async insertAsset(
    asset: NewAsset,
    alsoRegister: boolean,
  ): Promise<{ asset: AssetRow; sourceVersion: SourceVersionRow | null }> {
    return insertAsset(this.db, asset, alsoRegister);
  }

  async findAsset(accountId: string, assetId: string): Promise<AssetRow | null> {
    return findAsset(this.db, accountId, assetId);
  }

  async registerSourceVersion(asset: AssetRow): Promise<SourceVersionRow> {
    return registerSourceVersion(this.db, asset);
  }

  async findSourceVersion(accountId: string, sourceVersionId: string): Promise<SourceVersionRow | null> {
    return findSourceVersion(this.db, accountId, sourceVersionId);
  }

  async listSourceVersions(accountId: string): Promise<ListedSourceVersion[]> {
    return listSourceVersions(this.db, accountId);
  }

  async removeSourceVersion(accountId: string, sourceVersionId: string): Promise<boolean> {
    const removal = removeSourceVersion(this.db, accountId, sourceVersionId);
    if (!removal) return false;
    // After the commit: the rows are gone for good, so bytes no row names go too (checked again, now).
    const sha = removal.unreferencedSha256;
    try {
      if (sha !== null) this.blobs.removeUnused(sha, () => !isBlobReferenced(this.db, sha));
    } catch {
      // The rows are gone either way; bytes left on disk that no row names are swept at the next start.
    }
    return true;
  }

  // --- representations, units and figures (store/representations.ts) ---

  async findPublishedRepresentation(
    sourceVersionId: string,
    extractorVersion: string,
  ): Promise<string | null> {
    return findPublished(this.db, sourceVersionId, extractorVersion);
  }

  async publishRepresentation(
    sourceVersionId: string,
    extractorVersion: string,
    extraction: Extraction,
  ): Promise<string> {
    return publishRepresentation(this.db, sourceVersionId, extractorVersion, extraction);
  }

  async loadRepresentation(accountId: string, representationId: string): Promise<Representation | null> {
    return loadRepresentation(this.db, accountId, representationId);
  }

  async isRepresentationOf(sourceVersionId: string, representationId: string): Promise<boolean> {
    return isRepresentationOf(this.db, sourceVersionId, representationId);
  }

  async loadUnit(representationId: string, unitId: string): Promise<Unit | null> {
    return loadUnit(this.db, representationId, unitId);
  }

  async loadUnits(unitIds: readonly string[]): Promise<Unit[]> {
    return loadUnits(this.db, unitIds);
  }

  // --- the search index (store/search-index.ts) ---

  async searchIndex(
    accountId: string,
    query: SearchIndexQuery,
    filters: SearchIndexFilters,
    limit: number,
    exactTotal = true,
  ): Promise<SearchIndexResult> {
    return searchIndex(this.db, accountId, query, filters, limit, exactTotal);
  }

  async countSearchableSources(accountId: string): Promise<number> {
    return countSearchableSources(this.db, accountId);
  }

  async figuresByValue(
    accountId: string,
    query: FigureValueQuery,
    filters: SearchIndexFilters,
    limit: number,
  ): Promise<FigureValueResult> {
    return figuresByValue(this.db, accountId, query, filters, limit);
  }

  // --- moving a library between engines (store/library-rows.ts) ---

  exportRows(): AsyncIterable<LibraryRow> {
    return exportSqliteRows(this.db);
  }

  async importRows(
    rows: AsyncIterable<LibraryRow>,
    blobBytes: (sha256: string) => Promise<Buffer>,
  ): Promise<LibraryCounts> {
    return importSqliteRows(this.db, this.blobs, rows, blobBytes);
  }
}

/**
 * `keys create` of the CLI: a key in the data folder's database, without taking the folder's lock (only
 * a row is added, which SQLite coordinates itself), so keys can be made while the service runs.
 */
export function createKeyInDataFolder(dataDir: string, label: string, accountId?: string): CreatedKey {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, 'service.db'));
  try {
    return createKey(db, label, accountId);
  } finally {
    db.close();
  }
}
