import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCaseStore, type CaseStore } from '../desktop/main/cases/store';
import { createEmbeddedClient } from '../desktop/main/client/embedded';
import { createRemoteClient } from '../desktop/main/client/remote';
import { ClientError, type EvidenceClient } from '../desktop/main/client/types';
import { createKeyStore } from '../desktop/main/keychain';
import { verifyBundle, verifyItemLine } from '../desktop/main/report/verify';
import { MAX_BUNDLE_CHARS } from '../shared/bridge/reports';
import type { VerifyItem, VerifyReport } from '../shared/bridge/verify-result';

// `npm run verify-report -- BUNDLE.json`: re-verifies a report bundle against the local
// service's data folder or a remote service, and optionally the app's cases. One line per item, a summary,
// and the exit code: 0 every item the same, 1 anything else, 2 a usage error.

export const USAGE = `usage:
  npm run verify-report -- BUNDLE.json [--data DIR | --service URL] [--cases DIR] [--republish] [--trust-key BASE64]...

  --data DIR         the evidence service's data folder (default .data/service, as npm run service)
  --service URL      a remote evidence service; its API key comes from the environment variable
                     EVIDENCE_API_KEY or the OS keychain entry the app keeps for that URL, never an argument
  --cases DIR        the app's data folder: compare the bundle's cases with those in DIR/cases
  --republish        publish every representation again and compare it figure by figure
  --trust-key KEY    a trusted Ed25519 public key (base64, raw 32 bytes); the bundle must be signed by one

The app keeps its service data in its data folder's service/ and its cases in its cases/: for the web host,
  npm run verify-report -- BUNDLE.json --data .data/workbench/service --cases .data/workbench

exit status: 0 every item is as the bundle says; 1 a difference, an unreadable source, a refused bundle,
or a service that cannot be used; 2 a usage error.`;

/** The most bytes of a bundle file read. */
export const MAX_BUNDLE_BYTES = MAX_BUNDLE_CHARS;

export class UsageError extends Error {}

export interface VerifyReportArgs {
  bundlePath: string;
  /** The local service's data folder; null with --service. */
  dataDir: string | null;
  serviceUrl: string | null;
  /** The app's data folder whose cases/ to compare; null: not compared. */
  casesDir: string | null;
  republish: boolean;
  trustKeys: string[];
}

export function parseVerifyReportArgs(argv: readonly string[]): VerifyReportArgs | 'help' {
  // A key on the command line ends up in the shell's history and in every process listing: refused.
  if (
    argv.some(
      (arg) =>
        arg === '--key' || arg.startsWith('--key=') || arg === '--api-key' || arg.startsWith('--api-key='),
    )
  )
    throw new UsageError(
      'an API key is never taken as an argument (it would be left in the shell history and the process list): set EVIDENCE_API_KEY, or save the key in the app, which keeps it in the OS keychain',
    );
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        data: { type: 'string' },
        service: { type: 'string' },
        cases: { type: 'string' },
        republish: { type: 'boolean' },
        'trust-key': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1)
    throw new UsageError('name one bundle file: npm run verify-report -- BUNDLE.json');
  if (values.data !== undefined && values.service !== undefined)
    throw new UsageError('--data and --service name two services: give one');
  for (const key of values['trust-key'] ?? [])
    if (!/^[A-Za-z0-9+/]{43}=$/.test(key))
      throw new UsageError(
        `--trust-key takes a raw Ed25519 public key in base64 (44 characters), not "${key.slice(0, 60)}"`,
      );
  return {
    bundlePath: resolve(positionals[0]!),
    dataDir: values.service !== undefined ? null : resolve(values.data ?? '.data/service'),
    serviceUrl: values.service ?? null,
    casesDir: values.cases !== undefined ? resolve(values.cases) : null,
    republish: values.republish ?? false,
    trustKeys: values['trust-key'] ?? [],
  };
}

/** The bundle file's text; a refusal item when it is too large or not UTF-8. Missing: a usage error. */
export function readBundleFile(path: string): { text: string } | { refused: VerifyItem } {
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new UsageError(`${path} is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`no bundle file at ${path}`);
  }
  if (size > MAX_BUNDLE_BYTES)
    return {
      refused: {
        subject: 'bundle: size',
        status: 'refused',
        detail: `the file is ${size} bytes, over the ${MAX_BUNDLE_BYTES / (1024 * 1024)} MB a bundle may have`,
      },
    };
  const bytes = readFileSync(path);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return {
      refused: { subject: 'bundle: JSON', status: 'refused', detail: 'not JSON: the file is not UTF-8 text' },
    };
  }
}

/** The OCR setting the bundle's extractor ran with, so the embedded service publishes as it did. */
function ocrOf(text: string): 'auto' | 'off' | 'force' {
  const match = /"extractorVersion"\s*:\s*"[^"]*;ocr=(auto|off|force)"/.exec(text.slice(0, 4096));
  return (match?.[1] as 'auto' | 'off' | 'force' | undefined) ?? 'auto';
}

/** A failure to reach a service or its data: told as it is, exit 1. */
class CannotVerify extends Error {}

async function openClient(args: VerifyReportArgs, bundleText: string): Promise<EvidenceClient> {
  if (args.serviceUrl !== null) {
    const url = args.serviceUrl;
    let key = process.env['EVIDENCE_API_KEY']?.trim() || null;
    if (key === null) {
      try {
        key = await createKeyStore().read(url);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
    if (key === null)
      throw new CannotVerify(
        `no API key for ${url}: set EVIDENCE_API_KEY, or save the key for this service in the app (it keeps it in the OS keychain)`,
      );
    const found = key;
    try {
      return createRemoteClient({ baseUrl: url, apiKey: () => Promise.resolve(found) });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const dataDir = args.dataDir!;
  if (!existsSync(join(dataDir, 'service.db')))
    throw new UsageError(
      `no evidence service data folder at ${dataDir} (it has no service.db); name one with --data DIR`,
    );
  try {
    // Reading threads start only when a document is read again (--republish).
    return await createEmbeddedClient({ dataDir, ocr: ocrOf(bundleText) });
  } catch (error) {
    if (error instanceof ClientError && error.code === 'unavailable')
      throw new CannotVerify(
        `${error.message} The app (or npm run service) holds it: close it, or verify against the running service with --service URL.`,
      );
    throw error;
  }
}

function openCases(args: VerifyReportArgs): CaseStore | null {
  if (args.casesDir === null) return null;
  if (!existsSync(join(args.casesDir, 'cases')))
    throw new UsageError(`--cases names the app's data folder, and ${args.casesDir} has no cases/ folder`);
  return createCaseStore(args.casesDir);
}

export function summaryLines(report: VerifyReport): string[] {
  const count = (status: VerifyItem['status']) => report.items.filter((i) => i.status === status).length;
  const lines = [
    `${report.items.length} item(s): ${count('same')} same, ${count('differs')} differ, ${count('unreadable')} unreadable, ${count('refused')} refused`,
  ];
  if (report.signedBy !== null) lines.push(`signed by Ed25519 key ${report.signedBy}`);
  lines.push(
    report.ok
      ? 'VERIFIED: every item is as the bundle says.'
      : 'NOT VERIFIED: the items above marked DIFFERS, UNREADABLE or REFUSED say what and where.',
  );
  return lines;
}

/** Runs the command; resolves to its exit code. Writes lines to `out`, problems to `err`. */
export async function runVerifyReport(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  let client: EvidenceClient | null = null;
  try {
    const args = parseVerifyReportArgs(argv);
    if (args === 'help') {
      out(USAGE);
      return 0;
    }
    const file = readBundleFile(args.bundlePath);
    if ('refused' in file) {
      const report: VerifyReport = { ok: false, items: [file.refused], signedBy: null };
      out(verifyItemLine(file.refused));
      summaryLines(report).forEach(out);
      return 1;
    }
    const cases = openCases(args);
    client = await openClient(args, file.text);
    const report = await verifyBundle(
      file.text,
      { client, cases },
      {
        republish: args.republish,
        trustedKeys: args.trustKeys,
        onItem: (item) => out(verifyItemLine(item)),
        ...(signal ? { signal } : {}),
      },
    );
    summaryLines(report).forEach(out);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`verify-report: ${error.message}`);
      err('');
      err(USAGE);
      return 2;
    }
    if (signal?.aborted) {
      err('verify-report: stopped; nothing was verified.');
      return 1;
    }
    err(`verify-report: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await client?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const code = await runVerifyReport(
    process.argv.slice(2),
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
    controller.signal,
  );
  process.exitCode = code;
}
