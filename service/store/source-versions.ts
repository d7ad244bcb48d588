import type { AssetRow, NewAsset, SourceVersionRow } from './contract';
import { transaction, type Database } from './database';
import { newId } from './ids';

// Assets (uploaded bytes and what was said about them) and source versions (their immutable registration).

/** Records an asset and, with `alsoRegister`, its source version, in one transaction. */
export function insertAsset(
  db: Database,
  asset: NewAsset,
  alsoRegister: boolean,
): { asset: AssetRow; sourceVersion: SourceVersionRow | null } {
  return transaction(db, () => {
    const row: AssetRow = { ...asset, id: newId('ast'), created_at: now() };
    db.prepare(
      `INSERT INTO assets (id, account_id, sha256, byte_length, filename, media_type, title, url, domain,
         publication_year, source_type, is_primary_source, created_at)
       VALUES (:id, :account_id, :sha256, :byte_length, :filename, :media_type, :title, :url, :domain,
         :publication_year, :source_type, :is_primary_source, :created_at)`,
    ).run({ ...row });
    const sourceVersion = alsoRegister ? registerSourceVersion(db, row) : null;
    return { asset: row, sourceVersion };
  });
}

/** The asset, when it exists and belongs to the account; another account's asset is not there. */
export function findAsset(db: Database, accountId: string, assetId: string): AssetRow | null {
  return (
    (db.prepare('SELECT * FROM assets WHERE id = ? AND account_id = ?').get(assetId, accountId) as
      AssetRow | undefined) ?? null
  );
}

/** Whether any asset names these bytes (the start-up sweep removes blobs no row names). */
export function isBlobReferenced(db: Database, sha256: string): boolean {
  return db.prepare('SELECT 1 FROM assets WHERE sha256 = ? LIMIT 1').get(sha256) !== undefined;
}

/** Registers the asset's bytes as a source version; the same bytes of the same asset give the same id. */
export function registerSourceVersion(db: Database, asset: AssetRow): SourceVersionRow {
  return transaction(db, () => {
    const existing = db
      .prepare('SELECT * FROM source_versions WHERE asset_id = ? AND sha256 = ?')
      .get(asset.id, asset.sha256) as SourceVersionRow | undefined;
    if (existing) return existing;
    const { id: assetId, created_at: _created, ...fields } = asset;
    const row: SourceVersionRow = { ...fields, id: newId('sv'), asset_id: assetId, registered_at: now() };
    db.prepare(
      `INSERT INTO source_versions (id, account_id, asset_id, sha256, byte_length, filename, media_type, title,
         url, domain, publication_year, source_type, is_primary_source, registered_at)
       VALUES (:id, :account_id, :asset_id, :sha256, :byte_length, :filename, :media_type, :title, :url,
         :domain, :publication_year, :source_type, :is_primary_source, :registered_at)`,
    ).run({ ...row });
    return row;
  });
}

export function findSourceVersion(
  db: Database,
  accountId: string,
  sourceVersionId: string,
): SourceVersionRow | null {
  return (
    (db
      .prepare('SELECT * FROM source_versions WHERE id = ? AND account_id = ?')
      .get(sourceVersionId, accountId) as SourceVersionRow | undefined) ?? null
  );
}

function now(): string {
  return new Date().toISOString();
}
