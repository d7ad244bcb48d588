/**
 * The workbench as a fact-checker feels it, in Debian's Chromium through the loopback web host, with a
 * 300-page text PDF already in the library: (a) open → first page drawn, (b) figure click → operand in the
 * tray, (c) Run → result card beyond the service's own time for the same check, (d) the renderer's memory
 * with the PDF scrolled end to end. Times are taken inside the page (the pointer event's timestamp to the
 * change seen by a MutationObserver or an animation frame), so Playwright's round trips are not counted.
 * Prints each figure with its target; asserts nothing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_CHROMIUM } from '../e2e/chromium';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { ensureRendererBuilt } from '../desktop/web/renderer-build';
import { startWebHost, type WebHost } from '../desktop/web/server';
import { WEB_BRIDGE_PATH, WEB_TOKEN_HEADER } from '../shared/bridge';
import { buildPdf, type PdfText } from '../tests/service/extract/fixtures/pdf';
import { median } from './reference';

const PAGES = 300;
const ROUNDS = 5;
const SERVICE_ROUNDS = 9;
const FILE_NAME = 'annual-report-300.pdf';
const CLAIM = 'Revenue rose 12% from 2022 to 2023';
const TARGET = { firstPageMs: 1000, trayMs: 50, runBeyondMs: 150, memoryMb: 500 };

const CHROMIUM_ARGS = [
  ...DEBIAN_CHROMIUM.args,
  '--enable-precise-memory-info',
  // The fresh page of each round must not leave the last one alive in another renderer.
  '--disable-features=BackForwardCache',
];

/** A 300-page annual report: on every page a heading, a sentence with two figures and a small table. */
function bigPdf(): Buffer {
  const pages = Array.from({ length: PAGES }, (_, i) => {
    const texts: PdfText[] = [
      { x: 72, y: 720, size: 18, text: `Annual report 2023, page ${i + 1}` },
      { x: 72, y: 690, size: 12, text: 'Revenue in 2022 was $1,000 million and $1,120 million in 2023.' },
      { x: 72, y: 660, size: 12, text: 'Results ($ million)' },
      { x: 300, y: 660, size: 12, text: '2022' },
      { x: 400, y: 660, size: 12, text: '2023' },
      { x: 72, y: 640, size: 12, text: 'Operating costs' },
      { x: 300, y: 640, size: 12, text: '(850)' },
      { x: 400, y: 640, size: 12, text: '(910)' },
      { x: 72, y: 610, size: 12, text: `Staff numbered ${(4000 + i).toLocaleString('en-US')} at year end.` },
    ];
    return { width: 612, height: 792, texts };
  });
  return Buffer.from(buildPdf(pages));
}

/**
 * Installed in the page before its scripts: timestamps of the next pointerdown, and waits that resolve with
 * performance.now() when a condition first holds (checked on every DOM change and every animation frame).
 */
const PROBE = String.raw`
(() => {
  const marks = {};
  const pending = {};
  const painted = (canvas) => {
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4 * 7) if (data[i + 3] > 0 && data[i] < 200) return true;
    return false;
  };
  const tests = {
    firstPage: () => painted(document.querySelector('[role="img"][aria-label="Page 1 of the original"] canvas')),
    trayA: () => (document.querySelector('[data-testid="operand-tray"]')?.textContent ?? '').includes('$1,000 million'),
    resultCard: () => document.querySelector('[data-testid="result-card"][data-outcome]') !== null,
  };
  window.__bench = {
    arm(name) {
      delete marks[name];
      const test = tests[name];
      // Already true before the click: nothing to time (a stale page, or a card from before).
      if (test()) {
        pending[name] = Promise.resolve({ already: true });
        return;
      }
      const on = (event) => {
        marks[name] = event.timeStamp;
        document.removeEventListener('pointerdown', on, true);
      };
      document.addEventListener('pointerdown', on, true);
      pending[name] = new Promise((resolve) => {
        let done = false;
        const finish = (value) => {
          if (done) return;
          done = true;
          observer.disconnect();
          clearTimeout(timer);
          resolve(value);
        };
        const check = () => {
          if (done || marks[name] === undefined) return;
          if (test()) finish({ start: marks[name], end: performance.now() });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const frame = () => {
          check();
          if (!done) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        const timer = setTimeout(() => finish(null), 30000);
      });
    },
    result(name) {
      return pending[name];
    },
    /** Scrolls the original one view down; resolves once every page in view has a painted canvas. */
    async scrollStep() {
      const pane = document.querySelector('[data-testid="original-pane"]');
      const before = pane.scrollTop;
      pane.scrollTop = before + Math.round(pane.clientHeight * 0.9);
      const deadline = performance.now() + 10000;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const view = pane.getBoundingClientRect();
        const inView = [...pane.querySelectorAll('[data-testid="pdf-page"]')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.bottom > view.top && r.top < view.bottom;
        });
        const drawn = inView.length > 0 && inView.every((el) => {
          const c = el.querySelector('canvas');
          return c !== null && c.width > 0;
        });
        if (drawn || performance.now() > deadline) {
          const last = inView.map((el) => Number(el.getAttribute('data-page-number'))).reduce((a, b) => Math.max(a, b), 0);
          return { atEnd: pane.scrollTop === before, drawn, last };
        }
      }
    },
    jsHeap() {
      return performance.memory ? performance.memory.usedJSHeapSize : null;
    },
  };
})();
`;

type Timing = { start: number; end: number } | { already: true };

/** Clicks `target` and times, inside the page, its pointerdown to the first moment `probe` holds. */
async function timeClick(page: Page, probe: string, target: Locator): Promise<number | null> {
  await page.evaluate(`window.__bench.arm(${JSON.stringify(probe)})`);
  await target.click();
  const timing = (await page.evaluate(`window.__bench.result(${JSON.stringify(probe)})`)) as Timing | null;
  if (timing === null) return null;
  if ('already' in timing) throw new Error(`bench: "${probe}" held before the click, so it cannot be timed`);
  return timing.end - timing.start;
}

function libraryItem(page: Page): Locator {
  return page.getByTestId('library-item').filter({ hasText: FILE_NAME });
}

function figure(page: Page, raw: string): Locator {
  const escaped = raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('button', { name: new RegExp(`^Figure ${escaped} \\(`) })
    .filter({ visible: true })
    .first();
}

/** Loads the workbench afresh (by way of a blank page: a #token URL alone would be a same-document move). */
async function loadWorkbench(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.getByTestId('app-shell').and(page.locator('[data-app-state="ready"]')).waitFor();
}

async function clearTray(page: Page): Promise<void> {
  const clear = page.getByTestId('operand-tray').getByRole('button', { name: 'Clear both' });
  if (await clear.isEnabled()) await clear.click();
}

/** Resident and proportional memory (MB) of this browser's renderer processes, from /proc. */
async function rendererMemory(): Promise<{ rss: number; pss: number | null }[]> {
  const parents = new Map<number, number>();
  const renderers: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('--type=renderer')) renderers.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  const ours = (pid: number) => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 10; hops++) {
      if (p === process.pid) return true;
      p = parents.get(p);
    }
    return false;
  };
  const out: { rss: number; pss: number | null }[] = [];
  for (const pid of renderers.filter(ours)) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
      const pssKb = /^Pss:\s+(\d+)/m.exec(rollup)?.[1];
      out.push({ rss: rssKb / 1024, pss: pssKb === undefined ? null : Number(pssKb) / 1024 });
    } catch {
      // Gone.
    }
  }
  return out.sort((a, b) => b.rss - a.rss);
}

async function bridge(host: WebHost, channel: string, input: unknown): Promise<unknown> {
  const response = await fetch(`${host.origin}${WEB_BRIDGE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEB_TOKEN_HEADER]: host.token },
    body: JSON.stringify({ channel, input }),
  });
  const reply = (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
  if (!reply.ok) throw new Error(`${channel} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const verdict = (value: number, target: number) => (value <= target ? 'met' : 'NOT met');
const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');

export async function benchWorkbench(): Promise<string[]> {
  const lines: string[] = [];
  const log = (line: string) => console.error(`workbench: ${line}`);
  await ensureRendererBuilt(log);
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-workbench-'));
  let host: WebHost | undefined;
  let browser: Browser | undefined;
  try {
    host = await startWebHost({ port: 0, dataDir: join(dir, 'data'), rendererDir: rendererOutDir });
    browser = await chromium.launch({ executablePath: DEBIAN_CHROMIUM.executablePath, args: CHROMIUM_ARGS });
    const context = await browser.newContext();
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const sent: { channel: string; input: unknown }[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith(WEB_BRIDGE_PATH)) return;
      const body = request.postDataJSON() as { channel: string; input: unknown } | null;
      if (body?.channel === 'cases.save' || body?.channel === 'cases.check') sent.push(body);
    });

    // The PDF goes in, and is read completely, before anything is timed.
    await loadWorkbench(page, host.url);
    const pdf = bigPdf();
    log(`adding a ${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} KB) and waiting until it is read…`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add files' }).click();
    await (await chooser).setFiles([{ name: FILE_NAME, mimeType: 'application/pdf', buffer: pdf }]);
    const readStart = performance.now();
    await libraryItem(page).filter({ hasText: 'Read completely' }).waitFor({ timeout: 300_000 });
    log(`read completely in ${ms(performance.now() - readStart)} (not a target)`);

    const open: number[] = [];
    const tray: number[] = [];
    const run: number[] = [];
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh page each round, so the document is opened, not shown again.
      await loadWorkbench(page, host.url);
      const item = libraryItem(page).filter({ hasText: 'Read completely' });
      await item.waitFor();
      const openButton = item
        .getByRole('button', { name: new RegExp(FILE_NAME.replace('.', '\\.')) })
        .first();
      const a = await timeClick(page, 'firstPage', openButton);
      if (a !== null) open.push(a);

      await figure(page, '$1,000 million').waitFor();
      await clearTray(page);
      const b = await timeClick(page, 'trayA', figure(page, '$1,000 million'));
      if (b !== null) tray.push(b);

      const trayRegion = page.getByRole('region', { name: /Operands|Figures/ });
      await figure(page, '$1,120 million').click();
      await trayRegion.filter({ hasText: '$1,120 million' }).waitFor();
      await page.getByRole('textbox', { name: 'Claim' }).fill(CLAIM);
      const c = await timeClick(page, 'resultCard', page.getByRole('button', { name: /^Run check/ }));
      if (c !== null) run.push(c);
      const outcome = await page.getByTestId('result-card').getAttribute('data-outcome');
      if (outcome !== null) outcomes.add(outcome);
      log(
        `round ${round + 1}: open ${a === null ? 'timed out' : ms(a)}, tray ${b === null ? 'timed out' : ms(b)}, ` +
          `run ${c === null ? 'timed out' : ms(c)} (${outcome ?? 'no card'})`,
      );
    }

    // The service's own time for the same check: the renderer's two calls (save the case, check it), replayed.
    const save = sent.find((s) => s.channel === 'cases.save');
    const service: number[] = [];
    const verifyOnly: number[] = [];
    if (save !== undefined) {
      const { claim, operands } = save.input as { claim: string; operands: unknown[] };
      for (let i = 0; i < SERVICE_ROUNDS; i++) {
        const t = performance.now();
        const saved = (await bridge(host, 'cases.save', save.input)) as { id: string };
        await bridge(host, 'cases.check', { id: saved.id });
        service.push(performance.now() - t);
        const v = performance.now();
        await bridge(host, 'checks.verify', { claim, operands });
        verifyOnly.push(performance.now() - v);
      }
    }

    // (d) The document open and scrolled end to end, page by page as they are drawn.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let peakRss = 0;
    let steps = 0;
    let undrawn = 0;
    let lastPage = 0;
    const scrollStart = performance.now();
    for (;;) {
      const step = (await page.evaluate('window.__bench.scrollStep()')) as {
        atEnd: boolean;
        drawn: boolean;
        last: number;
      };
      steps++;
      if (!step.drawn) undrawn++;
      lastPage = Math.max(lastPage, step.last);
      if (steps % 25 === 0) peakRss = Math.max(peakRss, (await rendererMemory())[0]?.rss ?? 0);
      if (step.atEnd || steps > 5000) break;
    }
    log(
      `scrolled to page ${lastPage} in ${steps} steps, ${ms(performance.now() - scrollStart)}` +
        (undrawn > 0 ? `; ${undrawn} steps not drawn within 10 s` : ''),
    );
    await page.waitForTimeout(1000);
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? null;
    const heapUsed = metric('JSHeapUsedSize');
    const heapTotal = metric('JSHeapTotalSize');
    const preciseHeap = (await page.evaluate('window.__bench.jsHeap()')) as number | null;
    const renderers = await rendererMemory();
    const main = renderers[0];
    if (main) peakRss = Math.max(peakRss, main.rss);
    await cdp.detach();

    const mb = (bytes: number) => bytes / 1024 / 1024;
    lines.push(
      `## Workbench in Chromium through the web host (${PAGES}-page text PDF; medians of ${ROUNDS} rounds)`,
    );
    if (open.length > 0) {
      const m = median(open);
      lines.push(
        `workbench: first page drawn ${ms(m)} (target ≤ ${TARGET.firstPageMs} ms: ${verdict(m, TARGET.firstPageMs)}) [${list(open)}]`,
      );
    } else lines.push('workbench: first page drawn: not measured (the page was never drawn within 30 s)');
    if (tray.length > 0) {
      const m = median(tray);
      lines.push(
        `workbench: figure click → operand in the tray ${ms(m)} (target ≤ ${TARGET.trayMs} ms: ${verdict(m, TARGET.trayMs)}) [${list(tray)}]`,
      );
    } else lines.push('workbench: figure click → tray: not measured (the tray never showed the figure)');
    if (run.length > 0 && service.length > 0) {
      const ui = median(run);
      const own = median(service);
      const beyond = ui - own;
      lines.push(
        `workbench: Run → result card ${ms(ui)}, service's own save + check ${ms(own)} ` +
          `(checks.verify alone ${ms(median(verifyOnly))}), beyond the service ${ms(beyond)} ` +
          `(target ≤ ${TARGET.runBeyondMs} ms: ${verdict(beyond, TARGET.runBeyondMs)}) [run ${list(run)}; ` +
          `service ${list(service)}; outcome ${[...outcomes].join(', ')}]`,
      );
    } else lines.push('workbench: Run → result card: not measured (no result card, or no check to replay)');
    if (main) {
      lines.push(
        `workbench: renderer memory, ${PAGES} pages scrolled end to end: process RSS ${main.rss.toFixed(0)} MB ` +
          `(target ≤ ${TARGET.memoryMb} MB: ${verdict(main.rss, TARGET.memoryMb)})` +
          `${main.pss === null ? '' : `, PSS ${main.pss.toFixed(0)} MB`}; peak RSS while scrolling ` +
          `${peakRss.toFixed(0)} MB (sampled every 25 steps: ${verdict(peakRss, TARGET.memoryMb)})`,
      );
    } else
      lines.push('workbench: renderer process memory: not measured (no renderer process found in /proc)');
    lines.push(
      `workbench: renderer JS heap used ${heapUsed === null ? 'n/a' : `${mb(heapUsed).toFixed(0)} MB`}` +
        ` of ${heapTotal === null ? 'n/a' : `${mb(heapTotal).toFixed(0)} MB`} (CDP Performance.getMetrics, main thread only)` +
        `; performance.memory ${preciseHeap === null ? 'n/a' : `${mb(preciseHeap).toFixed(0)} MB`}` +
        `; ${renderers.length} renderer process(es) ${renderers.map((r) => `${r.rss.toFixed(0)}`).join(' + ')} MB RSS`,
    );
  } finally {
    await browser?.close().catch(() => {});
    await host?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}
