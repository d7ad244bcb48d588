import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BlobStore } from './blobs';
import { openDatabase, transaction, type Database } from './database';
import { newId } from './ids';
import { accountForKey, createAccount, createKey, localAccount, type CreatedKey } from './keys';
import { lockDataFolder } from './lock';

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

/** The local service's persistent state: one data folder with `service.db` and the blob store. */
export class Store {
  private constructor(
    readonly dataDir: string,
    readonly db: Database,
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

  close(): void {
    this.db.close();
    this.unlock();
  }

  /**
   * A blob is renamed into place before its row commits; a crash between the two leaves bytes no row
   * names. They are not evidence of anything, so they go.
   */
  private async sweepUnreferencedBlobs(): Promise<void> {
    const referenced = this.db.prepare('SELECT 1 FROM assets WHERE sha256 = ? LIMIT 1');
    for (const sha of await this.blobs.list()) {
      if (!referenced.get(sha)) await this.blobs.remove(sha);
    }
  }

  // --- accounts and keys (store/keys.ts; the CLI uses those functions without taking the lock) ---

  createAccount(): string {
    return createAccount(this.db);
  }

  /** The single account of the embedded service (created on first use). */
  localAccount(): string {
    return localAccount(this.db);
  }

  createKey(label: string, accountId?: string): CreatedKey {
    return createKey(this.db, label, accountId);
  }

  accountForKey(key: string): string | null {
    return accountForKey(this.db, key);
  }

  // --- assets and source versions ----------------------------------------------------------------

  insertAsset(
    asset: NewAsset,
    alsoRegister: boolean,
  ): { asset: AssetRow; sourceVersion: SourceVersionRow | null } {
    return transaction(this.db, () => {
      const row: AssetRow = { ...asset, id: newId('ast'), created_at: now() };
      this.db
        .prepare(
          `INSERT INTO assets (id, account_id, sha256, byte_length, filename, media_type, title, url, domain,
             publication_year, source_type, is_primary_source, created_at)
           VALUES (:id, :account_id, :sha256, :byte_length, :filename, :media_type, :title, :url, :domain,
             :publication_year, :source_type, :is_primary_source, :created_at)`,
        )
        .run({ ...row });
      const sourceVersion = alsoRegister ? this.registerSourceVersion(row) : null;
      return { asset: row, sourceVersion };
    });
  }

  /** The asset, when it exists and belongs to the account; another account's asset is not there. */
  findAsset(accountId: string, assetId: string): AssetRow | null {
    return (
      (this.db.prepare('SELECT * FROM assets WHERE id = ? AND account_id = ?').get(assetId, accountId) as
        AssetRow | undefined) ?? null
    );
  }

  /** Registers the asset's bytes as a source version; the same bytes of the same asset give the same id. */
  registerSourceVersion(asset: AssetRow): SourceVersionRow {
    return transaction(this.db, () => {
      const existing = this.db
        .prepare('SELECT * FROM source_versions WHERE asset_id = ? AND sha256 = ?')
        .get(asset.id, asset.sha256) as SourceVersionRow | undefined;
      if (existing) return existing;
      const { id: assetId, created_at: _created, ...fields } = asset;
      const row: SourceVersionRow = { ...fields, id: newId('sv'), asset_id: assetId, registered_at: now() };
      this.db
        .prepare(
          `INSERT INTO source_versions (id, account_id, asset_id, sha256, byte_length, filename, media_type, title,
             url, domain, publication_year, source_type, is_primary_source, registered_at)
           VALUES (:id, :account_id, :asset_id, :sha256, :byte_length, :filename, :media_type, :title, :url,
             :domain, :publication_year, :source_type, :is_primary_source, :registered_at)`,
        )
        .run({ ...row });
      return row;
    });
  }

  findSourceVersion(accountId: string, sourceVersionId: string): SourceVersionRow | null {
    return (
      (this.db
        .prepare('SELECT * FROM source_versions WHERE id = ? AND account_id = ?')
        .get(sourceVersionId, accountId) as SourceVersionRow | undefined) ?? null
    );
  }
}

function now(): string {
  return new Date().toISOString();
}
