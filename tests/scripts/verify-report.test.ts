import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedClient } from '../../desktop/main/client/embedded';
import { projectRoot } from '../../desktop/project';
import { publicKeyBase64, signBundle } from '../../desktop/main/report/signing';
import { buildServer } from '../../service/http/server';
import { BUILT_CLI_ENV } from '../support/global-cli';
import { Store } from '../../service/store/store';
import {
  MAX_BUNDLE_BYTES,
  parseVerifyReportArgs,
  runVerifyReport,
  UsageError,
} from '../../scripts/verify-report';
import { buildArticleCases, buildLibrary, tampered, type Library } from '../desktop/main/report/fixtures';

// `npm run verify-report`: as a child process (exit codes and lines), and in process for the refusals.

let lib: Library;
let good: string;
let bad: string;
let notJson: string;
let repeated: string;
let reauthored: string;
let reverdicted: string;
let articleGood: string;
let articleMoved: string;
let articleStatementSv: string;
beforeAll(async () => {
  lib = await buildLibrary();
  // Cases made from articles (pasted text, a library document), built while the service is open here.
  const articles = await buildArticleCases(lib);
  articleStatementSv = articles.statementSv;
  // The verifier opens the data folder itself: this process lets it go.
  await lib.client.close();
  good = join(lib.root, 'good.json');
  bad = join(lib.root, 'bad.json');
  notJson = join(lib.root, 'not.json');
  writeFileSync(good, JSON.stringify(lib.bundle, null, 2));
  writeFileSync(
    bad,
    JSON.stringify(
      tampered(lib.bundle, (b) => {
        b.cases[1]!.checks[0]!.operands[1]!.figure.value = 1201;
      }),
    ),
  );
  writeFileSync(notJson, '{"bundleVersion": 1, oops');
  articleGood = join(lib.root, 'article-good.json');
  writeFileSync(articleGood, JSON.stringify(articles.bundle, null, 2));
  // A claim's place moved onto another sentence of the pasted article, the seal made again.
  articleMoved = join(lib.root, 'article-moved.json');
  writeFileSync(
    articleMoved,
    JSON.stringify(
      tampered(articles.bundle, (b) => {
        b.cases[0]!.checks[0]!.claimSpan = { start: 0, end: 35 };
      }),
    ),
  );
  // A judgment passed off as someone else's, the seal made again: only the app's case knows who made it.
  reauthored = join(lib.root, 'reauthored.json');
  writeFileSync(
    reauthored,
    JSON.stringify(
      tampered(lib.bundle, (b) => {
        b.cases[1]!.checks[0]!.personJudgments[0]!.author = 'Mallory Editor';
      }),
    ),
  );
  // A person's verdict turned round and given another author, the seal made again.
  reverdicted = join(lib.root, 'reverdicted.json');
  writeFileSync(
    reverdicted,
    JSON.stringify(
      tampered(lib.bundle, (b) => {
        b.cases[0]!.checks[1]!.personVerdict = {
          ...b.cases[0]!.checks[1]!.personVerdict!,
          verdict: 'true',
          author: 'Mallory Editor',
        };
      }),
    ),
  );
  // A kept check copied, the seal made again: every item of it would still match the source and the app.
  repeated = join(lib.root, 'repeated.json');
  writeFileSync(
    repeated,
    JSON.stringify(
      tampered(lib.bundle, (b) => b.cases[0]!.checks.push(structuredClone(b.cases[0]!.checks[0]!))),
    ),
  );
}, 60_000);
afterAll(() => {
  if (lib) rmSync(lib.root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string[];
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The run's build of the program where the integration project made one; a probe given as
    // TypeScript still loads through tsx.
    const built = process.env[BUILT_CLI_ENV];
    const program = built
      ? [
          ...(nodeArgs.length > 0 ? ['--import', 'tsx'] : []),
          ...nodeArgs,
          join(dirname(built), 'verify-report.js'),
        ]
      : ['--import', 'tsx', ...nodeArgs, 'scripts/verify-report.ts'];
    const child = spawn(process.execPath, [...program, ...args], {
      cwd: projectRoot,
      env: { ...process.env, EVIDENCE_API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: stdout.split('\n').filter((l) => l !== ''), stderr }),
    );
  });
}

/**
 * A run with the entry of every worker thread it starts (tests/scripts/support/thread-probe.ts), but
 * esbuild's: tsx starts one to compile TypeScript as it loads it, which the built app does not.
 */
async function runRecordingThreads(args: string[]): Promise<Run & { threads: string[] }> {
  const file = join(lib.root, `threads-${randomUUID()}.json`);
  const result = await run(args, { EW_THREAD_PROBE: file }, [
    '--import',
    './tests/scripts/support/thread-probe.ts',
  ]);
  const threads = (JSON.parse(readFileSync(file, 'utf8')) as string[]).filter(
    (entry) => !entry.includes('/node_modules/esbuild/'),
  );
  return { ...result, threads };
}

/** runVerifyReport in this process. */
async function runHere(args: string[]): Promise<Run> {
  const stdout: string[] = [];
  let stderr = '';
  const code = await runVerifyReport(
    args,
    (line) => stdout.push(line),
    (line) => (stderr += `${line}\n`),
  );
  return { code, stdout, stderr };
}

describe('npm run verify-report (child process)', () => {
  it('a good bundle: one "same" line per item, the summary, exit 0', async () => {
    const result = await run([good, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const items = result.stdout.slice(0, -2);
    expect(items.length).toBeGreaterThan(15);
    for (const line of items) expect(line).toMatch(/^same {7}\S.* — \S/);
    expect(items).toContain(
      `same       source ${lib.pdf.sv}: retained bytes — ${lib.pdf.byteLength} bytes read again, sha256:${lib.pdf.sha256}`,
    );
    expect(
      items.some((l) => l.includes('case case_escalated000000b check 1 (current claim): in the app')),
    ).toBe(true);
    expect(result.stdout.at(-2)).toMatch(/^\d+ item\(s\): \d+ same, 0 differ, 0 unreadable, 0 refused$/);
    expect(result.stdout.at(-1)).toBe('VERIFIED: every item is as the bundle says.');
  }, 60_000);

  it('a bundle of cases made from articles: each article read again, each claim at its place; exit 0', async () => {
    const result = await run([articleGood, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const items = result.stdout.slice(0, -2);
    for (const line of items) expect(line).toMatch(/^same {7}\S.* — \S/);
    expect(items).toContainEqual(
      expect.stringMatching(/^same {7}case case_pastedarticle0000c: article — pasted text of 92 characters/),
    );
    expect(items).toContainEqual(
      expect.stringContaining(
        `same       case case_statementarticle0d: article — document ${articleStatementSv}'s claims listed again`,
      ),
    );
    expect(items).toContain(
      'same       case case_pastedarticle0000c check 1 (check_article01): place in the article — the claim "Revenue rose 12% from 2022 to 2023." found at characters 57–92 of the pasted text the bundle keeps',
    );
    // A bundle of cases not made from articles has no article items.
    const old = await run([good, '--data', lib.dataDir]);
    expect(old.code).toBe(0);
    expect(old.stdout.some((l) => l.includes('article'))).toBe(false);
  }, 60_000);

  it("a claim's place moved in the article: the DIFFERS line names the claim, exit 1", async () => {
    const result = await run([articleMoved, '--data', lib.dataDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.filter((l) => !l.startsWith('same'))).toEqual([
      'DIFFERS    case case_pastedarticle0000c check 1 (check_article01): place in the article — the claim "Revenue rose 12% from 2022 to 2023.": characters 0–35 of the pasted text the bundle keeps read "Spending reached 1,200 euros in 202"',
      expect.stringMatching(/^\d+ item\(s\): \d+ same, 1 differ, 0 unreadable, 0 refused$/),
      'NOT VERIFIED: the items above marked DIFFERS, UNREADABLE or REFUSED say what and where.',
    ]);
  }, 60_000);

  it('a tampered bundle: the DIFFERS line names the figure, exit 1', async () => {
    const result = await run([bad, '--data', lib.dataDir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'DIFFERS    case case_escalated000000b check 1 (current claim) operand 2 — figure value: bundle 1201, source 1200',
    );
    expect(result.stdout.filter((l) => l.startsWith('DIFFERS'))).toHaveLength(1);
    expect(result.stdout.at(-1)).toMatch(/^NOT VERIFIED/);
  }, 60_000);

  it('starts no reading thread unless --republish, which reads the documents again on threads', async () => {
    const help = await runRecordingThreads(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout[0]).toBe('usage:');
    expect(help.threads).toEqual([]);
    const verified = await runRecordingThreads([good, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(verified.code).toBe(0);
    expect(verified.threads).toEqual([]);
    // The probe sees this program's threads: reading the documents again starts the reading threads
    // (the extraction pool's, whose piscina entry loads service/extract/worker).
    const republished = await runRecordingThreads([good, '--data', lib.dataDir, '--republish']);
    expect(republished.stderr).toBe('');
    expect(republished.code).toBe(0);
    expect(republished.threads.length).toBeGreaterThan(0);
    for (const entry of republished.threads)
      expect(entry).toMatch(/\/node_modules\/piscina\/dist\/worker\.js$/);
  }, 90_000);

  it('a bundle holding a check twice: REFUSED, saying which and where, even with --cases; exit 1', async () => {
    const result = await run([repeated, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toEqual([
      'REFUSED    bundle: schema — cases.0.checks.2.checkId: check check_kept0001 is also cases.0.checks.0; a report holds each check once',
      '1 item(s): 0 same, 0 differ, 0 unreadable, 1 refused',
      'NOT VERIFIED: the items above marked DIFFERS, UNREADABLE or REFUSED say what and where.',
    ]);
  }, 60_000);

  it('a judgment whose author was changed: with --cases, DIFFERS naming both authors; exit 1', async () => {
    const result = await run([reauthored, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.filter((l) => !l.startsWith('same'))).toEqual([
      `DIFFERS    case case_escalated000000b check 1 (current claim): in the app — judgment 1 (entity) author: the bundle says it was made by "Mallory Editor", the app's case by "Ana Ruiz"`,
      expect.stringMatching(/^\d+ item\(s\): \d+ same, 1 differ, 0 unreadable, 0 refused$/),
      'NOT VERIFIED: the items above marked DIFFERS, UNREADABLE or REFUSED say what and where.',
    ]);
  }, 60_000);

  it("a person's verdict and its author changed: with --cases, DIFFERS naming both; exit 1", async () => {
    const result = await run([reverdicted, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.filter((l) => !l.startsWith('same'))).toEqual([
      `DIFFERS    case case_supported0000000a check 2 (check_kept0002): in the app — person's verdict verdict: bundle true, app misleading; person's verdict author: the bundle says it was given by "Mallory Editor", the app's case by "Bea Editor"`,
      expect.stringMatching(/^\d+ item\(s\): \d+ same, 1 differ, 0 unreadable, 0 refused$/),
      'NOT VERIFIED: the items above marked DIFFERS, UNREADABLE or REFUSED say what and where.',
    ]);
    // The good bundle's line for the same check names the verdict as the app keeps it.
    const same = await run([good, '--data', lib.dataDir, '--cases', lib.appDir]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContainEqual(
      expect.stringContaining(
        'same       case case_supported0000000a check 2 (check_kept0002): in the app — claim, figures, the service\'s answer, 1 judgment(s) and the person\'s verdict (misleading by "Bea Editor" at 2026-11-24T10:20:00.000Z) as the app keeps them',
      ),
    );
  }, 60_000);

  it('a key as an argument is refused, saying why: exit 2', async () => {
    for (const args of [
      [good, '--key', 'secret-key-123'],
      [good, '--key=secret-key-123'],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/never taken as an argument .*shell history.*EVIDENCE_API_KEY/);
      expect(result.stderr).not.toContain('secret-key-123');
      expect(result.stdout).toEqual([]);
    }
  }, 60_000);

  it('not JSON: REFUSED, exit 1', async () => {
    const result = await run([notJson, '--data', lib.dataDir]);
    expect(result.code).toBe(1);
    expect(result.stdout[0]).toMatch(/^REFUSED {4}bundle: JSON — not JSON: /);
  }, 60_000);

  it('--service URL: the key from EVIDENCE_API_KEY; all same against the service over HTTP', async () => {
    const store = await Store.open(lib.dataDir);
    const app = await buildServer({ store, extraction: { ocr: 'off' } });
    try {
      const { key } = await store.createKey('verify-report test', await store.localAccount());
      await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const result = await run([good, '--service', url, '--republish'], { EVIDENCE_API_KEY: key });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.some((l) => /^same {7}representation \S+: published again/.test(l))).toBe(true);
      expect(result.stdout.join('\n')).not.toContain(key);
      const tamperedRun = await run([bad, '--service', url], { EVIDENCE_API_KEY: key });
      expect(tamperedRun.code).toBe(1);
      const wrongKey = await run([good, '--service', url], { EVIDENCE_API_KEY: 'ew_not_a_key' });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stdout.some((l) => l.startsWith('UNREADABLE'))).toBe(true);
    } finally {
      await app.close();
      store.close();
    }
  }, 90_000);
});

describe('verify-report refusals (in process)', () => {
  it('arguments: one bundle, not both --data and --service, well-formed trusted keys', () => {
    expect(() => parseVerifyReportArgs([])).toThrow(UsageError);
    expect(() => parseVerifyReportArgs(['a.json', 'b.json'])).toThrow(UsageError);
    expect(() => parseVerifyReportArgs(['a.json', '--data', 'd', '--service', 'http://x'])).toThrow(
      /two services/,
    );
    expect(() => parseVerifyReportArgs(['a.json', '--trust-key', 'abc'])).toThrow(/--trust-key/);
    expect(() => parseVerifyReportArgs(['a.json', '--api-key', 'abc'])).toThrow(/never taken as an argument/);
    expect(() => parseVerifyReportArgs(['a.json', '--bogus'])).toThrow(UsageError);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      parseVerifyReportArgs(['a.json', '--trust-key', key, '--trust-key', key, '--republish']),
    ).toMatchObject({
      trustKeys: [key, key],
      republish: true,
      serviceUrl: null,
    });
  });

  it('--trust-key: a bundle signed by a trusted key passes; by another, the signature line differs', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const other = publicKeyBase64(generateKeyPairSync('ed25519').publicKey);
    const signed = join(lib.root, 'signed.json');
    writeFileSync(signed, JSON.stringify(signBundle(lib.bundle, privateKey)));
    const trusted = await runHere([
      signed,
      '--data',
      lib.dataDir,
      '--trust-key',
      publicKeyBase64(privateKey),
    ]);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain(`signed by Ed25519 key ${publicKeyBase64(privateKey)}`);
    const untrusted = await runHere([signed, '--data', lib.dataDir, '--trust-key', other]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout.filter((l) => !l.startsWith('same'))[0]).toMatch(
      /^DIFFERS {4}bundle: signature — a valid Ed25519 signature, but by key .*not among the 1 trusted key/,
    );
  });

  it('a missing file: exit 2; a file over 50 MB: REFUSED, exit 1', async () => {
    const missing = await runHere([join(lib.root, 'nothing.json'), '--data', lib.dataDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no bundle file at .*nothing\.json/);
    const huge = join(lib.root, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_BUNDLE_BYTES + 1);
    const tooLarge = await runHere([huge, '--data', lib.dataDir]);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.stdout[0]).toMatch(
      /^REFUSED {4}bundle: size — the file is 52428801 bytes, over the 50 MB/,
    );
    rmSync(huge);
  });

  it('a data folder that is not one, or one in use by a running app: said clearly', async () => {
    const none = await runHere([good, '--data', join(lib.root, 'nowhere')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no evidence service data folder at .*nowhere/);
    const holder = await createEmbeddedClient({ dataDir: lib.dataDir, ocr: 'off' });
    try {
      const locked = await runHere([good, '--data', lib.dataDir]);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/in use by another program.*close it.*--service URL/s);
    } finally {
      await holder.close();
    }
  });

  it('--service without a key in the environment or the keychain: said clearly, exit 1', async () => {
    const saved = process.env['EVIDENCE_API_KEY'];
    delete process.env['EVIDENCE_API_KEY'];
    try {
      const result = await runHere([good, '--service', 'http://127.0.0.1:9/verify-report-test']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/no API key for .*EVIDENCE_API_KEY/);
    } finally {
      if (saved !== undefined) process.env['EVIDENCE_API_KEY'] = saved;
    }
  });
});
