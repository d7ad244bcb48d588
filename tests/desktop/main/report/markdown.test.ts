import { describe, expect, it } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import { escapeMarkdown, outcomeInWords, reportMarkdown } from '../../../../desktop/main/report/markdown';
import type { Case } from '../../../../shared/bridge';
import { buildReport } from '../../../../desktop/main/report/model';
import {
  ARTICLE_SHA256,
  articleCase,
  webArticleCase,
  supportedResponse,
  escalatedCase,
  escalatedResponse,
  fixtureLookup,
  HASH_PDF,
  HASH_XLSX,
  meta,
  supportedCase,
} from './model-fixtures';

const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
const md = reportMarkdown(bundle);

/** The check headings of a report, in order. */
const checkHeadings = (text: string) => text.split('\n').filter((l) => l.startsWith('### Check'));

describe('reportMarkdown', () => {
  it('prints the title, author and dates', () => {
    expect(md.startsWith('# Budget claims\n')).toBe(true);
    expect(md).toContain('- Author: Ana Ruiz');
    expect(md).toContain('`2026-11-24T12:00:00.000Z`');
    expect(md).toContain('Created: `2026-11-21T08:00:00.000Z`; last changed: `2026-11-21T09:30:00.000Z`');
  });

  it('words each outcome: supported as support, escalated as needing a person', () => {
    expect(checkHeadings(md)).toEqual([
      '### Check 1: Supported by the figures',
      "### Check 1: Unresolved: Needs a person's judgment",
    ]);
  });

  it('never words an unresolved outcome as success', () => {
    const base = escalatedResponse;
    const unresolved: NumericResponse[] = [
      base,
      { ...base, outcome: 'not_applicable', arithmetic: null, comparability: null },
      { ...base, outcome: 'supported', arithmetic: null },
      { ...base, outcome: 'supported', comparability: { ...base.comparability!, verdict: 'unknown' } },
      { ...base, outcome: 'supported', arithmetic: { ...base.arithmetic!, verdict: 'not_computable' } },
    ];
    const words = unresolved.map(outcomeInWords);
    expect(words).toEqual([
      "Unresolved: Needs a person's judgment",
      'Unresolved: Not checkable',
      'Unresolved: Not settled: the answer contradicts itself',
      'Unresolved: Not settled: the answer contradicts itself',
      'Unresolved: Not settled: the answer contradicts itself',
    ]);
    for (const w of words) expect(w).not.toMatch(/Supported/);
    const notCheckable = reportMarkdown({
      ...bundle,
      cases: [
        { ...bundle.cases[1]!, checks: [{ ...bundle.cases[1]!.checks[0]!, response: unresolved[1]! }] },
      ],
    });
    expect(notCheckable).toContain('### Check 1: Unresolved: Not checkable');
    expect(notCheckable).toContain('- Arithmetic: not given by the service (unresolved)');
    expect(notCheckable).not.toMatch(/Supported/);
  });

  it('prints the reasons, scope and limitation with every check', () => {
    expect(md).toContain('1,200 is 20% more than 1,000');
    expect(md).toContain("left to a person's judgment");
    expect(md.match(/- Scope: `arithmetic_only`/g)).toHaveLength(2);
    expect(md).toContain('- Limitation: Checks the arithmetic only, not whether the source is right.');
    expect(md).toContain('- Limitation: Checks the arithmetic only.');
  });

  it("labels the person's judgments as theirs, apart from the service's checks", () => {
    expect(md).toContain("**Judgment by Ana Ruiz (the person's, not the service's)**");
    expect(md).toContain('same entity holds');
    const judgments = md.indexOf("### The person's judgments", md.indexOf('Ministry spending'));
    expect(md.indexOf('Both tables are the same ministry')).toBeGreaterThan(judgments);
    const anonymous = reportMarkdown({
      ...bundle,
      authorName: null,
      cases: [
        {
          ...bundle.cases[1]!,
          checks: [
            {
              ...bundle.cases[1]!.checks[0]!,
              personJudgments: [{ ...bundle.cases[1]!.checks[0]!.personJudgments[0]!, author: null }],
            },
          ],
        },
      ],
    });
    expect(anonymous).toContain("**Judgment by an unknown author (the person's, not the service's)**");
  });

  it("prints each operand's provenance and each citation's snippet and query", () => {
    expect(md).toContain(`\`${HASH_PDF}\``);
    expect(md).toContain(`\`${HASH_XLSX}\``);
    expect(md).toContain('page 3, unit `unit_pdf_p3`, read by `text_layer`');
    expect(md).toContain('box x `72`, y `100.5`, width `30`, height `10`');
    expect(md).toContain('sheet 2 (P&L), unit `unit_xlsx_s2`, read by `spreadsheet_cells`');
    expect(md).toContain('cell `B7`');
    expect(md).toContain('extractor `ew-extract-4;ocr=off`');
    expect(md).toContain('- Found by the search: ministry spend');
    expect(md).toContain('- Snippet: Spend, "total", 1,000');
  });

  it('shows titles display-safe: no bidi or control characters', () => {
    for (const hidden of ['\u202E', '\u0007']) expect(md).not.toContain(hidden);
    expect(md).toContain('Budgetfdp.exe');
  });

  it('escapes document text so it cannot open a link, an image or HTML', () => {
    expect(md).not.toContain('[click](');
    expect(md).not.toMatch(/(?<!\\)<img/);
    expect(md).toContain('[click\\](https://evil.example) \\<img src=x onerror=alert(1)>');
    expect(md).not.toContain('[see](javascript');
    expect(md).toContain('- Snippet: Spend: 1,200 [see\\](javascript:alert(1))');
  });

  it('escapes only what would be markup: numbers, hyphens and dots stay as written', () => {
    const claim = '# NICS checks rose 8.5% (nics-background_checks) to 1,234.5';
    const notes = '- a dash\n1. a number\n8.5% of *all*';
    const tricky = reportMarkdown({
      ...bundle,
      cases: [
        {
          ...bundle.cases[0]!,
          title: 'Checks #',
          notes,
          checks: [
            { ...bundle.cases[0]!.checks[0]!, request: { ...bundle.cases[0]!.checks[0]!.request, claim } },
          ],
        },
      ],
    });
    expect(tricky).toContain('\n> \\# NICS checks rose 8.5% (nics-background_checks) to 1,234.5\n');
    expect(tricky).toContain('\n## Checks \\#\n');
    expect(tricky).toContain('\n> \\- a dash\n> 1\\. a number\n> 8.5% of \\*all\\*\n');
    expect(tricky).toContain(
      '| Checks # | Check 1 | # NICS checks rose 8.5% (nics-background_checks) to 1,234.5 | Supported by the figures |',
    );
    expect(tricky).not.toMatch(/8\\\.5|\\%|nics\\-|1,234\\\./);
  });
});

describe('reportMarkdown: at a glance', () => {
  it("lists every check with its own claim, the service's outcome and the person's verdict", () => {
    const kept: Case = {
      ...supportedCase,
      title: 'Spending in 2024',
      kept: [
        {
          id: 'check_0000000000000001',
          claim: 'Spending | rose 20% in 2024.',
          operands: supportedCase.operands,
          check: supportedResponse,
          judgments: [],
          keptAt: '2026-11-21T09:00:00.000Z',
          verdict: { verdict: 'misleading', note: null, at: '2026-11-21T09:05:00.000Z', author: 'Ada | C' },
        },
      ],
      check: escalatedResponse,
      claim: 'The ministry spent 20% more.',
    };
    return buildReport([kept, escalatedCase], fixtureLookup(), meta).then((twoChecks) => {
      const text = reportMarkdown(twoChecks);
      const table = text.slice(text.indexOf('## At a glance'), text.indexOf('## Spending in 2024'));
      expect(table.trim().split('\n')).toEqual([
        '## At a glance',
        '',
        "| Case | Check | Claim | The service's outcome | The person's verdict |",
        '| --- | --- | --- | --- | --- |',
        '| Spending in 2024 | Check 1 | Spending \\| rose 20% in 2024. | Supported by the figures | Misleading (by Ada \\| C) |',
        "| Spending in 2024 | Check 2 | The ministry spent 20% more. | Unresolved: Needs a person's judgment | None given |",
        "| Ministry spending | Check 1 | The ministry spent 20% more. | Unresolved: Needs a person's judgment | None given |",
      ]);
    });
  });
});

describe('reportMarkdown: which figure is which', () => {
  it("prints each figure's role, how it was bound, and a person's answer as theirs", () => {
    const check = bundle.cases[1]!.checks[0]!;
    const response = check.response!;
    const withRoles = reportMarkdown({
      ...bundle,
      cases: [
        {
          ...bundle.cases[1]!,
          checks: [
            {
              ...check,
              request: { ...check.request, roles: ['subject', 'reference'] },
              response: {
                ...response,
                arithmetic: { ...response.arithmetic!, line: 'Spend 1,200 − budget 1,000 = 200: holds' },
                operands: [0, 1].map((i) => ({
                  ...supportedResponse.operands[0]!,
                  role: { role: i === 0 ? 'subject' : 'reference', words: null, by: 'person' },
                })),
                roles: {
                  state: 'person',
                  reason: 'a person said which figure is which',
                  question: null,
                  readings: [],
                },
              },
              personJudgments: [
                {
                  facet: 'roles',
                  holds: true,
                  roles: ['subject', 'reference'],
                  note: 'Figure 1 (1,200) is the spending.',
                  at: '2026-11-24T11:00:00.000Z',
                  author: 'Ana Ruiz',
                },
              ],
            },
          ],
        },
      ],
    });
    expect(withRoles).toContain(
      `- In the claim's terms: ${escapeMarkdown('Spend 1,200 − budget 1,000 = 200: holds')}`,
    );
    expect(withRoles).toContain(
      `- Which figure is which: ${escapeMarkdown('figure 1: subject; figure 2: reference (given by a person): a person said which figure is which')}`,
    );
    expect(withRoles).toContain(
      `**Judgment by Ana Ruiz (the person's, not the service's)**, \`2026-11-24T11:00:00.000Z\`: their answer to which figure is which: ${escapeMarkdown('Figure 1 (1,200) is the spending.')}`,
    );
  });
});

const articleReport = reportMarkdown(await buildReport([articleCase, webArticleCase], fixtureLookup(), meta));

describe('reportMarkdown: a case made from an article', () => {
  const text = articleReport;
  /** The lines of one case's article section, from its heading to its first check. */
  const section = (title: string) => {
    const from = text.indexOf(`## ${title}`);
    const lines = text.slice(from).split('\n');
    return lines.slice(
      0,
      lines.findIndex((l) => l.startsWith('### Check 1')),
    );
  };

  it('names the pasted article and its sha256, before its checks', () => {
    const lines = section('What the ministry said');
    expect(lines).toContain('### The article');
    expect(lines).toContain('- Article: pasted text');
    expect(lines.join('\n')).toContain(`\`sha256:${ARTICLE_SHA256}\``);
  });

  it('names a web article by its title and address', () => {
    const lines = section('The ministry’s page');
    expect(lines).toContain('- Article: Ministry statement');
    expect(lines).toContain('- Address: https://example.org/ministry/statement');
    expect(lines).toContain('- Source version: `sv_page`');
  });

  it("lists the claims in the article's order, each with its checks' outcomes and the person's verdicts", () => {
    const lines = section('What the ministry said');
    const start = lines.indexOf("### The article's claims, in its order");
    expect(lines.slice(start + 2, start + 11)).toEqual([
      '1. The ministry spent 20% more. (characters 0–28 of the article)',
      "   - Check 2: Unresolved: Needs a person's judgment; the person's verdict: True (by Bea Editor)",
      '2. Spending rose 20% from 1,000 to 1,200. (characters 29–67 of the article)',
      "   - Check 1: Supported by the figures; the person's verdict: False (by Ana Ruiz)",
      "   - Check 3: Unresolved: Needs a person's judgment; the person's verdict: None given",
      '',
      'Checks not read from the article:',
      '',
      "- Check 4: Unresolved: Needs a person's judgment; the person's verdict: None given",
    ]);
  });

  it("never words an unresolved check as support, whatever the person's verdict", () => {
    const ministry = section('What the ministry said').find((l) => l.startsWith('   - Check 2:'))!;
    expect(ministry).not.toMatch(/Supported/);
    expect(ministry).toMatch(/^ {3}- Check 2: Unresolved: /);
  });

  it('a case not made from an article has no article section', () => {
    expect(md).not.toContain('### The article');
  });
});
