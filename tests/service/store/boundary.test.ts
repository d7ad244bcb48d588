import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every SQL query lives in service/store/: the operations, search, the HTTP layer, the CLI and
// the app reach the database only through the store's contract (service/store/contract.ts), so a second
// engine needs no change outside service/store/. This reads the source and refuses anything else.

const ROOT = process.cwd();

/**
 * What code outside service/store/ may import from it: the contract, the engines and the choice between
 * them (store, postgres, open), blobs, the lock, and the library's export format (transfer).
 */
const STORE_MODULES_ALLOWED = new Set(['contract', 'store', 'postgres', 'open', 'blobs', 'lock', 'transfer']);

/** SQL as this code base writes it (upper-case keywords), in a string or template literal. */
const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\b/,
  /\bUPDATE\s+\w+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\b(?:CREATE|DROP)\s+(?:TEMP\s+|TEMPORARY\s+|VIRTUAL\s+|UNIQUE\s+)*(?:TABLE|INDEX|TRIGGER|VIEW)\b/,
  /\bALTER\s+TABLE\b/,
  /\bPRAGMA\s+\w+/,
  /\bBEGIN\s+(?:IMMEDIATE|EXCLUSIVE|DEFERRED|TRANSACTION)\b/,
  /\bMATCH\s+\?/,
];

/** Why the code at `file` (a path relative to the repository, with /) reaches past the store's contract. */
function storeBoundaryFindings(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push(`${file}:${line + 1}: ${what}`);
  };
  const dir = file.split('/').slice(0, -1).join('/');
  const checkSpecifier = (node: ts.Node, specifier: string) => {
    if (specifier === 'node:sqlite' || specifier === 'sqlite') at(node, `imports ${specifier}`);
    if (!specifier.startsWith('.')) return;
    const target = join(dir, specifier).split(sep).join('/');
    const inStore = /^service\/store\/(.+?)(?:\/index)?(?:\.ts)?$/.exec(target);
    if (inStore && !STORE_MODULES_ALLOWED.has(inStore[1]!))
      at(node, `imports service/store/${inStore[1]} (not one of the store's public modules)`);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      checkSpecifier(node, node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      checkSpecifier(node, node.arguments[0].text);
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      if (name === 'db') at(node, 'reads a `.db` (the store’s database is private to service/store/)');
      if (name === 'databaseForTests') at(node, 'uses the tests-only database hook');
      if (name === 'poolForTests') at(node, 'uses the tests-only PostgreSQL pool hook');
      if (name === 'prepare' && ts.isCallExpression(node.parent) && node.parent.expression === node)
        at(node, 'prepares a statement');
      if (
        name === 'exec' &&
        ts.isCallExpression(node.parent) &&
        node.parent.expression === node &&
        node.parent.arguments[0] &&
        (ts.isStringLiteralLike(node.parent.arguments[0]) ||
          ts.isTemplateExpression(node.parent.arguments[0]))
      )
        at(node, 'executes SQL text');
    }
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'db'
    )
      at(node, "reads ['db']");
    if (ts.isIdentifier(node) && node.text === 'DatabaseSync') at(node, 'names DatabaseSync');
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const text = node.getText(source);
      if (SQL.some((pattern) => pattern.test(text))) at(node, `holds SQL: ${text.slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

describe('every SQL query lives in service/store/', () => {
  // bench/ may use the tests-only hook: its search bench times a bare FTS5 query as the reference, and it
  // writes the large libraries measurements need (an evaluation's latency at 100,000 units among them).
  const checked = [...sourceFiles('service'), ...sourceFiles('desktop'), ...sourceFiles('scripts')].filter(
    (file) => !file.startsWith('service/store/'),
  );

  it('finds the files it checks', () => {
    expect(checked).toContain('service/operations/numeric.ts');
    expect(checked).toContain('service/operations/search.ts');
    expect(checked).toContain('service/search/ranking.ts');
    expect(checked).toContain('service/cli.ts');
    expect(checked).toContain('desktop/main/client/embedded.ts');
  });

  it('no code outside service/store/ holds SQL, prepares or executes it, or reaches the database', () => {
    const findings = checked.flatMap((file) =>
      storeBoundaryFindings(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(findings).toEqual([]);
  });

  it('the tests-only database hook appears in no service, app or script code but its own definition', () => {
    const users = [...sourceFiles('service'), ...sourceFiles('desktop'), ...sourceFiles('scripts')].filter(
      (file) => readFileSync(join(ROOT, file), 'utf8').includes('databaseForTests'),
    );
    expect(users).toEqual(['service/store/store.ts']);
  });
});

describe('the boundary check itself', () => {
  const refused: [string, string][] = [
    ['service/operations/x.ts', "store.db.prepare('SELECT id FROM assets').get();"],
    [
      'service/operations/x.ts',
      'const rows = statement(sql);\nconst sql = `SELECT *\n  FROM units WHERE id = ?`;',
    ],
    ['service/search/x.ts', "const q = 'INSERT INTO unit_search (rowid) VALUES (?)';"],
    ['service/search/x.ts', 'db.exec(`DELETE FROM figures WHERE unit_id = ${id}`);'],
    ['service/operations/x.ts', 'connection.prepare(text);'],
    ['service/operations/x.ts', "(store as any)['db'];"],
    ['service/operations/x.ts', 'Store.databaseForTests(store);'],
    ['service/operations/x.ts', 'PostgresStore.poolForTests(store).query(text);'],
    ['service/x.ts', "import { DatabaseSync } from 'node:sqlite';"],
    ['service/operations/x.ts', "import { openDatabase } from '../store/database';"],
    ['service/operations/x.ts', "import { loadUnit } from '../store/representations';"],
    ['service/search/x.ts', "import { searchIndex } from '../store/search-index.ts';"],
    ['service/x.ts', "import { createKey } from './store/keys';"],
    ['service/x.ts', "import { insertBlob } from './store/postgres/blobs';"],
    ['desktop/main/client/x.ts', "const m = await import('../../../service/store/source-versions');"],
    ['service/x.ts', "const q = 'PRAGMA integrity_check';"],
  ];
  for (const [file, code] of refused)
    it(`refuses in ${file}: ${code.split('\n')[0]}`, () => {
      expect(storeBoundaryFindings(file, code)).not.toEqual([]);
    });

  const allowed: [string, string][] = [
    ['service/search/x.ts', 'const m = pattern.exec(text);'],
    ['service/search/x.ts', 'const m = /[a-z]+/g.exec(text);'],
    ['service/operations/x.ts', "import type { EvidenceStore } from '../store/contract';"],
    ['service/operations/x.ts', "import { BlobCorruptError } from '../store/blobs';"],
    ['service/x.ts', "import { Store } from './store/store';"],
    ['service/x.ts', "import { PostgresStore, migrateDatabase } from './store/postgres';"],
    ['desktop/main/client/x.ts', "import { DataFolderInUseError } from '../../../service/store/lock';"],
    ['service/operations/x.ts', "const m = 'select a file from your disk, where it is kept';"],
    ['service/operations/x.ts', 'const unit = await store.loadUnit(representationId, unitId);'],
  ];
  for (const [file, code] of allowed)
    it(`allows in ${file}: ${code}`, () => {
      expect(storeBoundaryFindings(file, code)).toEqual([]);
    });
});
