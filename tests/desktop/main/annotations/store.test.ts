import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Citation, SearchResponse } from '../../../../shared/api';
import type { WorkbenchSearchResponse } from '../../../../shared/bridge';
import { createAnnotationStore } from '../../../../desktop/main/annotations/store';
import { createRouter, type BridgeRouter } from '../../../../desktop/main/bridge/router';
import { handlers } from '../../../../desktop/main/handlers';
import type { HandlerContext } from '../../../../desktop/main/handlers/context';
import { fakeContext } from '../bridge/fake-context';

// The person's own rating and year of a document: kept in the data folder by source version id, read back
// after a restart, cleared with null, forgotten with the document; a bad rating is refused with nothing
// stored; an unreadable file is left as it is. A search is ranked again with them and carries them.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-annotations-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = new Date('2026-06-01T10:00:00Z');
const FILE = () => join(dir, 'document-annotations.json');

describe('the annotation store', () => {
  it('keeps a rating with its reason and when, across a restart, and a year beside it', () => {
    const store = createAnnotationStore(dir);
    expect(store.of(['sv_1'])).toEqual({});
    expect(
      store.set(
        { sourceVersionId: 'sv_1', credibility: { score: 80, reason: 'the city’s own budget office' } },
        AT,
      ),
    ).toEqual({
      credibility: { score: 80, reason: 'the city’s own budget office', setAt: '2026-06-01T10:00:00.000Z' },
      year: null,
    });
    store.set({ sourceVersionId: 'sv_1', year: 2023 }, AT);
    const again = createAnnotationStore(dir);
    expect(again.of(['sv_1', 'sv_2'])).toEqual({
      sv_1: {
        credibility: { score: 80, reason: 'the city’s own budget office', setAt: '2026-06-01T10:00:00.000Z' },
        year: 2023,
      },
    });
  });

  it('clears with null, drops a document with nothing said, and forgets a removed one', () => {
    const store = createAnnotationStore(dir);
    store.set({ sourceVersionId: 'sv_1', credibility: { score: 20 }, year: 2020 }, AT);
    store.set({ sourceVersionId: 'sv_2', credibility: { score: 50 } }, AT);
    expect(store.set({ sourceVersionId: 'sv_1', credibility: null }, AT)).toEqual({
      credibility: null,
      year: 2020,
    });
    store.set({ sourceVersionId: 'sv_1', year: null }, AT);
    expect(JSON.parse(readFileSync(FILE(), 'utf8')).documents).not.toHaveProperty('sv_1');
    store.forget('sv_2');
    expect(store.of(['sv_1', 'sv_2'])).toEqual({});
  });

  it('leaves an unreadable file as it is: a search reads nothing from it, a change is refused', () => {
    writeFileSync(FILE(), '{"version": 1, "documents": {"sv_1": {"credibility": {"score": 140}}}}');
    const store = createAnnotationStore(dir);
    expect(store.of(['sv_1'])).toEqual({});
    expect(() => store.set({ sourceVersionId: 'sv_1', credibility: { score: 80 } }, AT)).toThrow(
      /could not be read/,
    );
    expect(readFileSync(FILE(), 'utf8')).toContain('140');
  });
});

function cite(id: string, rank: number, authority: number, year?: number): Citation {
  return {
    id: `cit_${id}`,
    title: id,
    url: `evidence://${id}`,
    snippet: 'budget',
    author: 'local',
    status: 'retained',
    credibility_score: authority,
    credibility_basis: 'heuristic',
    rank,
    ranking_factors: { content_relevance: 100, source_authority: authority, recency: year ? 100 : 0 },
    ...(year ? { publication_year: year } : {}),
    source_version_id: id,
    representation_id: `rep_${id}`,
    source_unit_id: `unit_${id}`,
  };
}

describe('through the bridge', () => {
  let router: BridgeRouter;
  let context: HandlerContext;
  beforeEach(() => {
    const response: SearchResponse = {
      citations: [cite('sv_news', 1, 75, new Date().getUTCFullYear()), cite('sv_city', 2, 40)],
    };
    const fake = fakeContext({ search: () => Promise.resolve(response) });
    context = { ...fake.context, annotations: createAnnotationStore(dir) };
    router = createRouter(handlers, context, { onInternalError: vi.fn() });
  });

  it('refuses a rating of 140 or “abc” with a clear error, storing nothing', async () => {
    for (const score of [140, 'abc']) {
      const reply = await router.invoke('library.annotate', {
        sourceVersionId: 'sv_city',
        credibility: { score },
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(JSON.stringify(reply)).toMatch(
        /credibility\.score: a rating (runs from|is a whole number from) 0 to 100/,
      );
    }
    expect(existsSync(FILE())).toBe(false);
  });

  it('ranks a search again with the person’s ratings, and sends them with the results', async () => {
    const set = await router.invoke('library.annotate', {
      sourceVersionId: 'sv_city',
      credibility: { score: 100, reason: 'the city’s own budget office' },
    });
    expect(set).toMatchObject({ ok: true, value: { credibility: { score: 100 } } });
    await router.invoke('library.annotate', { sourceVersionId: 'sv_news', credibility: { score: 0 } });
    const reply = (await router.invoke('search.query', { query: 'budget' })) as {
      ok: true;
      value: WorkbenchSearchResponse;
    };
    expect(reply.ok).toBe(true);
    expect(reply.value.citations?.map((c) => [c.id, c.rank, c.credibility_score])).toEqual([
      ['cit_sv_city', 1, 40],
      ['cit_sv_news', 2, 75],
    ]);
    expect(reply.value.annotations?.['sv_city']?.credibility?.reason).toBe('the city’s own budget office');
  });
});
