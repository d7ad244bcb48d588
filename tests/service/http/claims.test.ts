import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimCandidatesResponse, ClaimListResponse, ErrorBody, NumericResponse } from '../../../shared/api';
import { retainAndRead as retainAndReadAs, startTestService, type TestService } from '../helpers';

// The claims operations through HTTP, on whichever engine the run names (SQLite, or PostgreSQL in the
// integration-postgresql project): an article's claims listed with their spans, from a text and from a
// document of the library; a claim's candidates found in the caller's library only; a candidate's operands
// checked by the numeric check, which alone decides.

let svc: TestService;
let sheetSource: string;
let articleSource: string;

const CHECKS_CSV =
  'State,2022,2023\nOhio,"52,100","56,500"\nTexas,"51,670","56,941"\nUtah,"11,800","12,004"\n';
const ARTICLE =
  'Gun checks rose across the South. Texas ran almost 57,000 handgun checks in 2023. ' +
  'The 58-year-old governor signed the bill on March 3, 2021. ' +
  'Checks in Texas rose 10.2% from 2022 to 2023, officials said.';

async function post(path: string, body: unknown, key: string | null = svc.key) {
  return svc.app.inject({
    method: 'POST',
    url: path,
    headers: { ...(key ? { 'x-api-key': key } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const retainAndRead = (content: string, filename: string, key = svc.key) =>
  retainAndReadAs(svc, content, filename, {}, key);

beforeAll(async () => {
  svc = await startTestService();
  sheetSource = await retainAndRead(CHECKS_CSV, 'checks.csv');
});
afterAll(async () => {
  await svc.close();
});

describe('POST /api/v2/claims/list', () => {
  it('lists the claims of a text with exact spans, and leaves out ages and dates', async () => {
    const res = await post('/api/v2/claims/list', { text: ARTICLE });
    expect(res.statusCode).toBe(200);
    const body = ClaimListResponse.parse(res.json());
    expect(body.article).toMatchObject({ kind: 'text', source_version_id: null, text: ARTICLE });
    expect(body.article.sha256).toBe(createHash('sha256').update(ARTICLE, 'utf8').digest('hex'));
    const texts = body.claims.map((c) => c.text);
    expect(texts).toContain('Texas ran almost 57,000 handgun checks in 2023.');
    expect(texts.some((t) => t.includes('rose 10.2%'))).toBe(true);
    expect(texts.some((t) => t.includes('governor'))).toBe(false);
    for (const claim of body.claims) {
      expect(ARTICLE.slice(claim.span.start, claim.span.end)).toBe(claim.text);
      for (const n of claim.numbers) expect(ARTICLE.slice(n.span.start, n.span.end)).toBe(n.raw);
    }
    const level = body.claims.find((c) => c.text.startsWith('Texas ran'))!;
    expect(level.relation).toBe('level');
    expect(level.numbers[0]).toMatchObject({ value: 57000, hedge: 'almost' });
    expect(body.claims.find((c) => c.text.includes('10.2%'))!.relation).toBe('change');
  });

  it('reads a document of the library as the article, and refuses one of another account', async () => {
    articleSource = await retainAndRead(ARTICLE, 'article.txt');
    const res = await post('/api/v2/claims/list', { source_version_id: articleSource });
    expect(res.statusCode).toBe(200);
    const body = ClaimListResponse.parse(res.json());
    expect(body.article).toMatchObject({ kind: 'source', source_version_id: articleSource });
    expect(body.claims.map((c) => c.text)).toContain('Texas ran almost 57,000 handgun checks in 2023.');
    const other = await post('/api/v2/claims/list', { source_version_id: articleSource }, svc.otherKey);
    expect(other.statusCode).toBe(404);
    expect(ErrorBody.parse(other.json()).error.code).toBe('not_found');
  });

  it('refuses a body with neither text nor a source, or with both', async () => {
    for (const body of [{}, { text: '' }, { text: 'x', source_version_id: sheetSource }]) {
      const res = await post('/api/v2/claims/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(res.json()).error.code).toBe('invalid_request');
    }
  });
});

describe('POST /api/v2/claims/candidates', () => {
  it('finds the cell a level claim rests on, never in the article itself, and the check decides', async () => {
    const claim = 'Texas ran almost 57,000 handgun checks in 2023.';
    // The article is in the library too: its own "57,000" would restate the claim.
    const res = await post('/api/v2/claims/candidates', { claim, exclude: [articleSource] });
    expect(res.statusCode).toBe(200);
    const body = ClaimCandidatesResponse.parse(res.json());
    expect(body.claim?.text).toBe(claim);
    const best = body.candidates[0]!;
    expect(best.figures).toHaveLength(1);
    expect(best.figures[0]).toMatchObject({ raw: '56,941', row_labels: ['Texas'] });
    expect(best.figures[0]!.ref.source_version_id).toBe(sheetSource);
    for (const candidate of body.candidates)
      for (const figure of candidate.figures) expect(figure.ref.source_version_id).not.toBe(articleSource);
    const check = await post('/api/v2/verify/numeric', {
      claim,
      operands: best.figures.map((f) => f.ref),
    });
    expect(check.statusCode).toBe(201);
    expect(NumericResponse.parse(check.json()).outcome).toBe('supported');
  });

  it('looks for candidates only among the sources the filters keep', async () => {
    const claim = 'Texas ran almost 57,000 handgun checks in 2023.';
    const unfiltered = ClaimCandidatesResponse.parse(
      (await post('/api/v2/claims/candidates', { claim, exclude: [articleSource] })).json(),
    );
    expect(unfiltered.candidates[0]?.figures[0]?.raw).toBe('56,941');
    // The sheet was registered with no web address: a domain filter leaves nothing to back the claim.
    const res = await post('/api/v2/claims/candidates', { claim, filters: { domain: ['ons.gov.uk'] } });
    expect(res.statusCode).toBe(200);
    expect(ClaimCandidatesResponse.parse(res.json()).candidates).toEqual([]);
  });

  it('ranks first, with the article as context, the document that backs its other numbers', async () => {
    // Two sheets print Vermont's count alike; only their other rows tell which an article rests on.
    const oregon = await retainAndRead(
      'Region,2022,2023\nVermont,"7,310","7,512"\nOregon,"20,100","21,950"\n',
      'oregon.csv',
    );
    const idaho = await retainAndRead(
      'Region,2022,2023\nVermont,"7,310","7,512"\nIdaho,"9,820","9,870"\n',
      'idaho.csv',
    );
    const claim = 'Vermont ran 7,512 checks in 2023.';
    const first = async (context: string) => {
      const res = await post('/api/v2/claims/candidates', { claim, context });
      expect(res.statusCode).toBe(200);
      const body = ClaimCandidatesResponse.parse(res.json());
      expect(body.candidates[0]?.figures[0]?.raw).toBe('7,512');
      return body.candidates[0]!.figures[0]!.ref.source_version_id;
    };
    expect(await first(`Oregon ran 21,950 checks in 2023. ${claim}`)).toBe(oregon);
    expect(await first(`Idaho ran 9,870 checks in 2023. ${claim}`)).toBe(idaho);
    const long = await post('/api/v2/claims/candidates', { claim, context: 'x'.repeat(200_001) });
    expect(long.statusCode).toBe(400);
  });

  it('answers another account no candidate from this library', async () => {
    const res = await post(
      '/api/v2/claims/candidates',
      { claim: 'Texas ran almost 57,000 handgun checks in 2023.' },
      svc.otherKey,
    );
    expect(res.statusCode).toBe(200);
    expect(ClaimCandidatesResponse.parse(res.json()).candidates).toEqual([]);
  });

  it('answers a text that states no number with no claim, and refuses a bad limit', async () => {
    const none = ClaimCandidatesResponse.parse(
      (await post('/api/v2/claims/candidates', { claim: 'The governor signed the bill.' })).json(),
    );
    expect(none).toEqual({ claim: null, candidates: [] });
    const res = await post('/api/v2/claims/candidates', { claim: 'Texas ran 56,941 checks.', limit: 0 });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).error.code).toBe('invalid_request');
  });
});
