import { describe, expect, it } from 'vitest';
import {
  boxStyle,
  effectiveScale,
  fitIsTooSmall,
  renderedWidth,
  zoomIn,
  zoomOut,
} from '../../../renderer/src/viewer/geometry';
import { segmentMarkdown } from '../../../renderer/src/viewer/segments';
import {
  columnLetters,
  drawnCellRef,
  gridRows,
  parseCellRef,
  sheetLayout,
} from '../../../renderer/src/viewer/sheet-layout';
import { stripItems } from '../../../renderer/src/viewer/strip-items';
import { originalKind } from '../../../renderer/src/viewer/original-kind';
import {
  figureLabels,
  figureName,
  figureTitle,
  pickedOperand,
  slotForClick,
} from '../../../renderer/src/viewer/figures';
import {
  figureIn,
  libraryEntry,
  PAGE_1_TEXT,
  pdfRepresentation,
  sheetRepresentation,
  tableRepresentation,
} from './fixtures';

// The viewer's pure parts: where a box is drawn at any zoom, where chips cut the text, how a sheet with
// merged cells is laid out, what the unit strip lists, and what picking a figure puts in the tray.

const page = { width: 600, height: 800 };
const box = { kind: 'box' as const, x: 100, y: 200, width: 40, height: 12 };

describe('boxStyle', () => {
  it('draws a box at its place on a page drawn at its own size', () => {
    expect(boxStyle(box, page, 600)).toEqual({ left: 100, top: 200, width: 40, height: 12 });
  });

  it('scales every side by the drawn width over the page width, keeping the top-left origin', () => {
    expect(boxStyle(box, page, 900)).toEqual({ left: 150, top: 300, width: 60, height: 18 });
    expect(boxStyle(box, page, 300)).toEqual({ left: 50, top: 100, width: 20, height: 6 });
    const fit = boxStyle(box, page, 757);
    expect(fit.left).toBeCloseTo((100 * 757) / 600);
    expect(fit.top).toBeCloseTo((200 * 757) / 600);
  });

  it('keeps a box on its number through zoom steps (the box and the page scale together)', () => {
    for (const scale of [0.5, 1, 1.25, 2, 4]) {
      const width = renderedWidth({ mode: 'scale', scale }, page.width, 0);
      const drawn = boxStyle(box, page, width);
      expect(drawn.left / width).toBeCloseTo(box.x / page.width);
      expect(drawn.top / width).toBeCloseTo(box.y / page.width);
    }
  });
});

describe('zoom', () => {
  it('fits the pane, or scales the page width', () => {
    expect(renderedWidth({ mode: 'fit' }, 600, 812)).toBe(812);
    expect(renderedWidth({ mode: 'scale', scale: 1.5 }, 600, 812)).toBe(900);
    expect(effectiveScale({ mode: 'fit' }, 600, 900)).toBe(1.5);
    // Opening: fitted, unless that draws the page below 60%; then 60% (the pane scrolls sideways).
    expect(renderedWidth({ mode: 'readable' }, 792, 900)).toBe(900);
    expect(renderedWidth({ mode: 'readable' }, 792, 320)).toBe(475);
    expect(fitIsTooSmall(792, 320)).toBe(true);
    expect(fitIsTooSmall(792, 600)).toBe(false);
    expect(fitIsTooSmall(792, 0)).toBe(false);
  });

  it('steps in and out from any scale, within bounds', () => {
    expect(zoomIn(1)).toBe(1.1);
    expect(zoomIn(1.3)).toBe(1.5);
    expect(zoomOut(1)).toBe(0.9);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(0.25)).toBe(0.25);
  });
});

describe('segmentMarkdown', () => {
  it('puts each figure at its span and keeps every character of the text around it', () => {
    const figures = pdfRepresentation.units[0]?.figures ?? [];
    const segments = segmentMarkdown(PAGE_1_TEXT, figures);
    expect(segments.map((s) => s.text).join('')).toBe(PAGE_1_TEXT);
    expect(segments.filter((s) => s.kind === 'figure').map((s) => s.text)).toEqual([
      '1,120',
      '2024',
      '980',
      '1,5',
    ]);
    expect(segments[0]).toEqual({ kind: 'text', start: 0, text: 'Revenue rose to ' });
  });

  it('leaves a figure whose span overlaps another or leaves the text as plain text', () => {
    const text = 'from 12,500 to 13';
    const a = figureIn(text, '12,500', 0, { kind: 'text' });
    const overlapping = { ...figureIn(text, '500', 1, { kind: 'text' }) };
    const outside = { ...a, index: 2, span: { start: 15, end: 40 } };
    const segments = segmentMarkdown(text, [overlapping, outside, a]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'figure').map((s) => s.text)).toEqual(['12,500']);
  });
});

describe('sheet layout', () => {
  it('names columns and reads references', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(parseCellRef('AB12')).toEqual({ col: 28, row: 12 });
    expect(parseCellRef('b7')).toBeNull();
  });

  it('draws a merged header once, spanning its columns, and leaves out the cells it covers', () => {
    const sheet = sheetRepresentation.units[0]?.sheet;
    if (sheet === undefined) throw new Error('fixture');
    const layout = sheetLayout(sheet);
    expect([layout.rowCount, layout.colCount]).toEqual([3, 3]);
    const [header, second] = gridRows(layout, 1, 3);
    expect(header?.cells).toEqual([
      expect.objectContaining({ ref: 'A1', colSpan: 3, rowSpan: 1, merged: 'A1:C1' }),
    ]);
    expect(second?.cells.map((c) => c.ref)).toEqual(['A2', 'B2', 'C2']);
    expect(drawnCellRef(layout, 'B1')).toBe('A1');
  });

  it('clips a merge that starts above the window of drawn rows', () => {
    const layout = sheetLayout({
      name: 'S',
      merges: ['A1:A10'],
      cells: [{ ref: 'A1', value: 'x', text: 'x' }],
    });
    const rows = gridRows(layout, 4, 6, 2);
    expect(rows[0]?.cells[0]).toEqual(expect.objectContaining({ ref: 'A1', rowSpan: 3, col: 1 }));
    expect(rows[1]?.cells.map((c) => c.ref)).toEqual(['B5']);
  });
});

describe('stripItems', () => {
  it('lists every page, read or lost, with its unit or its lost part', () => {
    const items = stripItems(pdfRepresentation, 3);
    expect(items.map((i) => [i.label, i.unit?.extraction_method ?? null, i.lost?.code ?? null])).toEqual([
      ['Page 1', 'text_layer', null],
      ['Page 2', null, 'ocr_unavailable'],
      ['Page 3', 'ocr', null],
    ]);
  });

  it('lists the pages of a PDF that is still being read', () => {
    expect(stripItems(null, 4).map((i) => i.index)).toEqual([1, 2, 3, 4]);
  });

  it('names sheets by their tab', () => {
    expect(stripItems(sheetRepresentation, 0).map((i) => i.label)).toEqual(['Revenue', 'Notes']);
  });
});

describe('originalKind', () => {
  it('shows PDFs, images and sheets, and says a TIFF or a Word file is not previewed', () => {
    expect(originalKind('application/pdf', 'a.pdf')).toBe('pdf');
    expect(originalKind('image/png', 'a.png')).toBe('image');
    expect(originalKind('image/tiff', 'scan.tif')).toBe('tiff');
    expect(originalKind('application/octet-stream', 'scan.TIFF')).toBe('tiff');
    expect(originalKind('text/csv', 'a.csv')).toBe('sheet');
    expect(
      originalKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx'),
    ).toBe('text');
    expect(originalKind('application/octet-stream', 'book.bin', sheetRepresentation)).toBe('sheet');
  });
});

describe('picking', () => {
  const unit = pdfRepresentation.units[0];
  const figure = unit?.figures[0];
  if (unit === undefined || figure === undefined) throw new Error('fixture');

  it('names a figure by its text and its page', () => {
    expect(figureName(unit, figure, null)).toBe('Figure 1,120 (page 1)');
    expect(figureName(unit, figure, 'B')).toBe('Figure 1,120 (page 1), picked as figure 2');
    const cell = sheetRepresentation.units[0];
    if (cell?.figures[0] === undefined) throw new Error('fixture');
    expect(figureName(cell, cell.figures[0], null)).toBe('Figure 1,200 (sheet Revenue, cell B3)');
  });

  it('builds the operand reference from the representation, the unit and the figure index', () => {
    const picked = pickedOperand(libraryEntry(), pdfRepresentation, unit, figure);
    expect(picked).toEqual({
      ref: {
        source_version_id: 'sv-1',
        representation_id: 'rep-1',
        source_unit_id: 'unit-p1',
        figure_index: 0,
      },
      figure,
      sourceTitle: 'Annual report 2024',
      unitKind: 'page',
      unitIndex: 1,
      sheetName: null,
      extractionMethod: 'text_layer',
      // The page line's text before its first figure; a page shows no column header; the line's "2024" is
      // itself a figure here, and a year read as a figure is no period label.
      labels: { row: 'Revenue rose to', column: null, period: null },
    });
    expect(pickedOperand(libraryEntry({ title: null }), pdfRepresentation, unit, figure).sourceTitle).toBe(
      'annual-report.pdf',
    );
  });

  it('reads a sheet figure’s row label and column header', () => {
    const sheet = sheetRepresentation.units[0];
    const cell = sheet?.figures[1];
    if (sheet === undefined || cell === undefined) throw new Error('fixture');
    // "Q2" names no year: no period.
    expect(pickedOperand(libraryEntry(), sheetRepresentation, sheet, cell).labels).toEqual({
      row: 'North',
      column: 'Q2',
      period: null,
    });
  });

  it('puts a click in Figure 1 while it is empty, else in Figure 2', () => {
    const picked = pickedOperand(libraryEntry(), pdfRepresentation, unit, figure);
    expect(slotForClick({ A: null, B: null })).toBe('A');
    expect(slotForClick({ A: picked, B: null })).toBe('B');
    expect(slotForClick({ A: picked, B: picked })).toBe('B');
  });
});

describe('a figure of a table read on a page', () => {
  const unit = tableRepresentation.units[0];
  if (unit === undefined) throw new Error('fixture');
  const [texasHandgun, , , , staff] = unit.figures;
  if (texasHandgun === undefined || staff === undefined) throw new Error('fixture');

  it('reads its row and column headers and the period the table’s title names', () => {
    expect(figureLabels(unit, texasHandgun)).toEqual({ row: 'Texas', column: 'Handgun', period: '2015-11' });
    expect(figureTitle(unit, texasHandgun, null)).toBe(
      'Figure 61,450 (page 1) — Texas · Handgun · November 2015',
    );
    expect(figureTitle(unit, texasHandgun, 'A')).toBe(
      'Figure 61,450 (page 1), picked as figure 1 — Texas · Handgun · November 2015',
    );
  });

  it('reads a figure’s labels once, however often it is drawn', () => {
    expect(figureLabels(unit, texasHandgun)).toBe(figureLabels(unit, texasHandgun));
  });

  it('uses no header of a table read with doubt: only the line the figure is on', () => {
    expect(figureLabels(unit, staff)).toEqual({ row: 'Staff', column: null, period: null });
  });

  it('names a figure under two levels of headings by both: the same year heads a column in each group', () => {
    const text = 'Scenario Best practice Improved\nYear 2007 2007\nServer closets 1,456 1,505';
    const cell = (row: number, col: number, t: string, header: boolean) => ({
      row,
      col,
      rowSpan: 1,
      colSpan: 1,
      text: t,
      box: { x: 72 + 100 * col, y: 100 + 20 * row, width: 60, height: 10 },
      header,
    });
    const grouped = {
      ...unit,
      markdown: text,
      page: {
        width: 792,
        height: 612,
        tables: [
          {
            index: 0,
            box: { x: 72, y: 100, width: 300, height: 50 },
            rows: 3,
            cols: 3,
            headerRows: 2,
            labelCols: 1,
            title: null,
            notes: [],
            unsure: false,
            cells: [
              cell(0, 0, 'Scenario', true),
              cell(0, 1, 'Best practice', true),
              cell(0, 2, 'Improved', true),
              cell(1, 0, 'Year', true),
              cell(1, 1, '2007', true),
              cell(1, 2, '2007', true),
              cell(2, 0, 'Server closets', false),
              cell(2, 1, '1,456', false),
              cell(2, 2, '1,505', false),
            ],
          },
        ],
      },
      figures: [
        figureIn(text, '1,456', 0, {
          kind: 'box',
          x: 172,
          y: 140,
          width: 30,
          height: 10,
          cell: { table: 0, row: 2, col: 1 },
        }),
      ],
    };
    expect(figureLabels(grouped, grouped.figures[0]!)).toEqual({
      row: 'Server closets',
      column: 'Best practice · 2007',
      period: '2007',
    });
  });
});
