import { createHash } from 'node:crypto';
import type { NumericResponse, Representation, SourceVersion } from '../../../../shared/api';
import type { Case } from '../../../../shared/bridge/cases';
import type { LookedUpRepresentation, ReportLookup, ReportMeta } from '../../../../desktop/main/report/model';

// Two retained sources (a PDF page with a box, a spreadsheet with a cell), two cases: one supported,
// one escalated with a person's judgment, and two citations.

export const HASH_PDF = `sha256:${'a'.repeat(64)}`;
export const HASH_XLSX = `sha256:${'b'.repeat(64)}`;

/** A title crafted to mislead: a right-to-left override, a control character and a Markdown link. */
export const EVIL_TITLE =
  'Budget\u202Efdp.exe\u0007 [click](https://evil.example) <img src=x onerror=alert(1)>';

export const pdfSource: SourceVersion = {
  sourceVersionId: 'sv_pdf',
  assetId: 'asset_pdf',
  bytesHash: HASH_PDF,
  sourceMetadata: {
    title: EVIL_TITLE,
    filename: 'budget-2024.pdf',
    media_type: 'application/pdf',
    byte_length: 12345,
    url: 'https://example.org/budget-2024.pdf',
    domain: 'example.org',
    publication_year: 2024,
    source_type: 'report',
    is_primary_source: true,
    registered_at: '2026-11-20T10:00:00.000Z',
  },
};

export const xlsxSource: SourceVersion = {
  sourceVersionId: 'sv_xlsx',
  assetId: 'asset_xlsx',
  bytesHash: HASH_XLSX,
  sourceMetadata: {
    title: null,
    filename: '=HYPERLINK("evil").xlsx',
    media_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    byte_length: 999,
    url: null,
    domain: null,
    publication_year: null,
    source_type: null,
    is_primary_source: null,
    registered_at: '2026-11-20T10:05:00.000Z',
  },
};

const baseFigure = {
  index: 0,
  raw: '1,200',
  value: 1200,
  magnitude: 1200,
  sign: 1 as const,
  scale: 1,
  unit: null,
  unitClass: 'none' as const,
  accounting: false,
  ambiguous: false,
  span: { start: 7, end: 12 },
};

export const pdfRepresentation: Representation = {
  representation_id: 'rep_pdf',
  source_version_id: 'sv_pdf',
  format: 'pdf',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'text_layer',
  units: [
    {
      source_unit_id: 'unit_pdf_p3',
      kind: 'page',
      index: 3,
      extraction_method: 'text_layer',
      markdown: 'Spend: 1,200',
      page: { width: 612, height: 792 },
      figures: [{ ...baseFigure, position: { kind: 'box', x: 72, y: 100.5, width: 30, height: 10 } }],
    },
  ],
} as Representation;

export const xlsxRepresentation: Representation = {
  representation_id: 'rep_xlsx',
  source_version_id: 'sv_xlsx',
  format: 'xlsx',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'spreadsheet_cells',
  units: [
    {
      source_unit_id: 'unit_xlsx_s2',
      kind: 'sheet',
      index: 2,
      extraction_method: 'spreadsheet_cells',
      markdown: '| Spend | 1,000 |',
      sheet: { name: 'P&L', merges: [], cells: [{ ref: 'B7', value: 1000, text: '1,000' }] },
      figures: [
        { ...baseFigure, raw: '1,000', value: 1000, magnitude: 1000, position: { kind: 'cell', ref: 'B7' } },
      ],
    },
  ],
} as Representation;

const operands = [
  {
    source_version_id: 'sv_pdf',
    representation_id: 'rep_pdf',
    source_unit_id: 'unit_pdf_p3',
    figure_index: 0,
  },
  {
    source_version_id: 'sv_xlsx',
    representation_id: 'rep_xlsx',
    source_unit_id: 'unit_xlsx_s2',
    figure_index: 0,
  },
];

export const supportedResponse: NumericResponse = {
  outcome: 'supported',
  arithmetic: { verdict: 'holds', computed: 20, tolerance: 0.5, reason: '1,200 is 20% more than 1,000' },
  comparability: {
    verdict: 'comparable',
    facets: [
      { facet: 'unit', decidedBy: 'code', passed: true, p: null },
      { facet: 'period', decidedBy: 'code', passed: true, p: null },
    ],
    reason: 'same unit and period',
  },
  reason: 'The figures give 20%, as the claim says.',
  scope: 'arithmetic_only',
  limitation: 'Checks the arithmetic only, not whether the source is right.',
  operands: [
    {
      binding: 'retained_source_slice',
      source: { source_version_id: 'sv_pdf', representation_id: 'rep_pdf', source_unit_id: 'unit_pdf_p3' },
      figure: {
        index: 0,
        raw: '1,200',
        value: 1200,
        magnitude: 1200,
        sign: 1,
        scale: 1,
        unit: null,
        unitClass: 'none',
        accounting: false,
      },
    },
  ],
};

export const escalatedResponse: NumericResponse = {
  outcome: 'escalate',
  arithmetic: { verdict: 'holds', computed: 20, tolerance: 0.5, reason: 'the arithmetic holds' },
  comparability: {
    verdict: 'unknown',
    facets: [{ facet: 'entity', decidedBy: 'judge', passed: null, p: 0.4 }],
    reason: 'whether both figures are about the same ministry is for a person',
  },
  reason: 'Whether the figures are comparable is left to a person.',
  scope: 'arithmetic_only',
  limitation: 'Checks the arithmetic only.',
  operands: [],
};

export const supportedCase: Case = {
  id: 'case_aaaaaaaaaaaaaaaa',
  title: 'Spending up 20%',
  claim: 'Spending rose 20% from 1,000 to 1,200.',
  operands,
  check: supportedResponse,
  judgments: [],
  citations: [
    {
      sourceVersionId: 'sv_pdf',
      representationId: 'rep_pdf',
      sourceUnitId: 'unit_pdf_p3',
      unitIndex: 3,
      title: 'Budget',
      snippet: 'Spend: 1,200 [see](javascript:alert(1))',
      query: '=spend 2024',
      at: '2026-11-21T09:00:00.000Z',
    },
  ],
  createdAt: '2026-11-21T08:00:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
};

export const escalatedCase: Case = {
  id: 'case_bbbbbbbbbbbbbbbb',
  title: 'Ministry spending',
  claim: 'The ministry spent 20% more.',
  operands,
  check: escalatedResponse,
  judgments: [
    {
      facet: 'entity',
      holds: true,
      note: 'Both tables are the same ministry.',
      at: '2026-11-22T10:00:00.000Z',
      author: 'Ana Ruiz',
    },
  ],
  citations: [
    {
      sourceVersionId: 'sv_xlsx',
      representationId: 'rep_xlsx',
      sourceUnitId: 'unit_xlsx_s2',
      title: 'sheet',
      snippet: 'Spend, "total", 1,000',
      query: 'ministry spend',
      at: '2026-11-22T09:00:00.000Z',
    },
  ],
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

export const meta: ReportMeta = {
  title: 'Budget claims',
  authorName: 'Ana Ruiz',
  appVersion: '0.1.0',
  extractorVersion: 'ew-extract-4;ocr=auto',
  generatedAt: '2026-11-24T12:00:00.000Z',
};

const representations: Record<string, LookedUpRepresentation> = {
  rep_pdf: { representation: pdfRepresentation, extractorVersion: 'ew-extract-4;ocr=auto' },
  rep_xlsx: { representation: xlsxRepresentation, extractorVersion: 'ew-extract-4;ocr=off' },
};
const sources: Record<string, SourceVersion> = { sv_pdf: pdfSource, sv_xlsx: xlsxSource };

/** A lookup over the fixtures; `without` names ids it does not find. */
export function fixtureLookup(without: readonly string[] = []): ReportLookup {
  return {
    sourceVersion: (id) => (without.includes(id) ? undefined : sources[id]),
    representation: async (id) => (without.includes(id) ? null : representations[id]),
  };
}

/** The pasted article of `articleCase`: the ministry's claim is written first, the spending claim second. */
export const ARTICLE_TEXT = 'The ministry spent 20% more. Spending rose 20% from 1,000 to 1,200.';
const MINISTRY = 'The ministry spent 20% more.';
const SPENDING = 'Spending rose 20% from 1,000 to 1,200.';
const spanOf = (claim: string) => {
  const start = ARTICLE_TEXT.indexOf(claim);
  return { start, end: start + claim.length };
};
export const ARTICLE_SHA256 = createHash('sha256').update(ARTICLE_TEXT, 'utf8').digest('hex');

/**
 * A case made from pasted text, its checks kept out of the article's order: the spending claim (supported,
 * the person's verdict "False"), the ministry's claim (escalated, the person's verdict "True"), the spending
 * claim again (escalated, no verdict), and a claim typed by hand with no place in the article.
 */
export const articleCase: Case = {
  id: 'case_cccccccccccccccc',
  title: 'What the ministry said',
  claim: 'Next claim.',
  operands: [],
  check: null,
  judgments: [],
  kept: [
    {
      id: 'check_article1',
      claim: SPENDING,
      operands,
      check: supportedResponse,
      judgments: [],
      keptAt: '2026-11-23T10:00:00.000Z',
      verdict: { verdict: 'false', note: null, at: '2026-11-23T10:01:00.000Z', author: 'Ana Ruiz' },
      claimSpan: spanOf(SPENDING),
    },
    {
      id: 'check_article2',
      claim: MINISTRY,
      operands,
      check: escalatedResponse,
      judgments: [],
      keptAt: '2026-11-23T10:05:00.000Z',
      verdict: {
        verdict: 'true',
        note: 'Confirmed by phone.',
        at: '2026-11-23T10:06:00.000Z',
        author: 'Bea Editor',
      },
      claimSpan: spanOf(MINISTRY),
    },
    {
      id: 'check_article3',
      claim: SPENDING,
      operands: [...operands].reverse(),
      check: escalatedResponse,
      judgments: [],
      keptAt: '2026-11-23T10:10:00.000Z',
      claimSpan: spanOf(SPENDING),
    },
    {
      id: 'check_article4',
      claim: 'Costs fell by a fifth.',
      operands,
      check: escalatedResponse,
      judgments: [],
      keptAt: '2026-11-23T10:15:00.000Z',
    },
  ],
  citations: [],
  notes: '',
  article: {
    kind: 'text',
    sourceVersionId: null,
    url: null,
    title: null,
    sha256: ARTICLE_SHA256,
    text: ARTICLE_TEXT,
  },
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T10:15:00.000Z',
};

/** The same case as if made from a web page kept in the library (its text not in the bundle). */
export const webArticleCase: Case = {
  ...articleCase,
  id: 'case_dddddddddddddddd',
  title: 'The ministry’s page',
  kept: articleCase.kept!.map((k) => ({ ...k, id: k.id.replace('check_article', 'check_webpage') })),
  article: {
    kind: 'url',
    sourceVersionId: 'sv_page',
    url: 'https://example.org/ministry/statement',
    title: 'Ministry statement',
    sha256: ARTICLE_SHA256,
    text: null,
  },
};
