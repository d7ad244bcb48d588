import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Figure,
  isUnresolvedNumeric,
  NumericRequest,
  NumericResponse,
  OperandReference,
  type NumericResponse as NumericResponseType,
} from '../../../shared/api';

const operand = {
  source_version_id: 'sv_1',
  representation_id: 'rep_1',
  source_unit_id: 'unit_1',
  figure_index: 0,
};
const request = (over: Record<string, unknown> = {}) => ({
  claim: 'revenue rose 12%',
  operands: [operand],
  ...over,
});
const withIndex = (figure_index: unknown) => request({ operands: [{ ...operand, figure_index }] });

describe('NumericRequest', () => {
  it('accepts a minimal valid request and returns it unchanged', () => {
    expect(NumericRequest.parse(request())).toEqual(request());
  });

  it.each([
    [0, false],
    [1, true],
    [10000, true],
    [10001, false],
  ])('claim of length %i: accepted=%s', (length, accepted) => {
    expect(NumericRequest.safeParse(request({ claim: 'x'.repeat(length) })).success).toBe(accepted);
  });

  it('accepts a claim length in 1..10000 and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10005 }), (claim) => {
        const ok = NumericRequest.safeParse(request({ claim })).success;
        return ok === (claim.length >= 1 && claim.length <= 10000);
      }),
      { numRuns: 200 },
    );
  });

  it('requires claim as a string', () => {
    expect(NumericRequest.safeParse({ operands: [operand] }).success).toBe(false);
    expect(NumericRequest.safeParse(request({ claim: 12 })).success).toBe(false);
    expect(NumericRequest.safeParse(request({ claim: null })).success).toBe(false);
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, false],
  ])('%i operands: accepted=%s', (count, accepted) => {
    const operands = Array.from({ length: count }, (_, i) => ({ ...operand, figure_index: i }));
    expect(NumericRequest.safeParse(request({ operands })).success).toBe(accepted);
  });

  it('requires operands', () => {
    expect(NumericRequest.safeParse({ claim: 'x' }).success).toBe(false);
    expect(NumericRequest.safeParse(request({ operands: null })).success).toBe(false);
  });

  it.each([
    [-1, false],
    [0, true],
    [10000, true],
    [10001, false],
    [1.5, false],
    ['3', false],
    [null, false],
  ])('figure_index %j: accepted=%s', (index, accepted) => {
    expect(NumericRequest.safeParse(withIndex(index)).success).toBe(accepted);
  });

  it.each(['source_version_id', 'representation_id', 'source_unit_id', 'figure_index'])(
    'rejects an operand without %s',
    (key) => {
      const partial: Record<string, unknown> = { ...operand };
      delete partial[key];
      const result = NumericRequest.safeParse(request({ operands: [partial] }));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['operands', 0, key]);
    },
  );

  it('rejects empty ids', () => {
    expect(OperandReference.safeParse({ ...operand, source_version_id: '' }).success).toBe(false);
  });

  it('rejects unknown members in the request and in an operand', () => {
    const top = NumericRequest.safeParse(request({ asset_id: 'a_1' }));
    expect(top.success).toBe(false);
    expect(top.error?.issues[0]?.code).toBe('unrecognized_keys');
    const inner = NumericRequest.safeParse(request({ operands: [{ ...operand, value: 4.2 }] }));
    expect(inner.success).toBe(false);
    expect(inner.error?.issues[0]?.path).toEqual(['operands', 0]);
  });
});

const figure = {
  index: 3,
  raw: '$1.2 billion',
  value: 1.2e9,
  magnitude: 1.2,
  sign: 1,
  scale: 1e9,
  unit: 'USD',
  unitClass: 'currency',
  accounting: false,
};

const response = (): NumericResponseType => ({
  outcome: 'supported',
  arithmetic: { verdict: 'holds', computed: 12, tolerance: 0.5, reason: '(1120-1000)/1000 = 12%' },
  comparability: {
    verdict: 'comparable',
    facets: [
      { facet: 'unit', decidedBy: 'code', passed: true, p: null },
      { facet: 'entity', decidedBy: 'code', passed: true, p: 0.9 },
    ],
    reason: 'same unit and scale',
  },
  reason: 'holds',
  scope: 'arithmetic_only',
  limitation: 'figure selection and the claim’s full meaning are not certified',
  operands: [
    {
      binding: 'retained_source_slice',
      source: { representation_id: 'rep_1', source_unit_id: 'unit_1', source_version_id: 'sv_1' },
      figure: { ...figure, sign: 1, unitClass: 'currency' },
    },
  ],
});

describe('NumericResponse', () => {
  it('accepts a full response', () => {
    expect(NumericResponse.parse(response())).toEqual(response());
  });

  it('keeps the holds_only_by_rounding extension and strips unknown members', () => {
    const body = {
      ...response(),
      extra: 1,
      arithmetic: { ...response().arithmetic, holds_only_by_rounding: true },
    };
    const parsed = NumericResponse.parse(body);
    expect(parsed.arithmetic?.holds_only_by_rounding).toBe(true);
    expect(parsed).not.toHaveProperty('extra');
  });

  it('accepts null arithmetic and null comparability, but not absent ones', () => {
    expect(
      NumericResponse.safeParse({ ...response(), outcome: 'not_applicable', arithmetic: null }).success,
    ).toBe(true);
    expect(NumericResponse.safeParse({ ...response(), comparability: null }).success).toBe(true);
    for (const key of [
      'outcome',
      'arithmetic',
      'comparability',
      'reason',
      'scope',
      'limitation',
      'operands',
    ]) {
      const body: Record<string, unknown> = response();
      delete body[key];
      expect(NumericResponse.safeParse(body).success, key).toBe(false);
    }
  });

  it('accepts computed null but not tolerance null', () => {
    const base = response();
    const arithmetic = base.arithmetic!;
    expect(
      NumericResponse.safeParse({
        ...base,
        arithmetic: { ...arithmetic, verdict: 'not_computable', computed: null },
      }).success,
    ).toBe(true);
    expect(
      NumericResponse.safeParse({ ...base, arithmetic: { ...arithmetic, tolerance: null } }).success,
    ).toBe(false);
  });

  it('rejects values outside the enums', () => {
    const base = response();
    expect(NumericResponse.safeParse({ ...base, outcome: 'holds' }).success).toBe(false);
    expect(NumericResponse.safeParse({ ...base, scope: 'full' }).success).toBe(false);
    expect(
      NumericResponse.safeParse({ ...base, arithmetic: { ...base.arithmetic!, verdict: 'unknown' } }).success,
    ).toBe(false);
    const facet = { facet: 'currency', decidedBy: 'code', passed: true, p: null };
    expect(
      NumericResponse.safeParse({ ...base, comparability: { ...base.comparability!, facets: [facet] } })
        .success,
    ).toBe(false);
    const judge = { facet: 'period', decidedBy: 'human', passed: null, p: null };
    expect(
      NumericResponse.safeParse({ ...base, comparability: { ...base.comparability!, facets: [judge] } })
        .success,
    ).toBe(false);
    const [op] = base.operands;
    expect(NumericResponse.safeParse({ ...base, operands: [{ ...op, binding: 'upload' }] }).success).toBe(
      false,
    );
  });

  it('accepts a judge facet left undecided', () => {
    const base = response();
    const judge = { facet: 'period', decidedBy: 'judge', passed: null, p: null };
    const body = { ...base, comparability: { verdict: 'unknown', facets: [judge], reason: 'needs a judge' } };
    expect(NumericResponse.safeParse(body).success).toBe(true);
  });
});

describe('Figure', () => {
  it.each([
    [-1, true],
    [1, true],
    [0, false],
    [2, false],
  ])('sign %i: accepted=%s', (sign, accepted) => {
    expect(Figure.safeParse({ ...figure, sign }).success).toBe(accepted);
  });

  it('takes a null unit, rejects an unknown unitClass and a fractional or negative index', () => {
    expect(Figure.safeParse({ ...figure, unit: null, unitClass: 'none' }).success).toBe(true);
    expect(Figure.safeParse({ ...figure, unitClass: 'ratio' }).success).toBe(false);
    expect(Figure.safeParse({ ...figure, index: 1.5 }).success).toBe(false);
    expect(Figure.safeParse({ ...figure, index: -1 }).success).toBe(false);
    expect(Figure.safeParse({ ...figure, accounting: 'no' }).success).toBe(false);
  });
});

describe('isUnresolvedNumeric', () => {
  const base = response();
  const arithmetic = base.arithmetic!;
  const comparability = base.comparability!;
  const cases: [string, NumericResponseType, boolean][] = [
    ['supported, holds, comparable', base, false],
    [
      'contradicted, fails, comparable',
      { ...base, outcome: 'contradicted', arithmetic: { ...arithmetic, verdict: 'fails' } },
      false,
    ],
    ['escalate', { ...base, outcome: 'escalate' }, true],
    ['not_applicable', { ...base, outcome: 'not_applicable', arithmetic: null }, true],
    ['null arithmetic', { ...base, arithmetic: null }, true],
    ['unknown comparability', { ...base, comparability: { ...comparability, verdict: 'unknown' } }, true],
    ['null comparability', { ...base, comparability: null }, true],
    ['not_comparable', { ...base, comparability: { ...comparability, verdict: 'not_comparable' } }, true],
    ['not_computable', { ...base, arithmetic: { ...arithmetic, verdict: 'not_computable' } }, true],
    ['supported but fails', { ...base, arithmetic: { ...arithmetic, verdict: 'fails' } }, true],
    ['contradicted but holds', { ...base, outcome: 'contradicted' }, true],
  ];
  it.each(cases)('%s → %s', (_name, body, unresolved) => {
    expect(isUnresolvedNumeric(body)).toBe(unresolved);
  });
});
