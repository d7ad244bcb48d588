import { describe, expect, it } from 'vitest';
import {
  buildReport,
  canonicalJson,
  contentDigest,
  parseBundle,
  ReportBuildError,
  ReportBundle,
  type ReportCheck,
} from '../../../../desktop/main/report/model';
import {
  ARTICLE_SHA256,
  ARTICLE_TEXT,
  articleCase,
  webArticleCase,
  EVIL_TITLE,
  escalatedCase,
  fixtureLookup,
  HASH_PDF,
  HASH_XLSX,
  meta,
  pdfRepresentation,
  supportedCase,
  supportedResponse,
} from './model-fixtures';

describe('buildReport', () => {
  it('keeps every operand with its full provenance', async () => {
    const bundle = await buildReport([supportedCase], fixtureLookup(), meta);
    expect(bundle).toMatchObject({
      bundleVersion: 1,
      generatedAt: meta.generatedAt,
      appVersion: '0.1.0',
      extractorVersion: 'ew-extract-4;ocr=auto',
      authorName: 'Ana Ruiz',
      title: 'Budget claims',
    });
    const [pdf, xlsx] = bundle.cases[0]!.checks[0]!.operands;
    expect(pdf).toEqual({
      reference: supportedCase.operands[0],
      source: expect.objectContaining({
        sourceVersionId: 'sv_pdf',
        bytesHash: HASH_PDF,
        sourceMetadata: expect.objectContaining({
          title: EVIL_TITLE,
          filename: 'budget-2024.pdf',
          url: 'https://example.org/budget-2024.pdf',
        }),
      }),
      representationId: 'rep_pdf',
      extractorVersion: 'ew-extract-4;ocr=auto',
      unit: {
        sourceUnitId: 'unit_pdf_p3',
        kind: 'page',
        index: 3,
        sheetName: null,
        extractionMethod: 'text_layer',
      },
      figure: pdfRepresentation.units[0]!.figures[0],
    });
    expect(pdf!.figure.position).toEqual({ kind: 'box', x: 72, y: 100.5, width: 30, height: 10 });
    expect(xlsx).toMatchObject({
      source: { bytesHash: HASH_XLSX, sourceMetadata: { url: null } },
      extractorVersion: 'ew-extract-4;ocr=off',
      unit: { kind: 'sheet', index: 2, sheetName: 'P&L', extractionMethod: 'spreadsheet_cells' },
      figure: { raw: '1,000', position: { kind: 'cell', ref: 'B7' } },
    });
  });

  it('keeps the check verbatim: the request sent and the response received', async () => {
    const bundle = await buildReport([supportedCase], fixtureLookup(), meta);
    expect(bundle.cases[0]!.checks).toMatchObject([
      {
        checkId: null,
        keptAt: null,
        request: { claim: supportedCase.claim, operands: supportedCase.operands },
        response: supportedResponse,
      },
    ]);
    // A claim with figures but no check is in the report as not checked (unresolved), never dropped.
    const unchecked = await buildReport([{ ...supportedCase, check: null }], fixtureLookup(), meta);
    expect(unchecked.cases[0]!.checks).toMatchObject([{ response: null }]);
    expect(unchecked.cases[0]!.checks[0]!.operands).toHaveLength(2);
  });

  it('keeps every kept check with its own figures and judgments, oldest first, then the current one', async () => {
    const kept = {
      id: 'check_0123456789abcdef',
      claim: escalatedCase.claim,
      operands: escalatedCase.operands,
      check: escalatedCase.check!,
      judgments: escalatedCase.judgments,
      keptAt: '2026-11-21T09:00:00.000Z',
    };
    const bundle = await buildReport([{ ...supportedCase, kept: [kept] }], fixtureLookup(), meta);
    const checks = bundle.cases[0]!.checks;
    expect(checks.map((c) => [c.checkId, c.response?.outcome])).toEqual([
      ['check_0123456789abcdef', 'escalate'],
      [null, 'supported'],
    ]);
    expect(checks[0]!.personJudgments).toEqual([{ ...escalatedCase.judgments[0], author: 'Ana Ruiz' }]);
    expect(checks[1]!.personJudgments).toEqual([]);
    // A kept check and no current claim being checked: only the kept one.
    const only = await buildReport(
      [{ ...supportedCase, kept: [kept], operands: [], check: null, judgments: [] }],
      fixtureLookup(),
      meta,
    );
    expect(only.cases[0]!.checks.map((c) => c.checkId)).toEqual(['check_0123456789abcdef']);
  });

  it('seals the content with its SHA-256; any change to the content changes the digest', async () => {
    const bundle = await buildReport([supportedCase], fixtureLookup(), meta);
    expect(bundle.integrity).toEqual({
      algorithm: 'sha256',
      digest: await contentDigest(bundle),
      signature: null,
    });
    const changed = structuredClone(bundle);
    changed.cases[0]!.checks[0]!.operands[0]!.figure.value = 1201;
    expect(await contentDigest(changed)).not.toBe(bundle.integrity.digest);
    // Key order does not matter; the digest is of the canonical form.
    const { integrity, ...rest } = bundle;
    const reordered = JSON.parse(JSON.stringify({ integrity, ...rest })) as typeof bundle;
    expect(Object.keys(reordered)[0]).toBe('integrity');
    expect(await contentDigest(reordered)).toBe(bundle.integrity.digest);
    expect(canonicalJson({ b: 1, a: [1, { d: null, c: 'x' }] })).toBe('{"a":[1,{"c":"x","d":null}],"b":1}');
  });

  it("keeps the person's judgments apart from the service's result, with their author", async () => {
    const bundle = await buildReport([escalatedCase], fixtureLookup(), meta);
    const c = bundle.cases[0]!;
    expect(c.checks[0]!.personJudgments).toEqual([{ ...escalatedCase.judgments[0], author: 'Ana Ruiz' }]);
    expect(JSON.stringify(c.checks[0]!.response)).not.toContain('Both tables are the same ministry');
    expect(c.checks[0]!.response!.outcome).toBe('escalate');
  });

  it('keeps citations with their source, unit, snippet, query and time', async () => {
    const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
    expect(bundle.cases).toHaveLength(2);
    expect(bundle.cases[0]!.citations[0]).toMatchObject({
      ...supportedCase.citations![0],
      source: { bytesHash: HASH_PDF },
      unit: { index: 3, kind: 'page' },
    });
    expect(bundle.cases[1]!.citations[0]).toMatchObject({
      snippet: 'Spend, "total", 1,000',
      query: 'ministry spend',
      unit: { index: 2, kind: 'sheet' },
    });
  });

  it.each([
    ['sv_xlsx', /operand 2: source version sv_xlsx is missing/],
    ['rep_pdf', /operand 1: representation rep_pdf is missing/],
  ])('refuses the whole report when %s is missing', async (missing, message) => {
    const built = buildReport([escalatedCase, supportedCase], fixtureLookup([missing]), meta);
    await expect(built).rejects.toBeInstanceOf(ReportBuildError);
    await expect(buildReport([supportedCase], fixtureLookup([missing]), meta)).rejects.toThrow(message);
  });

  it('refuses a cited source that is missing, a missing unit or figure, and a representation of another source', async () => {
    const onlyCited = { ...supportedCase, operands: [] };
    await expect(buildReport([onlyCited], fixtureLookup(['sv_pdf']), meta)).rejects.toThrow(
      /case_aaaaaaaaaaaaaaaa, citation 1: source version sv_pdf is missing/,
    );
    const badUnit = {
      ...supportedCase,
      operands: [{ ...supportedCase.operands[0]!, source_unit_id: 'unit_x' }],
    };
    await expect(buildReport([badUnit], fixtureLookup(), meta)).rejects.toThrow(/unit unit_x is missing/);
    const badFigure = { ...supportedCase, operands: [{ ...supportedCase.operands[0]!, figure_index: 9 }] };
    await expect(buildReport([badFigure], fixtureLookup(), meta)).rejects.toThrow(/figure 9 is missing/);
    const swapped = {
      ...supportedCase,
      operands: [{ ...supportedCase.operands[0]!, source_version_id: 'sv_xlsx' }],
    };
    await expect(buildReport([swapped], fixtureLookup(), meta)).rejects.toThrow(
      /representation rep_pdf is not of source version sv_xlsx/,
    );
    await expect(buildReport([], fixtureLookup(), meta)).rejects.toThrow(/at least one case/);
  });

  it('round-trips through JSON and the schema unchanged', async () => {
    const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
    const parsed = ReportBundle.parse(JSON.parse(JSON.stringify(bundle)));
    expect(parsed).toEqual(bundle);
  });

  it("refuses a bundle with a judgment passed off as the service's or an unknown member", async () => {
    const bundle = await buildReport([escalatedCase], fixtureLookup(), meta);
    type Loose = { cases: { checks: Record<string, unknown>[] }[] };
    const json = JSON.parse(JSON.stringify(bundle)) as Loose;
    json.cases[0]!.checks[0]!.judgments = json.cases[0]!.checks[0]!.personJudgments;
    expect(ReportBundle.safeParse(json).success).toBe(false);
    const inResponse = JSON.parse(JSON.stringify(bundle)) as Loose;
    (inResponse.cases[0]!.checks[0]!.response as Record<string, unknown>).judgments =
      inResponse.cases[0]!.checks[0]!.personJudgments;
    // The API's response object is open, so the schema alone would strip the member: parseBundle refuses it.
    expect(parseBundle(inResponse)).toEqual({
      ok: false,
      problems: ["cases.0.checks.0.response.judgments: a member the bundle's schema does not have"],
    });
    expect(parseBundle(JSON.parse(JSON.stringify(bundle)))).toEqual({ ok: true, bundle });
    const noAuthor = JSON.parse(JSON.stringify(bundle)) as {
      cases: { checks: { personJudgments: Record<string, unknown>[] }[] }[];
    };
    delete noAuthor.cases[0]!.checks[0]!.personJudgments[0]!.author;
    expect(ReportBundle.safeParse(noAuthor).success).toBe(false);
  });
});

describe('parseBundle: nothing twice', () => {
  const kept: ReportCheck = {
    checkId: 'check_kept0001',
    keptAt: '2026-11-21T09:10:00.000Z',
    request: { claim: supportedCase.claim, operands: [...supportedCase.operands] },
    response: supportedResponse,
    operands: [],
    personJudgments: [],
  };
  const withKept = async () => {
    const bundle = await buildReport([supportedCase, escalatedCase], fixtureLookup(), meta);
    const copy = structuredClone(bundle);
    copy.cases[0]!.checks.unshift({ ...kept, operands: structuredClone(copy.cases[0]!.checks[0]!.operands) });
    return copy;
  };

  it('reads a bundle whose cases, checks, operands and citations are each there once', async () => {
    const bundle = await withKept();
    expect(parseBundle(JSON.parse(JSON.stringify(bundle)))).toEqual({ ok: true, bundle });
  });

  it('refuses a repeated case, kept check, current claim, operand or citation, saying where and why', async () => {
    const refused = async (change: (b: ReportBundle) => void) => {
      const bundle = await withKept();
      change(bundle);
      return parseBundle(JSON.parse(JSON.stringify(bundle)));
    };
    expect(await refused((b) => b.cases.push(structuredClone(b.cases[0]!)))).toEqual({
      ok: false,
      problems: [
        'cases.2.caseId: case case_aaaaaaaaaaaaaaaa is also cases.0; a report holds each case once',
        'cases.2.checks.0.checkId: check check_kept0001 is also cases.0.checks.0; a report holds each check once',
      ],
    });
    expect(await refused((b) => b.cases[0]!.checks.push(structuredClone(b.cases[0]!.checks[0]!)))).toEqual({
      ok: false,
      problems: [
        'cases.0.checks.2.checkId: check check_kept0001 is also cases.0.checks.0; a report holds each check once',
      ],
    });
    // The same kept check in another case of the bundle is still the one check.
    expect(await refused((b) => b.cases[1]!.checks.unshift(structuredClone(b.cases[0]!.checks[0]!)))).toEqual(
      {
        ok: false,
        problems: [
          'cases.1.checks.0.checkId: check check_kept0001 is also cases.0.checks.0; a report holds each check once',
        ],
      },
    );
    expect(await refused((b) => b.cases[0]!.checks.push(structuredClone(b.cases[0]!.checks[1]!)))).toEqual({
      ok: false,
      problems: [
        'cases.0.checks.2: a second claim being worked on in case case_aaaaaaaaaaaaaaaa (the first is cases.0.checks.1); a case has one',
      ],
    });
    const twice = await refused((b) => {
      const check = b.cases[0]!.checks[1]!;
      check.operands[1] = structuredClone(check.operands[0]!);
      check.request.operands[1] = structuredClone(check.request.operands[0]!);
    });
    expect(twice).toEqual({
      ok: false,
      problems: [
        `cases.0.checks.1.operands.1: figure ${supportedCase.operands[0]!.figure_index} of unit ${supportedCase.operands[0]!.source_unit_id} is also cases.0.checks.1.operands.0; a check's operands are different figures`,
      ],
    });
    expect(
      await refused((b) => b.cases[1]!.citations.push(structuredClone(b.cases[1]!.citations[0]!))),
    ).toEqual({
      ok: false,
      problems: [
        'cases.1.citations.1: unit unit_xlsx_s2 found by the query "ministry spend" is also cases.1.citations.0; a case keeps each citation once',
      ],
    });
  });

  it('builds no report that names a figure twice in one check', async () => {
    const same = { ...supportedCase, operands: [supportedCase.operands[0]!, supportedCase.operands[0]!] };
    await expect(buildReport([same], fixtureLookup(), meta)).rejects.toThrow(
      /names a thing twice: cases\.0\.checks\.0\.operands\.1: figure .* a check's operands are different figures/,
    );
  });
});

describe('buildReport: a case made from an article', () => {
  it("keeps the article's origin, its pasted text and each check's place in it", async () => {
    const bundle = await buildReport([articleCase, webArticleCase], fixtureLookup(), meta);
    const [pasted, web] = bundle.cases;
    expect(pasted!.article).toEqual({
      kind: 'text',
      sourceVersionId: null,
      url: null,
      title: null,
      sha256: ARTICLE_SHA256,
      text: ARTICLE_TEXT,
    });
    expect(web!.article).toEqual(webArticleCase.article);
    expect(pasted!.checks.map((c) => c.claimSpan)).toEqual(articleCase.kept!.map((k) => k.claimSpan));
    // Each place slices its check's claim from the article's text.
    for (const check of pasted!.checks.filter((c) => c.claimSpan !== undefined))
      expect(ARTICLE_TEXT.slice(check.claimSpan!.start, check.claimSpan!.end)).toBe(check.request.claim);
    // A check typed by hand has no place: no member at all.
    expect('claimSpan' in pasted!.checks[3]!).toBe(false);
    // Read back strictly, from its JSON.
    const parsed = parseBundle(JSON.parse(JSON.stringify(bundle)));
    expect(parsed.ok && parsed.bundle.cases[0]!.article?.text).toBe(ARTICLE_TEXT);
  });

  it('the claim being worked on keeps its place too', async () => {
    const span = articleCase.kept![1]!.claimSpan!;
    const working = {
      ...articleCase,
      kept: [],
      claim: 'The ministry spent 20% more.',
      operands: [...supportedCase.operands],
      check: supportedResponse,
      claimSpan: span,
    };
    const bundle = await buildReport([working], fixtureLookup(), meta);
    expect(bundle.cases[0]!.checks[0]).toMatchObject({ checkId: null, claimSpan: span });
  });

  it('a case not made from an article: no article member, and a bundle as it was before articles were kept', async () => {
    const bundle = await buildReport([supportedCase], fixtureLookup(), meta);
    expect('article' in bundle.cases[0]!).toBe(false);
    expect(canonicalJson(bundle)).not.toMatch(/"article"|"claimSpan"/);
    // A bundle exported before articles were kept reads as it is, and its seal still holds.
    const parsed = parseBundle(JSON.parse(JSON.stringify(bundle)));
    expect(parsed.ok).toBe(true);
    expect(await contentDigest(bundle)).toBe(bundle.integrity.digest);
  });

  it('a place that ends before it starts, or an article with a member it does not have: refused', async () => {
    const bundle = await buildReport([articleCase], fixtureLookup(), meta);
    const backwards = structuredClone(bundle) as ReportBundle;
    backwards.cases[0]!.checks[0]!.claimSpan = { start: 10, end: 4 };
    expect(parseBundle(backwards).ok).toBe(false);
    const extra = JSON.parse(JSON.stringify(bundle)) as { cases: { article: Record<string, unknown> }[] };
    extra.cases[0]!.article['verdict'] = 'true';
    const refused = parseBundle(extra);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join('\n')).toMatch(/article/);
  });
});
