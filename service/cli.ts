import { parseArgs } from 'node:util';
import { createDownloader } from './fetch';
import { resolve } from 'node:path';
import { buildServer } from './http/server';
import { createKeyInDataFolder, Store } from './store/store';

const USAGE = `usage:
  npm run service -- [--port 8787] [--data DIR] [--rate-limit N] [--ocr auto|off|force]   serve the API on 127.0.0.1
  npm run service -- keys create --label NAME [--account ID] [--data DIR]   print a new API key

  --port N         port on 127.0.0.1 (0 picks a free one; default 8787)
  --data DIR       the service's data folder (default .data/service)
  --rate-limit N   requests per minute per key (default: no limit)
  --ocr MODE       auto: OCR only pages without a text layer (default); off: never; force: every page
  --label NAME     what the key is for (required with keys create)
  --account ID     add the key to an existing account instead of a new one`;

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

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      'rate-limit': { type: 'string' },
      ocr: { type: 'string' },
      label: { type: 'string' },
      account: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const dataDir = resolve(values.data ?? '.data/service');

  if (positionals[0] === 'keys') {
    if (positionals[1] !== 'create' || positionals.length !== 2)
      throw new UsageError('the keys command is: keys create --label NAME');
    const label = values.label?.trim();
    if (!label) throw new UsageError('keys create needs --label NAME');
    // Only the database is touched (no lock, no clean-up), so a key can be made while the service runs.
    const { key } = createKeyInDataFolder(dataDir, label, values.account);
    process.stdout.write(key + '\n');
    return;
  }
  if (positionals.length > 0) throw new UsageError(`unknown command: ${positionals.join(' ')}`);

  const port = wholeNumber(values.port, 'port', 0, 65535, 8787);
  const rateLimit =
    values['rate-limit'] === undefined
      ? null
      : wholeNumber(values['rate-limit'], 'rate-limit', 1, 1_000_000, 0);
  const ocr = values.ocr ?? 'auto';
  if (ocr !== 'auto' && ocr !== 'off' && ocr !== 'force')
    throw new UsageError(`--ocr takes auto, off or force, not "${ocr}"`);
  const store = await Store.open(dataDir);
  const app = await buildServer({
    store,
    rateLimitPerMinute: rateLimit,
    extraction: { ocr, download: createDownloader() },
  });
  const stop = async () => {
    await app.close();
    store.close();
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
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`service: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`service: ${(error as Error).message}\n`);
  process.exit(1);
});
