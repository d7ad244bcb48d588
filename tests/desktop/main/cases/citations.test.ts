import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Case } from '../../../../shared/bridge';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { createCaseStore } from '../../../../desktop/main/cases/store';
import { handlers } from '../../../../desktop/main/handlers';
import { fakeContext } from '../bridge/fake-context';

// Search results kept in a case (`cases.cite`): the exact unit, the snippet, the query and when; a case
// stored before citations existed still reads.

let dir: string;
let router: BridgeRouter;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-citations-'));
  const { context } = fakeContext({});
  router = createRouter(handlers, { ...context, cases: createCaseStore(dir) }, { onInternalError: vi.fn() });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function value<T>(reply: Promise<unknown>): Promise<T> {
  const r = (await reply) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

const citation = {
  sourceVersionId: 'sv_1',
  representationId: 'rep_1',
  sourceUnitId: 'unit_1',
  unitIndex: 2,
  title: 'Labour market overview',
  snippet: 'Unemployment rose to 4.3% in the quarter',
  query: 'unemployment',
};

describe('cases.cite', () => {
  it('keeps the citation with when it was kept; the same unit for the same query is kept once', async () => {
    const created = await value<Case>(
      router.invoke('cases.save', { title: 'Jobs', claim: 'Unemployment rose', operands: [] }),
    );
    expect(created.citations).toBeUndefined();
    const cited = await value<Case>(router.invoke('cases.cite', { id: created.id, citation }));
    expect(cited.citations).toHaveLength(1);
    expect(cited.citations![0]).toMatchObject(citation);
    expect(Date.parse(cited.citations![0]!.at)).not.toBeNaN();
    const again = await value<Case>(router.invoke('cases.cite', { id: created.id, citation }));
    expect(again.citations).toHaveLength(1);
    const other = await value<Case>(
      router.invoke('cases.cite', { id: created.id, citation: { ...citation, query: 'jobless rate' } }),
    );
    expect(other.citations!.map((c) => c.query)).toEqual(['unemployment', 'jobless rate']);
    const read = await value<Case>(router.invoke('cases.get', { id: created.id }));
    expect(read.citations).toHaveLength(2);
  });

  it('refuses an unknown case and a citation without a query', async () => {
    const missing = (await router.invoke('cases.cite', { id: 'case_0123456789abcdef', citation })) as {
      ok: boolean;
      error: { code: string };
    };
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const created = await value<Case>(
      router.invoke('cases.save', { title: 'Jobs', claim: 'Unemployment rose', operands: [] }),
    );
    const blank = (await router.invoke('cases.cite', {
      id: created.id,
      citation: { ...citation, query: '   ' },
    })) as { ok: boolean; error: { code: string } };
    expect(blank).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('reads a case stored before citations existed', async () => {
    mkdirSync(join(dir, 'cases'), { recursive: true });
    const old = {
      id: 'case_00112233445566778899',
      title: 'Old',
      claim: 'An old claim',
      operands: [],
      check: null,
      judgments: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    writeFileSync(join(dir, 'cases', `${old.id}.json`), JSON.stringify(old));
    expect(await value<Case>(router.invoke('cases.get', { id: old.id }))).toEqual(old);
    const cited = await value<Case>(router.invoke('cases.cite', { id: old.id, citation }));
    expect(cited.citations).toHaveLength(1);
  });
});
