import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, FigureSearchResponse, NumericResponse } from '../../../shared/api';
import { retainAndRead as retainAndReadAs, startTestService, type TestService } from '../helpers';

// figures.search through HTTP, on whichever engine the run names (SQLite, or PostgreSQL in the
// integration-postgresql project): a sheet and a text are uploaded and read; a search by value finds the
// sheet's cell with its row label and column header, answers only the caller's figures, refuses a bad
// request with a stable code, and hands back an operand reference the numeric check takes.

let svc: TestService;
let sheetSource: string;

const CHECKS_CSV =
  'State,Handgun,Long gun\nOhio,"56,500","40,210"\nTexas,"56,941","51,670"\nUtah,"12,004","9,870"\n';
const SPENDING_TEXT = 'Annual note\n\nThe agency spent $56,941 on the audit and hired 4.7% more staff.\n';

async function post(body: unknown, key: string | null = svc.key, type = 'application/json') {
  return svc.app.inject({
    method: 'POST',
    url: '/api/v2/figures/search',
    headers: { ...(key ? { 'x-api-key': key } : {}), 'content-type': type },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A retained, read source with `title` (and more registration fields). */
const retainAndRead = (
  content: string,
  filename: string,
  title: string,
  fields: Record<string, string> = {},
) => retainAndReadAs(svc, content, filename, { title, ...fields });

beforeAll(async () => {
  svc = await startTestService();
  sheetSource = await retainAndRead(CHECKS_CSV, 'checks.csv', 'NICS checks 2023', {
    publication_year: '2023',
    url: 'https://www.fbi.gov/nics',
  });
  await retainAndRead(SPENDING_TEXT, 'note.txt', 'Annual note');
});
afterAll(async () => {
  await svc.close();
});

describe('POST /api/v2/figures/search', () => {
  it('finds the cell of "almost 57,000" Texas handgun checks, with its row label and column header', async () => {
    const res = await post({ value: 57000, tolerance: { written: 'almost 57,000' }, words: 'Texas handgun' });
    expect(res.statusCode).toBe(200);
    const body = FigureSearchResponse.parse(res.json());
    expect(body.query).toMatchObject({ value: 57000, low: 56000, high: 57000, hedge: 'almost' });
    expect(body.figures[0]).toMatchObject({
      rank: 1,
      source_version_id: sheetSource,
      figure: { value: 56941 },
      cell: { table: null, ref: 'B3', row: 2, col: 1 },
      row_labels: ['Texas'],
      column_headers: ['Handgun'],
      unit: { kind: 'sheet' },
      source: { title: 'NICS checks 2023' },
    });
    expect(body.figures[0]?.position).toEqual({ kind: 'cell', ref: 'B3' });
    // No unit asked: the money has the value too, below the cells whose labels hold the words.
    expect(body.figures.map((f) => f.figure.raw)).toEqual(['56,941', '56,500', '$56,941']);
  });

  it('never answers the same digits in another unit when a unit is asked', async () => {
    const money = FigureSearchResponse.parse((await post({ value: 56941, unit: '$' })).json());
    expect(money.figures.map((f) => [f.figure.raw, f.unit_match])).toEqual([
      ['$56,941', 'same'],
      ['56,941', 'unstated'],
    ]);
    const checks = FigureSearchResponse.parse((await post({ value: 56941, unit: 'checks' })).json());
    expect(checks.figures.map((f) => f.source_version_id)).toEqual([sheetSource]);
    const percent = FigureSearchResponse.parse((await post({ value: 4.7, unit: 'per cent' })).json());
    expect(percent.figures.map((f) => f.figure.raw)).toEqual(['4.7%']);
  });

  it('takes the search’s filters', async () => {
    const year = FigureSearchResponse.parse(
      (await post({ value: 56941, filters: { publication_year: { from: 2020 } } })).json(),
    );
    expect(year.figures.map((f) => [f.source_version_id, f.figure.raw])).toEqual([[sheetSource, '56,941']]);
    const domain = FigureSearchResponse.parse(
      (await post({ value: 56941, filters: { domain: ['fbi.gov'] } })).json(),
    );
    expect(domain.figures.map((f) => f.source.domain)).toEqual(['fbi.gov']);
    const none = await post({ value: 56941, filters: { domain: ['https://fbi.gov/x'] } });
    expect(none.statusCode).toBe(400);
    expect(ErrorBody.parse(none.json()).error.details?.[0]?.path).toBe('filters.domain.0');
  });

  it('answers the caller’s figures only', async () => {
    const res = await post({ value: 56941 }, svc.otherKey);
    expect(res.statusCode).toBe(200);
    expect(FigureSearchResponse.parse(res.json()).figures).toEqual([]);
  });

  it('hands back an operand reference the numeric check takes', async () => {
    const found = FigureSearchResponse.parse((await post({ value: 56941, unit: 'checks' })).json())
      .figures[0]!;
    const check = await svc.app.inject({
      method: 'POST',
      url: '/api/v2/verify/numeric',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: JSON.stringify({
        claim: 'Texas ran almost 57,000 handgun checks',
        operands: [
          {
            source_version_id: found.source_version_id,
            representation_id: found.representation_id,
            source_unit_id: found.source_unit_id,
            figure_index: found.figure_index,
          },
        ],
      }),
    });
    expect(check.statusCode).toBe(201);
    expect(NumericResponse.parse(check.json()).operands).toHaveLength(1);
  });

  it('ranks equal figures of two documents by their bytes, whatever ids the store gave', async () => {
    // The same cell under the same labels in two files whose bytes differ only past the table.
    const files = ['Region,Count\nVermont,"7,512.25"\n', 'Region,Count\nVermont,"7,512.25"\n\n'];
    const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const [low, high] = [...files].sort((a, b) => (hash(a) < hash(b) ? -1 : 1));
    const ids = new Map<string, string>();
    // The one with the greater hash is stored first, so neither the store's order nor its ids put it last.
    ids.set(await retainAndRead(high!, 'vermont-b.csv', 'Counts'), 'high');
    ids.set(await retainAndRead(low!, 'vermont-a.csv', 'Counts'), 'low');
    const body = FigureSearchResponse.parse((await post({ value: 7512.25, words: 'Vermont count' })).json());
    const found = body.figures.filter((f) => ids.has(f.source_version_id));
    expect(found).toHaveLength(2);
    expect(found[0]!.score).toBe(found[1]!.score);
    expect(found.map((f) => ids.get(f.source_version_id))).toEqual(['low', 'high']);
  });

  it('refuses a bad request with a 4xx and a stable code', async () => {
    const bad = await post({ value: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).error).toMatchObject({ code: 'invalid_request' });
    const mismatch = await post({ value: 4.7, tolerance: { written: '4.8%' } });
    expect(mismatch.statusCode).toBe(400);
    expect(ErrorBody.parse(mismatch.json()).error.details?.[0]?.path).toBe('tolerance.written');
    expect((await post('value=4.7', svc.key, 'text/plain')).statusCode).toBe(415);
    expect((await post({ value: 4.7 }, null)).statusCode).toBe(401);
  });

  it('forgets a removed source’s figures', async () => {
    const gone = await retainAndRead('Rates\n\nThe rate was 9.25% in June.\n', 'rates.txt', 'Rates');
    expect(FigureSearchResponse.parse((await post({ value: 9.25 })).json()).figures).toHaveLength(1);
    const removed = await svc.app.inject({
      method: 'DELETE',
      url: `/api/v2/sources/${gone}`,
      headers: { 'x-api-key': svc.key },
    });
    expect(removed.statusCode).toBe(200);
    expect(FigureSearchResponse.parse((await post({ value: 9.25 })).json()).figures).toEqual([]);
  });
});
