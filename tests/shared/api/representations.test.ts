import { describe, expect, it } from 'vitest';
import { FigureWithPosition, Representation, Unit } from '../../../shared/api';

const figure = {
  index: 0,
  raw: '(3,400)',
  value: -3400,
  magnitude: 3400,
  sign: -1,
  scale: 1,
  unit: null,
  unitClass: 'none',
  accounting: true,
  ambiguous: false,
  span: { start: 5, end: 12 },
};
const pageFigure = { ...figure, position: { kind: 'box', x: 72, y: 100.5, width: 30, height: 10 } };
const cellFigure = { ...figure, position: { kind: 'cell', ref: 'B7' } };

const pageUnit = {
  source_unit_id: 'unit_p1',
  kind: 'page',
  index: 1,
  extraction_method: 'text_layer',
  markdown: 'Loss (3,400)',
  figures: [pageFigure],
  page: { width: 612, height: 792 },
};
const sheetUnit = {
  source_unit_id: 'unit_s1',
  kind: 'sheet',
  index: 1,
  extraction_method: 'spreadsheet_cells',
  markdown: '| Loss | (3,400) |',
  figures: [cellFigure],
  sheet: { name: 'P&L', merges: [], cells: [{ ref: 'B7', value: -3400, text: '(3,400)' }] },
};
const representation = {
  representation_id: 'rep_1',
  source_version_id: 'sv_1',
  format: 'pdf',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'text_layer',
  units: [pageUnit],
};

describe('Representation', () => {
  it('accepts a page representation and a sheet representation', () => {
    expect(Representation.parse(representation)).toEqual(representation);
    expect(Representation.safeParse({ ...representation, format: 'xlsx', units: [sheetUnit] }).success).toBe(
      true,
    );
  });

  it('applies the extraction state rules', () => {
    const paths = (body: unknown) => {
      const r = Representation.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ ...representation, code: 'empty_source' })).toEqual(['code']);
    expect(paths({ ...representation, state: 'partial', code: 'partial_extraction', reason: 'x' })).toEqual([
      'complete',
      'lost',
    ]);
    expect(
      paths({
        ...representation,
        state: 'partial',
        code: 'partial_extraction',
        reason: 'page 2 lost',
        complete: false,
        lost: [{ kind: 'page', index: 2, state: 'unreadable', reason: null, code: 'source_corrupt' }],
      }),
    ).toEqual([]);
    expect(paths({ ...representation, state: 'error', code: null, reason: 'x', units: [] })).toEqual([
      'code',
    ]);
  });

  it('requires units, ids and the nullable code and reason', () => {
    for (const key of ['representation_id', 'source_version_id', 'units', 'code', 'reason', 'format']) {
      const body: Record<string, unknown> = { ...representation };
      delete body[key];
      expect(Representation.safeParse(body).success, key).toBe(false);
    }
  });
});

describe('Unit', () => {
  it('requires source_unit_id, figures and markdown', () => {
    for (const key of ['source_unit_id', 'figures', 'markdown']) {
      const body: Record<string, unknown> = { ...pageUnit };
      delete body[key];
      expect(Unit.safeParse(body).success, key).toBe(false);
    }
  });

  it('refuses a figure whose position kind does not match the unit', () => {
    const wrong = Unit.safeParse({ ...pageUnit, figures: [cellFigure] });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['figures', 0, 'position', 'kind']);
    expect(Unit.safeParse({ ...sheetUnit, figures: [pageFigure] }).success).toBe(false);
  });

  it('locates figures of a page without geometry by span alone', () => {
    const textFigure = { ...figure, position: { kind: 'text' } };
    const wordPage = { ...pageUnit, page: undefined, figures: [textFigure] };
    expect(Unit.safeParse(wordPage).success).toBe(true);
    expect(Unit.safeParse({ ...wordPage, figures: [pageFigure] }).success).toBe(false);
    // On a page with geometry, a figure no text run lies under is located by span alone.
    expect(Unit.safeParse({ ...pageUnit, figures: [textFigure] }).success).toBe(true);
    expect(Unit.safeParse({ ...sheetUnit, figures: [textFigure] }).success).toBe(false);
  });

  it('rejects index 0 and a sheet unit without its sheet', () => {
    expect(Unit.safeParse({ ...pageUnit, index: 0 }).success).toBe(false);
    expect(Unit.safeParse({ ...sheetUnit, sheet: undefined }).success).toBe(false);
  });
});

describe('FigureWithPosition', () => {
  it('is a Figure plus ambiguous and position', () => {
    expect(FigureWithPosition.safeParse(pageFigure).success).toBe(true);
    expect(FigureWithPosition.safeParse({ ...pageFigure, ambiguous: undefined }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...pageFigure, position: undefined }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...pageFigure, sign: 0 }).success).toBe(false);
  });

  it('carries a non-empty character span', () => {
    expect(FigureWithPosition.safeParse({ ...pageFigure, span: undefined }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...pageFigure, span: { start: 5, end: 5 } }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...pageFigure, span: { start: -1, end: 2 } }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...pageFigure, span: { start: 0, end: 1 } }).success).toBe(true);
  });

  it('checks each kind of position', () => {
    const box = pageFigure.position;
    expect(FigureWithPosition.safeParse({ ...figure, position: { ...box, width: -1 } }).success).toBe(false);
    expect(FigureWithPosition.safeParse({ ...figure, position: { kind: 'box', x: 1, y: 2 } }).success).toBe(
      false,
    );
    expect(FigureWithPosition.safeParse({ ...figure, position: { kind: 'cell', ref: '7B' } }).success).toBe(
      false,
    );
    expect(FigureWithPosition.safeParse({ ...figure, position: { kind: 'point', x: 1 } }).success).toBe(
      false,
    );
  });
});
