import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import type { Case, CaseSummary } from '../../../../shared/bridge';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { createCaseStore } from '../../../../desktop/main/cases/store';
import { handlers } from '../../../../desktop/main/handlers';
import { fakeContext } from '../bridge/fake-context';

// Cases through the bridge with the real file store: the service's check kept exactly as it answered,
// the person's judgments beside it, only for what the service left to a judge.

const escalated: NumericResponse = {
  outcome: 'escalate',
  arithmetic: {
    verdict: 'holds',
    computed: 12,
    tolerance: 0.5,
    reason: '(1,120 − 1,000) / 1,000 = 12%: holds',
  },
  comparability: {
    verdict: 'unknown',
    facets: [
      { facet: 'unit', decidedBy: 'code', passed: true, p: 1 },
      { facet: 'entity', decidedBy: 'judge', passed: null, p: null },
    ],
    reason: 'entity left to a judge',
  },
  reason: 'left to a person',
  scope: 'arithmetic_only',
  limitation: 'arithmetic only',
  operands: [],
};
const operand = {
  source_version_id: 'sv_1',
  representation_id: 'rep_1',
  source_unit_id: 'unit_1',
  figure_index: 0,
};

let dir: string;
let router: BridgeRouter;
let verify: ReturnType<typeof vi.fn<() => Promise<NumericResponse>>>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-cases-'));
  verify = vi.fn<() => Promise<NumericResponse>>(() => Promise.resolve(escalated));
  const { context } = fakeContext({ verifyNumeric: verify });
  router = createRouter(handlers, { ...context, cases: createCaseStore(dir) }, { onInternalError: vi.fn() });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function value<T>(reply: Promise<unknown>): Promise<T> {
  const r = (await reply) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

describe('cases', () => {
  it('save, check, judge what was left to a judge, list, reopen, delete', async () => {
    const created = await value<{ id: string; check: null }>(
      router.invoke('cases.save', {
        title: 'Revenue claim',
        claim: 'Revenue rose 12%',
        operands: [operand, { ...operand, figure_index: 1 }],
      }),
    );
    expect(created.check).toBeNull();
    const checked = await value<{ check: NumericResponse }>(router.invoke('cases.check', { id: created.id }));
    expect(checked.check).toEqual(escalated);
    expect(verify).toHaveBeenCalledWith({
      claim: 'Revenue rose 12%',
      operands: [operand, { ...operand, figure_index: 1 }],
    });

    const judged = await value<{
      check: NumericResponse;
      judgments: { facet: string; holds: boolean; note: string }[];
    }>(
      router.invoke('cases.judge', {
        id: created.id,
        facet: 'entity',
        holds: true,
        note: 'Both rows are Acme Corp.',
      }),
    );
    expect(judged.judgments).toMatchObject([
      { facet: 'entity', holds: true, note: 'Both rows are Acme Corp.' },
    ]);
    // The service's answer is untouched: the person's judgment sits beside it.
    expect(judged.check).toEqual(escalated);

    expect(
      await router.invoke('cases.judge', { id: created.id, facet: 'unit', holds: true, note: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_left_to_judge' },
    });
    expect(
      await router.invoke('cases.judge', { id: created.id, facet: 'entity', holds: true, note: '  ' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await value(router.invoke('cases.list', {}))).toMatchObject([
      { id: created.id, title: 'Revenue claim', outcome: 'escalate' },
    ]);

    // A new store over the same folder (a new launch) reads the same case.
    const reopened = createCaseStore(dir).get(created.id);
    expect(reopened?.judgments).toHaveLength(1);

    expect(await value(router.invoke('cases.delete', { id: created.id }))).toEqual({ deleted: true });
    expect(await router.invoke('cases.get', { id: created.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('changing the claim or the figures clears the stale check and its judgments; a title change keeps them', async () => {
    const c = await value<{ id: string }>(
      router.invoke('cases.save', { title: 'T', claim: 'Revenue rose 12%', operands: [operand] }),
    );
    await router.invoke('cases.check', { id: c.id });
    await router.invoke('cases.judge', {
      id: c.id,
      facet: 'meaning',
      holds: false,
      note: 'The claim is about costs.',
    });
    const renamed = await value<{ check: unknown; judgments: unknown[] }>(
      router.invoke('cases.save', {
        id: c.id,
        title: 'Renamed',
        claim: 'Revenue rose 12%',
        operands: [operand],
      }),
    );
    expect(renamed.check).not.toBeNull();
    expect(renamed.judgments).toHaveLength(1);
    const changed = await value<{ check: unknown; judgments: unknown[] }>(
      router.invoke('cases.save', {
        id: c.id,
        title: 'Renamed',
        claim: 'Revenue rose 13%',
        operands: [operand],
      }),
    );
    expect(changed).toMatchObject({ check: null, judgments: [] });
  });

  it("keeps the person's title when the next claim is saved without one, and a new case needs one", async () => {
    // A case stored before saves could leave the title out: it keeps everything it has.
    const stored: Case = {
      id: 'case_0123456789abcdef0123',
      title: 'Gun checks in Texas',
      claim: 'Handgun checks rose 12%',
      operands: [operand],
      check: escalated,
      judgments: [],
      notes: 'From the NICS tables.',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    mkdirSync(join(dir, 'cases'), { recursive: true });
    writeFileSync(join(dir, 'cases', `${stored.id}.json`), `${JSON.stringify(stored, null, 2)}\n`);
    const kept = await value<Case>(router.invoke('cases.keepCheck', { id: stored.id }));
    const next = await value<Case>(
      router.invoke('cases.save', { id: stored.id, claim: 'Long gun checks fell 3%', operands: [operand] }),
    );
    expect(next).toMatchObject({
      title: 'Gun checks in Texas',
      claim: 'Long gun checks fell 3%',
      notes: stored.notes,
    });
    expect(next.kept).toEqual(kept.kept);
    const reread = await value<Case>(router.invoke('cases.get', { id: stored.id }));
    expect(reread.title).toBe('Gun checks in Texas');
    const list = await value<CaseSummary[]>(router.invoke('cases.list', {}));
    expect(list.map((s) => s.title)).toEqual(['Gun checks in Texas']);
    // A title given on purpose still renames it.
    const renamed = await value<Case>(
      router.invoke('cases.save', {
        id: stored.id,
        title: 'Renamed',
        claim: next.claim,
        operands: [operand],
      }),
    );
    expect(renamed.title).toBe('Renamed');
    expect(await router.invoke('cases.save', { claim: 'A claim', operands: [] })).toMatchObject({
      ok: false,
    });
    expect(readdirSync(join(dir, 'cases'))).toEqual([`${stored.id}.json`]);
  });

  it('refuses what cannot be done, and never loses an unreadable case file', async () => {
    const c = await value<{ id: string }>(
      router.invoke('cases.save', { title: 'T', claim: 'c', operands: [] }),
    );
    expect(await router.invoke('cases.check', { id: c.id })).toMatchObject({
      ok: false,
      error: { code: 'no_operands' },
    });
    expect(
      await router.invoke('cases.judge', { id: c.id, facet: 'entity', holds: true, note: 'n' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_checked' },
    });
    expect(verify).not.toHaveBeenCalled();
    for (const id of ['../../etc/passwd', 'case_../x', 'CASE_0000000000000000'])
      expect(await router.invoke('cases.get', { id })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });

    writeFileSync(join(dir, 'cases', `${c.id}.json`), '{ half a case');
    expect(await router.invoke('cases.get', { id: c.id })).toMatchObject({
      ok: false,
      error: { code: 'case_unreadable' },
    });
    expect(await value(router.invoke('cases.list', {}))).toEqual([]);
    expect(readdirSync(join(dir, 'cases'))).toEqual([`${c.id}.json`]);
  });

  it('keeps checked claims with their judgments, oldest first, and starts the next claim', async () => {
    const created = await value<Case>(
      router.invoke('cases.save', {
        title: 'Budget',
        claim: 'Revenue rose 12%',
        operands: [operand, { ...operand, figure_index: 1 }],
        notes: 'Ask the ministry about 2023.',
      }),
    );
    expect(created.notes).toBe('Ask the ministry about 2023.');
    const refused = (await router.invoke('cases.keepCheck', { id: created.id })) as {
      ok: false;
      error: { code: string };
    };
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_checked' } });

    await value(router.invoke('cases.check', { id: created.id }));
    await value(
      router.invoke('cases.judge', { id: created.id, facet: 'entity', holds: true, note: 'Same ministry.' }),
    );
    const kept = await value<Case>(router.invoke('cases.keepCheck', { id: created.id }));
    expect(kept.kept).toHaveLength(1);
    expect(kept.kept![0]).toMatchObject({
      claim: 'Revenue rose 12%',
      operands: [operand, { ...operand, figure_index: 1 }],
      check: escalated,
      judgments: [{ facet: 'entity', holds: true, note: 'Same ministry.' }],
    });
    expect(kept.kept![0]!.id).toMatch(/^check_[a-z0-9]+$/);
    // The next claim starts from the same words with no figures, no check and no judgments.
    expect(kept).toMatchObject({ claim: 'Revenue rose 12%', operands: [], check: null, judgments: [] });
    expect(kept.notes).toBe('Ask the ministry about 2023.');

    // A second kept check; the list shows the last kept outcome while nothing is being checked.
    await value(router.invoke('cases.save', { ...pick(kept), claim: 'Spending fell', operands: [operand] }));
    await value(router.invoke('cases.check', { id: created.id }));
    const twice = await value<Case>(router.invoke('cases.keepCheck', { id: created.id }));
    expect(twice.kept!.map((k) => k.claim)).toEqual(['Revenue rose 12%', 'Spending fell']);
    const list = await value<CaseSummary[]>(router.invoke('cases.list', {}));
    expect(list.find((c) => c.id === created.id)).toMatchObject({
      outcome: 'escalate',
      checks: { total: 2, kept: 2, unresolved: 2 },
    });

    // Saving the next claim does not touch the kept checks; notes absent from a save stay as they were.
    const edited = await value<Case>(router.invoke('cases.save', { ...pick(twice), claim: 'Debt rose' }));
    expect(edited.kept).toEqual(twice.kept);
    expect(edited.notes).toBe('Ask the ministry about 2023.');

    const removed = await value<Case>(
      router.invoke('cases.unkeep', { id: created.id, checkId: twice.kept![0]!.id }),
    );
    expect(removed.kept!.map((k) => k.claim)).toEqual(['Spending fell']);
    const again = (await router.invoke('cases.unkeep', { id: created.id, checkId: twice.kept![0]!.id })) as {
      ok: false;
      error: { code: string };
    };
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Stored as read back: a new store over the same folder sees the same case.
    expect(createCaseStore(dir).get(created.id)).toEqual(removed);
  });
});

function pick(c: Case) {
  return { id: c.id, title: c.title, claim: c.claim, operands: c.operands };
}

describe('cases: which figure is which', () => {
  /** The check could not tell the figures apart: both readings, and the question a person answers. */
  const unclear: NumericResponse = {
    ...escalated,
    arithmetic: { verdict: 'not_computable', computed: null, tolerance: 0, reason: 'which figure is which?' },
    operands: [0, 1].map((i) => ({
      binding: 'retained_source_slice' as const,
      source: { representation_id: 'rep_1', source_unit_id: 'unit_1', source_version_id: 'sv_1' },
      figure: {
        index: i,
        raw: i === 0 ? '56,941' : '51,670',
        value: i === 0 ? 56941 : 51670,
        magnitude: i === 0 ? 56941 : 51670,
        sign: 1 as const,
        scale: 1,
        unit: null,
        unitClass: 'none' as const,
        accounting: false,
      },
    })),
    roles: {
      state: 'unclear',
      reason: "the claim's words do not name either figure",
      question: { role: 'subject', words: 'handgun checks' },
      readings: [],
    },
  };
  const answered: NumericResponse = {
    ...unclear,
    outcome: 'escalate',
    arithmetic: {
      verdict: 'holds',
      computed: 5271,
      tolerance: 0.5,
      reason: '56,941 − 51,670 = 5,271: holds',
    },
    roles: {
      state: 'person',
      reason: 'a person said which figure is which',
      question: { role: 'subject', words: 'handgun checks' },
      readings: [],
    },
  };
  const figures = [operand, { ...operand, figure_index: 1 }];
  let plain: ReturnType<typeof vi.fn<() => Promise<NumericResponse>>>;
  let withRoles: ReturnType<typeof vi.fn<() => Promise<NumericResponse>>>;
  let rolesRouter: BridgeRouter;
  beforeEach(() => {
    plain = vi.fn<() => Promise<NumericResponse>>(() => Promise.resolve(unclear));
    withRoles = vi.fn<() => Promise<NumericResponse>>(() => Promise.resolve(answered));
    const { context } = fakeContext({ verifyNumeric: plain, verifyNumericWithRoles: withRoles });
    rolesRouter = createRouter(
      handlers,
      { ...context, cases: createCaseStore(dir) },
      { onInternalError: vi.fn() },
    );
  });

  async function checkedCase(): Promise<string> {
    const created = await value<{ id: string }>(
      rolesRouter.invoke('cases.save', {
        title: 'Texas',
        claim: 'Texas ran 5,271 more handgun checks than long gun checks',
        operands: figures,
      }),
    );
    await value(rolesRouter.invoke('cases.check', { id: created.id }));
    return created.id;
  }

  it("the person's answer is their judgment, and the check runs again with it, now and on every re-run", async () => {
    const id = await checkedCase();
    const after = await value<Case>(
      rolesRouter.invoke('cases.assignRoles', { id, roles: ['reference', 'subject'] }),
    );
    expect(withRoles).toHaveBeenCalledWith({
      claim: 'Texas ran 5,271 more handgun checks than long gun checks',
      operands: figures,
      roles: ['reference', 'subject'],
    });
    expect(after.check).toEqual(answered);
    expect(after.judgments).toEqual([
      {
        facet: 'roles',
        holds: true,
        roles: ['reference', 'subject'],
        note: 'Figure 2 (51,670) is ‹handgun checks›, the figure the claim compares; figure 1 (56,941) is the figure it is compared with.',
        at: expect.any(String),
        author: null,
      },
    ]);
    // A second answer replaces the first; the person's own note is kept as written.
    const again = await value<Case>(
      rolesRouter.invoke('cases.assignRoles', {
        id,
        roles: ['subject', 'reference'],
        note: 'Column C is handguns.',
      }),
    );
    // The answer is always said; the person's own note follows it.
    expect(again.judgments.filter((j) => j.facet === 'roles')).toMatchObject([
      {
        roles: ['subject', 'reference'],
        note: 'Figure 1 (56,941) is ‹handgun checks›, the figure the claim compares; figure 2 (51,670) is the figure it is compared with. Column C is handguns.',
      },
    ]);
    // Running the check again keeps the person's roles.
    withRoles.mockClear();
    await value(rolesRouter.invoke('cases.check', { id }));
    expect(withRoles).toHaveBeenCalledWith(expect.objectContaining({ roles: ['subject', 'reference'] }));
    // A new claim is a new question: the answer goes with the old one.
    const changed = await value<Case>(
      rolesRouter.invoke('cases.save', {
        id,
        title: 'Texas',
        claim: 'Texas ran more handgun checks',
        operands: figures,
      }),
    );
    expect(changed.judgments).toEqual([]);
    plain.mockClear();
    await value(rolesRouter.invoke('cases.check', { id }));
    expect(plain).toHaveBeenCalled();
  });

  it('refuses an answer nobody asked for, the wrong number of roles, or one given as a facet judgment', async () => {
    const fresh = await value<{ id: string }>(
      rolesRouter.invoke('cases.save', { title: 'T', claim: 'Texas ran 5,271 more', operands: figures }),
    );
    expect(
      await rolesRouter.invoke('cases.assignRoles', { id: fresh.id, roles: ['subject', 'reference'] }),
    ).toMatchObject({ ok: false, error: { code: 'not_checked' } });
    const id = await checkedCase();
    expect(await rolesRouter.invoke('cases.assignRoles', { id, roles: ['subject'] })).toMatchObject({
      ok: false,
      error: { code: 'roles_do_not_fit' },
    });
    expect(await rolesRouter.invoke('cases.assignRoles', { id, roles: ['boss', 'subject'] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(
      await rolesRouter.invoke('cases.judge', {
        id,
        facet: 'roles',
        holds: true,
        note: 'figure 1 is handguns',
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    plain.mockImplementation(() =>
      Promise.resolve({ ...unclear, roles: { ...unclear.roles!, state: 'bound', question: null } }),
    );
    await value(rolesRouter.invoke('cases.check', { id }));
    expect(
      await rolesRouter.invoke('cases.assignRoles', { id, roles: ['subject', 'reference'] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'roles_not_asked' },
    });
  });
});
