import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent, ReportExportOutput } from '../../../../shared/bridge';
import { CITATION_CSV_HEADER, OPERAND_CSV_HEADER } from '../../../../desktop/main/report/csv';
import { contentDigest, parseBundle, type ReportBundle } from '../../../../desktop/main/report/model';
import type { VerifyReport } from '../../../../shared/bridge/verify-result';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { createCaseStore } from '../../../../desktop/main/cases/store';
import { createEmbeddedClient } from '../../../../desktop/main/client/embedded';
import type { EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers } from '../../../../desktop/main/handlers';
import type { HandlerContext } from '../../../../desktop/main/handlers/context';
import {
  EXTRACTOR_NOT_STATED,
  exportReport,
  reportFilename,
  type ExportDeps,
} from '../../../../desktop/main/report/export';
import { checkSignature } from '../../../../desktop/main/report/signing';
import { fakeContext } from '../bridge/fake-context';
import { failure, seedCase, upload, value, operand, type Invoke, type Seeded } from './library';

// The report export of the main process, against a real embedded service in a temp folder and
// cases built through the bridge: every format, progress, cancellation, a missing source, signing.

let dir: string;
let client: EvidenceClient;
let context: HandlerContext;
let router: BridgeRouter;
let invoke: Invoke;
let seeded: Seeded;
const events: ProgressEvent[] = [];
/** Called with each progress event as it is emitted (a test may cancel from it). */
let onEvent: (event: ProgressEvent) => void = () => undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ew-report-export-'));
  client = await createEmbeddedClient({ dataDir: join(dir, 'service'), ocr: 'off' });
  const fake = fakeContext({});
  context = {
    ...fake.context,
    version: '4.5.6',
    client: () => Promise.resolve(client),
    cases: createCaseStore(dir),
    emit: (event, payload) => {
      if (event !== 'progress') return;
      const progress = payload as ProgressEvent;
      if (!progress.stage.startsWith('report:')) return;
      events.push(progress);
      onEvent(progress);
    },
  };
  await context.settings.set({ authorName: 'Ada Checker' });
  router = createRouter(handlers, context, { onInternalError: vi.fn() });
  invoke = (channel, input) => router.invoke(channel, input);
  seeded = await seedCase(invoke);
}, 60_000);

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const decode = (out: ReportExportOutput) => {
  if (out.kind !== 'file') throw new Error('expected a file');
  return Buffer.from(out.dataBase64, 'base64').toString('utf8');
};

async function exported(format: string, extra: Record<string, unknown> = {}, taskId = `t-${format}`) {
  return value<ReportExportOutput>(
    invoke('reports.export', { taskId, caseIds: [seeded.caseId], format, ...extra }),
  );
}

describe('reports.export: each format', () => {
  it('json: the whole bundle, pretty, that parses strictly and whose digest holds', async () => {
    const out = await exported('json');
    expect(out).toMatchObject({ kind: 'file', mediaType: 'application/json' });
    expect(out.filename).toMatch(/^revenue-claims-\d{4}-\d{2}-\d{2}\.report\.json$/);
    const text = decode(out);
    expect(text).toContain('\n  "bundleVersion": 1');
    const parsed = parseBundle(JSON.parse(text));
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const bundle = parsed.bundle;
    expect(await contentDigest(bundle)).toBe(bundle.integrity.digest);
    expect(bundle.integrity.signature).toBeNull();
    expect(bundle).toMatchObject({ title: 'Revenue claims', authorName: 'Ada Checker', appVersion: '4.5.6' });
    // The app's own extractor, and each representation's as the service stated it.
    expect(bundle.extractorVersion).toMatch(/;ocr=auto$/);
    const [c] = bundle.cases;
    expect(c!.checks).toHaveLength(2);
    expect(c!.checks[0]!.operands.map((o) => o.source.sourceVersionId)).toEqual([
      seeded.pdf.sourceVersionId,
      seeded.pdf.sourceVersionId,
    ]);
    expect(c!.checks[0]!.operands[0]!.extractorVersion).toBe(seeded.pdf.representation.extractor_version);
    expect(c!.checks[0]!.operands[0]!.extractorVersion).toMatch(/;ocr=off$/);
    expect(c!.checks[1]!.personJudgments).toEqual([
      expect.objectContaining({ facet: 'meaning', holds: true, author: 'Ada Checker' }),
    ]);
    expect(c!.citations).toHaveLength(1);
  });

  it('markdown: the title, outcomes in words, the judgment labelled as the person’s', async () => {
    const out = await exported('markdown');
    expect(out).toMatchObject({ kind: 'file', mediaType: 'text/markdown; charset=utf-8' });
    expect(out.filename).toMatch(/\.md$/);
    const text = decode(out);
    expect(text.startsWith('# Revenue claims\n')).toBe(true);
    expect(text).toContain('Ada Checker');
    expect(text).toMatch(/Supported by the figures|Contradicted by the figures|Unresolved/);
    expect(text).toContain('Costs means operating costs');
    expect(text).toContain("Judgment by Ada Checker (the person's, not the service's)");
  });

  it("each judgment's author as stored when it was made, not the name in Settings at export", async () => {
    // Judged under "Ada Checker" (before seeding); the report is exported under another name.
    await context.settings.set({ authorName: 'Bea Editor' });
    try {
      const bundle = JSON.parse(decode(await exported('json', {}, 't-author'))) as ReportBundle;
      expect(bundle.authorName).toBe('Bea Editor');
      expect(bundle.cases[0]!.checks[1]!.personJudgments).toEqual([
        expect.objectContaining({ facet: 'meaning', author: 'Ada Checker' }),
      ]);
      const text = decode(await exported('markdown', {}, 't-author-md'));
      expect(text).toContain("Judgment by Ada Checker (the person's, not the service's)");
      expect(text).not.toContain('Judgment by Bea Editor');

      // A case stored before judgments kept their author: its judgment's author is unknown, and said so.
      const file = join(dir, 'cases', `${seeded.caseId}.json`);
      const older = JSON.parse(readFileSync(file, 'utf8')) as { id: string; judgments: object[] };
      older.id = 'case_storedbeforeauthors0';
      older.judgments = older.judgments.map((j) => {
        const { author: _author, ...rest } = j as { author?: unknown };
        return rest;
      });
      writeFileSync(join(dir, 'cases', `${older.id}.json`), JSON.stringify(older));
      const old = await value<ReportExportOutput>(
        invoke('reports.export', { taskId: 't-older', caseIds: [older.id], format: 'json' }),
      );
      const oldBundle = JSON.parse(decode(old)) as ReportBundle;
      expect(oldBundle.cases[0]!.checks[1]!.personJudgments).toEqual([
        expect.objectContaining({ facet: 'meaning', author: null }),
      ]);
      const oldText = decode(
        await value<ReportExportOutput>(
          invoke('reports.export', { taskId: 't-older-md', caseIds: [older.id], format: 'markdown' }),
        ),
      );
      expect(oldText).toContain("Judgment by an unknown author (the person's, not the service's)");
      rmSync(join(dir, 'cases', `${older.id}.json`));
    } finally {
      await context.settings.set({ authorName: 'Ada Checker' });
    }
  });

  it('csv-figures and csv-citations: a header and one row per operand / citation', async () => {
    const figures = decode(await exported('csv-figures'));
    const rows = figures.trimEnd().split('\r\n');
    expect(rows[0]).toBe(OPERAND_CSV_HEADER.join(','));
    expect(rows).toHaveLength(1 + 4);
    expect(figures).toContain(seeded.pdf.sourceVersionId);
    expect(figures).toContain('cell B3');
    const citations = await exported('csv-citations');
    expect(citations.filename).toMatch(/-citations\.csv$/);
    const lines = decode(citations).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CITATION_CSV_HEADER.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(seeded.csv.sourceVersionId);
  });

  it('html: one self-contained page with a crop of every cited figure', async () => {
    const out = await exported('html');
    expect(out).toMatchObject({ kind: 'file', mediaType: 'text/html; charset=utf-8' });
    expect(out.filename).toMatch(/\.html$/);
    const html = decode(out);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Revenue claims');
    // The PDF's two figures are page crops (PNG); the CSV's are its cells with the figure's marked.
    const pngs = html.match(/data:image\/png;base64,[A-Za-z0-9+/=]{100,}/g) ?? [];
    expect(pngs.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('850');
    expect(html).toContain('910');
    // Self-contained: nothing fetched from anywhere.
    expect(html).not.toMatch(/<script|src="https?:|href="https?:\/\/[^"]*\.css/i);
  });

  it('progress: build (cases), crops (figures), write, in order, with their totals', async () => {
    events.length = 0;
    await exported('html', {}, 'progress-html');
    const mine = events.filter((e) => e.taskId === 'progress-html');
    const stages = [...new Set(mine.map((e) => e.stage))];
    expect(stages).toEqual(['report:build', 'report:crops', 'report:write']);
    const of = (stage: string) => mine.filter((e) => e.stage === stage);
    expect(of('report:build').map((e) => [e.done, e.total])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const crops = of('report:crops');
    expect(crops.at(-1)).toMatchObject({ done: 4, total: 4 });
    for (const [i, e] of crops.entries())
      if (i > 0) expect(e.done).toBeGreaterThanOrEqual(crops[i - 1]!.done);
    expect(of('report:write').map((e) => [e.done, e.total])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('pdf without a printer (the web host) answers the HTML to print; with one, its bytes', async () => {
    const printed: string[] = [];
    const withPrinter = createRouter(
      handlers,
      {
        ...context,
        printToPdf: (html) => {
          printed.push(html);
          return Promise.resolve(new TextEncoder().encode('%PDF-1.7 fake'));
        },
      },
      { onInternalError: vi.fn() },
    );
    const out = await value<ReportExportOutput>(
      withPrinter.invoke('reports.export', { taskId: 'pdf', caseIds: [seeded.caseId], format: 'pdf' }),
    );
    expect(out).toMatchObject({ kind: 'file', mediaType: 'application/pdf' });
    expect(out.filename).toMatch(/\.pdf$/);
    expect(decode(out)).toBe('%PDF-1.7 fake');
    expect(printed[0]).toContain('data:image/png;base64,');

    const failing = createRouter(
      handlers,
      { ...context, printToPdf: () => Promise.reject(new Error('the GPU process crashed')) },
      { onInternalError: vi.fn() },
    );
    const refused = await failure(
      failing.invoke('reports.export', { taskId: 'pdf', caseIds: [seeded.caseId], format: 'pdf' }),
    );
    expect(refused.code).toBe('print_failed');
    expect(refused.message).toContain('the GPU process crashed');

    // Neither a printer nor a print page: refused in words.
    const neither = await failure(
      invoke('reports.export', { taskId: 'pdf', caseIds: [seeded.caseId], format: 'pdf' }),
    );
    expect(neither.code).toBe('not_supported');
  });

  it('several cases in one report: the default title counts them', async () => {
    const other = await value<{ id: string }>(
      invoke('cases.save', {
        title: 'Staff',
        claim: 'Staff numbered 4,200',
        operands: [operand(seeded.pdf, 2, (r) => r.includes('4,200'))],
      }),
    );
    const out = await value<ReportExportOutput>(
      invoke('reports.export', { taskId: 'two', caseIds: [seeded.caseId, other.id], format: 'json' }),
    );
    expect(out.filename).toMatch(/^report-on-2-cases-/);
    const bundle = JSON.parse(decode(out)) as ReportBundle;
    expect(bundle.title).toBe('Report on 2 cases');
    expect(bundle.cases.map((c) => c.caseId)).toEqual([seeded.caseId, other.id]);
    const titled = await value<ReportExportOutput>(
      invoke('reports.export', {
        taskId: 'two',
        caseIds: [seeded.caseId, other.id],
        format: 'markdown',
        title: 'Q3: über-claims / "jobs"',
      }),
    );
    expect(titled.filename).toMatch(/^q3-uber-claims-jobs-\d{4}-\d{2}-\d{2}\.md$/);
  });
});

describe('reports.export: failures leave nothing', () => {
  it('a case that does not exist is named', async () => {
    const missing = await failure(
      invoke('reports.export', { taskId: 'x', caseIds: ['case_0123456789abcdef'], format: 'json' }),
    );
    expect(missing).toMatchObject({ code: 'not_found' });
    expect(missing.message).toContain('case_0123456789abcdef');
  });

  it('a case whose file cannot be read is named; its file is left as it is', async () => {
    const id = 'case_00000000000000000bad';
    const path = join(dir, 'cases', `${id}.json`);
    writeFileSync(path, '{"id": "case_00000000000000000bad", "title": ');
    try {
      const refused = await failure(
        invoke('reports.export', { taskId: 'bad', caseIds: [seeded.caseId, id], format: 'markdown' }),
      );
      expect(refused.code).toBe('case_unreadable');
      expect(refused.message).toContain(id);
      expect(readFileSync(path, 'utf8')).toBe('{"id": "case_00000000000000000bad", "title": ');
    } finally {
      rmSync(path);
    }
  });

  it('a case citing a removed source: report_incomplete naming the source', async () => {
    const gone = await upload(invoke, 'gone.csv', 'Item,2023\nRevenue,"5,000"\n', 'Soon gone');
    const c = await value<{ id: string }>(
      invoke('cases.save', {
        title: 'Gone',
        claim: 'Revenue was 5,000',
        operands: [operand(gone, 1, (r) => r === '5,000')],
      }),
    );
    await value(invoke('library.remove', { sourceVersionId: gone.sourceVersionId, force: true }));
    const refused = await failure(
      invoke('reports.export', { taskId: 'gone', caseIds: [c.id], format: 'html' }),
    );
    expect(refused.code).toBe('report_incomplete');
    expect(refused.message).toContain(gone.sourceVersionId);
    expect(refused.message).toContain(c.id);
  });

  it('cancel mid-crops: cancelled, no result; the task is forgotten', async () => {
    let cancelled: Promise<unknown> | null = null;
    onEvent = (e) => {
      if (e.taskId === 'cancel-me' && e.stage === 'report:crops' && cancelled === null)
        cancelled = invoke('reports.cancel', { taskId: 'cancel-me' });
    };
    try {
      const reply = await failure(
        invoke('reports.export', { taskId: 'cancel-me', caseIds: [seeded.caseId], format: 'html' }),
      );
      expect(reply.code).toBe('cancelled');
      expect(await value(cancelled!)).toEqual({ cancelled: true });
    } finally {
      onEvent = () => undefined;
    }
    expect(events.some((e) => e.taskId === 'cancel-me' && e.stage === 'report:write')).toBe(false);
    expect(await value(invoke('reports.cancel', { taskId: 'cancel-me' }))).toEqual({ cancelled: false });
    expect(await value(invoke('reports.cancel', { taskId: 'never-started' }))).toEqual({ cancelled: false });
    // Nothing was written anywhere in the data folder.
    expect(readdirSync(dir).sort()).toEqual(['cases', 'service']);
  });
});

describe('reports.export: one export per task id', () => {
  it('a second export under a running task id is refused; the first finishes', async () => {
    const first = invoke('reports.export', { taskId: 'twice', caseIds: [seeded.caseId], format: 'html' });
    const second = await failure(
      invoke('reports.export', { taskId: 'twice', caseIds: [seeded.caseId], format: 'json' }),
    );
    expect(second.code).toBe('conflict');
    expect((await value<ReportExportOutput>(first)).kind).toBe('file');
  });
});

describe('exportReport: signing and the extractor a service does not state', () => {
  const deps = (over: Partial<ExportDeps> = {}): ExportDeps => ({
    client,
    cases: context.cases,
    authorName: null,
    appVersion: '4.5.6',
    serviceExtractorVersion: null,
    ...over,
  });

  it('signs the bundle with the injected key when asked; the signature holds', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const out = await exportReport(
      { caseIds: [seeded.caseId], format: 'json', sign: true },
      deps({ signingKey: () => Promise.resolve(privateKey) }),
    );
    if (!('bytes' in out)) throw new Error('expected bytes');
    const bundle = JSON.parse(new TextDecoder().decode(out.bytes)) as ReportBundle;
    expect(bundle.integrity.signature).toMatchObject({ algorithm: 'ed25519' });
    expect(checkSignature(bundle)).toBe('valid');
    expect(parseBundle(bundle).ok).toBe(true);
  });

  it('a key that cannot be read: signing_unavailable, nothing exported', async () => {
    await expect(
      exportReport(
        { caseIds: [seeded.caseId], format: 'json', sign: true },
        deps({ signingKey: () => Promise.reject(new Error('no keychain')) }),
      ),
    ).rejects.toMatchObject({ code: 'signing_unavailable' });
  });

  it('a service that does not state its extractor: said so in words', async () => {
    const silent: EvidenceClient = {
      ...client,
      getRepresentation: async (id, options) => {
        const { extractor_version: _dropped, ...rest } = await client.getRepresentation(id, options);
        return rest;
      },
    };
    const out = await exportReport({ caseIds: [seeded.caseId], format: 'json' }, deps({ client: silent }));
    if (!('bytes' in out)) throw new Error('expected bytes');
    const bundle = JSON.parse(new TextDecoder().decode(out.bytes)) as ReportBundle;
    expect(bundle.extractorVersion).toBe(EXTRACTOR_NOT_STATED);
    expect(bundle.cases[0]!.checks[0]!.operands[0]!.extractorVersion).toBe(EXTRACTOR_NOT_STATED);
    // A remote service that states it: the bundle names the representations' own.
    const stated = await exportReport({ caseIds: [seeded.caseId], format: 'json' }, deps());
    if (!('bytes' in stated)) throw new Error('expected bytes');
    expect((JSON.parse(new TextDecoder().decode(stated.bytes)) as ReportBundle).extractorVersion).toBe(
      seeded.pdf.representation.extractor_version,
    );
  });

  it('filenames: a safe slug of the title, the date and the format’s ending', () => {
    const at = new Date('2026-03-04T23:59:00Z');
    expect(reportFilename('Jobs: the ../../etc/passwd claim', 'html', at)).toBe(
      'jobs-the-etc-passwd-claim-2026-03-04.html',
    );
    expect(reportFilename('Ελλάδα', 'csv-figures', at)).toBe('report-2026-03-04-figures.csv');
    expect(reportFilename('x'.repeat(300), 'pdf', at)).toBe(`${'x'.repeat(60)}-2026-03-04.pdf`);
  });
});

describe('reports.verify', () => {
  it('text that is not JSON: a report with one refused item, not a failure', async () => {
    const report = await value<VerifyReport>(
      invoke('reports.verify', { bundleJson: '{"bundleVersion": 1,' }),
    );
    expect(report.ok).toBe(false);
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({ subject: 'bundle', status: 'refused' });
    expect(report.signedBy).toBeNull();
  });

  it('an exported bundle verifies against the service and the cases: all same', async () => {
    const text = decode(await exported('json', {}, 'round-trip'));
    const report = await value<VerifyReport>(invoke('reports.verify', { bundleJson: text }));
    expect(report.items.filter((i) => i.status !== 'same')).toEqual([]);
    expect(report.ok).toBe(true);
    const tampered = text.replace('"Revenue claims"', '"Revenue claimz"');
    const caught = await value<VerifyReport>(invoke('reports.verify', { bundleJson: tampered }));
    expect(caught.ok).toBe(false);
  });

  it("a colleague's bundle (its cases on their computer): the sources and checks are verified, the cases not compared", async () => {
    const text = decode(await exported('json', {}, 'colleague'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'ew-report-colleague-'));
    try {
      const colleague = createRouter(
        handlers,
        { ...context, cases: createCaseStore(elsewhere) },
        { onInternalError: vi.fn() },
      );
      const report = await value<VerifyReport>(colleague.invoke('reports.verify', { bundleJson: text }));
      expect(report.items.filter((i) => i.status !== 'same')).toEqual([]);
      expect(report.items.some((i) => i.subject.includes('in the app'))).toBe(false);
      expect(report.items.some((i) => i.subject.includes("service's answer"))).toBe(true);
      expect(report.ok).toBe(true);
      // A changed outcome is still caught there, by the re-run check.
      const changed = text.replace('"outcome": "supported"', '"outcome": "contradicted"');
      expect(changed).not.toBe(text);
      const caught = await value<VerifyReport>(colleague.invoke('reports.verify', { bundleJson: changed }));
      expect(caught.ok).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
