import { describe, expect, it } from 'vitest';
import { GLANCE_CLAIM_LENGTH, glanceRows, shortClaim } from '../../../../desktop/main/report/glance';
import { buildReport } from '../../../../desktop/main/report/model';
import { escalatedCase, fixtureLookup, meta, supportedCase } from './model-fixtures';

describe('glanceRows', () => {
  it('gives each check its own claim and response, numbered as the report numbers them', async () => {
    const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
    expect(
      glanceRows(bundle).map(({ response, ...row }) => ({ ...row, outcome: response?.outcome })),
    ).toEqual([
      {
        caseNumber: 1,
        checkNumber: 1,
        caseTitle: 'Spending up 20%',
        claim: 'Spending rose 20% from 1,000 to 1,200.',
        outcome: 'supported',
        verdict: null,
      },
      {
        caseNumber: 2,
        checkNumber: 1,
        caseTitle: 'Ministry spending',
        claim: 'The ministry spent 20% more.',
        outcome: 'escalate',
        verdict: null,
      },
    ]);
  });

  it('shows a long claim on one line, cut at a word with an ellipsis', () => {
    const long = `Spending\nrose ${'very '.repeat(60)}much`;
    const short = shortClaim(long);
    expect([...short].length).toBeLessThanOrEqual(GLANCE_CLAIM_LENGTH);
    expect(short).toMatch(/^Spending rose very (very )*very…$/);
    expect(shortClaim('Spending rose 20%.')).toBe('Spending rose 20%.');
  });
});
