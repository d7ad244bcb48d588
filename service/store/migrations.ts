/**
 * Versioned schema migrations. Append only: a migration that has shipped is never edited, a change is a
 * new entry. Each runs in its own transaction together with its row in `schema_migrations`.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const immutable = (table: string) => `
CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} are immutable'); END;
CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} are immutable'); END;`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, assets, source versions, representations, units, figures',
    sql: `
CREATE TABLE accounts (
  id          TEXT PRIMARY KEY,
  created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id          TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  label       TEXT NOT NULL,
  key_hash    TEXT NOT NULL UNIQUE,
  created_at  TEXT NOT NULL,
  revoked_at  TEXT
) STRICT;

CREATE TABLE assets (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  sha256            TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_length       INTEGER NOT NULL CHECK (byte_length > 0),
  filename          TEXT NOT NULL,
  media_type        TEXT NOT NULL,
  title             TEXT,
  url               TEXT,
  domain            TEXT,
  publication_year  INTEGER CHECK (publication_year BETWEEN 1000 AND 9999),
  source_type       TEXT,
  is_primary_source INTEGER CHECK (is_primary_source IN (0, 1)),
  created_at        TEXT NOT NULL
) STRICT;
CREATE INDEX assets_account ON assets(account_id);
CREATE INDEX assets_sha256 ON assets(sha256);

-- Retained original bytes: one row per (asset, bytes), never changed or removed.
CREATE TABLE source_versions (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  asset_id          TEXT NOT NULL REFERENCES assets(id),
  sha256            TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_length       INTEGER NOT NULL CHECK (byte_length > 0),
  filename          TEXT NOT NULL,
  media_type        TEXT NOT NULL,
  title             TEXT,
  url               TEXT,
  domain            TEXT,
  publication_year  INTEGER CHECK (publication_year BETWEEN 1000 AND 9999),
  source_type       TEXT,
  is_primary_source INTEGER CHECK (is_primary_source IN (0, 1)),
  registered_at     TEXT NOT NULL,
  UNIQUE (asset_id, sha256)
) STRICT;
CREATE INDEX source_versions_account ON source_versions(account_id);
${immutable('source_versions')}

CREATE TABLE representations (
  id                 TEXT PRIMARY KEY,
  source_version_id  TEXT NOT NULL REFERENCES source_versions(id),
  extractor_version  TEXT NOT NULL,
  format             TEXT NOT NULL,
  state              TEXT NOT NULL CHECK (state IN ('complete', 'partial', 'unsupported', 'error')),
  code               TEXT,
  reason             TEXT,
  extraction_method  TEXT NOT NULL CHECK (extraction_method IN ('text_layer', 'ocr', 'spreadsheet_cells', 'none')),
  lost_json          TEXT,
  created_at         TEXT NOT NULL,
  UNIQUE (source_version_id, extractor_version)
) STRICT;
${immutable('representations')}

CREATE TABLE units (
  id                 TEXT PRIMARY KEY,
  representation_id  TEXT NOT NULL REFERENCES representations(id),
  unit_index         INTEGER NOT NULL CHECK (unit_index >= 1),
  kind               TEXT NOT NULL CHECK (kind IN ('page', 'sheet')),
  extraction_method  TEXT NOT NULL CHECK (extraction_method IN ('text_layer', 'ocr', 'spreadsheet_cells', 'none')),
  markdown           TEXT NOT NULL,
  page_json          TEXT,
  sheet_json         TEXT,
  UNIQUE (representation_id, unit_index)
) STRICT;
${immutable('units')}

CREATE TABLE figures (
  unit_id       TEXT NOT NULL REFERENCES units(id),
  figure_index  INTEGER NOT NULL CHECK (figure_index >= 0),
  raw           TEXT NOT NULL,
  value         REAL NOT NULL,
  magnitude     REAL NOT NULL,
  sign          INTEGER NOT NULL CHECK (sign IN (-1, 1)),
  scale         REAL NOT NULL,
  unit          TEXT,
  unit_class    TEXT NOT NULL CHECK (unit_class IN ('percent', 'percentage_point', 'basis_point', 'currency', 'none')),
  accounting    INTEGER NOT NULL CHECK (accounting IN (0, 1)),
  ambiguous     INTEGER NOT NULL CHECK (ambiguous IN (0, 1)),
  position_json TEXT NOT NULL,
  PRIMARY KEY (unit_id, figure_index)
) STRICT, WITHOUT ROWID;
${immutable('figures')}
`,
  },
  {
    version: 2,
    name: 'representation tab names; figure spans',
    // Schema 1 shipped with the foundation, which published no representation, so its figures table is
    // empty. A figure has no span to carry over: the guard makes this migration fail (and roll back,
    // keeping every row) rather than drop one, should a schema-1 store ever hold figures.
    sql: `
ALTER TABLE representations ADD COLUMN sheets_json TEXT;

CREATE TEMP TABLE migration_2_guard (figures INTEGER NOT NULL CHECK (figures = 0));
INSERT INTO migration_2_guard SELECT count(*) FROM figures;
DROP TABLE migration_2_guard;

DROP TRIGGER figures_no_update;
DROP TRIGGER figures_no_delete;
DROP TABLE figures;
CREATE TABLE figures (
  unit_id       TEXT NOT NULL REFERENCES units(id),
  figure_index  INTEGER NOT NULL CHECK (figure_index >= 0),
  raw           TEXT NOT NULL,
  value         REAL NOT NULL,
  magnitude     REAL NOT NULL,
  sign          INTEGER NOT NULL CHECK (sign IN (-1, 1)),
  scale         REAL NOT NULL,
  unit          TEXT,
  unit_class    TEXT NOT NULL CHECK (unit_class IN ('percent', 'percentage_point', 'basis_point', 'currency', 'none')),
  accounting    INTEGER NOT NULL CHECK (accounting IN (0, 1)),
  ambiguous     INTEGER NOT NULL CHECK (ambiguous IN (0, 1)),
  span_start    INTEGER NOT NULL CHECK (span_start >= 0),
  span_end      INTEGER NOT NULL CHECK (span_end > span_start),
  position_json TEXT NOT NULL,
  PRIMARY KEY (unit_id, figure_index)
) STRICT, WITHOUT ROWID;
${immutable('figures')}
`,
  },
  {
    version: 3,
    name: 'full-text index of published units',
    // One row per unit of the newest representation of each source version, written in the same
    // transaction as the representation (service/store/representations.ts). Its rowid names the unit:
    // (source version rowid << 20) | unit index, so a search counts and filters sources from the index
    // alone. It keeps no copy of the text (contentless). Representations published under schema 2 are
    // indexed here.
    sql: `
CREATE VIRTUAL TABLE unit_search USING fts5(
  title,
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO unit_search (rowid, title, body)
  SELECT (s.rowid << 20) | u.unit_index, coalesce(s.title, s.filename), u.markdown
  FROM units u
  JOIN representations r ON r.id = u.representation_id
  JOIN source_versions s ON s.id = r.source_version_id
  WHERE r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                ORDER BY created_at DESC, rowid DESC LIMIT 1)
  ORDER BY 1;
`,
  },
  {
    version: 4,
    name: 'removal of a whole source version',
    // Retained rows stay immutable (every UPDATE is refused) and are never deleted one by one: a DELETE
    // passes only while the source version it belongs to is named in `source_removals`, which the store's
    // removal writes and clears in the same transaction as the deletes (service/store/source-versions.ts).
    sql: `
CREATE TABLE source_removals (
  source_version_id TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;

DROP TRIGGER source_versions_no_delete;
CREATE TRIGGER source_versions_no_delete BEFORE DELETE ON source_versions
WHEN NOT EXISTS (SELECT 1 FROM source_removals WHERE source_version_id = OLD.id)
BEGIN SELECT RAISE(ABORT, 'source_versions are immutable'); END;

DROP TRIGGER representations_no_delete;
CREATE TRIGGER representations_no_delete BEFORE DELETE ON representations
WHEN NOT EXISTS (SELECT 1 FROM source_removals WHERE source_version_id = OLD.source_version_id)
BEGIN SELECT RAISE(ABORT, 'representations are immutable'); END;

DROP TRIGGER units_no_delete;
CREATE TRIGGER units_no_delete BEFORE DELETE ON units
WHEN NOT EXISTS (SELECT 1 FROM source_removals x
                 JOIN representations r ON r.source_version_id = x.source_version_id
                 WHERE r.id = OLD.representation_id)
BEGIN SELECT RAISE(ABORT, 'units are immutable'); END;

DROP TRIGGER figures_no_delete;
CREATE TRIGGER figures_no_delete BEFORE DELETE ON figures
WHEN NOT EXISTS (SELECT 1 FROM source_removals x
                 JOIN representations r ON r.source_version_id = x.source_version_id
                 JOIN units u ON u.representation_id = r.id
                 WHERE u.id = OLD.unit_id)
BEGIN SELECT RAISE(ABORT, 'figures are immutable'); END;

CREATE INDEX source_versions_sha256 ON source_versions(sha256);
CREATE INDEX source_versions_account_registered ON source_versions(account_id, registered_at);
`,
  },
  {
    version: 5,
    name: 'figures by value',
    // One row per unambiguous figure of the newest representation of each source version, stored in the
    // order of its key, (account, value in base units with scale and sign applied), so a search walks the
    // values nearest its own without a lookup per row. Derived from the figures table (never a second
    // truth): publishing replaces a source version's rows in its transaction, a removal deletes them (no
    // foreign keys, as unit_search: a parent's delete would scan this table for each row); figures published
    // earlier are indexed here.
    sql: `
CREATE TABLE figure_values (
  account_id         TEXT NOT NULL,
  value              REAL NOT NULL,
  unit_id            TEXT NOT NULL,
  figure_index       INTEGER NOT NULL,
  unit_class         TEXT NOT NULL,
  unit               TEXT,
  source_version_id  TEXT NOT NULL,
  representation_id  TEXT NOT NULL,
  PRIMARY KEY (account_id, value, unit_id, figure_index)
) STRICT, WITHOUT ROWID;
CREATE INDEX figure_values_source ON figure_values(source_version_id);
INSERT INTO figure_values (account_id, value, unit_class, unit, source_version_id, representation_id,
                           unit_id, figure_index)
  SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, r.id, f.unit_id, f.figure_index
  FROM source_versions s
  JOIN representations r ON r.id = (SELECT id FROM representations WHERE source_version_id = s.id
                                    ORDER BY created_at DESC, rowid DESC LIMIT 1)
  JOIN units u ON u.representation_id = r.id
  JOIN figures f ON f.unit_id = u.id
  WHERE f.ambiguous = 0;
`,
  },
];
