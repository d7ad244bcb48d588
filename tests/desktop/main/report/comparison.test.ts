import { describe, expect, it } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import { reportHtml } from '../../../../desktop/main/report/html';
import { reportMarkdown } from '../../../../desktop/main/report/markdown';
import { buildReport, type ReportBundle } from '../../../../desktop/main/report/model';
import { fixtureLookup, meta, supportedCase, supportedResponse } from './model-fixtures';

// A comparison ("exceeded") computes a truth value the service sends as 1, 0 or -1: a report says which
// figure is larger, as the result card does, never "computed 1".

const bundle = await buildReport([supportedCase], fixtureLookup(), meta);
const check = bundle.cases[0]!.checks[0]!;

describe('a comparison check in a report', () => {
  // "Handgun checks exceeded long gun checks": the service computes the truth value 1, with no tolerance.
  const comparison: NumericResponse = {
    ...supportedResponse,
    outcome: 'supported',
    arithmetic: {
      verdict: 'holds',
      computed: 1,
      tolerance: 0,
      reason: '1,200 > 1,000: holds',
    },
    comparability: { verdict: 'comparable', facets: [], reason: 'comparable' },
    operands: (['subject', 'reference'] as const).map((role, i) => ({
      binding: 'retained_source_slice' as const,
      source: { source_version_id: 'sv', representation_id: 'rep', source_unit_id: 'unit' },
      figure: {
        index: i,
        raw: i === 0 ? '1,200' : '1,000',
        value: i === 0 ? 1200 : 1000,
        magnitude: i === 0 ? 1200 : 1000,
        sign: 1 as const,
        scale: 1,
        unit: null,
        unitClass: 'none' as const,
        accounting: false,
      },
      role: { role, words: null, by: 'claim_words' as const },
    })),
  };
  const compared = (response: NumericResponse): ReportBundle => ({
    ...bundle,
    cases: [
      {
        ...bundle.cases[0]!,
        checks: [
          {
            ...check,
            request: { ...check.request, claim: 'Spending exceeded the year before.' },
            response,
          },
        ],
      },
    ],
  });

  it('says which figure is larger instead of "computed 1", in HTML and Markdown', () => {
    const html = reportHtml(compared(comparison), new Map());
    const md = reportMarkdown(compared(comparison));
    expect(html).not.toContain('computed <code>1</code>');
    expect(md).not.toContain('computed `1`');
    expect(html).toContain('computed <bdi>figure 1 (1,200) is more than figure 2 (1,000)</bdi>');
    expect(md).toContain('- Arithmetic: `holds`, computed figure 1 (1,200) is more than figure 2 (1,000),');
  });

  it('without roles, says that it computed which figure is larger, never the bare sign', () => {
    const unnamed = { ...comparison, operands: comparison.operands.map(({ role: _r, ...o }) => o) };
    const md = reportMarkdown(compared(unnamed));
    expect(md).toContain("computed which figure is larger (the service's reason names them)");
    expect(md).not.toContain('computed `1`');
  });

  it('a quantity computed is still printed as the number', () => {
    const md = reportMarkdown(bundle);
    expect(reportHtml(bundle, new Map())).toContain('computed <code>20</code>');
    expect(md).toContain('- Arithmetic: `holds`, computed `20`, tolerance `0.5`');
  });
});
