import type { AssetRow, ListedSourceVersion, NewAsset, SourceVersionRow } from './contract';
import { transaction, type Database } from './database';
import { newId } from './ids';
import { removeFigureValues } from './figure-values';
import { searchRowid } from './representations';
import { listedOf, type ListedRow } from './rows';

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

/**
 * Whether any asset or source version, of any account, names these bytes (the start-up sweep and a
 * removal delete only blobs no row names).
 */
export function isBlobReferenced(db: Database, sha256: string): boolean {
  return (
    (
      db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM assets WHERE sha256 = :sha)
             OR EXISTS (SELECT 1 FROM source_versions WHERE sha256 = :sha) AS used`,
        )
        .get({ sha: sha256 }) as { used: number }
    ).used === 1
  );
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

/**
 * Every source version of the account, newest registration first, each with its newest representation
 * summarised (unit count, lost parts): one query, whatever the number of sources.
 */
export function listSourceVersions(db: Database, accountId: string): ListedSourceVersion[] {
  const rows = db
    .prepare(
      `SELECT s.*, r.id AS rep_id, r.state AS rep_state, r.code AS rep_code, r.reason AS rep_reason,
              r.extraction_method AS rep_method, r.lost_json AS rep_lost,
              (SELECT count(*) FROM units u WHERE u.representation_id = r.id) AS rep_units
       FROM source_versions s
       LEFT JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                              ORDER BY created_at DESC, rowid DESC LIMIT 1)
       WHERE s.account_id = ?
       ORDER BY s.registered_at DESC, s.rowid DESC`,
    )
    .all(accountId) as unknown as ListedRow[];
  return rows.map(listedOf);
}

/** What a removal took away: the bytes whose blob no row names any more (to delete after the commit). */
export interface Removal {
  unreferencedSha256: string | null;
}

/**
 * Removes a source version of the account with its representations, units, figures and search index
 * rows, its asset when no other source version names it, in one transaction; null when the account has
 * no such source version. The immutability triggers let these deletes through only while the source
 * version is named in `source_removals` (migration 4), which is cleared before the commit.
 */
export function removeSourceVersion(
  db: Database,
  accountId: string,
  sourceVersionId: string,
): Removal | null {
  return transaction(db, () => {
    const source = db
      .prepare('SELECT rowid, id, asset_id, sha256 FROM source_versions WHERE id = ? AND account_id = ?')
      .get(sourceVersionId, accountId) as
      { rowid: number; id: string; asset_id: string; sha256: string } | undefined;
    if (!source) return null;
    db.prepare('INSERT INTO source_removals (source_version_id) VALUES (?)').run(source.id);
    removeFigureValues(db, source.id);
    db.prepare(
      `DELETE FROM figures WHERE unit_id IN (
         SELECT u.id FROM units u JOIN representations r ON r.id = u.representation_id
         WHERE r.source_version_id = ?)`,
    ).run(source.id);
    db.prepare(
      `DELETE FROM units WHERE representation_id IN (
         SELECT id FROM representations WHERE source_version_id = ?)`,
    ).run(source.id);
    db.prepare('DELETE FROM representations WHERE source_version_id = ?').run(source.id);
    db.prepare('DELETE FROM unit_search WHERE rowid >= ? AND rowid < ?').run(
      searchRowid(source.rowid, 0),
      searchRowid(source.rowid + 1, 0),
    );
    db.prepare('DELETE FROM source_versions WHERE id = ?').run(source.id);
    db.prepare('DELETE FROM source_removals WHERE source_version_id = ?').run(source.id);
    db.prepare(
      'DELETE FROM assets WHERE id = ? AND NOT EXISTS (SELECT 1 FROM source_versions WHERE asset_id = ?)',
    ).run(source.asset_id, source.asset_id);
    return { unreferencedSha256: isBlobReferenced(db, source.sha256) ? null : source.sha256 };
  });
}

function now(): string {
  return new Date().toISOString();
}
