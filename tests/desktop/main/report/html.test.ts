// @vitest-environment jsdom
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { NumericResponse } from '../../../../shared/api';
import { cropKey, type ReportCrop } from '../../../../desktop/main/report/crop-geometry';
import { escapeHtml, REPORT_CSS, reportHtml } from '../../../../desktop/main/report/html';
import { buildReport, type ReportBundle } from '../../../../desktop/main/report/model';
import {
  ARTICLE_SHA256,
  articleCase,
  webArticleCase,
  escalatedCase,
  escalatedResponse,
  fixtureLookup,
  HASH_PDF,
  HASH_XLSX,
  meta,
  supportedCase,
} from './model-fixtures';

// The HTML writer on the fixtures' two cases (one supported, one escalated with a person's judgment), with
// a crop of each kind.

const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
const SUPPORTED = supportedCase.id;
const ESCALATED = escalatedCase.id;

/** A 2×2 PNG, base64. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

const crops = new Map<string, ReportCrop>([
  [
    cropKey(SUPPORTED, 0, 0),
    {
      kind: 'image',
      pngBase64: PNG,
      width: 1224,
      height: 300,
      mark: { x: 140, y: 120, width: 70, height: 30 },
      alt: 'The figure 1,200 highlighted on page 3',
      closeUp: { pngBase64: PNG, width: 520, height: 300, mark: { x: 40, y: 120, width: 70, height: 30 } },
    },
  ],
  [
    cropKey(SUPPORTED, 0, 1),
    {
      kind: 'cells',
      sheetName: 'P&L',
      columns: ['A', 'B', 'C'],
      rows: [
        {
          row: 6,
          cells: [
            { ref: 'A6', text: 'Item', marked: false },
            { ref: 'B6', text: '2023', marked: false },
            { ref: 'C6', text: '', marked: false },
          ],
        },
        {
          row: 7,
          cells: [
            { ref: 'A7', text: 'Spend <b>', marked: false },
            { ref: 'B7', text: '1,000', marked: true },
            { ref: 'C7', text: '', marked: false },
          ],
        },
      ],
    },
  ],
  [
    cropKey(ESCALATED, 0, 0),
    {
      kind: 'text',
      before: '…the ministry said spend rose to ',
      figure: '1,200',
      after: ' in the year\u202E…',
    },
  ],
  [cropKey(ESCALATED, 0, 1), { kind: 'none', reason: 'the retained bytes could not be read: <gone>' }],
]);

const html = reportHtml(bundle, crops);
const articleHtml = reportHtml(
  await buildReport([articleCase, webArticleCase], fixtureLookup(), meta),
  new Map(),
);

/** The HTML of one check's <article>, by case and 0-based check index. */
function article(text: string, caseNumber: number, checkIndex: number): string {
  const id = `case-${caseNumber}-check-${checkIndex + 1}`;
  const start = text.indexOf(`<article class="check`, text.indexOf(`id="${id}"`) - 200);
  const end = text.indexOf('</article>', start);
  if (start < 0 || end < 0) throw new Error(`no ${id}`);
  return text.slice(start, end);
}

function withResponse(b: ReportBundle, response: NumericResponse | null): ReportBundle {
  return {
    ...b,
    cases: [{ ...b.cases[1]!, checks: [{ ...b.cases[1]!.checks[0]!, response }] }],
  };
}

describe('reportHtml: one self-contained, inert file', () => {
  it('is a complete document with a strict CSP and the one style sheet', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    );
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain(REPORT_CSS);
    expect(html).toContain('<title>Budget claims</title>');
  });

  it('runs nothing and fetches nothing: no script, no inline style, no external resource', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
    // No event handler attribute in any tag (document text, escaped, holds no tag).
    for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<(link|iframe|object|embed|base|form)\b/i);
    for (const [, src] of html.matchAll(/\ssrc(?:set)?="([^"]*)"/g))
      expect(src).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) expect(href).toMatch(/^(#[\w-]+|https?:\/\/)/);
    expect(REPORT_CSS).not.toMatch(/url\(|@import/);
  });

  it('links a source URL only when it is http(s), with no referrer', () => {
    expect(html).toContain(
      '<a href="https://example.org/budget-2024.pdf" rel="noreferrer noopener"><bdi>https://example.org/budget-2024.pdf</bdi></a>',
    );
    const b = {
      ...bundle,
      cases: [
        {
          ...bundle.cases[0]!,
          checks: [
            {
              ...bundle.cases[0]!.checks[0]!,
              operands: bundle.cases[0]!.checks[0]!.operands.map((o) => ({
                ...o,
                source: {
                  ...o.source,
                  sourceMetadata: { ...o.source.sourceMetadata, url: 'javascript:alert(1)' },
                },
              })),
            },
          ],
        },
      ],
    };
    const out = reportHtml(b, crops);
    expect(out).toContain('<dt>URL</dt><dd><bdi>javascript:alert(1)</bdi></dd>');
    expect(out).not.toMatch(/href="javascript/i);
  });
});

describe('reportHtml: escaping', () => {
  it('escapes & < > " \' everywhere', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('shows the evil title display-safe and inert: no tag, no bidi override, no control character', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<img(?![^>]*src="data:image\/png;base64,)/);
    for (const hidden of ['\u202E', '\u0007']) expect(html).not.toContain(hidden);
    expect(html).toContain('Budgetfdp.exe [click](https://evil.example) &lt;img src=x onerror=alert(1)&gt;');
    // The file name that looks like a formula, a snippet with a javascript: link, a sheet name with &.
    expect(html).toContain('=HYPERLINK(&quot;evil&quot;).xlsx');
    expect(html).toContain('Spend: 1,200 [see](javascript:alert(1))');
    expect(html).toContain('sheet 2 (<bdi>P&amp;L</bdi>)');
    // Crop text is escaped too, and the text crop loses its override.
    expect(html).toContain('<bdi>Spend &lt;b&gt;</bdi>');
    expect(html).toContain('No crop: the retained bytes could not be read: &lt;gone&gt;');
  });
});

describe('reportHtml: outcomes in words and colour', () => {
  it('words and colours each check as the Markdown does', () => {
    const first = article(html, 1, 0);
    expect(first).toMatch(/^<article class="check tone-supported"/);
    expect(first).toContain('Check 1: <span class="badge">Supported by the figures</span>');
    const escalated = article(html, 2, 0);
    expect(escalated).toMatch(/^<article class="check tone-unresolved"/);
    expect(escalated).toContain('<span class="badge">Unresolved: Needs a person&#39;s judgment</span>');
    expect(escalated).toContain(
      "The service's outcome</dt><dd><strong>Unresolved: Needs a person&#39;s judgment",
    );
  });

  it('never styles an unresolved outcome as success', () => {
    const base = escalatedResponse;
    const unresolved: (NumericResponse | null)[] = [
      null,
      base,
      { ...base, outcome: 'not_applicable', arithmetic: null, comparability: null },
      { ...base, outcome: 'supported', arithmetic: null },
      { ...base, outcome: 'supported', comparability: { ...base.comparability!, verdict: 'unknown' } },
      { ...base, outcome: 'supported', arithmetic: { ...base.arithmetic!, verdict: 'not_computable' } },
      { ...base, outcome: 'contradicted', arithmetic: { ...base.arithmetic!, verdict: 'holds' } },
    ];
    for (const response of unresolved) {
      const out = article(reportHtml(withResponse(bundle, response), new Map()), 1, 0);
      expect(out).toMatch(/^<article class="check tone-unresolved"/);
      expect(out).toMatch(/<span class="badge">Unresolved: /);
      expect(out).not.toMatch(/tone-supported|tone-contradicted|Supported by|Contradicted by/);
    }
    const contradicted = reportHtml(
      withResponse(bundle, {
        ...base,
        outcome: 'contradicted',
        arithmetic: { ...base.arithmetic!, verdict: 'fails' },
        comparability: { ...base.comparability!, verdict: 'comparable' },
      }),
      new Map(),
    );
    expect(article(contradicted, 1, 0)).toMatch(/^<article class="check tone-contradicted"/);
    // The colours: green, red and amber, each a class of its own in the style sheet.
    expect(REPORT_CSS).toMatch(/\.tone-supported \{[^}]*--tone: #1d7a35/);
    expect(REPORT_CSS).toMatch(/\.tone-contradicted \{[^}]*--tone: #b3261e/);
    expect(REPORT_CSS).toMatch(/\.tone-unresolved \{[^}]*--tone: #b26a00/);
  });

  it('prints scope and limitation with every check, checked or not', () => {
    const notChecked = reportHtml(
      { ...bundle, cases: [bundle.cases[0]!, withResponse(bundle, null).cases[0]!] },
      crops,
    );
    for (const out of [html, notChecked]) {
      const checks = out.match(/<article class="check/g)!.length;
      expect(out.match(/<dt>Scope<\/dt>/g)).toHaveLength(checks);
      expect(out.match(/<dt>Limitation<\/dt>/g)).toHaveLength(checks);
    }
    expect(html).toContain(
      '<dt>Limitation</dt><dd><bdi>Checks the arithmetic only, not whether the source is right.</bdi>',
    );
    expect(notChecked).toContain('<strong>Unresolved: not checked by the service</strong>');
    expect(notChecked).toContain('<dt>Scope</dt><dd>none: the service has not checked this claim</dd>');
  });
});

describe('reportHtml: content', () => {
  it('prints the title, author, times, versions, digest and signature', () => {
    expect(html).toContain('<h1><bdi>Budget claims</bdi></h1>');
    expect(html).toContain('<dt>Author</dt><dd><bdi>Ana Ruiz</bdi></dd>');
    expect(html).toContain('<time datetime="2026-11-24T12:00:00.000Z">');
    expect(html).toContain('<code>0.1.0</code>');
    expect(html).toContain('<code>ew-extract-4;ocr=auto</code>');
    expect(html).toContain(`<code>sha256:${bundle.integrity.digest}</code>`);
    expect(html).toContain('<dt>Signature</dt><dd>not signed</dd>');
    const signed = reportHtml(
      {
        ...bundle,
        authorName: null,
        integrity: {
          ...bundle.integrity,
          signature: { algorithm: 'ed25519', publicKey: `${'A'.repeat(43)}=`, value: `${'B'.repeat(86)}==` },
        },
      },
      crops,
    );
    expect(signed).toContain(`signed with Ed25519 key <code>${'A'.repeat(43)}=</code>`);
    expect(signed).toContain('<dt>Author</dt><dd>not set</dd>');
  });

  it("labels the person's judgments as theirs, in a block apart from the service's answer", () => {
    const escalated = article(html, 2, 0);
    const answer = escalated.indexOf('<section class="answer">');
    const judgments = escalated.indexOf('<section class="judgments">');
    expect(answer).toBeGreaterThan(0);
    expect(judgments).toBeGreaterThan(answer);
    const block = escalated.slice(judgments);
    expect(block).toContain(
      `<div class="judgment"><p class="judgment-by"><strong>Judgment by <bdi>Ana Ruiz</bdi> (the person's, not the service's)</strong>`,
    );
    expect(block).toContain('same entity holds. <bdi>Both tables are the same ministry.</bdi>');
    expect(escalated.slice(0, judgments)).not.toContain('Both tables are the same ministry');
    const anonymous = reportHtml(
      {
        ...bundle,
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
      },
      crops,
    );
    expect(anonymous).toContain("Judgment by an unknown author (the person's, not the service's)");
    // A note of several lines keeps its lines, each display-safe.
    const lines = reportHtml(
      {
        ...bundle,
        cases: [
          {
            ...bundle.cases[1]!,
            notes: 'Called the office.\n<b>Confirmed</b>\u202E.',
            checks: [
              {
                ...bundle.cases[1]!.checks[0]!,
                personJudgments: [
                  {
                    ...bundle.cases[1]!.checks[0]!.personJudgments[0]!,
                    note: 'First line.\r\nSecond <i>line</i>.',
                  },
                ],
              },
            ],
          },
        ],
      },
      crops,
    );
    expect(lines).toContain('<bdi>First line.<br>Second &lt;i&gt;line&lt;/i&gt;.</bdi>');
    expect(lines).toContain('<p>Called the office.</p><p>&lt;b&gt;Confirmed&lt;/b&gt;.</p>');
    expect(article(html, 1, 0)).toContain(
      '<section class="judgments"><h4>The person&#39;s judgments</h4><p>None.</p>'.replace('&#39;', "'"),
    );
  });

  it("lists every check at a glance with its own claim, the service's outcome and the person's verdict", () => {
    const first = bundle.cases[0]!.checks[0]!;
    const two = reportHtml(
      {
        ...bundle,
        cases: [
          {
            ...bundle.cases[0]!,
            title: 'Spending <2024>',
            checks: [
              { ...first, checkId: 'check_abcdefgh', keptAt: '2026-11-21T09:10:00.000Z' },
              {
                ...first,
                request: { ...first.request, claim: 'Spending fell\n5% & more' },
                response: escalatedResponse,
                personVerdict: {
                  verdict: 'true',
                  note: 'Checked with the ministry.',
                  at: '2026-11-21T09:20:00.000Z',
                  author: 'Ada <A>',
                },
              },
            ],
          },
        ],
      },
      crops,
    );
    const glance = two.slice(
      two.indexOf('<table class="glance">'),
      two.indexOf('</table>', two.indexOf('class="glance"')),
    );
    expect(glance).toContain(
      '<th scope="col">Case</th><th scope="col">Check</th><th scope="col">Claim</th><th scope="col">The service\'s outcome</th><th scope="col">The person\'s verdict</th>',
    );
    const rows = glance.split('<tr>').slice(2);
    expect(rows).toEqual([
      '<td><a href="#case-1"><bdi>Spending &lt;2024&gt;</bdi></a></td><td><a href="#case-1-check-1">Check 1</a></td>' +
        '<td class="glance-claim"><bdi>Spending rose 20% from 1,000 to 1,200.</bdi></td>' +
        '<td class="tone-supported"><span class="badge">Supported by the figures</span></td>' +
        '<td class="glance-verdict">None given</td></tr>',
      // The person's "True" on an escalated check: its own column and style; the service's stays unresolved.
      '<td><a href="#case-1"><bdi>Spending &lt;2024&gt;</bdi></a></td><td><a href="#case-1-check-2">Check 2</a></td>' +
        '<td class="glance-claim"><bdi>Spending fell 5% &amp; more</bdi></td>' +
        '<td class="tone-unresolved"><span class="badge">Unresolved: Needs a person&#39;s judgment</span></td>' +
        '<td class="glance-verdict"><span class="person-badge">True (by <bdi>Ada &lt;A&gt;</bdi>)</span></td></tr></tbody>',
    ]);
  });

  it('names a kept check by its id and when it was kept', () => {
    expect(article(html, 1, 0)).toContain('<p class="kept">The claim being worked on (not kept yet).</p>');
    const kept = reportHtml(
      {
        ...bundle,
        cases: [
          {
            ...bundle.cases[0]!,
            checks: [
              {
                ...bundle.cases[0]!.checks[0]!,
                checkId: 'check_abcdefgh',
                keptAt: '2026-11-21T09:10:00.000Z',
              },
            ],
          },
        ],
      },
      crops,
    );
    expect(kept).toContain(
      '<p class="kept">Kept check <code>check_abcdefgh</code>, kept: <time datetime="2026-11-21T09:10:00.000Z">',
    );
  });

  it("prints each figure's full provenance and each citation", () => {
    const first = article(html, 1, 0);
    for (const text of [
      `<code>${HASH_PDF}</code>`,
      `<code>${HASH_XLSX}</code>`,
      '<dt>Source version</dt><dd><code>sv_pdf</code>',
      '<dt>Representation</dt><dd><code>rep_pdf</code>, extractor <code>ew-extract-4;ocr=auto</code>',
      '<dt>File</dt><dd><bdi>budget-2024.pdf</bdi>',
      'page 3, unit <code>unit_pdf_p3</code>, read by <code>text_layer</code>',
      'box x <code>72</code>, y <code>100.5</code>, width <code>30</code>, height <code>10</code> (PDF points, origin top-left)',
      'cell <code>B7</code>',
      '<dt>Extraction method</dt><dd><code>spreadsheet_cells</code>',
    ])
      expect(first).toContain(text);
    expect(html).toContain('<dt>Found by the search</dt><dd><bdi>ministry spend</bdi>');
    expect(html).toContain('<dt>Snippet</dt><dd><bdi>Spend, &quot;total&quot;, 1,000</bdi>');
    expect(html).toContain('<dt>Kept</dt><dd><time datetime="2026-11-22T09:00:00.000Z">');
  });

  it('shows a crop of each kind', () => {
    const first = article(html, 1, 0);
    // The close-up at its own size (its digits readable), then the row's band, each with words naming the
    // figure and its page.
    expect(first).toContain(
      `<img class="close-up" src="data:image/png;base64,${PNG}" width="520" height="300" alt="The figure 1,200 highlighted on page 3, close up">` +
        `<img class="row-band" src="data:image/png;base64,${PNG}" width="1224" height="300" alt="The figure 1,200 highlighted on page 3: its row across the page">`,
    );
    expect(REPORT_CSS).toContain('@media (max-width: 40rem) {');
    // The cells as a table with headers, the figure's cell marked and labelled.
    expect(first).toContain('<th scope="col">B</th>');
    expect(first).toContain('<th scope="row">7</th>');
    expect(first).toContain(
      '<td class="marked num"><mark><bdi>1,000</bdi></mark> <span class="marked-label">(the figure)</span></td>',
    );
    expect(first.match(/<td class="marked[ "]/g)).toHaveLength(1);
    // The text around a figure, the figure in <mark>, the override gone.
    const escalated = article(html, 2, 0);
    expect(escalated).toContain('…the ministry said spend rose to <mark>1,200</mark> in the year…');
    expect(escalated).toContain(
      '<p class="no-crop">No crop: the retained bytes could not be read: &lt;gone&gt;</p>',
    );
    // A crop not made, or not valid base64, is said so.
    const none = reportHtml(bundle, new Map());
    expect(none.match(/No crop: none was made for this report\./g)).toHaveLength(4);
    const bad = reportHtml(
      bundle,
      new Map([
        [
          cropKey(SUPPORTED, 0, 0),
          {
            ...(crops.get(cropKey(SUPPORTED, 0, 0)) as ReportCrop & { kind: 'image' }),
            pngBase64: '"><script>',
          },
        ],
      ]),
    );
    expect(bad).toContain('No crop: the image is not valid base64.');
    expect(bad).not.toContain('<script>');
  });

  it('has a print style sheet: A4, colours kept, each case on a new page, a screen-only save hint', () => {
    expect(REPORT_CSS).toMatch(/@media print \{[\s\S]*@page \{ size: A4;/);
    expect(REPORT_CSS).toMatch(/print-color-adjust: exact/);
    expect(REPORT_CSS).toMatch(/\.case \{ break-before: page; \}/);
    expect(REPORT_CSS).toMatch(/\.check-head, \.crop, \.judgment,[^{]*\{ break-inside: avoid; \}/);
    expect(REPORT_CSS).toMatch(/\.screen-only \{ display: none; \}/);
    expect(REPORT_CSS).toMatch(/overflow-wrap: anywhere/);
    expect(html).toContain(
      `<p class="print-hint screen-only">To save as PDF, use your browser's Print (Ctrl+P or ⌘P) and choose Save as PDF.</p>`,
    );
  });
});

/** The few DOM members the accessibility test uses (this test runs in jsdom; its types are Node's). */
interface MiniElement {
  tagName: string;
  getAttribute(name: string): string | null;
}
interface MiniDocument {
  open(): void;
  write(html: string): void;
  close(): void;
  documentElement: { lang: string };
  querySelectorAll(selectors: string): Iterable<MiniElement>;
}

describe('reportHtml: accessibility', () => {
  it('has headings in order and no axe violations', async () => {
    const document = (globalThis as unknown as { document: MiniDocument }).document;
    document.open();
    document.write(html);
    document.close();
    expect(document.documentElement.lang).toBe('en');
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    for (const img of document.querySelectorAll('img')) expect(img.getAttribute('alt')).toBeTruthy();
    // Every scrollable region is named, each by a name of its own.
    const names = [...document.querySelectorAll('[role="region"]')].map(
      (r) => r.getAttribute('aria-label') ?? `by ${r.getAttribute('aria-labelledby')}`,
    );
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
    for (const th of document.querySelectorAll('th')) expect(th.getAttribute('scope')).toMatch(/^(col|row)$/);
    // Colour contrast is left to the browser (jsdom does not paint); the palette's ratios are in the CSS comment.
    const result = await axe.run(document as unknown as Parameters<typeof axe.run>[0], {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.passes.length).toBeGreaterThan(10);
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('reportHtml: a case made from an article', () => {
  interface Node {
    textContent: string | null;
    className: string;
    getAttribute(name: string): string | null;
    querySelector(selectors: string): Node | null;
    querySelectorAll(selectors: string): Iterable<Node>;
  }
  const Parser = (
    globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, m: string): Node } }
  ).DOMParser;
  const page = new Parser().parseFromString(articleHtml, 'text/html');
  const words = (node: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const section = page.querySelector('#case-1 section.article')!;

  /** A description list's rows, [term, description]. */
  const facts = (node: Node) =>
    [...node.querySelectorAll('dl > div')].map((d) => [
      words(d.querySelector('dt')),
      words(d.querySelector('dd')),
    ]);

  it('names the pasted article and its sha256, before the first check', () => {
    expect(facts(section)).toContainEqual(['Article', 'pasted text']);
    expect(facts(section)).toContainEqual([
      'Text hash',
      `sha256:${ARTICLE_SHA256} (of the text the claims' places index)`,
    ]);
    expect(articleHtml.indexOf('id="case-1-article-h"')).toBeLessThan(
      articleHtml.indexOf('id="case-1-check-1"'),
    );
    const web = page.querySelector('#case-2 section.article')!;
    expect(facts(web)).toContainEqual(['Article', 'Ministry statement']);
    expect(facts(web)).toContainEqual(['Address', 'https://example.org/ministry/statement']);
    expect(web.querySelector('a[href="https://example.org/ministry/statement"]')).not.toBeNull();
  });

  it("lists the claims in the article's order, each check linked with its outcome and the person's verdict", () => {
    const claims = [...section.querySelectorAll('.article-claims > li')];
    expect(claims.map((li) => words(li.querySelector('blockquote')))).toEqual([
      'The ministry spent 20% more.',
      'Spending rose 20% from 1,000 to 1,200.',
    ]);
    const checks = (li: Node) =>
      [...li.querySelectorAll('.article-checks > li')].map((c) => [
        c.className,
        c.querySelector('a')!.getAttribute('href'),
        words(c),
      ]);
    expect(checks(claims[0]!)).toEqual([
      [
        'tone-unresolved',
        '#case-1-check-2',
        "Check 2: Unresolved: Needs a person's judgment; the person's verdict: True (by Bea Editor)",
      ],
    ]);
    expect(checks(claims[1]!)).toEqual([
      [
        'tone-supported',
        '#case-1-check-1',
        "Check 1: Supported by the figures; the person's verdict: False (by Ana Ruiz)",
      ],
      [
        'tone-unresolved',
        '#case-1-check-3',
        "Check 3: Unresolved: Needs a person's judgment; the person's verdict: None given",
      ],
    ]);
    // The checks not read from the article follow the article's claims.
    const after = [...section.querySelectorAll(':scope > ul.article-checks > li')].map(words);
    expect(after).toEqual([
      "Check 4: Unresolved: Needs a person's judgment; the person's verdict: None given",
    ]);
    // Every link goes to a check of the report.
    for (const a of section.querySelectorAll('a[href^="#"]'))
      expect(page.querySelector(a.getAttribute('href')!)).not.toBeNull();
  });

  it('has headings in order and no axe violations', async () => {
    const document = (globalThis as unknown as { document: MiniDocument }).document;
    document.open();
    document.write(articleHtml);
    document.close();
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    const result = await axe.run(document as unknown as Parameters<typeof axe.run>[0], {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('no article section for a case not made from one', () => {
    expect(html).not.toContain('class="article"');
  });
});
