import { describe, expect, it, vi } from 'vitest';
import type {
  ClaimCandidatesResponse,
  ClaimListResponse,
  FigureSearchResponse,
  ListedClaim,
  NumericResponse,
  SourceVersion,
} from '../../../../shared/api';
import type { ArticleClaims, Case } from '../../../../shared/bridge';
import { createRouter } from '../../../../desktop/main/bridge/router';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers, uploadBytes } from '../../../../desktop/main/handlers';
import { fakeContext } from '../bridge/fake-context';

// Checking an article through the bridge: its claims from text, a document or a web address (added to
// the library first), candidates that never come from the article itself, figures found by value, and a
// case that keeps the article and each kept claim's place in it.

const TEXT = 'Texas ran 56,941 handgun checks in November 2015. It rained.';
const claim: ListedClaim = {
  order: 0,
  sentence: { start: 0, end: 49 },
  span: { start: 0, end: 49 },
  text: 'Texas ran 56,941 handgun checks in November 2015.',
  numbers: [],
  relation: 'level',
  names: { words: ['texas', 'handgun checks'], periods: ['November 2015'], relative_period: null },
  problem: null,
  checkability: 0.9,
};
const listed = (
  kind: 'text' | 'source',
  id: string | null,
  state: ClaimListResponse['article']['state'] = kind === 'text' ? null : 'complete',
): ClaimListResponse => ({
  article: { kind, source_version_id: id, sha256: 'a'.repeat(64), text: TEXT, state },
  claims: [claim],
});
const source: SourceVersion = {
  sourceVersionId: 'sv_article',
  assetId: 'ast_1',
  bytesHash: `sha256:${'b'.repeat(64)}`,
  sourceMetadata: {
    title: 'Gun checks \u202Efdp.exe',
    filename: 'page.html',
    media_type: 'text/html',
    byte_length: 10,
    url: 'https://example.org/news',
    domain: 'example.org',
    publication_year: null,
    source_type: null,
    is_primary_source: null,
    registered_at: '2026-01-01T00:00:00.000Z',
  },
};

function setup(client: Partial<EvidenceClient> = {}) {
  const { context } = fakeContext(client);
  const onInternalError = vi.fn();
  const router = createRouter(handlers, context, { onInternalError, uploadBytes });
  return { router, context, onInternalError };
}

/** A web address's page as the guarded download stores it. */
const STORED = {
  asset_id: 'ast_1',
  filename: 'page.html',
  media_type: 'text/html',
  byte_length: 10,
  sha256: 'b'.repeat(64),
  source_version_id: 'sv_article',
};

const valueOf = <T>(reply: { ok: boolean }) => (reply as { ok: true; value: T }).value;

describe('article.claims', () => {
  it('lists the claims of pasted text, with the text their spans index', async () => {
    const listClaims = vi.fn<EvidenceClient['listClaims']>(() => Promise.resolve(listed('text', null)));
    const { router } = setup({ listClaims });
    const reply = await router.invoke('article.claims', { text: TEXT });
    expect(reply.ok).toBe(true);
    const value = valueOf<ArticleClaims>(reply);
    expect(listClaims.mock.calls[0]?.[0]).toEqual({ text: TEXT });
    expect(value.article).toEqual({
      kind: 'text',
      sourceVersionId: null,
      url: null,
      title: null,
      sha256: 'a'.repeat(64),
      text: TEXT,
      readState: null,
    });
    expect(value.claims).toEqual([claim]);
  });

  it('adds a web address to the library through the guarded download, then reads that document', async () => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(() => Promise.resolve(STORED));
    const listClaims = vi.fn<EvidenceClient['listClaims']>(() =>
      Promise.resolve(listed('source', 'sv_article')),
    );
    const getSource = vi.fn<EvidenceClient['getSource']>(() => Promise.resolve(source));
    const { router } = setup({ fetchAsset, listClaims, getSource });
    const url = 'https://example.org/news';
    const value = valueOf<ArticleClaims>(await router.invoke('article.claims', { url }));
    expect(fetchAsset.mock.calls[0]?.[0]).toEqual({ url, retain: true });
    expect(listClaims.mock.calls[0]?.[0]).toEqual({ source_version_id: 'sv_article' });
    expect(value.article).toMatchObject({ kind: 'url', sourceVersionId: 'sv_article', url });
    expect(value.article.title).not.toContain('\u202E');
  });

  it('reads a document of the library as the article, saying when it was read only in part', async () => {
    const listClaims = vi.fn<EvidenceClient['listClaims']>(() =>
      Promise.resolve(listed('source', 'sv_article', 'partial')),
    );
    const { router } = setup({ listClaims, getSource: () => Promise.resolve(source) });
    const value = valueOf<ArticleClaims>(
      await router.invoke('article.claims', { sourceVersionId: 'sv_article' }),
    );
    expect(value.article).toMatchObject({
      kind: 'source',
      sourceVersionId: 'sv_article',
      url: 'https://example.org/news',
      readState: 'partial',
    });
  });

  it.each([
    ['a file address', { url: 'file:///etc/passwd' }],
    ['empty text', { text: '' }],
    ['text and a document at once', { text: TEXT, sourceVersionId: 'sv_1' }],
  ])('refuses %s without calling the service', async (_what, input) => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>();
    const listClaims = vi.fn<EvidenceClient['listClaims']>();
    const { router } = setup({ fetchAsset, listClaims });
    expect(await router.invoke('article.claims', input as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(fetchAsset).not.toHaveBeenCalled();
    expect(listClaims).not.toHaveBeenCalled();
  });

  it('passes a refused address on with the service’s code, and reads no claims', async () => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(() =>
      Promise.reject(
        new ClientError('service_error', 'the address is not public', { serviceCode: 'url_not_allowed' }),
      ),
    );
    const listClaims = vi.fn<EvidenceClient['listClaims']>();
    const { router } = setup({ fetchAsset, listClaims });
    const reply = await router.invoke('article.claims', { url: 'https://10.0.0.1/x' });
    expect(reply).toMatchObject({ ok: false, error: { serviceCode: 'url_not_allowed' } });
    expect(listClaims).not.toHaveBeenCalled();
  });
});

describe('article.candidates', () => {
  it('asks for the claim’s candidates, never from the article’s own document', async () => {
    const answer: ClaimCandidatesResponse = { claim, candidates: [] };
    const claimCandidates = vi.fn<EvidenceClient['claimCandidates']>(() => Promise.resolve(answer));
    const { router } = setup({ claimCandidates });
    const reply = await router.invoke('article.candidates', {
      claim: claim.text,
      excludeSourceVersionIds: ['sv_article', 'sv_article_before', 'sv_article'],
    });
    expect(reply).toEqual({ ok: true, value: answer });
    expect(claimCandidates).toHaveBeenCalledWith({
      claim: claim.text,
      exclude: ['sv_article', 'sv_article_before'],
    });
  });

  it('hands the article’s text on as the claim’s context', async () => {
    const claimCandidates = vi.fn<EvidenceClient['claimCandidates']>(() =>
      Promise.resolve({ claim, candidates: [] }),
    );
    const { router } = setup({ claimCandidates });
    const article = `Texas ran 56,941 handgun checks. ${claim.text}`;
    expect((await router.invoke('article.candidates', { claim: claim.text, context: article })).ok).toBe(
      true,
    );
    expect(claimCandidates).toHaveBeenCalledWith({ claim: claim.text, context: article });
  });
});

describe('figures.byValue', () => {
  const found: FigureSearchResponse = {
    query: { value: 56941, low: 56940.5, high: 56941.5, unit: null, unitClass: null, words: [], hedge: null },
    figures: [],
    total: 0,
  };

  it.each([
    ['56,941', { value: 56941, tolerance: { written: '56,941' } }],
    ['10.2%', { value: 10.2, unit: '%', tolerance: { written: '10.2%' } }],
    ['$1.2bn', { value: 1.2e9, unit: 'USD', tolerance: { written: '$1.2bn' } }],
    ['almost 57,000 Texas', { value: 57000, tolerance: { written: 'almost 57,000 Texas' }, words: 'Texas' }],
  ])('reads “%s” as a value and its precision', async (query, request) => {
    const searchFigures = vi.fn<EvidenceClient['searchFigures']>(() => Promise.resolve(found));
    const { router } = setup({ searchFigures });
    expect((await router.invoke('figures.byValue', { query })).ok).toBe(true);
    expect(searchFigures).toHaveBeenCalledWith({ ...request, limit: 20 });
  });

  it('refuses a query that names no single number', async () => {
    const searchFigures = vi.fn<EvidenceClient['searchFigures']>();
    const { router } = setup({ searchFigures });
    expect(await router.invoke('figures.byValue', { query: 'handgun checks' })).toMatchObject({
      ok: false,
      error: { code: 'not_a_number' },
    });
    expect(searchFigures).not.toHaveBeenCalled();
  });
});

describe('a case made from an article', () => {
  const supported: NumericResponse = {
    outcome: 'supported',
    arithmetic: { verdict: 'holds', computed: 56941, tolerance: 0.5, reason: '56,941 = 56,941: holds' },
    comparability: { verdict: 'comparable', facets: [], reason: 'comparable' },
    reason: 'supported',
    scope: 'arithmetic_only',
    limitation: 'arithmetic only',
    operands: [],
  };
  const operand = {
    source_version_id: 'sv_sheet',
    representation_id: 'rep_1',
    source_unit_id: 'unit_1',
    figure_index: 3,
  };
  const article = {
    kind: 'text' as const,
    sourceVersionId: null,
    url: null,
    title: null,
    sha256: 'a'.repeat(64),
    text: TEXT,
  };

  it('keeps the article, and each kept check the claim’s span', async () => {
    const verifyNumeric = vi.fn<EvidenceClient['verifyNumeric']>(() => Promise.resolve(supported));
    const { router } = setup({ verifyNumeric });
    const saved = valueOf<Case>(
      await router.invoke('cases.save', {
        title: 'Article',
        claim: claim.text,
        operands: [operand],
        article,
        claimSpan: claim.span,
      }),
    );
    expect(saved.article).toEqual(article);
    await router.invoke('cases.check', { id: saved.id });
    expect(verifyNumeric).toHaveBeenCalledWith({ claim: claim.text, operands: [operand] });
    const kept = valueOf<Case>(await router.invoke('cases.keepCheck', { id: saved.id }));
    expect(kept.kept?.[0]?.claimSpan).toEqual(claim.span);
    expect(kept.article).toEqual(article);
  });

  it('forgets the span when the claim is edited away from the article’s words', async () => {
    const { router } = setup();
    const saved = valueOf<Case>(
      await router.invoke('cases.save', {
        title: 'Article',
        claim: claim.text,
        operands: [operand],
        article,
        claimSpan: claim.span,
      }),
    );
    const same = valueOf<Case>(
      await router.invoke('cases.save', { id: saved.id, claim: claim.text, operands: [] }),
    );
    expect(same.claimSpan).toEqual(claim.span);
    const edited = valueOf<Case>(
      await router.invoke('cases.save', { id: saved.id, claim: 'Texas ran 57,000 checks.', operands: [] }),
    );
    expect(edited.claimSpan).toBeUndefined();
  });

  it('refuses another article, and a span without an article', async () => {
    const { router } = setup();
    const saved = valueOf<Case>(
      await router.invoke('cases.save', { title: 'Article', claim: claim.text, operands: [], article }),
    );
    expect(
      await router.invoke('cases.save', {
        id: saved.id,
        claim: claim.text,
        operands: [],
        article: { ...article, sha256: 'c'.repeat(64) },
      }),
    ).toMatchObject({ ok: false, error: { code: 'another_article' } });
    expect(
      await router.invoke('cases.save', {
        title: 'Plain',
        claim: claim.text,
        operands: [],
        claimSpan: claim.span,
      }),
    ).toMatchObject({ ok: false, error: { code: 'no_article' } });
  });
});

describe('article.case', () => {
  const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
  const origin = {
    kind: 'url' as const,
    sourceVersionId: 'sv_page1',
    url: 'https://example.org/news',
    title: 'Gun checks',
    sha256: 'a'.repeat(64),
    text: null,
  };
  /** Cases put straight in the fake store, each with its article (or none). */
  function withCases(cases: { id: string; article?: Case['article']; updated: number }[]) {
    const { router, context } = setup();
    for (const c of cases)
      context.cases.put({
        id: c.id,
        title: `Case ${c.id}`,
        claim: 'Texas ran 56,941 handgun checks.',
        operands: [],
        check: null,
        judgments: [],
        ...(c.article !== undefined ? { article: c.article } : {}),
        createdAt: at(0),
        updatedAt: at(c.updated),
      });
    return router;
  }
  const found = async (router: ReturnType<typeof withCases>, input: object) => {
    const reply = await router.invoke('article.case', input as never);
    return valueOf<{ case: Case | null; otherTexts: { id: string; title: string }[] }>(reply);
  };

  it('finds the case made from the same text among all cases, whether open or not', async () => {
    const router = withCases([
      { id: 'case_0000000000000001', updated: 1 },
      { id: 'case_0000000000000002', article: { ...origin, sha256: 'f'.repeat(64) }, updated: 2 },
      { id: 'case_0000000000000003', article: origin, updated: 3 },
    ]);
    const answer = await found(router, { sha256: 'a'.repeat(64), sourceVersionId: null, url: null });
    expect(answer.case?.id).toBe('case_0000000000000003');
    expect(answer.otherTexts).toEqual([]);
  });

  it('prefers the case of the same document, then of the same address, to one changed later', async () => {
    const pasted = { ...origin, kind: 'text' as const, sourceVersionId: null, url: null, text: TEXT };
    const cases = [
      { id: 'case_0000000000000001', article: pasted, updated: 9 },
      { id: 'case_0000000000000002', article: { ...origin, sourceVersionId: 'sv_page2' }, updated: 5 },
      { id: 'case_0000000000000003', article: origin, updated: 1 },
    ];
    const router = withCases(cases);
    const sha256 = 'a'.repeat(64);
    expect((await found(router, { sha256, sourceVersionId: 'sv_page1', url: null })).case?.id).toBe(
      'case_0000000000000003',
    );
    // The same address downloaded again is another document of the library, with the same text.
    expect((await found(router, { sha256, sourceVersionId: 'sv_page9', url: origin.url })).case?.id).toBe(
      'case_0000000000000002',
    );
    // Pasted text: the same words, whichever case has them; the one changed last.
    expect((await found(router, { sha256, sourceVersionId: null, url: null })).case?.id).toBe(
      'case_0000000000000001',
    );
  });

  it('never lays the checks of another text of the same page over these claims, and names its case', async () => {
    const router = withCases([
      { id: 'case_0000000000000001', article: { ...origin, sha256: 'e'.repeat(64) }, updated: 1 },
    ]);
    const answer = await found(router, {
      sha256: 'a'.repeat(64),
      sourceVersionId: 'sv_page2',
      url: origin.url,
    });
    expect(answer.case).toBeNull();
    expect(answer.otherTexts).toEqual([{ id: 'case_0000000000000001', title: 'Case case_0000000000000001' }]);
  });

  it('finds the case of a web address not read yet, by the address alone', async () => {
    const router = withCases([
      { id: 'case_0000000000000001', article: { ...origin, sourceVersionId: 'sv_page0' }, updated: 1 },
      { id: 'case_0000000000000002', article: origin, updated: 4 },
      { id: 'case_0000000000000003', article: { ...origin, url: 'https://example.org/other' }, updated: 9 },
    ]);
    expect(await found(router, { sha256: null, sourceVersionId: null, url: origin.url })).toEqual({
      case: expect.objectContaining({ id: 'case_0000000000000002' }),
      otherTexts: [],
    });
    expect(
      (await found(router, { sha256: null, sourceVersionId: null, url: 'https://example.org/never' })).case,
    ).toBeNull();
  });

  it('answers no case when none was made from the article', async () => {
    const router = withCases([]);
    expect(await found(router, { sha256: 'a'.repeat(64), sourceVersionId: null, url: null })).toEqual({
      case: null,
      otherTexts: [],
    });
  });
});

describe('reading an article with a task id', () => {
  it('says each step of a web address as it goes: downloading, stored, reading', async () => {
    const { router, context } = setup({
      fetchAsset: () => Promise.resolve(STORED),
      listClaims: () => Promise.resolve(listed('source', 'sv_article')),
      getSource: () => Promise.resolve(source),
    });
    const emitted: unknown[] = [];
    context.emit = (event, payload) => emitted.push({ event, payload });
    const reply = await router.invoke('article.claims', { url: 'https://example.org/news', taskId: 't1' });
    expect(reply.ok).toBe(true);
    expect(emitted).toEqual([
      { event: 'progress', payload: { taskId: 't1', stage: 'fetch:downloading', done: 0, total: 1 } },
      { event: 'progress', payload: { taskId: 't1', stage: 'fetch:stored', done: 1, total: 1 } },
      { event: 'progress', payload: { taskId: 't1', stage: 'claims:reading', done: 0, total: 1 } },
      { event: 'progress', payload: { taskId: 't1', stage: 'claims:listed', done: 1, total: 1 } },
    ]);
  });

  it('cancels a download still running, which answers cancelled and reads no claims', async () => {
    let signal: AbortSignal | undefined;
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(
      (_request, options) =>
        new Promise((_resolve, reject) => {
          signal = options?.signal;
          signal?.addEventListener('abort', () =>
            reject(new ClientError('cancelled', 'The request was cancelled.')),
          );
        }),
    );
    const listClaims = vi.fn<EvidenceClient['listClaims']>();
    const { router, context } = setup({ fetchAsset, listClaims });
    const events: unknown[] = [];
    context.emit = (event, payload) => events.push({ event, payload });
    const reading = router.invoke('article.claims', { url: 'https://example.org/news', taskId: 't2' });
    await vi.waitFor(() => expect(signal).toBeDefined());
    expect(await router.invoke('article.cancel', { taskId: 't2' })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    expect(await reading).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(listClaims).not.toHaveBeenCalled();
    // Stopped, it is done: the jobs shown let it go.
    expect(events.at(-1)).toEqual({
      event: 'progress',
      payload: { taskId: 't2', stage: 'claims:stopped', done: 1, total: 1 },
    });
    // Nothing left to cancel once it ended.
    expect(await router.invoke('article.cancel', { taskId: 't2' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});
