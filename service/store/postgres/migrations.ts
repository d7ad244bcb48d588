import type { Migration } from '../migrations';

/**
 * The PostgreSQL engine's versioned schema migrations. Append only: a migration that has shipped is never
 * edited, a change is a new entry. Each runs in its own transaction with its row in `schema_migrations`,
 * under an advisory lock so two processes migrating at once apply each migration once.
 *
 * The library's tables have the same names and columns as the SQLite engine's (service/store/migrations.ts),
 * with TEXT timestamps and JSON text, so rows move between engines unchanged. Each also has a `seq` column
 * (insertion order, what SQLite's rowid gives): orderings and tie-breaks follow it; it never leaves the engine.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, assets, source versions, representations, units, figures, search, blobs, rate limits',
    sql: `
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE accounts (
  seq         BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id          TEXT PRIMARY KEY,
  created_at  TEXT NOT NULL
);

CREATE TABLE api_keys (
  seq         BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id          TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  label       TEXT NOT NULL,
  key_hash    TEXT NOT NULL UNIQUE,
  created_at  TEXT NOT NULL,
  revoked_at  TEXT
);

CREATE TABLE assets (
  seq               BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  sha256            TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_length       BIGINT NOT NULL CHECK (byte_length > 0),
  filename          TEXT NOT NULL,
  media_type        TEXT NOT NULL,
  title             TEXT,
  url               TEXT,
  domain            TEXT,
  publication_year  BIGINT CHECK (publication_year BETWEEN 1000 AND 9999),
  source_type       TEXT,
  is_primary_source BIGINT CHECK (is_primary_source IN (0, 1)),
  created_at        TEXT NOT NULL
);
CREATE INDEX assets_account ON assets(account_id);
CREATE INDEX assets_sha256 ON assets(sha256);

CREATE TABLE source_versions (
  seq               BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  asset_id          TEXT NOT NULL REFERENCES assets(id),
  sha256            TEXT NOT NULL CHECK (length(sha256) = 64),
  byte_length       BIGINT NOT NULL CHECK (byte_length > 0),
  filename          TEXT NOT NULL,
  media_type        TEXT NOT NULL,
  title             TEXT,
  url               TEXT,
  domain            TEXT,
  publication_year  BIGINT CHECK (publication_year BETWEEN 1000 AND 9999),
  source_type       TEXT,
  is_primary_source BIGINT CHECK (is_primary_source IN (0, 1)),
  registered_at     TEXT NOT NULL,
  UNIQUE (asset_id, sha256)
);
CREATE INDEX source_versions_account_registered ON source_versions(account_id, registered_at);
CREATE INDEX source_versions_sha256 ON source_versions(sha256);

CREATE TABLE representations (
  seq                BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
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
  sheets_json        TEXT,
  UNIQUE (source_version_id, extractor_version)
);

CREATE TABLE units (
  seq                BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id                 TEXT PRIMARY KEY,
  representation_id  TEXT NOT NULL REFERENCES representations(id),
  unit_index         BIGINT NOT NULL CHECK (unit_index >= 1),
  kind               TEXT NOT NULL CHECK (kind IN ('page', 'sheet')),
  extraction_method  TEXT NOT NULL CHECK (extraction_method IN ('text_layer', 'ocr', 'spreadsheet_cells', 'none')),
  markdown           TEXT NOT NULL,
  page_json          TEXT,
  sheet_json         TEXT,
  UNIQUE (representation_id, unit_index)
);

CREATE TABLE figures (
  seq           BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  unit_id       TEXT NOT NULL REFERENCES units(id),
  figure_index  BIGINT NOT NULL CHECK (figure_index >= 0),
  raw           TEXT NOT NULL,
  value         DOUBLE PRECISION NOT NULL,
  magnitude     DOUBLE PRECISION NOT NULL,
  sign          BIGINT NOT NULL CHECK (sign IN (-1, 1)),
  scale         DOUBLE PRECISION NOT NULL,
  unit          TEXT,
  unit_class    TEXT NOT NULL CHECK (unit_class IN ('percent', 'percentage_point', 'basis_point', 'currency', 'none')),
  accounting    BIGINT NOT NULL CHECK (accounting IN (0, 1)),
  ambiguous     BIGINT NOT NULL CHECK (ambiguous IN (0, 1)),
  span_start    BIGINT NOT NULL CHECK (span_start >= 0),
  span_end      BIGINT NOT NULL CHECK (span_end > span_start),
  position_json TEXT NOT NULL,
  PRIMARY KEY (unit_id, figure_index)
);

-- Immutable rows: every UPDATE is refused, and every DELETE except while the whole source version is being
-- removed, which the removal names in the transaction-local setting evidence.removing (service/store/postgres).
CREATE FUNCTION evidence_removing() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT coalesce(current_setting('evidence.removing', true), '') $$;

CREATE FUNCTION evidence_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF TG_TABLE_NAME = 'source_versions' THEN
      owner := OLD.id;
    ELSIF TG_TABLE_NAME = 'representations' THEN
      owner := OLD.source_version_id;
    ELSIF TG_TABLE_NAME = 'units' THEN
      SELECT r.source_version_id INTO owner FROM representations r WHERE r.id = OLD.representation_id;
    ELSIF TG_TABLE_NAME = 'figures' THEN
      SELECT r.source_version_id INTO owner FROM units u JOIN representations r ON r.id = u.representation_id
        WHERE u.id = OLD.unit_id;
    END IF;
    IF owner IS NOT NULL AND owner = evidence_removing() THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% are immutable', TG_TABLE_NAME;
END $$;

CREATE TRIGGER source_versions_immutable BEFORE UPDATE OR DELETE ON source_versions
  FOR EACH ROW EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER representations_immutable BEFORE UPDATE OR DELETE ON representations
  FOR EACH ROW EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER units_immutable BEFORE UPDATE OR DELETE ON units
  FOR EACH ROW EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER figures_immutable BEFORE UPDATE OR DELETE ON figures
  FOR EACH ROW EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER source_versions_no_truncate BEFORE TRUNCATE ON source_versions
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER representations_no_truncate BEFORE TRUNCATE ON representations
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER units_no_truncate BEFORE TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_refuse_change();
CREATE TRIGGER figures_no_truncate BEFORE TRUNCATE ON figures
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_refuse_change();

-- The text the search index and its queries see: accents removed, ASCII punctuation a word break, as
-- SQLite's unicode61 tokenizer with remove_diacritics 2 (the 'simple' configuration then lower-cases).
CREATE FUNCTION evidence_search_text(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT regexp_replace(unaccent(t), '[[:punct:]]+', ' ', 'g') $$;

-- The search index: one row per part of each unit of each source version's newest representation,
-- written in the same transaction as the representation. Title weight A, body weight D (ranked 4 : 1). A
-- unit's text is indexed in parts of at most 100,000 characters (a tsvector holds at most 1 MB).
CREATE TABLE unit_search (
  source_version_id  TEXT NOT NULL REFERENCES source_versions(id),
  unit_index         BIGINT NOT NULL,
  part               INTEGER NOT NULL CHECK (part >= 0),
  representation_id  TEXT NOT NULL REFERENCES representations(id),
  unit_id            TEXT NOT NULL REFERENCES units(id),
  account_id         TEXT NOT NULL,
  document           tsvector NOT NULL,
  PRIMARY KEY (source_version_id, unit_index, part)
);
CREATE INDEX unit_search_document ON unit_search USING GIN (document);
CREATE INDEX unit_search_account ON unit_search(account_id);

-- Retained bytes, content-addressed, in 1 MiB chunks; a hold keeps a blob from its commit until the row
-- naming it is recorded (an hour-old hold is a crashed instance's, swept at open).
CREATE TABLE blobs (
  sha256       TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  byte_length  BIGINT NOT NULL CHECK (byte_length >= 0)
);
CREATE TABLE blob_chunks (
  sha256  TEXT NOT NULL REFERENCES blobs(sha256) ON DELETE CASCADE,
  seq     INTEGER NOT NULL CHECK (seq >= 0),
  data    BYTEA NOT NULL,
  PRIMARY KEY (sha256, seq)
);
CREATE TABLE blob_holds (
  id          TEXT PRIMARY KEY,
  sha256      TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX blob_holds_sha256 ON blob_holds(sha256);

-- Token buckets shared by every service instance on this database, timed by the database's clock.
CREATE TABLE rate_buckets (
  bucket        TEXT PRIMARY KEY,
  tokens        DOUBLE PRECISION NOT NULL,
  updated       TIMESTAMPTZ NOT NULL,
  last_allowed  BOOLEAN NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'figures by value',
    // As SQLite's migration 5: the unambiguous figures of each source version's newest representation,
    // keyed by (account, value in base units) for a search by value; derived from figures, replaced by a
    // publish and deleted by a removal in their transactions (no foreign keys: a parent's delete would check
    // this table for each row). Figures published earlier are indexed here.
    sql: `
CREATE TABLE figure_values (
  account_id         TEXT NOT NULL,
  value              DOUBLE PRECISION NOT NULL,
  unit_id            TEXT NOT NULL,
  figure_index       BIGINT NOT NULL,
  unit_class         TEXT NOT NULL,
  unit               TEXT,
  source_version_id  TEXT NOT NULL,
  representation_id  TEXT NOT NULL,
  PRIMARY KEY (unit_id, figure_index)
);
CREATE INDEX figure_values_account_value ON figure_values(account_id, value);
CREATE INDEX figure_values_source ON figure_values(source_version_id);
INSERT INTO figure_values (account_id, value, unit_class, unit, source_version_id, representation_id,
                           unit_id, figure_index)
  SELECT s.account_id, f.value, f.unit_class, f.unit, s.id, r.id, f.unit_id, f.figure_index
  FROM source_versions s
  JOIN LATERAL (SELECT id FROM representations WHERE source_version_id = s.id
                ORDER BY created_at DESC, seq DESC LIMIT 1) r ON true
  JOIN units u ON u.representation_id = r.id
  JOIN figures f ON f.unit_id = u.id
  WHERE f.ambiguous = 0;
`,
  },
];
