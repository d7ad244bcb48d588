/**
 * `npm run bench -- search-ui`: the search panel as a fact-checker feels it, in Debian's Chromium through
 * the loopback web host, with 10,000 documents of 10 units each in the library (seeded straight into the
 * embedded service's store, as bench/search.ts does): (a) the last keystroke of a query → its results drawn
 * (the pause before sending and the service's time included), (b) "Open at passage" → the document open at
 * the cited unit with the passage lit. Times are taken inside the page, from the event's timestamp to the
 * change seen by a MutationObserver or an animation frame. Prints p50/p95 with the targets; asserts nothing.
 * EW_BENCH_SOURCES=N seeds a smaller library.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_CHROMIUM } from '../e2e/chromium';
import { chromium, type Browser, type Page } from '@playwright/test';
import { rendererOutDir } from '../desktop/project';
import { ensureRendererBuilt } from '../desktop/web/renderer-build';
import { startWebHost, type WebHost } from '../desktop/web/server';
import { WEB_BRIDGE_PATH, WEB_TOKEN_HEADER } from '../shared/bridge';
import { Store } from '../service/store/store';
import { percentile, random, seedLibrary, vocabulary } from './library-seed';

const SOURCES = Number(process.env.EW_BENCH_SOURCES ?? 10_000);
const UNITS = 10;
const WORDS_PER_UNIT = 80;
const QUERIES = 60;
const OPENS = 20;
const TARGET = { keystrokeMs: 150, openMs: 300 };

/** The library, written into the embedded service's store in one transaction; returns the vocabulary. */
export async function seedForProfile(serviceDir: string): Promise<string[]> {
  return (await seed(serviceDir)).words;
}

async function seed(serviceDir: string): Promise<{ words: string[]; seconds: number }> {
  const store = await Store.open(serviceDir);
  const next = random(42);
  const words = vocabulary(5000, next);
  const start = performance.now();
  try {
    const account = await store.localAccount();
    const db = Store.databaseForTests(store);
    seedLibrary(db, {
      account,
      sources: SOURCES,
      units: UNITS,
      wordsPerUnit: WORDS_PER_UNIT,
      words,
      next,
      format: 'text',
    });
  } finally {
    store.close();
  }
  return { words, seconds: (performance.now() - start) / 1000 };
}

/**
 * Installed in the page: `arm(kind, expectation)` starts timing at the next keydown or pointerdown and
 * stops when the expectation first holds; `result()` resolves with the milliseconds (null on timeout).
 */
const PROBE = String.raw`
(() => {
  // Cheap checks only: the library holds thousands of nodes, and a selector scanning the whole document
  // on every mutation would time the probe, not the app. The panel's body is found once, when armed;
  // marks are read from a live collection.
  let pending = null;
  const marks = document.getElementsByTagName('mark');
  let body = null;
  const tests = {
    results: (query) =>
      body !== null && body.getAttribute('data-state') === 'current' && body.getAttribute('data-query') === query &&
      (body.querySelector('[data-testid="search-result"]') !== null || body.querySelector('[data-testid="search-empty"]') !== null),
    passage: (title) => {
      for (const mark of marks) {
        if (mark.getAttribute('data-testid') !== 'lit-passage') continue;
        const viewer = mark.closest('[data-testid="open-document"]');
        if (viewer !== null && (viewer.firstElementChild?.textContent || '').includes(title)) return true;
      }
      return false;
    },
  };
  window.__searchBench = {
    arm(kind, event, expectation) {
      body = document.querySelector('[data-testid="search-body"]');
      let start;
      const on = (e) => { start = e.timeStamp; document.removeEventListener(event, on, true); };
      document.addEventListener(event, on, true);
      pending = new Promise((resolve) => {
        let done = false;
        const check = () => {
          if (done || start === undefined) return;
          if (tests[kind](expectation)) { done = true; observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start); }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const frame = () => { check(); if (!done) requestAnimationFrame(frame); };
        requestAnimationFrame(frame);
        const timer = setTimeout(() => { done = true; observer.disconnect(); resolve(null); }, 15000);
      });
    },
    result() { return pending; },
  };
})();
`;

async function arm(page: Page, kind: string, event: string, expectation: string): Promise<void> {
  await page.evaluate(
    `window.__searchBench.arm(${JSON.stringify(kind)}, ${JSON.stringify(event)}, ${JSON.stringify(expectation)})`,
  );
}
async function measured(page: Page): Promise<number | null> {
  return (await page.evaluate('window.__searchBench.result()')) as number | null;
}

export async function benchSearchUi(): Promise<string[]> {
  const log = (line: string) => console.error(line);
  await ensureRendererBuilt(log);
  const dataDir = await mkdtemp(join(tmpdir(), 'ew-bench-search-ui-'));
  let browser: Browser | undefined;
  let host: WebHost | undefined;
  const out: string[] = [];
  try {
    log(`seeding ${SOURCES.toLocaleString('en')} documents × ${UNITS} units…`);
    const { words, seconds } = await seed(join(dataDir, 'service'));
    host = await startWebHost({ port: 0, dataDir, rendererDir: rendererOutDir });
    browser = await chromium.launch(DEBIAN_CHROMIUM);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(host.url);
    await page
      .getByTestId('app-shell')
      .and(page.locator('[data-app-state="ready"]'))
      .waitFor({ timeout: 60_000 });
    await page.getByTestId('library-count').waitFor({ timeout: 60_000 });

    if (process.env.EW_BENCH_HIDE_LIBRARY) await page.getByTestId('toggle-library').click();
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-query');
    await input.waitFor();

    // (a) Each query typed but its last character, its results awaited; then the last key, timed.
    const next = random(7);
    const queries = Array.from({ length: QUERIES }, (_, i) =>
      Array.from({ length: 1 + (i % 2) }, () => words[Math.floor(next() * 400)]!).join(' '),
    );
    const keystroke: number[] = [];
    let missed = 0;
    for (const [i, query] of queries.entries()) {
      const prefix = query.slice(0, -1);
      await input.fill(prefix);
      await page
        .locator(`[data-testid="search-body"][data-state="current"][data-query="${prefix}"]`)
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await arm(page, 'results', 'keydown', query);
      await input.press(query.slice(-1));
      const ms = await measured(page);
      if (ms === null) missed++;
      else if (i >= 3) keystroke.push(ms); // the first few warm the caches
    }

    // (b) Open a result at its passage, then back to the panel for the next one.
    const open: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const query = queries[i % queries.length]!;
      if ((await input.count()) === 0) {
        await page.keyboard.press('Control+k');
        await input.waitFor();
      }
      await input.fill(query);
      await page
        .locator(`[data-testid="search-body"][data-state="current"][data-query="${query}"]`)
        .waitFor({ timeout: 15_000 });
      const results = page.getByTestId('search-result');
      if ((await results.count()) === 0) continue;
      const result = results.nth(i % Math.min(3, await results.count()));
      const title = ((await result.getByRole('heading').textContent()) ?? '').trim();
      await arm(page, 'passage', 'pointerdown', title);
      await result.getByRole('button', { name: 'Open at passage' }).click();
      const ms = await measured(page);
      if (ms === null) missed++;
      else open.push(ms);
      await page.keyboard.press('Control+k');
      await input.waitFor();
    }

    // The bridge and service alone, for the same queries (what the page waits for in (a)).
    const bridgeMs: number[] = [];
    for (const query of queries) {
      const t = performance.now();
      const res = await fetch(`${host.origin}${WEB_BRIDGE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEB_TOKEN_HEADER]: host.token },
        body: JSON.stringify({ channel: 'search.query', input: { query, limit: 20 } }),
      });
      await res.json();
      bridgeMs.push(performance.now() - t);
    }

    const row = (name: string, xs: number[], target: number) =>
      `| ${name} | ${xs.length} | ${percentile(xs, 50).toFixed(0)} | ${percentile(xs, 95).toFixed(0)} | ≤ ${target} ms p95 | ${percentile(xs, 95) <= target ? 'met' : 'NOT met'} |`;
    out.push(
      `## Search panel in Chromium (web host), ${SOURCES.toLocaleString('en')} documents × ${UNITS} units (seeded in ${seconds.toFixed(1)} s)\n`,
      '| | n | p50 ms | p95 ms | target | |',
      '|---|---|---|---|---|---|',
      row('last keystroke → results drawn (pause + service included)', keystroke, TARGET.keystrokeMs),
      row('"Open at passage" → unit open, passage lit', open, TARGET.openMs),
      `| (for comparison) search.query through the web host's bridge alone | ${bridgeMs.length} | ${percentile(bridgeMs, 50).toFixed(0)} | ${percentile(bridgeMs, 95).toFixed(0)} | | |`,
    );
    if (missed > 0) out.push(`\n${missed} measurement(s) timed out and are not counted.`);
  } finally {
    await browser?.close();
    await host?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return out;
}
