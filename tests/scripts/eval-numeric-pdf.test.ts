import { describe, expect, it } from 'vitest';
import type { FigureWithPosition } from '../../shared/api';
import { extract, type ExtractedUnit } from '../../service/extract/extract';
import type { ClaimResult } from '../../scripts/eval-numeric-families-run';
import {
  mapFigure,
  pdfFail,
  pdfTargets,
  reportPdf,
  type PdfClaim,
  type PdfResult,
} from '../../scripts/eval-numeric-pdf';
import {
  drawable,
  groupOf,
  headerRowsOf,
  renderTable,
  type DrawnCell,
} from '../../scripts/eval-numeric-pdf-render';
import { tableCsv } from '../../scripts/eval-numeric-service';

// The "PDF renderings" section of `npm run eval:numeric`: tables drawn on a page where the renderer says,
// each csv figure mapped to the page's figure drawn in the same cell, and the report's ratio and marks.

const NOTE = '(in millions)';
const ROWS = [
  ['', '2019', '2018'],
  ['Revenue', '$1,234', '$1,100'],
  ['Cost of sales', '(845)', '(910)'],
  ['Other income', '1,234', '388'],
  ['Total', '1,623', '578'],
];

async function unitOf(bytes: Uint8Array, filename: string): Promise<ExtractedUnit> {
  const result = await extract(bytes, { filename }, { ocr: 'off' });
  const unit = result.units[0];
  if (!unit) throw new Error(`nothing read from ${filename}`);
  return unit;
}

const centre = (f: FigureWithPosition) => {
  if (f.position.kind !== 'box') throw new Error('a page figure has a box');
  return { x: f.position.x + f.position.width / 2, y: f.position.y + f.position.height / 2 };
};
const inside = (f: FigureWithPosition, c: DrawnCell) => {
  const { x, y } = centre(f);
  return x >= c.x0 && x <= c.x1 && y >= c.top && y <= c.bottom;
};

describe('eval-numeric PDF renderings: the renderer', () => {
  it('draws each cell where it says, and the reader reads the table’s rows', async () => {
    const drawn = renderTable(ROWS, NOTE);
    expect(drawn.width).toBe(612);
    expect(drawn.note).toMatchObject({ text: NOTE, x0: 36 });
    const unit = await unitOf(drawn.bytes, 'table.pdf');
    expect(unit.kind).toBe('page');

    // Every figure of the page lies in the rectangle of the cell drawn with its text.
    for (const raw of ['$1,100', '(845)', '388', '1,623']) {
      const cell = drawn.cells.find((c) => c.text === raw)!;
      const figure = unit.figures.find((f) => f.raw === raw)!;
      expect(inside(figure, cell)).toBe(true);
    }
    // Labels left-aligned at the margin; other columns right-aligned, each at least 18 pt after the last.
    const at = (row: number, col: number) => drawn.cells.find((c) => c.row === row && c.col === col)!;
    expect(at(1, 0).x0).toBe(36);
    expect(at(2, 0).x0).toBe(36);
    expect(at(1, 1).x1).toBeCloseTo(at(2, 1).x1, 6);
    expect(at(0, 2).x1).toBeCloseTo(at(4, 2).x1, 6);
    expect(at(1, 1).x0 - at(2, 0).x1).toBeGreaterThanOrEqual(18);
    expect(at(1, 2).x0 - at(1, 1).x1).toBeGreaterThanOrEqual(18);
    // One row per 11 pt baseline.
    expect(at(2, 0).top - at(1, 0).top).toBeCloseTo(11, 6);

    const table = unit.page?.tables?.[0];
    expect(table).toBeDefined();
    expect(table!.rows).toBe(ROWS.length);
    for (let row = 0; row < ROWS.length; row++) {
      const texts = table!.cells
        .filter((c) => c.row === row)
        .sort((a, b) => a.col - b.col)
        .map((c) => c.text);
      expect(texts).toEqual(ROWS[row]!.filter((t) => t !== ''));
    }
  });

  it('grows the page to fit, and draws what Helvetica cannot show as a typesetter would', () => {
    const wide = renderTable(
      [
        ['', 'Year ended December 31, 2019 compared with the year before', 'Year ended December 31, 2018'],
        ['A line item with a long label that runs across much of the page', '1', '2'],
      ],
      null,
    );
    expect(wide.width).toBeGreaterThan(612);
    expect(Math.max(...wide.cells.map((c) => c.x1))).toBeLessThanOrEqual(wide.width - 36);
    expect(wide.note).toBeNull();
    expect(drawable('−5 ﬁnance – net’s')).toBe('-5 finance – net’s');
  });
});

describe('eval-numeric PDF renderings: group headings centred over their columns', () => {
  const GROUPED = [
    ['', 'December 31, 2019', '', 'December 31, 2018', ''],
    ['(In millions)', 'Carrying Amount', 'Fair Value', 'Carrying Amount', 'Fair Value'],
    ['Term loan', '$ 474.6', '$ 474.6', '$ 222.2', '$ 222.9'],
    ['Total debt', '$ 3,774.4', '$ 4,073.9', '$ 3,474.2', '$ 3,535.1'],
  ];

  it('finds the header rows and the group each heading heads', () => {
    expect(headerRowsOf(GROUPED)).toBe(2);
    expect(groupOf(GROUPED, 0, 1)).toEqual([1, 2]);
    expect(groupOf(GROUPED, 0, 3)).toEqual([3, 4]);
    // A heading of the last header row, or one with a heading beside it, heads its own column.
    expect(groupOf(GROUPED, 1, 1)).toBeNull();
    expect(
      groupOf(
        [
          ['', '2019', '2018'],
          ['Revenue', '1', '2'],
        ],
        0,
        1,
      ),
    ).toBeNull();
  });

  it('draws a group heading centred over its columns, flush over the first one otherwise', async () => {
    const at = (drawn: ReturnType<typeof renderTable>, row: number, col: number) =>
      drawn.cells.find((c) => c.row === row && c.col === col)!;
    const flush = renderTable(GROUPED, null);
    expect(at(flush, 0, 1).x1).toBeCloseTo(at(flush, 1, 1).x1, 6);
    const centred = renderTable(GROUPED, null, false, true);
    const middle = (c: DrawnCell) => (c.x0 + c.x1) / 2;
    // The group runs from its first column's widest cell's left to its last column's right edge.
    const cellsOf = (col: number) => centred.cells.filter((c) => c.col === col && c.row > 0);
    const group = (Math.min(...cellsOf(1).map((c) => c.x0)) + Math.max(...cellsOf(2).map((c) => c.x1))) / 2;
    expect(middle(at(centred, 0, 1))).toBeCloseTo(group, 6);
    // The reader takes the heading over both columns of its group.
    const table = (await unitOf(centred.bytes, 'grouped.pdf')).page!.tables![0]!;
    expect(table.cells.find((c) => c.text === 'December 31, 2018')).toMatchObject({ col: 3, colSpan: 2 });
  });
});

describe('eval-numeric PDF renderings: mapping a csv figure to the page', () => {
  it('picks the figure drawn in the same cell when the same number is in two cells', async () => {
    const drawn = renderTable(ROWS, NOTE);
    const page = await unitOf(drawn.bytes, 'table.pdf');
    const sheet = await unitOf(new TextEncoder().encode(tableCsv(ROWS, NOTE)), 'table.csv');
    const inCell = (ref: string) =>
      sheet.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref)!;
    // The note is the csv's first line: "Revenue" 2019 is B3, "Other income" 2019 is B5.
    const revenue = inCell('B3');
    const other = inCell('B5');
    expect([revenue.raw, other.raw]).toEqual(['$1,234', '1,234']);
    expect(page.figures.filter((f) => f.value === other.value)).toHaveLength(2);

    const mapped = (f: FigureWithPosition) => {
      const m = mapFigure(f, sheet.figures, true, drawn.cells, page.figures);
      if ('problem' in m) throw new Error(m.problem);
      return m.figure;
    };
    const onPage = mapped(other);
    expect(onPage.raw).toBe('1,234');
    expect(
      inside(
        onPage,
        drawn.cells.find((c) => c.row === 3 && c.col === 1)!,
      ),
    ).toBe(true);
    expect(mapped(revenue).raw).toBe('$1,234');
    expect(mapped(revenue).index).not.toBe(onPage.index);
    // Read back at a figure's place among its cell's figures: the same cell without the note's shift is
    // another row.
    const shifted = mapFigure(other, sheet.figures, false, drawn.cells, page.figures);
    expect(shifted).toEqual({ problem: 'value read differently' });

    // A page that reads the figure at another scale, or not at all, maps nothing.
    const scaled = page.figures.map((f) => ({ ...f, value: f.value * 1e6 }));
    expect(mapFigure(other, sheet.figures, true, drawn.cells, scaled)).toEqual({
      problem: "value read at another scale (the page's is 10^6 times the csv's)",
    });
    expect(mapFigure(other, sheet.figures, true, drawn.cells, [])).toEqual({
      problem: 'no figure read where the cell was drawn',
    });
  });
});

// --- the report ---------------------------------------------------------------------------------------

type Outcome = 'supported' | 'contradicted' | 'escalate';

/** A claim result with just what the report reads: its family, truth, naming group, half and outcomes. */
function claim(
  truth: 'true' | 'false-moved' | 'other-measure',
  outcomes: [Outcome, Outcome],
  half: 'dev' | 'held-out' = 'dev',
): ClaimResult {
  const answer = (outcome: Outcome) => ({
    outcome,
    verdict: outcome === 'supported' ? 'holds' : null,
    computed: null,
    explained: {
      assessment: { outcome, arithmetic: null, comparability: null, reason: `${outcome} (test)` },
      problem: null,
      facets: [],
      operandRoles: null,
    },
    http: null,
    roles: null,
  });
  const cell = (label: string) => ({
    label,
    period: '2019',
    operand: {
      figure: { raw: '1', position: { kind: 'cell', ref: 'B2' } },
      context: { rowLabel: label, columnLabel: '2019', period: '2019' },
    },
  });
  const x = cell('Revenue');
  const y = cell('Cost');
  return {
    plan: {
      key: `${truth}|${outcomes.join()}`,
      table: 't1',
      family: 'difference',
      wording: 'more than',
      group: 'names things and periods',
      x,
      y,
    },
    claim: { truth, text: `Revenue was 1 more than cost (${truth})`, first: 'x' },
    half,
    operands: { 'as worded': [x, y], reversed: [y, x] },
    answers: { 'as worded': answer(outcomes[0]), reversed: answer(outcomes[1]) },
  } as unknown as ClaimResult;
}

function result(claims: PdfClaim[]): PdfResult {
  return {
    tablesWithClaims: 1,
    tablesRendered: 1,
    share: 1,
    unpublished: 0,
    pages: { table: 1, unsure: 0, none: 0, several: 0 },
    claims,
    publishMs: [10],
    engineMs: [0.1],
    httpMs: [1],
    mismatches: [],
    ms: 100,
  };
}

const both = (o: Outcome): [Outcome, Outcome] => [o, o];
const over = (csv: ClaimResult, pdf: ClaimResult | null): PdfClaim => ({
  csv,
  pdf,
  unmapped: pdf ? null : 'no figure read where the cell was drawn',
  placements: pdf ? ['in a body cell', 'in a body cell'] : [],
});

describe('eval-numeric PDF renderings: the report', () => {
  it('compares supported claims over the PDF with the CSV, counting unmapped claims as not supported', () => {
    const supported = claim('true', both('supported'));
    const claims = [
      over(supported, claim('true', both('supported'))),
      over(supported, claim('true', both('supported'))),
      over(supported, claim('true', ['supported', 'escalate'])),
      over(supported, null),
      over(claim('false-moved', both('contradicted')), claim('false-moved', both('contradicted'))),
    ];
    const r = result(claims);
    expect(pdfTargets(r)).toBe(
      '**Targets (PDF renderings):** ✗ supported ≥ 0.95× CSV (0.50×) · ✓ false supported 0 (0) · ' +
        '✓ true contradicted 0 (0) · ✓ another measure decided 0 (0)',
    );
    expect(pdfFail(r)).toBe(false);
    const report = reportPdf(r).join('\n');
    expect(report).toContain('| difference | 4 (4/0) | 4 (4/0) | 2 (2/0) | ✗ 0.50× (0.50×/–) |');
    expect(report).toContain('| not mapped | – | 1 (1/0) |');
    expect(report).toContain('not mapped: no figure read where the cell was drawn × 1 (1/0)');
  });

  it('fails on a false claim supported or a true one contradicted over the PDF, and passes at 0.95×', () => {
    const supported = claim('true', both('supported'));
    const claims = Array.from({ length: 19 }, () => over(supported, claim('true', both('supported'))));
    claims.push(over(supported, claim('true', ['escalate', 'supported'])));
    expect(pdfTargets(result(claims))).toContain('✓ supported ≥ 0.95× CSV (0.95×)');

    const falseOne = over(
      claim('false-moved', both('contradicted')),
      claim('false-moved', ['escalate', 'supported']),
    );
    const trueOne = over(supported, claim('true', ['contradicted', 'escalate'], 'held-out'));
    const failing = result([...claims, falseOne, trueOne]);
    expect(pdfTargets(failing)).toContain('✗ false supported 1 (0) · ✗ true contradicted 1 (0)');
    expect(pdfFail(failing)).toBe(true);
    // A claim about a measure the table does not hold is never decided, either way.
    const otherMeasure = over(
      claim('other-measure', both('escalate')),
      claim('other-measure', ['escalate', 'contradicted']),
    );
    const decided = result([...claims, otherMeasure]);
    expect(pdfTargets(decided)).toContain('✗ another measure decided 1 (0)');
    expect(pdfFail(decided)).toBe(true);
    const lines = reportPdf(failing);
    const listed = (title: string) => {
      const start = lines.findIndex((l) => l.includes(title));
      const rest = lines.slice(start + 1);
      const end = rest.findIndex((l) => l.trimStart().startsWith('#'));
      return {
        heading: lines[start],
        items: rest.slice(0, end === -1 ? rest.length : end).filter((l) => l.startsWith('- ')),
      };
    };
    const fs = listed('False claims supported over the PDF');
    expect(fs.heading).toContain(': 1 (1/0)');
    expect(fs.items).toHaveLength(1);
    expect(fs.items[0]).toContain('"Revenue was 1 more than cost (false-moved)"');
    expect(fs.items[0]).toContain('A: CSV Revenue · 2019 · 2019 → PDF Revenue · 2019 · 2019');
    // Held-out claims are counted, never shown.
    const tc = listed('True claims contradicted over the PDF');
    expect(tc.heading).toContain(': 1 (0/1)');
    expect(tc.items).toEqual([]);
  });
});
