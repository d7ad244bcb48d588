// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SaveFileModule from '../../../renderer/src/reports/save-file';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { tableSummary } from '../../../renderer/src/viewer/PageTables';
import type { PageTable } from '../../../shared/api';
import { tableEntry, tableRepresentation } from './fixtures';
import { renderViewer, stubLayout } from './render-viewer';

// The tables read on a PDF page, as a fact-checker on deadline meets them: a toggle (or T) outlines them
// over the page, unsure ones dashed and marked; each figure names its row, column and period on hover;
// and beside the page's text each table can be copied or saved, as CSV or Excel, under its provenance.
// pdf.js cannot draw in jsdom: react-pdf is replaced by a stand-in that reports one page.

vi.mock('react-pdf', async () => (await import('./stand-ins')).reactPdfStandIn(1));

vi.mock('../../../renderer/src/bridge', async () => (await import('./stand-ins')).idleBridge());

const saved = vi.hoisted(() => ({
  files: [] as { filename: string; mediaType: string; bytes: Uint8Array }[],
}));
vi.mock('../../../renderer/src/reports/save-file', async (original) => ({
  ...(await original<typeof SaveFileModule>()),
  saveBytes: (filename: string, mediaType: string, bytes: Uint8Array) =>
    saved.files.push({ filename, mediaType, bytes }),
}));

beforeAll(stubLayout);
beforeEach(() => {
  saved.files.length = 0;
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const SHA = 'c0ffee'.padEnd(64, '0');
const CHECKS_CSV = [
  'Source,NICS background checks',
  `SHA-256,${SHA}`,
  'Page,1',
  'Table,1 of 2',
  'Read by,Text layer (ew-extract-8)',
  'Table title,"Background checks by state, November 2015"',
  '',
  'State,Handgun,Long Gun',
  'Texas,"61,450","51,670"',
  'Ohio,"23,875","20,112"',
  '',
].join('\r\n');

const renderTables = () => renderViewer([tableEntry()], [tableRepresentation]);
const toggle = () => screen.getByRole('button', { name: 'Show tables' });
const grid = () => screen.queryByTestId('table-grid');
const tableGroup = (name: RegExp) =>
  within(screen.getByRole('region', { name: 'Extracted text' })).getByRole('group', { name });

function withClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

async function seriousViolations(element: Element) {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('the table grid', () => {
  it('is off until the toggle is pressed, then outlines every table of the page over it', async () => {
    renderTables();
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(grid()).toBeNull();

    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(useWorkbenchUi.getState().tablesShown).toBe(true);
    const drawn = grid() as HTMLElement;
    expect(drawn.closest('[data-testid="page-overlay"]')?.getAttribute('data-unit-index')).toBe('1');
    // Decoration for the eye: hidden from assistive technology, and the pointer passes through.
    expect(drawn.getAttribute('aria-hidden')).toBe('true');
    expect(drawn.className).toContain('pointer-events-none');
    const outlines = within(drawn).getAllByTestId('table-outline');
    expect(outlines.map((o) => o.dataset['tableIndex'])).toEqual(['0', '1']);
    // Every cell is a line; the header cells of a sure table are tinted.
    const cells = within(outlines[0]!).getAllByTestId('table-cell-outline');
    expect(cells).toHaveLength(9);
    expect(cells.filter((c) => c.dataset['header'] === 'true').map((c) => c.getAttribute('class'))).toEqual([
      expect.stringContaining('fill-'),
      expect.stringContaining('fill-'),
      expect.stringContaining('fill-'),
    ]);

    await userEvent.click(toggle());
    expect(grid()).toBeNull();
  });

  it('draws the grid in the page’s points, at the scale the figure boxes are drawn', async () => {
    renderTables();
    await userEvent.click(toggle());
    const svg = (grid() as HTMLElement).querySelector('svg') as SVGSVGElement;
    // Fit width draws the 792-point page 600 pixels wide.
    expect(svg.getAttribute('viewBox')).toBe('0 0 792 612');
    expect(Number(svg.getAttribute('width'))).toBeCloseTo(600);
    expect(Number(svg.getAttribute('height'))).toBeCloseTo((612 * 600) / 792);
    const texas = within(grid() as HTMLElement).getAllByTestId('table-cell-outline')[4] as Element;
    // The cell of 61,450 (x 200 points), with a little room around its text.
    expect(Number(texas.getAttribute('x'))).toBeLessThan(200);
    expect(Number(texas.getAttribute('x'))).toBeGreaterThan(195);
    const box = screen
      .getAllByTestId('figure-box')
      .find((b) => b.dataset['figureIndex'] === '0') as HTMLElement;
    expect(parseFloat(box.style.left)).toBeCloseTo((200 * 600) / 792);
  });

  it('draws a table read with doubt dashed and marked “unsure”, never like a sure one', async () => {
    renderTables();
    await userEvent.click(toggle());
    const [sure, unsure] = within(grid() as HTMLElement).getAllByTestId('table-outline') as HTMLElement[];
    expect(sure?.dataset['unsure']).toBeUndefined();
    expect(sure?.getAttribute('stroke-dasharray')).toBeNull();
    expect(unsure?.dataset['unsure']).toBe('true');
    expect(unsure?.getAttribute('stroke-dasharray')).not.toBeNull();
    expect(unsure?.getAttribute('class')).not.toBe(sure?.getAttribute('class'));
    // Its headers are never used by a check: none is tinted as one.
    for (const cell of within(unsure!).getAllByTestId('table-cell-outline'))
      expect(cell.getAttribute('class')).toBeNull();
    expect(
      within(grid() as HTMLElement)
        .getAllByTestId('table-tag')
        .map((t) => t.textContent),
    ).toEqual(['Table 1', 'Table 2 · unsure']);
  });

  it('keeps the figure boxes clickable over the grid', async () => {
    renderTables();
    await userEvent.click(toggle());
    const box = screen
      .getAllByTestId('figure-box')
      .find((b) => b.dataset['figureIndex'] === '1') as HTMLElement;
    await userEvent.click(box);
    expect(useWorkbenchUi.getState().operands.A?.ref.figure_index).toBe(1);
  });

  it('is shown and hidden with T in the viewer, never while typing, and listed with the viewer’s keys', () => {
    renderTables();
    expect(toggle().getAttribute('aria-keyshortcuts')).toBe('T');
    fireEvent.keyDown(document.body, { key: 't' });
    expect(grid()).not.toBeNull();
    fireEvent.keyDown(document.body, { key: 'T', shiftKey: true });
    expect(grid()).toBeNull();
    const field = document.createElement('input');
    screen.getByTestId('open-document').append(field);
    fireEvent.keyDown(field, { key: 't' });
    expect(grid()).toBeNull();
  });
});

describe('a figure of a table', () => {
  it('names its row and column headers and the period in its chip’s description and tooltip', () => {
    renderTables();
    const chip = within(screen.getByRole('region', { name: 'Extracted text' })).getByRole('button', {
      name: 'Figure 61,450 (page 1)',
    });
    expect(chip.getAttribute('aria-description')).toMatch(
      /^Texas · Handgun · November 2015\. Click or press Enter to pick; Shift\+1 or Shift\+2/,
    );
    expect(chip.title.split('\n')[0]).toBe('Figure 61,450 (page 1) — Texas · Handgun · November 2015');
  });

  it('names them in its box’s tooltip once hovered', () => {
    renderTables();
    const box = screen
      .getAllByTestId('figure-box')
      .find((b) => b.dataset['figureIndex'] === '1') as HTMLElement;
    fireEvent.mouseEnter(box);
    expect(box.title).toBe('Figure 51,670 (page 1) — Texas · Long Gun · November 2015');
    fireEvent.mouseLeave(box);
    expect(box.title).toBe('Figure 51,670 (page 1)');
  });

  it('goes into the tray with its labels and period', async () => {
    renderTables();
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Extracted text' })).getByRole('button', {
        name: 'Figure 23,875 (page 1)',
      }),
    );
    expect(useWorkbenchUi.getState().operands.A?.labels).toEqual({
      row: 'Ohio',
      column: 'Handgun',
      period: '2015-11',
    });
  });
});

describe('a table’s summary', () => {
  it('numbers the table once, also when its title numbers it', () => {
    const table = { index: 0, rows: 4, cols: 3, title: 'Table 1. Staff by department' } as PageTable;
    expect(tableSummary(table)).toBe('Table 1. Staff by department — 4 rows × 3 columns');
    expect(tableSummary({ ...table, index: 1, title: 'Staff by department' })).toBe(
      'Table 2: Staff by department — 4 rows × 3 columns',
    );
  });
});

describe('the tables on a page, beside its text', () => {
  it('lists each table by number, title and size, and says which was read with doubt', () => {
    renderTables();
    const section = screen.getByRole('region', { name: 'Tables on this page' });
    const groups = within(section).getAllByRole('group');
    expect(groups.map((g) => g.textContent?.split('Copy as CSV')[0])).toEqual([
      'Table 1: Background checks by state, November 2015 — 3 rows × 3 columns',
      expect.stringMatching(/^Table 2: untitled — 1 row × 2 columns\s*read with doubt/),
    ]);
    expect(tableGroup(/^Table 1: Background checks by state, November 2015 — 3 rows × 3 columns$/)).toBe(
      groups[0],
    );
    expect(tableGroup(/^Table 2: untitled — 1 row × 2 columns, read with doubt$/)).toBe(groups[1]);
    for (const group of within(section).getAllByRole('group'))
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Copy as CSV', 'Save CSV', 'Save Excel (.xlsx)']);
  });

  it('copies a table as CSV, provenance first, and says so politely', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    withClipboard(writeText);
    renderTables();
    fireEvent.click(within(tableGroup(/^Table 1/)).getByRole('button', { name: 'Copy as CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('viewer-announcement').textContent).toBe('Table 1 copied as CSV.'),
    );
    expect(writeText).toHaveBeenCalledWith(CHECKS_CSV);
    expect(screen.getByTestId('viewer-announcement').getAttribute('role')).toBe('status');
    expect(within(tableGroup(/^Table 1/)).getByTestId('table-export-outcome').textContent).toBe(
      'Table 1 copied as CSV.',
    );
  });

  it('says when the clipboard refuses, and what to do instead', async () => {
    withClipboard(async () => {
      throw new Error('Write permission denied');
    });
    renderTables();
    fireEvent.click(within(tableGroup(/^Table 2/)).getByRole('button', { name: 'Copy as CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('viewer-announcement').textContent).toBe(
        'Table 2 could not be copied: Write permission denied. Save it as CSV instead.',
      ),
    );
    expect(within(tableGroup(/^Table 2/)).getByTestId('table-export-outcome').dataset['tone']).toBe('failed');
  });

  it('saves a table as CSV named by the document, page and table', async () => {
    renderTables();
    await userEvent.click(within(tableGroup(/^Table 1/)).getByRole('button', { name: 'Save CSV' }));
    expect(saved.files).toHaveLength(1);
    const [file] = saved.files;
    expect(file?.filename).toBe('nics-background-checks-p1-table1.csv');
    expect(file?.mediaType).toBe('text/csv;charset=utf-8');
    expect(new TextDecoder().decode(file?.bytes)).toBe(CHECKS_CSV);
    expect(screen.getByTestId('viewer-announcement').textContent).toBe(
      'Table 1 saved as nics-background-checks-p1-table1.csv in your browser’s downloads.',
    );
  });

  it('saves a table as an Excel workbook with its cells as printed and its provenance', async () => {
    renderTables();
    await userEvent.click(within(tableGroup(/^Table 2/)).getByRole('button', { name: 'Save Excel (.xlsx)' }));
    const [file] = saved.files;
    expect(file?.filename).toBe('nics-background-checks-p1-table2.xlsx');
    expect(file?.mediaType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const parts = unzipSync(file!.bytes);
    expect(strFromU8(parts['xl/worksheets/sheet1.xml']!)).toContain('>4,200</t>');
    const source = strFromU8(parts['xl/worksheets/sheet2.xml']!);
    expect(source).toContain(SHA);
    expect(source).toContain('>2 of 2</t>');
    expect(source).toContain('>Read with doubt</t>');
  });

  it('works from the keyboard: Enter on the toggle, Tab to a table’s buttons, Enter to save', async () => {
    renderTables();
    act(() => toggle().focus());
    await userEvent.keyboard('{Enter}');
    expect(grid()).not.toBeNull();
    act(() => screen.getByRole('region', { name: 'Extracted text' }).focus());
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Copy as CSV');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Save CSV');
    await userEvent.keyboard('{Enter}');
    expect(saved.files.map((f) => f.filename)).toEqual(['nics-background-checks-p1-table1.csv']);
  });

  it('has no serious or critical accessibility violations, grid on', async () => {
    const { container } = renderTables();
    act(() => useWorkbenchUi.getState().toggleTables());
    expect(grid()).not.toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
