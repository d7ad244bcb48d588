import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  NumericResponse,
  Representation,
  UploadResponse,
  type OperandReference,
} from '../../../shared/api';
import { snapshot, startTestService, upload, type TestService } from '../helpers';

// POST /api/v2/verify/numeric over HTTP: validation, ownership (404 that never hints), the figure checks
// (400), and the whole path from an uploaded csv to an assessment.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

const CSV = 'Item,2022,2023\nRevenue,"1,000","1,120"\n';

const verify = (body: unknown, key: string | null = svc.key) =>
  svc.app.inject({
    method: 'POST',
    url: '/api/v2/verify/numeric',
    headers: { ...(key === null ? {} : { 'x-api-key': key }), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

interface Published {
  assetId: string;
  sourceVersionId: string;
  rep: Representation;
}

async function published(content: string, filename: string, key = svc.key): Promise<Published> {
  const asset = UploadResponse.parse((await upload(svc, content, { retain: 'true' }, filename, key)).json());
  const res = await svc.app.inject({
    method: 'POST',
    url: `/api/v2/sources/${asset.source_version_id}/representations`,
    headers: { 'x-api-key': key },
  });
  expect(res.statusCode).toBe(201);
  return {
    assetId: asset.asset_id,
    sourceVersionId: asset.source_version_id!,
    rep: Representation.parse(res.json()),
  };
}

/** The operand that selects the figure in `ref` (a cell) of the first unit. */
function operand(p: Published, ref: string): OperandReference {
  const unit = p.rep.units[0]!;
  const figure = unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref);
  if (!figure) throw new Error(`no figure in ${ref}`);
  return {
    source_version_id: p.sourceVersionId,
    representation_id: p.rep.representation_id,
    source_unit_id: unit.source_unit_id,
    figure_index: figure.index,
  };
}

let mine: Published;
let theirs: Published;
beforeAll(async () => {
  mine = await published(CSV, 'revenue.csv');
  theirs = await published('Item,2022,2023\nCosts,"500","550"\n', 'costs.csv', svc.otherKey);
});

async function expectError(res: Awaited<ReturnType<typeof verify>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.error.code).toBe(code);
  return body;
}

describe('POST /api/v2/verify/numeric: requests and ownership', () => {
  it('401 without a key or with an unknown one', async () => {
    const body = { claim: 'Revenue rose 12%', operands: [operand(mine, 'B2'), operand(mine, 'C2')] };
    expect((await verify(body, null)).statusCode).toBe(401);
    expect((await verify(body, 'ewk_nothing')).statusCode).toBe(401);
  });

  it('400 with details for every bad field', async () => {
    const good = operand(mine, 'B2');
    const cases: [unknown, string][] = [
      [{ claim: '', operands: [good] }, 'claim'],
      [{ claim: 'x'.repeat(10001), operands: [good] }, 'claim'],
      [{ claim: 'x', operands: [] }, 'operands'],
      [{ claim: 'x', operands: [good, good, good] }, 'operands'],
      [{ claim: 'x', operands: [{ ...good, figure_index: 10001 }] }, 'operands.0.figure_index'],
      [{ claim: 'x', operands: [{ ...good, figure_index: 1.5 }] }, 'operands.0.figure_index'],
      [{ claim: 'x', operands: [{ ...good, extra: 1 }] }, 'operands.0'],
      [{ claim: 'x', operands: [good], verdict: 'supported' }, '(body)'],
      [{ claim: 'x', operands: [{ ...good, source_unit_id: undefined }] }, 'operands.0.source_unit_id'],
    ];
    for (const [body, path] of cases) {
      const error = await expectError(await verify(body), 400, 'invalid_request');
      expect(error.error.details?.map((d) => d.path)).toContain(path);
    }
  });

  it('unknown ids and another account’s ids are the same 404, and nothing is stored', async () => {
    const before = await snapshot(svc.store);
    const claim = 'Revenue rose 12% from 2022 to 2023';
    const a = operand(mine, 'B2');
    const foreign = operand(theirs, 'B2');
    const cases: OperandReference[] = [
      { ...a, source_version_id: 'sv_doesnotexist' },
      foreign, // another account's source version
      { ...a, representation_id: foreign.representation_id }, // my source version, their representation
      { ...a, representation_id: 'rep_doesnotexist' },
      { ...a, source_unit_id: foreign.source_unit_id }, // a unit of another representation
      { ...a, source_unit_id: 'unit_doesnotexist' },
    ];
    for (const ref of cases) {
      const body = await expectError(await verify({ claim, operands: [ref] }), 404, 'not_found');
      expect(body.error.message).toMatch(/does not exist or does not belong to this account/);
    }
    // My ids, presented with the other account's key.
    await expectError(await verify({ claim, operands: [a] }, svc.otherKey), 404, 'not_found');
    // Another account's asset id is simply not there either.
    await expectError(
      await verify({ claim, operands: [{ ...a, source_version_id: theirs.assetId }] }),
      404,
      'not_found',
    );
    expect(await snapshot(svc.store)).toEqual(before);
  });

  it('a representation of another of my source versions is 404 for this one', async () => {
    const other = await published('Item,2022\nStaff,"40"\n', 'staff.csv');
    const ref = { ...operand(mine, 'B2'), representation_id: other.rep.representation_id };
    await expectError(await verify({ claim: 'Staff was 40', operands: [ref] }), 404, 'not_found');
  });

  it('an upload asset id in place of a source version id is refused with 400', async () => {
    const ref = { ...operand(mine, 'B2'), source_version_id: mine.assetId };
    const body = await expectError(
      await verify({ claim: 'Revenue was 1,000', operands: [ref] }),
      400,
      'asset_id_not_source_version',
    );
    expect(body.error.details?.[0]?.path).toBe('operands.0.source_version_id');
  });

  it('a figure index the unit does not have is 400 figure_index_unavailable', async () => {
    const ref = { ...operand(mine, 'B2'), figure_index: 2 };
    const body = await expectError(
      await verify({ claim: 'Revenue was 1,000', operands: [ref] }),
      400,
      'figure_index_unavailable',
    );
    expect(body.error.details?.[0]?.path).toBe('operands.0.figure_index');
  });

  it('an ambiguous source number is 400 ambiguous_source_number', async () => {
    const p = await published('Item,Rate\nInterest,"1,5"\n', 'rate.csv');
    const figure = p.rep.units[0]!.figures.find((f) => f.raw === '1,5');
    expect(figure?.ambiguous).toBe(true);
    const ref = { ...operand(p, 'B2') };
    await expectError(
      await verify({ claim: 'The rate was 1.5', operands: [ref] }),
      400,
      'ambiguous_source_number',
    );
  });
});

describe('POST /api/v2/verify/numeric: assessments', () => {
  const check = async (claim: string, refs: OperandReference[]) => {
    const res = await verify({ claim, operands: refs });
    expect(res.statusCode, res.body).toBe(201);
    return NumericResponse.parse(res.json());
  };

  it('a true percent change is supported, with the figures echoed as read', async () => {
    const refs = [operand(mine, 'B2'), operand(mine, 'C2')];
    const body = await check('Revenue rose 12% from 2022 to 2023', refs);
    expect(body.outcome).toBe('supported');
    expect(body.scope).toBe('arithmetic_only');
    expect(body.arithmetic?.verdict).toBe('holds');
    expect(body.arithmetic?.computed).toBeCloseTo(12, 6);
    expect(body.comparability?.verdict).toBe('comparable');
    expect(body.limitation).not.toBe('');
    expect(body.operands).toEqual([
      {
        binding: 'retained_source_slice',
        source: {
          representation_id: refs[0]!.representation_id,
          source_unit_id: refs[0]!.source_unit_id,
          source_version_id: refs[0]!.source_version_id,
        },
        figure: {
          index: refs[0]!.figure_index,
          raw: '1,000',
          value: 1000,
          magnitude: 1000,
          sign: 1,
          scale: 1,
          unit: null,
          unitClass: 'none',
          accounting: false,
        },
        // The earlier figure is where the change runs from, whatever the order the figures came in.
        role: { role: 'from', words: '2022', by: 'periods' },
      },
      expect.objectContaining({
        figure: expect.objectContaining({ raw: '1,120', value: 1120 }),
        role: { role: 'to', words: '2023', by: 'periods' },
      }),
    ]);
    expect(body.roles?.state).toBe('bound');
  });

  it('a false percent change is contradicted', async () => {
    const body = await check('Revenue rose 20% from 2022 to 2023', [
      operand(mine, 'B2'),
      operand(mine, 'C2'),
    ]);
    expect(body.outcome).toBe('contradicted');
    expect(body.arithmetic?.verdict).toBe('fails');
  });

  it('a claim with no checkable relation is not_applicable', async () => {
    const body = await check('Revenue is shown in the annual report', [operand(mine, 'C2')]);
    expect(body.outcome).toBe('not_applicable');
    expect(body.arithmetic).toBeNull();
  });

  it('the same request twice gives the same answer and stores nothing', async () => {
    const before = await snapshot(svc.store);
    const request = {
      claim: 'Revenue rose 12% from 2022 to 2023',
      operands: [operand(mine, 'B2'), operand(mine, 'C2')],
    };
    const first = await verify(request);
    const second = await verify(request);
    expect(second.json()).toEqual(first.json());
    expect(await snapshot(svc.store)).toEqual(before);
  });
});

describe('POST /api/v2/verify/numeric and /roles: which figure is which', () => {
  const verifyRoles = (body: unknown) =>
    svc.app.inject({
      method: 'POST',
      url: '/api/v2/verify/numeric/roles',
      headers: { 'x-api-key': svc.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  // One row, two columns that are not periods: the claim's words must say which figure is which.
  let checks: Published;
  beforeAll(async () => {
    checks = await published('State,Handgun,Long Gun\nTexas,"56,941","51,670"\n', 'checks.csv');
  });

  it('the claim binds the figures, whatever the order they are sent in', async () => {
    const claim = 'Texas ran 5,271 more handgun checks than long gun checks';
    const [h, l] = [operand(checks, 'B2'), operand(checks, 'C2')];
    const first = NumericResponse.parse((await verify({ claim, operands: [h, l] })).json());
    const second = NumericResponse.parse((await verify({ claim, operands: [l, h] })).json());
    for (const body of [first, second]) {
      expect(body.arithmetic).toMatchObject({ verdict: 'holds', computed: 5271 });
      expect(body.arithmetic?.line).toContain('Handgun 56,941 − long gun 51,670 = 5,271');
    }
    expect(first.operands.map((o) => o.role?.role)).toEqual(['subject', 'reference']);
    expect(second.operands.map((o) => o.role?.role)).toEqual(['reference', 'subject']);
    expect(second.operands[1]?.role).toEqual({ role: 'subject', words: 'handgun checks', by: 'claim_words' });
  });

  it('unclear roles: nothing computed from the order, both readings listed, a person asked', async () => {
    const claim = 'Texas ran 5,271 more checks of one kind than of the other';
    const body = NumericResponse.parse(
      (await verify({ claim, operands: [operand(checks, 'B2'), operand(checks, 'C2')] })).json(),
    );
    expect(body.outcome).toBe('escalate');
    expect(body.arithmetic).toMatchObject({ verdict: 'not_computable', computed: null });
    expect(body.roles?.state).toBe('unclear');
    expect(body.roles?.question?.role).toBe('subject');
    expect(body.roles?.readings.map((r) => r.verdict).sort()).toEqual(['fails', 'holds']);
    expect(body.operands.every((o) => o.role === undefined)).toBe(true);
  });

  it("a person's roles are computed with, and say so", async () => {
    const claim = 'Texas ran 5,271 more checks of one kind than of the other';
    const operands = [operand(checks, 'C2'), operand(checks, 'B2')];
    const res = await verifyRoles({ claim, operands, roles: ['reference', 'subject'] });
    expect(res.statusCode, res.body).toBe(201);
    const body = NumericResponse.parse(res.json());
    expect(body.roles?.state).toBe('person');
    // The question the person answered stays with their answer, to be asked again.
    expect(body.roles?.question?.role).toBe('subject');
    expect(body.arithmetic).toMatchObject({ verdict: 'holds', computed: 5271 });
    expect(body.operands.map((o) => o.role)).toEqual([
      { role: 'reference', words: null, by: 'person' },
      { role: 'subject', words: null, by: 'person' },
    ]);
    // The other answer computes the other reading: it fails.
    const other = NumericResponse.parse(
      (await verifyRoles({ claim, operands, roles: ['subject', 'reference'] })).json(),
    );
    expect(other.arithmetic).toMatchObject({ verdict: 'fails', computed: -5271 });
  });

  it('roles that do not fit the claim, or not one per operand, are refused with 400', async () => {
    const operands = [operand(checks, 'B2'), operand(checks, 'C2')];
    const claim = 'Texas ran 5,271 more handgun checks than long gun checks';
    await expectError(
      await verifyRoles({ claim, operands, roles: ['part', 'whole'] }),
      400,
      'roles_do_not_fit',
    );
    await expectError(await verifyRoles({ claim, operands, roles: ['subject'] }), 400, 'invalid_request');
    await expectError(
      await verifyRoles({ claim, operands, roles: ['boss', 'reference'] }),
      400,
      'invalid_request',
    );
    await expectError(await verifyRoles({ claim, operands }), 400, 'invalid_request');
    const sum = 'Texas handgun and long gun checks together totalled 108,611';
    await expectError(
      await verifyRoles({ claim: sum, operands, roles: ['term', 'term'] }),
      400,
      'roles_do_not_fit',
    );
  });
});
