/**
 * `npm run bench`: speed of the local service, as ratios against a reference run in the same process
 * (so the numbers mean the same on a slow or a fast machine). Prints a table; asserts nothing.
 * `npm run bench -- web-upload` runs only the upload through the web host; `npm run bench -- workbench`
 * only the workbench in Chromium (open, pick, run, memory); `npm run bench -- search-ui` only the search
 * panel in Chromium (keystroke to results, opening a result at its passage); `npm run bench -- report`
 * only the report export (HTML, PDF) and its re-verification; `npm run bench -- verify-report` only the
 * re-verification, in process and as the command (start to verdict, start to exit). `npm run bench -- ocr`
 * runs only the OCR comparison with Debian's tesseract and a 20-page scan on all cores (minutes: not in the
 * default run).
 * `npm run bench -- startup` runs only the commands that read no document (`service keys create`,
 * `verify-report --help`: wall time and peak memory) and a verify's exit after its verdict.
 * `npm run bench -- figures` runs only figures by value, on SQLite and on a throwaway PostgreSQL.
 * `npm run bench -- newsroom` runs only newsroom mode: two instances on one throwaway PostgreSQL beside the
 * embedded engine (100,000 units seeded, minutes: not in the default run).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../service/http/server';
import { benchExtraction } from './extract';
import { benchFigures } from './figures';
import { benchNewsroom } from './newsroom';
import { benchNumeric } from './numeric';
import { benchOcr } from './ocr';
import { median, reference } from './reference';
import { benchReport } from './report';
import { benchSearch } from './search';
import { benchSearchUi } from './search-ui';
import { benchStartup } from './startup';
import { benchWebUpload } from './web-upload';
import { benchWorkbench } from './workbench';
import { Store } from '../service/store/store';
import { benchVerifyReport, verifyReportLines } from '../scripts/verify-report-bench';

const SIZES_MB = [1, 10, 45];
const ROUNDS = 3;

async function main() {
  if (process.argv[2] === 'web-upload') {
    for (const line of await benchWebUpload()) console.log(line);
    return;
  }
  if (process.argv[2] === 'search-ui') {
    for (const line of await benchSearchUi()) console.log(line);
    return;
  }
  if (process.argv[2] === 'report') {
    for (const line of await benchReport()) console.log(line);
    return;
  }
  if (process.argv[2] === 'ocr') {
    for (const line of await benchOcr()) console.log(line);
    return;
  }
  if (process.argv[2] === 'figures') {
    for (const line of await benchFigures({ postgres: true })) console.log(line);
    return;
  }
  if (process.argv[2] === 'newsroom') {
    for (const line of await benchNewsroom()) console.log(line);
    return;
  }
  if (process.argv[2] === 'verify-report') {
    for (const line of verifyReportLines(await benchVerifyReport())) console.log(line);
    return;
  }
  if (process.argv[2] === 'startup') {
    for (const line of await benchStartup()) console.log(line);
    return;
  }
  if (process.argv[2] === 'workbench') {
    for (const line of await benchWorkbench()) console.log(line);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-'));
  const store = await Store.open(join(dir, 'data'));
  const app = await buildServer({ store });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { key } = await store.createKey('bench');
  const rows: string[] = [];
  try {
    for (const mb of SIZES_MB) {
      const ref: number[] = [];
      const up: number[] = [];
      const reg: number[] = [];
      const read: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bytes = randomBytes(mb * 1_000_000);
        ref.push(await reference(dir, bytes));

        const form = new FormData();
        form.set('file', new Blob([bytes]), `bench-${mb}.bin`);
        let t = performance.now();
        const res = await fetch(`${base}/api/v1/assets`, {
          method: 'POST',
          headers: { 'x-api-key': key },
          body: form,
        });
        up.push(performance.now() - t);
        const asset = (await res.json()) as { asset_id: string };

        const regForm = new FormData();
        regForm.set('assetId', asset.asset_id);
        regForm.set('file', new Blob([bytes]), 'x');
        t = performance.now();
        const r2 = await fetch(`${base}/api/v2/sources`, {
          method: 'POST',
          headers: { 'x-api-key': key },
          body: regForm,
        });
        reg.push(performance.now() - t);
        const sv = (await r2.json()) as { sourceVersionId: string };

        t = performance.now();
        const r3 = await fetch(`${base}/api/v2/sources/${sv.sourceVersionId}/content`, {
          headers: { 'x-api-key': key },
        });
        await r3.arrayBuffer();
        read.push(performance.now() - t);
      }
      const r = median(ref);
      rows.push(
        `| ${mb} MB | ${r.toFixed(1)} | ${median(up).toFixed(1)} (${(median(up) / r).toFixed(2)}×) | ` +
          `${median(reg).toFixed(1)} (${(median(reg) / r).toFixed(2)}×) | ${median(read).toFixed(1)} (${(median(read) / r).toFixed(2)}×) |`,
      );
    }
  } finally {
    await app.close();
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
  console.log('## Retained-bytes path (median of %d rounds, ms; ratio to the reference)', ROUNDS);
  console.log('reference = sha256 + write + fsync of the same bytes in this process\n');
  console.log('| size | reference | upload (HTTP multipart) | register | read back (verified) |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('');
  for (const line of await benchExtraction()) console.log(line);
  console.log('');
  for (const line of await benchNumeric()) console.log(line);
  console.log('');
  for (const line of await benchSearch()) console.log(line);
  console.log('');
  for (const line of await benchFigures()) console.log(line);
  console.log('');
  for (const line of await benchWebUpload()) console.log(line);
  console.log('');
  for (const line of await benchWorkbench()) console.log(line);
  console.log('');
  for (const line of await benchReport()) console.log(line);
  console.log('');
  for (const line of verifyReportLines(await benchVerifyReport())) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
