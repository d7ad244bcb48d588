import { describe, expect, it } from 'vitest';
import { extract } from '../../../service/extract/extract';
import type { PageTable } from '../../../shared/api';
import { cellInText, cellPassages, searchableText } from '../../../shared/structure';
import { buildPdf, type PdfText } from '../../service/extract/fixtures/pdf';

const line = (y: number, label: string, ...values: string[]): PdfText[] => [
  { x: 72, y, size: 9, text: label },
  ...values.map((text, i) => ({ x: 250 + i * 80, y, size: 9, text })),
];

async function pageOf(texts: PdfText[]) {
  const read = await extract(
    buildPdf([{ width: 612, height: 792, texts }]),
    { filename: 't.pdf' },
    { ocr: 'off' },
  );
  const unit = read.units[0]!;
  return { markdown: unit.markdown, page: unit.page! };
}

const checks = () =>
  pageOf([
    { x: 72, y: 720, size: 12, text: 'Firearm background checks, November - 2015' },
    ...line(700, 'State', 'Permit', 'Handgun', 'Long gun'),
    ...line(686, 'Texas', '12,004', '61,450', '58,102'),
    ...line(674, 'Ohio', '9,120', '22,140', '19,877'),
    ...line(662, 'Utah', '2,110', '6,112', '5,340'),
    { x: 72, y: 600, size: 9, text: 'Checks rose in Texas.' },
  ]);

describe('cell passages: a table cell with the words that name it', () => {
  it('each body cell carries its row label and column header; header and label cells carry none', async () => {
    const { page } = await checks();
    const passages = cellPassages(page);
    expect(passages).toHaveLength(9);
    expect(passages).toContainEqual({ table: 0, row: 1, col: 2, heading: 'Texas Handgun', text: '61,450' });
    expect(passages).toContainEqual({ table: 0, row: 3, col: 3, heading: 'Utah Long gun', text: '5,340' });
    expect(passages.some((p) => p.text === 'Handgun' || p.text === 'Texas')).toBe(false);
  });

  it('the indexed text is the page text and then one line per cell', async () => {
    const { markdown, page } = await checks();
    const text = searchableText(markdown, page);
    expect(text.startsWith(markdown)).toBe(true);
    expect(text).toContain('\nTexas Handgun 61,450\n');
    expect(searchableText(markdown, undefined)).toBe(markdown);
  });

  it("an unsure table's headers name nothing", async () => {
    const { markdown, page } = await checks();
    const unsure = { ...page, tables: page.tables!.map((t) => ({ ...t, unsure: true })) };
    expect(cellPassages(unsure)).toEqual([]);
    expect(searchableText(markdown, unsure)).toBe(markdown);
  });

  it("finds a cell in the page's text on its row's line, even when its value repeats on the line", () => {
    const table: PageTable = {
      index: 0,
      box: { x: 0, y: 0, width: 100, height: 40 },
      rows: 2,
      cols: 3,
      headerRows: 1,
      labelCols: 1,
      title: null,
      notes: [],
      unsure: false,
      cells: [
        ['Region', 0, 0, true],
        ['2022', 0, 1, true],
        ['2023', 0, 2, true],
        ['North', 1, 0, false],
        ['12', 1, 1, false],
        ['12', 1, 2, false],
      ].map(([text, row, col, header]) => ({
        text: text as string,
        row: row as number,
        col: col as number,
        rowSpan: 1,
        colSpan: 1,
        header: header as boolean,
        box: { x: 0, y: 0, width: 1, height: 1 },
      })),
    };
    const markdown = 'North is small.\nRegion 2022 2023\nNorth 12 12';
    const page = { tables: [table] };
    const second = cellInText(markdown, page, { table: 0, row: 1, col: 2 });
    expect(second).toMatchObject({ start: markdown.length - 2, end: markdown.length });
    expect(markdown.slice(second!.lineStart, second!.lineEnd)).toBe('North 12 12');
    expect(cellInText(markdown, page, { table: 0, row: 1, col: 1 })?.start).toBe(markdown.length - 5);
    expect(cellInText('North 12', page, { table: 0, row: 1, col: 2 })).toBeNull();
  });
});
