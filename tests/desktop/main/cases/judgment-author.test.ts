import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import type { Case } from '../../../../shared/bridge';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { createCaseStore } from '../../../../desktop/main/cases/store';
import { handlers } from '../../../../desktop/main/handlers';
import type { HandlerContext } from '../../../../desktop/main/handlers/context';
import { fakeContext } from '../bridge/fake-context';

// A judgment keeps its author from the moment it is made: the name set in Settings then, never the one
// set at export. Cases stored before authors were kept still read, their judgments' author unknown.

const escalated: NumericResponse = {
  outcome: 'escalate',
  arithmetic: { verdict: 'holds', computed: 12, tolerance: 0.5, reason: '12%: holds' },
  comparability: {
    verdict: 'unknown',
    facets: [
      { facet: 'entity', decidedBy: 'judge', passed: null, p: null },
      { facet: 'period', decidedBy: 'judge', passed: null, p: null },
    ],
    reason: 'left to a judge',
  },
  reason: 'left to a person',
  scope: 'arithmetic_only',
  limitation: 'arithmetic only',
  operands: [],
};
const operands = [0, 1].map((figure_index) => ({
  source_version_id: 'sv_1',
  representation_id: 'rep_1',
  source_unit_id: 'unit_1',
  figure_index,
}));

let dir: string;
let router: BridgeRouter;
let context: HandlerContext;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-judgment-author-'));
  const fake = fakeContext({ verifyNumeric: () => Promise.resolve(escalated) });
  context = { ...fake.context, cases: createCaseStore(dir) };
  router = createRouter(handlers, context, { onInternalError: vi.fn() });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function value<T>(reply: Promise<unknown>): Promise<T> {
  const r = (await reply) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

describe("a judgment's author", () => {
  it('is the name set when it was made, kept when the name changes; unknown when none was set', async () => {
    const created = await value<Case>(
      router.invoke('cases.save', { title: 'Acme', claim: 'Revenue rose 12%', operands }),
    );
    await value(router.invoke('cases.check', { id: created.id }));
    const judge = (facet: 'entity' | 'period', note: string) =>
      value<Case>(router.invoke('cases.judge', { id: created.id, facet, holds: true, note }));

    await judge('entity', 'Both rows are Acme Corp.');
    await context.settings.set({ authorName: 'Ada Checker' });
    await judge('period', 'Both are fiscal 2023.');
    await context.settings.set({ authorName: 'Bea Editor' });
    const stored = createCaseStore(dir).get(created.id)!;
    expect(stored.judgments.map((j) => [j.facet, j.author])).toEqual([
      ['entity', null],
      ['period', 'Ada Checker'],
    ]);
    // Judged again: a new judgment, by whoever is named now.
    const again = await judge('period', 'Both are fiscal 2023, checked again.');
    expect(again.judgments.map((j) => [j.facet, j.author])).toEqual([
      ['entity', null],
      ['period', 'Bea Editor'],
    ]);
    // Kept with the check, the judgments keep their authors.
    const kept = await value<Case>(router.invoke('cases.keepCheck', { id: created.id }));
    expect(kept.kept![0]!.judgments.map((j) => j.author)).toEqual([null, 'Bea Editor']);
  });

  it('reads a case stored before authors were kept: every judgment by an unknown author, nothing lost', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const judgment = { facet: 'entity', holds: true, note: 'Same company.', at };
    const older = {
      id: 'case_older00000000000a',
      title: 'Stored by an older version',
      claim: 'Revenue rose 12%',
      operands,
      check: escalated,
      judgments: [judgment],
      kept: [
        {
          id: 'check_older001',
          claim: 'Costs rose 7%',
          operands,
          check: escalated,
          judgments: [{ ...judgment, facet: 'period', note: 'Both 2023.' }],
          keptAt: at,
        },
      ],
      notes: 'Written before judgments kept their author.',
      createdAt: at,
      updatedAt: at,
    };
    const file = join(dir, 'cases', `${older.id}.json`);
    mkdirSync(join(dir, 'cases'), { recursive: true });
    const text = `${JSON.stringify(older, null, 2)}\n`;
    writeFileSync(file, text);

    const read = await value<Case>(router.invoke('cases.get', { id: older.id }));
    expect(read).toEqual({
      ...older,
      judgments: [{ ...judgment, author: null }],
      kept: [{ ...older.kept[0]!, judgments: [{ ...older.kept[0]!.judgments[0]!, author: null }] }],
    });
    // Reading never rewrites the file.
    expect(readFileSync(file, 'utf8')).toBe(text);
    // A change writes it in the new form, every judgment and note still there.
    await value(
      router.invoke('cases.save', { id: older.id, title: 'Renamed', claim: older.claim, operands }),
    );
    const rewritten = JSON.parse(readFileSync(file, 'utf8')) as Case;
    expect(rewritten).toMatchObject({ title: 'Renamed', notes: older.notes, check: escalated });
    expect(rewritten.judgments).toEqual([{ ...judgment, author: null }]);
    expect(rewritten.kept![0]!.judgments).toEqual([{ ...older.kept[0]!.judgments[0]!, author: null }]);
  });

  it('refuses a stored author with a control character: the file is reported, left as it is', async () => {
    const c = await value<Case>(router.invoke('cases.save', { title: 'T', claim: 'c', operands }));
    const file = join(dir, 'cases', `${c.id}.json`);
    const broken = {
      ...c,
      judgments: [{ facet: 'entity', holds: true, note: 'n', at: c.createdAt, author: 'A\u0007' }],
    };
    writeFileSync(file, JSON.stringify(broken));
    expect(await router.invoke('cases.get', { id: c.id })).toMatchObject({
      ok: false,
      error: { code: 'case_unreadable' },
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(broken);
  });
});
