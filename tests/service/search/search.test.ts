import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '../../../shared/api';
import { extract, type Extraction } from '../../../service/extract/extract';
import { buildPdf, type PdfText } from '../extract/fixtures/pdf';
import { ServiceError } from '../../../service/operations/errors';
import { normaliseDomainFilter } from '../../../service/search/domains';
import { searchSources } from '../../../service/operations/search';
import { parseQuery } from '../../../service/search/query';
import { recencyOf } from '../../../service/search/ranking';
import { UNITS_PER_SOURCE } from '../../../service/store/representations';
import { ftsExpression } from '../../../service/store/search-index';
import { Store } from '../../../service/store/store';

let dir: string;
let store: Store;
let account: string;
let other: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ew-search-'));
  store = await Store.open(dir);
  account = await store.createAccount();
  other = await store.createAccount();
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});
/** The store's database itself, for what no store method shows. */
const db = () => Store.databaseForTests(store);

interface SourceSpec {
  account?: string;
  title?: string | null;
  url?: string | null;
  year?: number | null;
  type?: string | null;
  primary?: boolean | null;
  pages: string[];
  state?: Extraction['state'];
  version?: string;
}

/** Registers a source and publishes a representation with one page unit per text. */
async function addSource(spec: SourceSpec): Promise<{ sourceVersionId: string; representationId: string }> {
  const url = spec.url ?? null;
  const { sourceVersion } = await store.insertAsset(
    {
      account_id: spec.account ?? account,
      sha256: createHash('sha256')
        .update(JSON.stringify(spec) + Math.random())
        .digest('hex'),
      byte_length: 10,
      filename: 'file.pdf',
      media_type: 'application/pdf',
      title: spec.title === undefined ? 'A source' : spec.title,
      url,
      domain: url ? new URL(url).hostname.replace(/^www\./, '') : null,
      publication_year: spec.year ?? null,
      source_type: spec.type ?? null,
      is_primary_source: spec.primary === undefined || spec.primary === null ? null : spec.primary ? 1 : 0,
    },
    true,
  );
  const partial = spec.state === 'partial';
  const extraction: Extraction = {
    format: 'pdf',
    state: spec.state ?? 'complete',
    code: partial ? 'partial_extraction' : null,
    reason: partial ? 'a page was lost' : null,
    extraction_method: 'text_layer',
    ...(partial
      ? {
          complete: false as const,
          lost: [
            {
              kind: 'page' as const,
              index: 9,
              state: 'error' as const,
              reason: 'x',
              code: 'source_corrupt' as const,
            },
          ],
        }
      : {}),
    units: spec.pages.map((markdown, i) => ({
      kind: 'page' as const,
      index: i + 1,
      extraction_method: 'text_layer' as const,
      markdown,
      figures: [],
    })),
    markdown: spec.pages.join('\n\n'),
  };
  const representationId = await store.publishRepresentation(
    sourceVersion!.id,
    spec.version ?? 'v1',
    extraction,
  );
  return { sourceVersionId: sourceVersion!.id, representationId };
}

async function search(body: unknown, accountId = account): Promise<SearchResponse> {
  const response = await searchSources(store, accountId, body);
  // Every response validates against the shared schema.
  return SearchResponse.parse(response);
}

async function refused(body: unknown): Promise<ServiceError> {
  try {
    await searchSources(store, account, body);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('search: query parsing', () => {
  it('quotes every word, keeps quoted phrases and punctuation-joined runs as phrases', () => {
    expect(parseQuery('unemployment "labour force" 1,120 U.S.')?.phrases).toEqual([
      ['unemployment'],
      ['labour', 'force'],
      ['1', '120'],
      ['u', 's'],
    ]);
    expect(ftsExpression({ phrases: parseQuery('a AND b')!.phrases, match: 'all' })).toBe(
      '"a" AND "and" AND "b"',
    );
  });

  it('FTS operators, punctuation and SQL are words or nothing', () => {
    expect(parseQuery('*** ^ : ( ) - + NEAR/3')?.phrases).toEqual([['near', '3']]);
    expect(parseQuery('*** ^ : ( ) - +')).toBeNull();
    expect(ftsExpression({ phrases: parseQuery("'; DROP TABLE units; --")!.phrases, match: 'any' })).toBe(
      '"drop" OR "table" OR "units"',
    );
  });
});

describe('search: results', () => {
  it('finds the unit that holds the words and links back to it, with every member the spec lists', async () => {
    const a = await addSource({
      title: 'Labour market statistics',
      url: 'https://www.ons.gov.uk/employment/bulletin',
      year: new Date().getUTCFullYear(),
      type: 'Government Document',
      primary: true,
      pages: ['Contents and methods.', 'The unemployment rate was 4.2% in the quarter, up from 4.0%.'],
    });
    await addSource({ title: 'Weather', pages: ['Rain is expected across the north.'] });
    const res = await search({ query: 'unemployment rate' });
    const group = res.claim_groups?.[0];
    expect(group).toMatchObject({
      claim_id: 'clm_1',
      claim_index: 1,
      claim: 'unemployment rate',
      stance_summary: 'unverifiable',
      citation_count: 1,
    });
    expect(group).not.toHaveProperty('verdict');
    const c = group!.citations[0]!;
    expect(c).toMatchObject({
      title: 'Labour market statistics',
      url: 'https://www.ons.gov.uk/employment/bulletin',
      author: 'ons.gov.uk',
      status: 'retained',
      credibility_basis: 'heuristic',
      rank: 1,
      source_type: 'Government Document',
      source_metadata: {
        domain: 'ons.gov.uk',
        domain_category: 'government',
        is_primary_source: true,
        is_fact_check_site: false,
      },
      group_id: 'grp_1',
      is_group_primary: true,
      source_version_id: a.sourceVersionId,
      representation_id: a.representationId,
    });
    expect(c.ranking_factors).toEqual({ source_authority: 90, content_relevance: 100, recency: 100 });
    expect(c.credibility_score).toBe(100);
    expect(c.snippet).toContain('The unemployment rate was 4.2%');
    const ranges = c.highlight_ranges as [number, number][];
    expect(ranges.map(([s, e]) => c.snippet.slice(s, e))).toEqual(['unemployment', 'rate']);
    expect(c.evidence).toMatchObject({
      state: 'retained',
      originalUrl: 'https://www.ons.gov.uk/employment/bulletin',
      quoteMatch: true,
      retention: 'local',
      replayable: true,
    });
    expect(String(c.evidence?.contentHash)).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The unit linked is the second page, the one that holds the words.
    const unit = db().prepare('SELECT unit_index FROM units WHERE id = ?').get(c.source_unit_id!) as {
      unit_index: number;
    };
    expect(unit.unit_index).toBe(2);
    // Deprecated mirrors, totals, metadata, usage.
    expect(res.citations).toEqual(group!.citations);
    expect(res.domain_groups).toEqual(group!.domain_groups);
    expect(group!.domain_groups).toEqual([
      {
        group_id: 'grp_1',
        domain: 'ons.gov.uk',
        domain_category: 'government',
        group_stance: 'neutral',
        primary_citation_id: c.id,
      },
    ]);
    expect(res.totalResults).toBe(1);
    expect(res.search_metadata).toMatchObject({
      total_sources_searched: 2,
      relevant_sources_found: 1,
      analysis_model: 'none',
    });
    expect(res.usage).toEqual({ credits: 0 });
    expect(res.operation_id).toBeNull();
    expect(res.thread_id).toMatch(/^thr_/);
  });

  it('a source without a URL links to its retained version and groups under "local"', async () => {
    const a = await addSource({ title: null, pages: ['Budget deficit of £12bn'] });
    const c = (await search({ query: 'deficit' })).claim_groups![0]!.citations[0]!;
    expect(c.url).toBe(`evidence://${a.sourceVersionId}`);
    expect(c.title).toBe('file.pdf');
    expect(c.author).toBe('local');
    expect(c.evidence).toMatchObject({ originalUrl: null });
    expect(c.ranking_factors?.recency).toBe(0);
  });

  it('one citation per source (its best unit), ranked, at most `limit`', async () => {
    for (let i = 0; i < 25; i++)
      await addSource({ pages: [`inflation report ${i}`, `inflation inflation ${i}`] });
    const res = await search({ query: 'inflation' });
    const citations = res.claim_groups![0]!.citations;
    expect(citations).toHaveLength(10);
    expect(citations.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(citations.map((c) => c.source_version_id)).size).toBe(10);
    expect(res.search_metadata?.relevant_sources_found).toBe(25);
    expect((await search({ query: 'inflation', limit: 20 })).claim_groups![0]!.citations).toHaveLength(20);
    expect((await search({ query: 'inflation', limit: 1 })).claim_groups![0]!.citations).toHaveLength(1);
  });

  it('ranks the source with all the words first; falls back to any word when none has all', async () => {
    await addSource({ title: 'one', pages: ['gross domestic product grew'] });
    await addSource({ title: 'two', pages: ['product recall'] });
    const all = (await search({ query: 'domestic product' })).claim_groups![0]!.citations;
    expect(all.map((c) => c.title)).toEqual(['one']);
    const any = (await search({ query: 'recall domestic' })).claim_groups![0]!.citations;
    expect(any.map((c) => c.title).sort()).toEqual(['one', 'two']);
  });

  it('quoted phrases match as phrases; numbers match across their separators', async () => {
    await addSource({ title: 'phrase', pages: ['the labour force survey counted 1,120 firms'] });
    await addSource({ title: 'scattered', pages: ['force of labour'] });
    expect(
      (await search({ query: '"labour force"' })).claim_groups![0]!.citations.map((c) => c.title),
    ).toEqual(['phrase']);
    expect((await search({ query: '1,120' })).claim_groups![0]!.citations.map((c) => c.title)).toEqual([
      'phrase',
    ]);
  });

  it('matches without accents and in any case; never breaks on hostile text', async () => {
    await addSource({ title: 'accents', pages: ['Le café de la Gare'] });
    expect((await search({ query: 'CAFE' })).claim_groups![0]!.citation_count).toBe(1);
    for (const query of [
      '"unbalanced',
      'a" OR "b',
      'NOT',
      'caf*',
      'title:café',
      '(café OR',
      'NEAR(café gare, 2)',
      "'; DROP TABLE unit_search; --",
      '🙂 café',
      'x'.repeat(10000),
      'word '.repeat(2000),
    ])
      await expect(search({ query })).resolves.toBeDefined();
    expect(db().prepare('SELECT count(*) AS n FROM unit_search').get()).toEqual({ n: 1 });
  });

  it('a partial representation is cited as retained_partial, never as a whole retained source', async () => {
    await addSource({ pages: ['tariff schedule'], state: 'partial' });
    expect((await search({ query: 'tariff' })).claim_groups![0]!.citations[0]!.status).toBe(
      'retained_partial',
    );
  });

  it('indexes only the newest representation of a source version', async () => {
    const { sourceVersionId } = await addSource({ pages: ['old wording'], version: 'v1' });
    const { representationId } = await (async () => {
      const extraction: Extraction = {
        format: 'pdf',
        state: 'complete',
        code: null,
        reason: null,
        extraction_method: 'text_layer',
        units: [
          { kind: 'page', index: 1, extraction_method: 'text_layer', markdown: 'new wording', figures: [] },
        ],
        markdown: 'new wording',
      };
      return { representationId: await store.publishRepresentation(sourceVersionId, 'v2', extraction) };
    })();
    expect((await search({ query: 'old' })).claim_groups![0]!.citation_count).toBe(0);
    expect((await search({ query: 'new' })).claim_groups![0]!.citations[0]!.representation_id).toBe(
      representationId,
    );
  });
});

describe('search: table cells by the words that name them', () => {
  const line = (y: number, label: string, ...values: string[]): PdfText[] => [
    { x: 72, y, size: 9, text: label },
    ...values.map((text, i) => ({ x: 250 + i * 80, y, size: 9, text })),
  ];
  /** A source whose one page is a table read from a PDF: a header row over three states, then a sentence. */
  async function tableSource(): Promise<void> {
    const { sourceVersionId } = await addSource({ title: 'NICS checks', pages: ['placeholder'] });
    const read = await extract(
      buildPdf([
        {
          width: 612,
          height: 792,
          texts: [
            { x: 72, y: 720, size: 12, text: 'Firearm background checks, November - 2015' },
            ...line(700, 'State', 'Permit', 'Handgun', 'Long gun'),
            ...line(686, 'Texas', '12,004', '61,450', '58,102'),
            ...line(674, 'Ohio', '9,120', '22,140', '19,877'),
            ...line(662, 'Utah', '2,110', '6,112', '5,340'),
            { x: 72, y: 600, size: 9, text: 'Checks rose in Texas over the year.' },
          ],
        },
      ]),
      { filename: 'nics.pdf' },
      { ocr: 'off' },
    );
    expect(read.units[0]?.page?.tables).toHaveLength(1);
    await store.publishRepresentation(sourceVersionId, 'v2', read);
  }
  const marked = (citation: { snippet: string; highlight_ranges?: unknown[] }) =>
    (citation.highlight_ranges as [number, number][]).map(([a, b]) => citation.snippet.slice(a, b));

  it('a row label and a column header together find the cell: its row is the passage, the cell marked', async () => {
    await tableSource();
    const [citation] = (await search({ query: 'Texas handgun' })).claim_groups![0]!.citations;
    expect(citation!.snippet).toBe('Texas 12,004 61,450 58,102');
    expect(marked(citation!)).toEqual(['Texas', '61,450']);
    expect(citation!.evidence?.quoteMatch).toBe(true);
  });

  it('a quoted phrase of a row label and a header matches the cell, though the page never writes it', async () => {
    await tableSource();
    await addSource({ title: 'prose', pages: ['Texas permits and handgun sales'] });
    const found = (await search({ query: '"Texas handgun"' })).claim_groups![0]!;
    expect(found.citations.map((c) => c.title)).toEqual(['NICS checks']);
    expect(found.citations[0]!.snippet).toBe('Texas 12,004 61,450 58,102');
  });

  it('words one line of the text holds are cited from the text, as before', async () => {
    await tableSource();
    const [citation] = (await search({ query: 'Texas 58,102' })).claim_groups![0]!.citations;
    expect(citation!.snippet.startsWith('Firearm background checks')).toBe(true);
    expect(marked(citation!)).toEqual(['Texas', '58,102', 'Texas']);
  });
});

describe('search: the index and the store never disagree', () => {
  it('a publish that fails part-way leaves neither the representation nor any index row', async () => {
    const { sourceVersion } = await store.insertAsset(
      {
        account_id: account,
        sha256: createHash('sha256').update('crash').digest('hex'),
        byte_length: 5,
        filename: 'x.txt',
        media_type: 'text/plain',
        title: null,
        url: null,
        domain: null,
        publication_year: null,
        source_type: null,
        is_primary_source: null,
      },
      true,
    );
    const count = (table: string) =>
      (db().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const before = { reps: count('representations'), units: count('units'), index: count('unit_search') };
    const page = (index: number, markdown: string) => ({
      kind: 'page' as const,
      index,
      extraction_method: 'text_layer' as const,
      markdown,
      figures: [],
    });
    const extraction: Extraction = {
      format: 'text',
      state: 'complete',
      code: null,
      reason: null,
      extraction_method: 'text_layer',
      // The second unit cannot be indexed (its index is beyond what a source can hold): the whole publish fails.
      units: [page(1, 'indexed first'), page(UNITS_PER_SOURCE, 'never stored')],
      markdown: '',
    };
    await expect(store.publishRepresentation(sourceVersion!.id, 'v1', extraction)).rejects.toThrow();
    expect({ reps: count('representations'), units: count('units'), index: count('unit_search') }).toEqual(
      before,
    );
    expect((await search({ query: 'indexed' })).claim_groups![0]!.citation_count).toBe(0);
  });
});

describe('search: filters', () => {
  const year = new Date().getUTCFullYear();
  beforeEach(async () => {
    await addSource({
      title: 'gov',
      url: 'https://www.ons.gov.uk/a',
      year: 2020,
      type: 'Government Document',
      primary: true,
      pages: ['wages data'],
    });
    await addSource({
      title: 'sub',
      url: 'https://blog.ons.gov.uk/b',
      year: 2023,
      type: 'Article',
      primary: false,
      pages: ['wages blog'],
    });
    await addSource({
      title: 'news',
      url: 'https://www.bbc.co.uk/news/c',
      year,
      type: 'Trusted Media',
      primary: false,
      pages: ['wages story'],
    });
    await addSource({ title: 'unknown', pages: ['wages note'] });
  });
  const titles = async (filters: unknown) =>
    (await search({ query: 'wages', filters })).claim_groups![0]!.citations.map((c) => c.title).sort();

  it('source_type, with unknown metadata never matching', async () => {
    expect(await titles({ source_type: ['Article', 'Trusted Media'] })).toEqual(['news', 'sub']);
  });

  it('is_primary_source: an explicit false is a filter; unknown matches neither', async () => {
    expect(await titles({ is_primary_source: true })).toEqual(['gov']);
    expect(await titles({ is_primary_source: false })).toEqual(['news', 'sub']);
  });

  it('publication_year from/to, inclusive, unknown years excluded', async () => {
    expect(await titles({ publication_year: { from: 2021 } })).toEqual(['news', 'sub']);
    expect(await titles({ publication_year: { to: 2023 } })).toEqual(['gov', 'sub']);
    expect(await titles({ publication_year: { from: 2020, to: 2020 } })).toEqual(['gov']);
  });

  it('domain includes subdomains, accepts www. and any case, never matches a lookalike', async () => {
    expect(await titles({ domain: ['ons.gov.uk'] })).toEqual(['gov', 'sub']);
    expect(await titles({ domain: ['WWW.ONS.GOV.UK.'] })).toEqual(['gov', 'sub']);
    expect(await titles({ domain: ['blog.ons.gov.uk'] })).toEqual(['sub']);
    expect(await titles({ domain: ['gov.uk', 'bbc.co.uk'] })).toEqual(['gov', 'news', 'sub']);
    expect(await titles({ domain: ['ns.gov.uk'] })).toEqual([]);
  });

  it('filters combine', async () => {
    expect(
      await titles({ domain: ['ons.gov.uk'], is_primary_source: false, publication_year: { from: 2022 } }),
    ).toEqual(['sub']);
  });
});

describe('search: bad input and accounts', () => {
  it('refuses each bad request with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ query: '' }, 'query'],
      [{ query: '   ' }, 'query'],
      [{}, 'query'],
      [{ query: 'x', limit: 0 }, 'limit'],
      [{ query: 'x', limit: 21 }, 'limit'],
      [{ query: 'x', limit: 'ten' }, 'limit'],
      [{ query: 'x', limit: 2.5 }, 'limit'],
      [{ query: 'x', filters: { publication_year: { from: 999 } } }, 'filters.publication_year.from'],
      [
        { query: 'x', filters: { publication_year: { from: 2020, to: 2019 } } },
        'filters.publication_year.to',
      ],
      [
        { query: 'x', filters: { publication_year: { from: 2020, until: 2021 } } },
        'filters.publication_year',
      ],
      [
        { query: 'x', filters: { domain: Array.from({ length: 21 }, (_, i) => `d${i}.com`) } },
        'filters.domain',
      ],
      [{ query: 'x', filters: { domain: [] } }, 'filters.domain'],
      [{ query: 'x', filters: { domain: ['https://ons.gov.uk/x'] } }, 'filters.domain.0'],
      [{ query: 'x', filters: { domain: ['ons.gov.uk:443'] } }, 'filters.domain.0'],
      [{ query: 'x', filters: { domain: ['*.gov.uk'] } }, 'filters.domain.0'],
      [{ query: 'x', filters: { source_type: [] } }, 'filters.source_type'],
      [{ query: 'x', filters: { is_primary_source: 'false' } }, 'filters.is_primary_source'],
      [{ query: 'x', filters: { language: 'en' } }, 'filters'],
      [{ query: 'x', sort: 'date' }, '(body)'],
      [{ query: 'x'.repeat(10001) }, 'query'],
    ];
    for (const [body, path] of cases) {
      const error = await refused(body);
      expect(error.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(error.details?.map((d) => d.path).join(' '), JSON.stringify(body).slice(0, 80)).toContain(path);
    }
  });

  it('a query of operators and punctuation only is a clear 400, not an FTS error', async () => {
    const error = await refused({ query: '*** ^ ( ) : - +' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('query_without_words');
  });

  it('one account never sees another account’s sources, nor counts them', async () => {
    await addSource({ account: other, title: 'secret', pages: ['merger terms'] });
    await addSource({ title: 'mine', pages: ['something else'] });
    const res = await search({ query: 'merger' });
    expect(res.claim_groups![0]!.citations).toEqual([]);
    expect(res.search_metadata?.total_sources_searched).toBe(1);
    expect((await search({ query: 'merger' }, other)).claim_groups![0]!.citation_count).toBe(1);
    // The count follows the library: a newly published source is counted at once.
    await addSource({ title: 'mine too', pages: ['merger news'] });
    const after = await search({ query: 'merger' });
    expect(after.search_metadata?.total_sources_searched).toBe(2);
    expect(after.claim_groups![0]!.citations.map((c) => c.title)).toEqual(['mine too']);
  });
});

describe('search: helpers', () => {
  it('recency is 100 this year, 10 less per year of age, never below 0, 0 when unknown', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect([2026, 2027, 2025, 2017, 1990, null].map((y) => recencyOf(y, now))).toEqual([
      100, 100, 90, 10, 0, 0,
    ]);
  });

  it('domain filter forms', () => {
    expect(normaliseDomainFilter('www.Example.COM.')).toBe('example.com');
    expect(normaliseDomainFilter('münchen.de')).toBe('xn--mnchen-3ya.de');
    for (const bad of [
      'http://a.com',
      'a.com/x',
      'a.com:80',
      '*.a.com',
      'a b.com',
      '-a.com',
      '',
      'user@a.com',
    ])
      expect(normaliseDomainFilter(bad), bad).toBeNull();
  });
});
