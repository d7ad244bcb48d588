import { describe, expect, it } from 'vitest';
import type { Case, PersonVerdict } from '../../../../shared/bridge/cases';
import { operandsCsv, OPERAND_CSV_HEADER } from '../../../../desktop/main/report/csv';
import { reportHtml } from '../../../../desktop/main/report/html';
import { reportMarkdown } from '../../../../desktop/main/report/markdown';
import {
  buildReport,
  contentDigest,
  parseBundle,
  type ReportBundle,
} from '../../../../desktop/main/report/model';
import { escalatedCase, escalatedResponse, fixtureLookup, meta, supportedCase } from './model-fixtures';

// The person's own verdict on a kept check in a report: in the bundle with its note, author and time (and
// so under the digest), and shown in the HTML and Markdown beside the service's outcome, apart from it,
// never changing it; "At a glance" has its column and the operands CSV carries it.

const VERDICT: PersonVerdict = {
  verdict: 'true',
  note: 'The ministry confirmed both tables by phone.',
  at: '2026-11-22T11:00:00.000Z',
  author: 'Ana Ruiz',
};

/** The escalated case with its check kept and given the person's "true". */
const judgedCase: Case = {
  ...escalatedCase,
  kept: [
    {
      id: 'check_0000000000000001',
      claim: escalatedCase.claim,
      operands: escalatedCase.operands,
      check: escalatedResponse,
      judgments: escalatedCase.judgments,
      keptAt: '2026-11-22T10:30:00.000Z',
      verdict: VERDICT,
    },
  ],
  operands: [],
  check: null,
  judgments: [],
};

const bundle = await buildReport([judgedCase], fixtureLookup(), meta);
const check = bundle.cases[0]!.checks[0]!;

/** The part of a text between two markers. */
const between = (text: string, from: string, to: string) =>
  text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from) + from.length));

describe("the person's verdict in the bundle", () => {
  it('is carried with its note, author and time; the service response stays verbatim', () => {
    expect(check.personVerdict).toEqual(VERDICT);
    expect(check.response).toEqual(escalatedResponse);
    expect(parseBundle(JSON.parse(JSON.stringify(bundle)))).toMatchObject({ ok: true });
  });

  it('is under the digest: a changed verdict, note or author gives another digest', async () => {
    const changed = (v: Partial<PersonVerdict>): ReportBundle => ({
      ...bundle,
      cases: [{ ...bundle.cases[0]!, checks: [{ ...check, personVerdict: { ...VERDICT, ...v } }] }],
    });
    for (const edit of [{ verdict: 'false' as const }, { note: 'Other words.' }, { author: 'Someone Else' }])
      expect(await contentDigest(changed(edit))).not.toBe(bundle.integrity.digest);
    expect(await contentDigest(bundle)).toBe(bundle.integrity.digest);
  });

  it('is null for a check without one and for the claim being worked on; a bad value is refused', async () => {
    const other = await buildReport([supportedCase], fixtureLookup(), meta);
    expect(other.cases[0]!.checks[0]!.personVerdict).toBeNull();
    const bad = JSON.parse(JSON.stringify(bundle)) as { cases: { checks: { personVerdict: unknown }[] }[] };
    bad.cases[0]!.checks[0]!.personVerdict = { ...VERDICT, verdict: 'supported' };
    const parsed = parseBundle(bad);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.join('\n')).toContain(
      'cases.0.checks.0.personVerdict.verdict: A verdict is one of: true, false, misleading, unproven.',
    );
  });
});

describe("the person's verdict in the HTML report", () => {
  const html = reportHtml(bundle, new Map());
  const article = between(html, '<article class="check', '</article>');

  it("shows it in its own block, after the service's answer and outside it, labelled as the person's", () => {
    const answer = between(article, '<section class="answer">', '</section>');
    expect(answer).not.toContain('Verdict by');
    expect(answer).not.toContain('True');
    const verdict = between(article, '<section class="verdict">', '</section>');
    expect(verdict).toContain("<h4>The person's verdict</h4>");
    expect(verdict).toContain(
      '<strong>Verdict by <bdi>Ana Ruiz</bdi> (the person\'s, not the service\'s)</strong>, <time datetime="2026-11-22T11:00:00.000Z">',
    );
    expect(verdict).toContain(
      'Their verdict: <strong class="verdict-value">True</strong> — <bdi>The ministry confirmed both tables by phone.</bdi>',
    );
    expect(article.indexOf('<section class="verdict">')).toBeGreaterThan(
      article.indexOf('<section class="answer">'),
    );
  });

  it('never turns the service outcome into support: a "true" on an escalated check stays unresolved', () => {
    expect(article).toMatch(/^<article class="check tone-unresolved"/);
    expect(article).toContain('<span class="badge">Unresolved: Needs a person&#39;s judgment</span>');
    expect(html).not.toContain('Supported by the figures');
    expect(html).not.toContain('class="check tone-supported');
    expect(html).not.toContain('<td class="tone-supported"');
  });

  it('has a column for it at a glance, in the person’s style, apart from the service’s outcome', () => {
    const glance = between(html, '<table class="glance">', '</table>');
    expect(glance).toContain('<th scope="col">The person\'s verdict</th>');
    expect(glance).toContain(
      '<td class="tone-unresolved"><span class="badge">Unresolved: Needs a person&#39;s judgment</span></td>' +
        '<td class="glance-verdict"><span class="person-badge">True (by <bdi>Ana Ruiz</bdi>)</span></td>',
    );
  });
});

describe("the person's verdict in the Markdown report", () => {
  const md = reportMarkdown(bundle);

  it("shows it under its own heading after the service's answer, labelled as the person's", () => {
    const answer = between(md, "#### The service's answer", '#### ');
    expect(answer).not.toContain('Verdict by');
    const verdict = between(md, "#### The person's verdict", '#### ');
    expect(verdict).toContain(
      "- **Verdict by Ana Ruiz (the person's, not the service's)**, `2026-11-22T11:00:00.000Z`: **True** — The ministry confirmed both tables by phone.",
    );
    expect(md.indexOf("#### The person's verdict")).toBeGreaterThan(md.indexOf("#### The service's answer"));
    expect(md).toContain("### Check 1: Unresolved: Needs a person's judgment");
  });

  it('says "None given." for a check without one, and "None given" at a glance', async () => {
    const other = reportMarkdown(await buildReport([supportedCase], fixtureLookup(), meta));
    expect(between(other, "#### The person's verdict", '#### ')).toContain('None given.');
    expect(other).toContain('| Supported by the figures | None given |');
  });

  it('has a column for it at a glance', () => {
    expect(md).toContain(
      "| Ministry spending | Check 1 | The ministry spent 20% more. | Unresolved: Needs a person's judgment | True (by Ana Ruiz) |",
    );
  });
});

describe("the person's verdict in the operands CSV", () => {
  it("carries the check's verdict, note, author and time on each of its operands' rows", () => {
    const header = [...OPERAND_CSV_HEADER];
    const lines = operandsCsv(bundle).trim().split('\r\n');
    expect(lines[0]).toBe(header.join(','));
    const verdictAt = header.indexOf('person_verdict');
    expect(header.slice(verdictAt, verdictAt + 4)).toEqual([
      'person_verdict',
      'person_verdict_note',
      'person_verdict_author',
      'person_verdict_at',
    ]);
    // The case was not made from an article: its place columns, after the verdict's, are empty.
    for (const line of lines.slice(1))
      expect(
        line.endsWith(
          ',true,The ministry confirmed both tables by phone.,Ana Ruiz,2026-11-22T11:00:00.000Z,,,',
        ),
      ).toBe(true);
    expect(lines).toHaveLength(3);
  });
});
