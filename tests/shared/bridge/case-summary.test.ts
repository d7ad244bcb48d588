import { describe, expect, it } from 'vitest';
import type { NumericResponse } from '../../../shared/api';
import { caseSummary, CaseSummary, type Case } from '../../../shared/bridge';

// The cases list's summary of a case: the latest check's outcome as it may be shown (a decision its own
// answer does not back is never that decision), and every check counted with the unresolved ones.

const holds: NumericResponse = {
  outcome: 'supported',
  arithmetic: { verdict: 'holds', computed: 12, tolerance: 0.5, reason: 'holds' },
  comparability: { verdict: 'comparable', facets: [], reason: 'comparable' },
  reason: 'supported',
  scope: 'arithmetic_only',
  limitation: 'arithmetic only',
  operands: [],
};
/** "supported" with arithmetic that fails: not a decision a client may show. */
const unbacked: NumericResponse = {
  ...holds,
  arithmetic: { verdict: 'fails', computed: 20, tolerance: 0.5, reason: 'fails' },
};
const escalated: NumericResponse = { ...holds, outcome: 'escalate', comparability: null };
const operand = {
  source_version_id: 'sv_1',
  representation_id: 'rep_1',
  source_unit_id: 'unit_1',
  figure_index: 0,
};

const base: Case = {
  id: 'case_0123456789abcdef',
  title: 'Revenue',
  claim: 'Revenue rose 12%',
  operands: [operand],
  check: null,
  judgments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
};
const kept = (id: string, check: NumericResponse) => ({
  id,
  claim: 'Revenue rose 12%',
  operands: [operand],
  check,
  judgments: [],
  keptAt: '2026-11-20T10:01:00.000Z',
});

describe('caseSummary', () => {
  it('never checked: no outcome, no checks', () => {
    const summary = caseSummary(base);
    expect(summary).toEqual({
      id: base.id,
      title: 'Revenue',
      updatedAt: base.updatedAt,
      outcome: null,
      checks: { total: 0, kept: 0, settledByService: 0, byVerdict: 0, unresolved: 0 },
    });
    expect(CaseSummary.parse(summary)).toEqual(summary);
  });

  it('a latest "supported" its own arithmetic does not back is inconsistent, never supported', () => {
    expect(caseSummary({ ...base, check: unbacked }).outcome).toBe('inconsistent');
    expect(caseSummary({ ...base, check: holds }).outcome).toBe('supported');
  });

  it('the current check is the latest; without one, the last kept; every check counted', () => {
    const both = caseSummary({
      ...base,
      kept: [kept('check_aaaaaaaa1111', escalated), kept('check_bbbbbbbb2222', unbacked)],
      check: holds,
    });
    expect(both).toMatchObject({
      outcome: 'supported',
      checks: { total: 3, kept: 2, settledByService: 1, byVerdict: 0, unresolved: 2 },
    });
    const keptOnly = caseSummary({ ...base, kept: [kept('check_aaaaaaaa1111', escalated)] });
    expect(keptOnly).toMatchObject({
      outcome: 'escalate',
      checks: { total: 1, kept: 1, settledByService: 0, byVerdict: 0, unresolved: 1 },
    });
  });

  it('a check is resolved when the service settled it or the person gave a verdict; each is counted apart', () => {
    const verdict = (value: 'true' | 'false') => ({
      verdict: value,
      note: null,
      at: '2026-11-20T10:02:00.000Z',
      author: 'Ada Checker',
    });
    const summary = caseSummary({
      ...base,
      kept: [
        // settled by the service; a verdict beside it does not count it twice
        { ...kept('check_aaaaaaaa1111', holds), verdict: verdict('false') },
        // the service left it open, the person's verdict resolves it
        { ...kept('check_bbbbbbbb2222', escalated), verdict: verdict('true') },
        // a "supported" its own answer does not back, with a verdict: resolved by the verdict, not the service
        { ...kept('check_cccccccc3333', unbacked), verdict: verdict('true') },
        kept('check_dddddddd4444', escalated),
      ],
      // the claim being worked on, unresolved and without a verdict
      check: escalated,
    });
    expect(summary.checks).toEqual({ total: 5, kept: 4, settledByService: 1, byVerdict: 2, unresolved: 2 });
    // The person's "true" never changes what the service answered.
    expect(summary.outcome).toBe('escalate');
    expect(CaseSummary.parse(summary)).toEqual(summary);
  });
});
