import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDownloader } from './fetch';
import { buildServer } from './http/server';
import {
  describeTarget,
  migrateServiceStore,
  openServiceStore,
  schemaOf,
  storeTarget,
  StoreTargetError,
  withoutPassword,
  withoutUrlPasswords,
  type ServiceStoreTarget,
} from './store/open';
import { createKeyInDataFolder } from './store/store';
import { describeCounts, exportLibrary, importLibrary } from './store/transfer';
import { DEFAULT_OCR_MODE, isOcrMode, OCR_MODE_IDS, OCR_MODES } from '../shared/vocabulary/ocr';
import packageJson from '../package.json' with { type: 'json' };

/** One line per OCR mode ("auto: only pages without a text layer (default)"), from the one table. */
function ocrModesHelp(): string {
  return OCR_MODE_IDS.map(
    (id) =>
      `\n                   ${id}: ${OCR_MODES[id].description}${id === DEFAULT_OCR_MODE ? ' (default)' : ''}`,
  ).join('');
}

const USAGE = `usage:
  npm run service -- [--port 8787] [--data DIR | --database URL] [--rate-limit N] [--ocr ${OCR_MODE_IDS.join('|')}]   serve the API on 127.0.0.1
  npm run service -- keys create --label NAME [--account ID] [--data DIR | --database URL]   print a new API key
  npm run service -- migrate [--data DIR | --database URL]   apply the store's schema migrations
  npm run service -- export [--data DIR | --database URL] --to PATH   write the library to a new folder
  npm run service -- import [--data DIR | --database URL] --from PATH   read an exported library into an empty store

  --port N         port on 127.0.0.1 (0 picks a free one; default 8787)
  --data DIR       the embedded engine's data folder (default .data/service, unless DATABASE_URL is set)
  --database URL   PostgreSQL: postgres://USER@HOST:PORT/DB (or the DATABASE_URL environment variable);
                   the password comes from PGPASSWORD or a pgpass file, never an argument
  --rate-limit N   requests per minute per key (default: no limit)
  --ocr MODE       how scans are read:${ocrModesHelp()}
  --label NAME     what the key is for (required with keys create)
  --account ID     add the key to an existing account instead of a new one
  --to PATH        export: the new folder to write (refused if it exists and is not empty)
  --from PATH      import: the exported folder to read`;

class UsageError extends Error {}

function wholeNumber(
  text: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}, not "${text}"`);
  }
  return Number(text);
}

const progress = (line: string) => void process.stderr.write(line + '\n');

/** stderr: the key's account, which further keys of the same library name with --account. */
const keyAccountLine = (accountId: string) =>
  `account ${accountId} (more keys for its library: keys create --label NAME --account ${accountId})`;

// Imported, not read beside the file: the CLI also runs bundled (the integration tests start a build).
function appVersion(): string {
  const version: unknown = (packageJson as { version?: unknown }).version;
  return typeof version === 'string' ? version : 'unknown';
}

/** Set once the target is known, so an error from below is printed without the database's password. */
let target: ServiceStoreTarget | null = null;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      database: { type: 'string' },
      'rate-limit': { type: 'string' },
      ocr: { type: 'string' },
      label: { type: 'string' },
      account: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const command = positionals[0];
  if (values.to !== undefined && command !== 'export') throw new UsageError('--to goes with export');
  if (values.from !== undefined && command !== 'import') throw new UsageError('--from goes with import');
  target = storeTarget(values);

  if (command === 'keys') {
    if (positionals[1] !== 'create' || positionals.length !== 2)
      throw new UsageError('the keys command is: keys create --label NAME');
    const label = values.label?.trim();
    if (!label) throw new UsageError('keys create needs --label NAME');
    if ('data' in target) {
      // Only the database is touched (no lock, no clean-up), so a key can be made while the service runs.
      const { key, accountId } = createKeyInDataFolder(target.data, label, values.account);
      process.stdout.write(key + '\n');
      progress(keyAccountLine(accountId));
      return;
    }
    const store = await openServiceStore(target);
    try {
      const { key, accountId } = await store.createKey(label, values.account);
      process.stdout.write(key + '\n');
      progress(keyAccountLine(accountId));
    } finally {
      await store.close();
    }
    return;
  }

  if (command === 'migrate') {
    if (positionals.length !== 1) throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    const { engine, from, to } = await migrateServiceStore(target);
    if (engine === 'sqlite')
      process.stdout.write(
        `schema ${to}: the embedded engine migrates a data folder whenever it opens it (${describeTarget(target)})\n`,
      );
    else process.stdout.write(`schema ${from} → ${to}${from === to ? ' (already current)' : ''}\n`);
    return;
  }

  if (command === 'export') {
    if (positionals.length !== 1) throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    if (!values.to) throw new UsageError('export needs --to PATH (a new folder)');
    const to = resolve(values.to);
    const store = await openServiceStore(target);
    try {
      progress(`export: ${describeTarget(target)} → ${to}`);
      const counts = await exportLibrary(
        store,
        to,
        { schema: schemaOf(target), appVersion: appVersion() },
        progress,
      );
      process.stdout.write(`exported ${describeCounts(counts)} to ${to}\n`);
    } finally {
      await store.close();
    }
    return;
  }

  if (command === 'import') {
    if (positionals.length !== 1) throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    if (!values.from) throw new UsageError('import needs --from PATH (an exported library)');
    const from = resolve(values.from);
    const store = await openServiceStore(target);
    try {
      progress(`import: ${from} → ${describeTarget(target)}`);
      const counts = await importLibrary(store, from, progress);
      process.stdout.write(`imported ${describeCounts(counts)}\n`);
    } finally {
      await store.close();
    }
    return;
  }

  if (positionals.length > 0) throw new UsageError(`unknown command: ${positionals.join(' ')}`);

  const port = wholeNumber(values.port, 'port', 0, 65535, 8787);
  const rateLimit =
    values['rate-limit'] === undefined
      ? null
      : wholeNumber(values['rate-limit'], 'rate-limit', 1, 1_000_000, 0);
  const ocr = values.ocr ?? DEFAULT_OCR_MODE;
  if (!isOcrMode(ocr))
    throw new UsageError(
      `--ocr takes ${OCR_MODE_IDS.slice(0, -1).join(', ')} or ${OCR_MODE_IDS.at(-1)}, not "${ocr}"`,
    );
  const store = await openServiceStore(target);
  if ('database' in target) progress(`serving ${describeTarget(target)}`);
  const app = await buildServer({
    store,
    rateLimitPerMinute: rateLimit,
    extraction: { ocr, download: createDownloader() },
  });
  const stop = async () => {
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`listening on http://127.0.0.1:${actual}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = (error as Error).message ?? String(error);
  const shown = target ? withoutPassword(target, message) : withoutUrlPasswords(message);
  if (
    error instanceof UsageError ||
    error instanceof StoreTargetError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`service: ${shown}\n\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`service: ${shown}\n`);
  process.exit(1);
});
