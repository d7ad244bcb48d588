import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import { caseSummary, type Case } from '../../../../shared/bridge';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { createCaseStore } from '../../../../desktop/main/cases/store';
import { handlers } from '../../../../desktop/main/handlers';
import type { HandlerContext } from '../../../../desktop/main/handlers/context';
import { fakeContext } from '../bridge/fake-context';

// The person's own verdict on a kept check: stored with the check in the case, with its author (the name
// in Settings when it is given) and time; given again it replaces the last, and it can be cleared. It sits
// beside the service's answer and never changes it. A bad value, or a check the case does not keep, is
// refused and nothing stored changes.

const escalated: NumericResponse = {
  outcome: 'escalate',
  arithmetic: { verdict: 'holds', computed: 12, tolerance: 0.5, reason: '12%: holds' },
  comparability: {
    verdict: 'unknown',
    facets: [{ facet: 'period', decidedBy: 'judge', passed: null, p: null }],
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
  dir = mkdtempSync(join(tmpdir(), 'ew-verdict-'));
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

/** A case with one kept check the service left unresolved. */
async function caseWithKeptCheck(): Promise<{ theCase: Case; checkId: string }> {
  const created = await value<Case>(
    router.invoke('cases.save', { title: 'Acme', claim: 'Revenue rose 12%', operands }),
  );
  await value(router.invoke('cases.check', { id: created.id }));
  const kept = await value<Case>(router.invoke('cases.keepCheck', { id: created.id }));
  return { theCase: kept, checkId: kept.kept![0]!.id };
}

const fileOf = (id: string) => join(dir, 'cases', `${id}.json`);

describe("a person's verdict on a kept check", () => {
  it('is stored with the check, with its author and time; the service answer stays exactly as it was', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    await context.settings.set({ authorName: 'Ada Checker' });
    const before = Date.now();
    const given = await value<Case>(
      router.invoke('cases.setVerdict', {
        id: theCase.id,
        checkId,
        verdict: 'true',
        note: '  The two rows are the same fiscal year.  ',
      }),
    );
    const stored = createCaseStore(dir).get(theCase.id)!;
    expect(stored).toEqual(given);
    const verdict = stored.kept![0]!.verdict!;
    expect(verdict).toMatchObject({
      verdict: 'true',
      note: 'The two rows are the same fiscal year.',
      author: 'Ada Checker',
    });
    expect(Date.parse(verdict.at)).toBeGreaterThanOrEqual(before - 1000);
    // The service's answer is untouched: a person's "true" does not make an escalated check supported.
    expect(stored.kept![0]!.check).toEqual(escalated);
    expect(stored.kept![0]!.judgments).toEqual([]);
    expect(caseSummary(stored).outcome).toBe('escalate');
    expect(caseSummary(stored).checks).toMatchObject({ settledByService: 0, byVerdict: 1, unresolved: 0 });
  });

  it('given again replaces the last, by whoever is named now; without a note it keeps none', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    await context.settings.set({ authorName: 'Ada Checker' });
    await value(
      router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: 'true', note: 'First view.' }),
    );
    await context.settings.set({ authorName: 'Bea Editor' });
    const replaced = await value<Case>(
      router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: 'misleading', note: '   ' }),
    );
    expect(replaced.kept![0]!.verdict).toMatchObject({
      verdict: 'misleading',
      note: null,
      author: 'Bea Editor',
    });
    expect(JSON.stringify(createCaseStore(dir).get(theCase.id))).not.toContain('First view.');
  });

  it('without a name in Settings, its author is unknown (null), never a guess', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    const given = await value<Case>(
      router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: 'unproven' }),
    );
    expect(given.kept![0]!.verdict).toMatchObject({ verdict: 'unproven', note: null, author: null });
  });

  it('is cleared with verdict null: the check is unresolved again, everything else kept', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    await value(
      router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: 'false', note: 'Wrong base.' }),
    );
    const cleared = await value<Case>(
      router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: null }),
    );
    const stored = createCaseStore(dir).get(theCase.id)!;
    expect(stored).toEqual(cleared);
    expect(stored.kept![0]).not.toHaveProperty('verdict');
    expect(stored.kept![0]!.check).toEqual(escalated);
    expect(caseSummary(stored).checks).toMatchObject({ byVerdict: 0, unresolved: 1 });
  });

  it('refuses a verdict outside true, false, misleading, unproven, saying which are allowed', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    const file = readFileSync(fileOf(theCase.id), 'utf8');
    const reply = (await router.invoke('cases.setVerdict', {
      id: theCase.id,
      checkId,
      verdict: 'supported',
    })) as { ok: boolean; error: { code: string; message: string } };
    expect(reply.ok).toBe(false);
    expect(reply.error.code).toBe('invalid_input');
    expect(reply.error.message).toContain('verdict: A verdict is one of: true, false, misleading, unproven.');
    expect(readFileSync(fileOf(theCase.id), 'utf8')).toBe(file);
  });

  it('refuses a check the case does not keep, and a note without a verdict; the stored case is unchanged', async () => {
    const { theCase, checkId } = await caseWithKeptCheck();
    await value(
      router.invoke('cases.setVerdict', {
        id: theCase.id,
        checkId,
        verdict: 'false',
        note: 'Kept as it is.',
      }),
    );
    const file = readFileSync(fileOf(theCase.id), 'utf8');
    expect(
      await router.invoke('cases.setVerdict', {
        id: theCase.id,
        checkId: 'check_0000000000000000',
        verdict: 'true',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('check_0000000000000000') },
    });
    expect(
      await router.invoke('cases.setVerdict', { id: theCase.id, checkId, verdict: null, note: 'why' }),
    ).toMatchObject({ ok: false, error: { code: 'verdict_missing' } });
    expect(
      await router.invoke('cases.setVerdict', {
        id: 'case_0000000000000000',
        checkId,
        verdict: 'true',
      }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(readFileSync(fileOf(theCase.id), 'utf8')).toBe(file);
    expect(createCaseStore(dir).get(theCase.id)!.kept![0]!.verdict).toMatchObject({ note: 'Kept as it is.' });
  });

  it('a stored verdict with an unknown value makes the case unreadable, reported, its file left as it is', async () => {
    const { theCase } = await caseWithKeptCheck();
    const stored = JSON.parse(readFileSync(fileOf(theCase.id), 'utf8')) as Case;
    const broken = {
      ...stored,
      kept: [
        {
          ...stored.kept![0]!,
          verdict: { verdict: 'mostly', note: null, at: stored.createdAt, author: null },
        },
      ],
    };
    const text = JSON.stringify(broken);
    writeFileSync(fileOf(theCase.id), text);
    expect(await router.invoke('cases.get', { id: theCase.id })).toMatchObject({
      ok: false,
      error: { code: 'case_unreadable' },
    });
    expect(readFileSync(fileOf(theCase.id), 'utf8')).toBe(text);
  });
});
