import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportExportOutput } from '../../../shared/bridge';
import { createPrintPages, PRINT_PAGE_TTL_MS } from '../../../desktop/web/print-pages';
import { startWebHost, type WebHost } from '../../../desktop/web/server';
import { seedCase, value, type Invoke, type Seeded } from '../main/report/library';

// A PDF export in the web host: the report's HTML waits at a one-time path, opened once in a
// new tab (no token: the random id is the capability) with a CSP that lets no script run and nothing load.

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let root: string;
let host: WebHost;
let invoke: Invoke;
let seeded: Seeded;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ew-print-page-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Evidence Workbench</title>');
  host = await startWebHost({ port: 0, dataDir: join(root, 'data'), rendererDir, version: '9.8.7' });
  invoke = async (channel, input) => {
    const reply = await send(host.port, {
      method: 'POST',
      path: '/bridge/invoke',
      headers: { 'content-type': 'application/json', 'x-workbench-token': host.token },
      body: JSON.stringify({ channel, input }),
    });
    return JSON.parse(reply.body) as unknown;
  };
  await value(invoke('settings.set', { ocr: 'off' }));
  seeded = await seedCase(invoke);
}, 60_000);

afterAll(async () => {
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

async function exportPdf(taskId = 'print') {
  const out = ReportExportOutput.parse(
    await value(invoke('reports.export', { taskId, caseIds: [seeded.caseId], format: 'pdf' })),
  );
  if (out.kind !== 'print') throw new Error(`expected a print page, got ${out.kind}`);
  return out;
}

describe('web host: a PDF export is a one-time print page', () => {
  it('answers kind "print" with a path of 128 random bits; the page is served once, then 404', async () => {
    const out = await exportPdf();
    expect(out.filename).toMatch(/^revenue-claims-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(out.path).toMatch(/^\/bridge\/print\/[A-Za-z0-9_-]{22}$/);
    const page = await send(host.port, { path: out.path });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(/^<!doctype html>/i);
    expect(page.body).toContain('Revenue claims');
    expect(page.body).toContain('data:image/png;base64,');
    const again = await send(host.port, { path: out.path });
    expect(again.status).toBe(404);
    expect(again.body).not.toContain('Revenue claims');
  });

  it('a wrong id, a malformed one: 404', async () => {
    const out = await exportPdf('print-wrong');
    const wrong = out.path.slice(0, -1) + (out.path.endsWith('A') ? 'B' : 'A');
    expect((await send(host.port, { path: wrong })).status).toBe(404);
    expect((await send(host.port, { path: '/bridge/print/' })).status).toBe(404);
    expect((await send(host.port, { path: '/bridge/print/..%2F..%2Fsecret' })).status).toBe(404);
    // The right one is still there, once.
    expect((await send(host.port, { path: out.path })).status).toBe(200);
  });

  it('Host and Origin are checked as for every request, and a refusal does not spend the page', async () => {
    const out = await exportPdf('print-host');
    const rebound = await send(host.port, { path: out.path, headers: { host: 'evil.example' } });
    expect(rebound.status).toBe(403);
    const crossSite = await send(host.port, { path: out.path, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await send(host.port, { path: out.path, method: 'POST' })).status).toBe(405);
    const page = await send(host.port, { path: out.path });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Revenue claims');
  });
});

describe('print pages: kept in memory, briefly, a few at most', () => {
  it('expires after its time; the oldest is pushed out past the most kept', () => {
    let now = 1_000;
    const pages = createPrintPages({ now: () => now, max: 2 });
    const first = pages.hold('<p>one</p>').split('/').pop()!;
    now += PRINT_PAGE_TTL_MS - 1;
    const second = pages.hold('<p>two</p>').split('/').pop()!;
    expect(pages.size).toBe(2);
    now += 1;
    expect(pages.take(first)).toBeNull();
    const third = pages.hold('<p>three</p>').split('/').pop()!;
    const fourth = pages.hold('<p>four</p>').split('/').pop()!;
    expect(pages.take(second)).toBeNull();
    expect(pages.take(third)).toBe('<p>three</p>');
    expect(pages.take(third)).toBeNull();
    expect(pages.take(fourth)).toBe('<p>four</p>');
    expect(new Set([first, second, third, fourth]).size).toBe(4);
  });
});
