import { describe, expect, it } from 'vitest';
import { arithmeticLine } from '../../../renderer/src/check/arithmetic-wording';
import { titleFromClaim } from '../../../renderer/src/check/claim-title';
import { labelsWording, periodWording } from '../../../renderer/src/check/figure-wording';
import { placeRunError } from '../../../renderer/src/check/run-errors';
import { BridgeCallError } from '../../../renderer/src/bridge';

// The words around a check: a figure's labels, the arithmetic line, the case title, and where a refusal is
// shown.

const holds = (computed: number, tolerance: number) => ({
  verdict: 'holds' as const,
  computed,
  tolerance,
  reason: 'r',
});

describe('arithmeticLine', () => {
  it('sets the computed value beside the claim’s one figure, in its unit and scale', () => {
    expect(arithmeticLine(holds(12, 0.5), 'Revenue rose 12% in 2024')?.text).toBe(
      '12.0% computed; the claim says 12%, ±0.5 points',
    );
    expect(arithmeticLine(holds(4.23e9, 0.05e9), 'Revenue was $4.2bn')?.text).toBe(
      '4.23 billion USD computed; the claim says $4.2bn, ±0.05 billion USD',
    );
    expect(arithmeticLine(holds(25, 0.5), 'Unemployment fell 25 bps')?.text).toBe(
      '25.0 bp computed; the claim says 25 bps, ±0.5 basis points',
    );
  });

  it('gives the computed value alone when the claim has no figure, several, or only a comparison', () => {
    expect(arithmeticLine(holds(2.05, 0.25), 'Revenue doubled')?.text).toBe(
      'Computed: 2.05; tolerance ±0.25',
    );
    expect(arithmeticLine(holds(12, 0.5), 'It went from $1.0bn to $1.12bn, up 12%')?.text).toBe(
      'Computed: 12; tolerance ±0.5',
    );
  });

  it('says a computed comparison in words over the figures’ roles, never as 1, 0 or -1', () => {
    const operand = (raw: string, role: 'subject' | 'reference') =>
      ({ figure: { raw }, role: { role, words: null, by: 'claim_words' } }) as never;
    // Sent reference first: the roles, not the order, say which is compared with which.
    const figures = {
      operands: [operand('51,670', 'reference'), operand('56,941', 'subject')],
      figureName: (i: number) => ['Long gun 51,670', 'Handgun 56,941'][i]!,
    };
    const claim = 'More handgun checks than long gun checks';
    expect(arithmeticLine(holds(1, 0), claim, figures)?.text).toBe(
      'Computed: Handgun 56,941 is more than Long gun 51,670',
    );
    expect(arithmeticLine(holds(-1, 0), claim, figures)?.text).toBe(
      'Computed: Handgun 56,941 is less than Long gun 51,670',
    );
    // Without roles nothing is named from the order, and still no bare number.
    const line = arithmeticLine(holds(1, 0), 'Revenue of $5m exceeds its costs')?.text;
    expect(line).not.toMatch(/\d/);
    expect(line).toContain('which figure is larger');
  });

  it('gives no line when nothing was computed', () => {
    expect(
      arithmeticLine({ verdict: 'not_computable', computed: null, tolerance: 0, reason: 'r' }, 'x rose 12%'),
    ).toBeNull();
  });
});

describe('titleFromClaim', () => {
  it('takes the first line, spaces collapsed', () => {
    expect(titleFromClaim('\n  Revenue   rose 12%\nin 2024')).toBe('Revenue rose 12%');
  });

  it('cuts a long claim at a word, with an ellipsis', () => {
    const title = titleFromClaim(`${'word '.repeat(40)}end`);
    expect([...title].length).toBeLessThanOrEqual(80);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('names a claim with nothing visible', () => {
    expect(titleFromClaim('   \n ')).toBe('Untitled claim');
  });
});

describe('placeRunError', () => {
  const refusal = (
    code: string,
    message: string,
    service: { serviceCode?: string; fields?: string[] } = {},
  ) => new BridgeCallError({ code, message, ...service });

  it('puts refusals of the operands beside the operands, by the fields and codes the service gave', () => {
    expect(
      placeRunError(
        refusal('invalid_request', 'x', {
          serviceCode: 'invalid_request',
          fields: ['operands.0.figure_index'],
        }),
      ).place,
    ).toBe('operands');
    expect(
      placeRunError(
        refusal('invalid_request', 'no figure 9 there', { serviceCode: 'figure_index_unavailable' }),
      ).place,
    ).toBe('operands');
    expect(placeRunError(refusal('no_operands', 'Select one or two figures')).place).toBe('operands');
  });

  it('puts refusals of the claim beside the claim', () => {
    expect(
      placeRunError(refusal('invalid_request', 'the request is not valid', { fields: ['claim'] })).place,
    ).toBe('claim');
  });

  it('puts anything else in an alert, whatever its wording says', () => {
    expect(placeRunError(refusal('unreachable', 'cannot be reached')).place).toBe('alert');
    expect(
      placeRunError(refusal('invalid_request', 'the request is not valid (claim: Too small)')).place,
    ).toBe('alert');
    expect(placeRunError(new Error('boom'))).toEqual({ place: 'alert', message: 'boom' });
  });
});

describe('periodWording', () => {
  it('writes a month in words and every other period as it is normalised', () => {
    expect(periodWording('2015-11')).toBe('November 2015');
    expect(periodWording('2024-01')).toBe('January 2024');
    for (const period of ['2023', 'FY2023', 'Q3 2024', 'H1 2024', '2019/20'])
      expect(periodWording(period)).toBe(period);
    // Not a month: left as it is.
    expect(periodWording('2015-13')).toBe('2015-13');
  });
});

describe('labelsWording', () => {
  const labels = (row: string | null, column: string | null, period: string | null) => ({
    row,
    column,
    period,
  });

  it('reads row · column · period', () => {
    expect(labelsWording(labels('Texas', 'Handgun', '2015-11'))).toBe('Texas · Handgun · November 2015');
    expect(labelsWording(labels('Revenue rose to', null, '2024'))).toBe('Revenue rose to · 2024');
    expect(labelsWording(labels(null, null, 'FY2023'))).toBe('FY2023');
  });

  it('leaves the period out when the row or column already says it, case and spaces aside', () => {
    expect(labelsWording(labels('Texas', '2023', '2023'))).toBe('Texas · 2023');
    expect(labelsWording(labels('Revenue', 'Q4 2023', 'Q4 2023'))).toBe('Revenue · Q4 2023');
    expect(labelsWording(labels('Revenue', 'q4  2023', 'Q4 2023'))).toBe('Revenue · q4  2023');
    expect(labelsWording(labels('Revenue', 'fy 2023', 'FY2023'))).toBe('Revenue · fy 2023');
    expect(labelsWording(labels('November 2015', 'Handgun', '2015-11'))).toBe('November 2015 · Handgun');
    expect(labelsWording(labels('Texas', 'Nov. 2015', '2015-11'))).toBe('Texas · Nov. 2015');
    expect(labelsWording(labels('Sales 2022', 'Q3', 'Q3 2022'))).toBe('Sales 2022 · Q3 · Q3 2022');
  });

  it('says nothing when the structure shows nothing', () => {
    expect(labelsWording(labels(null, ' ', null))).toBeNull();
    expect(labelsWording(null)).toBeNull();
  });
});
