// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '../../../shared/bridge';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  libraryEntry,
  PAGE_1_TEXT,
  PAGE_3_TEXT,
  pdfRepresentation,
  sheetEntry,
  sheetRepresentation,
} from './fixtures';
import { readableText, renderViewer, stubLayout } from './render-viewer';

// The viewer as a fact-checker uses it: the original beside the unit's text, figures as chips and boxes
// that light each other, picked into A and B by click or keys, ambiguous ones refused, pages and sheets
// reached from the strip or the keyboard. pdf.js cannot draw in jsdom: react-pdf is replaced by a stand-in
// that reports three pages and draws each as an empty canvas (when the test lets it), so everything over
// the pages is real.

const drawing = vi.hoisted(() => ({ held: false, release: new Set<() => void>() }));

vi.mock('react-pdf', async () => (await import('./stand-ins')).reactPdfStandIn(3, drawing));

const progress = vi.hoisted(() => ({ listeners: new Set<(event: ProgressEvent) => void>() }));

vi.mock('../../../renderer/src/bridge', () => ({
  sourceContent: (id: string) => ({ url: `/bridge/content/${id}`, httpHeaders: { 'x-token': 't' } }),
  bridge: () => ({
    on: (_event: string, listener: (event: ProgressEvent) => void) => {
      progress.listeners.add(listener);
      return () => progress.listeners.delete(listener);
    },
  }),
  callBridge: () => new Promise(() => {}),
}));

beforeAll(stubLayout);
beforeEach(() => {
  drawing.held = false;
  drawing.release.clear();
});
afterEach(cleanup);

const textPane = () => screen.getByRole('region', { name: 'Extracted text' });
const chip = (name: RegExp | string) => within(textPane()).getByRole('button', { name });
const box = (index: number, page = 1) =>
  within(screen.getByTestId('pdf-page-' + page))
    .getAllByTestId('figure-box')
    .find((element) => element.dataset['figureIndex'] === String(index)) as HTMLElement;

function renderPdf(unit = 1) {
  const view = renderViewer([libraryEntry()], [pdfRepresentation], 'sv-1', unit);
  // The stand-in document reports its pages after mounting.
  for (const page of screen.getAllByTestId('pdf-page'))
    page.dataset['testid'] = `pdf-page-${page.dataset['pageNumber']}`;
  return view;
}

/** The buttons of `container` are exactly these, in this order, by accessible name. */
function expectButtonsNamed(container: HTMLElement, names: string[]) {
  const byName = names.map((name) => within(container).getByRole('button', { name }));
  expect(within(container).getAllByRole('button')).toEqual(byName);
}

async function seriousViolations(element: Element) {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('a read PDF', () => {
  it('shows each figure as a chip at its span, named by its text and page, with the text around it intact', () => {
    renderPdf();
    const text = screen.getByTestId('unit-markdown');
    expect(
      within(text)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Figure 1,120 (page 1)',
      'Figure 2024 (page 1)',
      'Figure 980 (page 1)',
      'Figure 1,5 (page 1), ambiguous',
    ]);
    expect(readableText(text)).toBe(PAGE_1_TEXT);
    expect(chip('Figure 1,120 (page 1)').textContent).toBe('1,120');
  });

  it('draws every boxed figure over its page, and keeps it on its number through zoom', async () => {
    renderPdf();
    expect(screen.getAllByTestId('fake-page').map((p) => p.getAttribute('width'))).toEqual([
      '600',
      '600',
      '600',
    ]);
    const at = () => [box(0).style.left, box(0).style.top, box(0).style.width];
    // Fit width: 600 px for a 600-point page.
    expect(at()).toEqual(['100px', '200px', '40px']);
    // The figure kept by its span only has no box.
    expect(within(screen.getByTestId('pdf-page-1')).getAllByTestId('figure-box')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('zoom-level').textContent).toBe('110%');
    expect(at()).toEqual(['110px', '220px', '44px']);

    fireEvent.keyDown(document.body, { key: '=', ctrlKey: true });
    expect(at()).toEqual(['125px', '250px', '50px']);
    expect(screen.getAllByTestId('fake-page')[0]?.getAttribute('width')).toBe('750');

    fireEvent.keyDown(document.body, { key: '-', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '-', ctrlKey: true });
    expect(screen.getByTestId('zoom-level').textContent).toBe('100%');
    expect(at()).toEqual(['100px', '200px', '40px']);

    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(at()).toEqual(['90px', '180px', '36px']);
    await userEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(at()).toEqual(['100px', '200px', '40px']);
  });

  it('draws a page’s figure boxes once the page is drawn, never over a blank page', () => {
    drawing.held = true;
    renderPdf();
    const release = () =>
      act(() => {
        for (const drawn of [...drawing.release]) drawn();
      });
    expect(screen.queryAllByTestId('figure-box')).toHaveLength(0);
    release();
    expect(within(screen.getByTestId('pdf-page-1')).getAllByTestId('figure-box')).toHaveLength(3);
    // Zoomed, the page is drawn again at its new width: the boxes wait for it, unseen, and a focused
    // one keeps the focus.
    act(() => box(1).focus());
    fireEvent.keyDown(document.activeElement as Element, { key: '=', ctrlKey: true });
    const overlay = () => within(screen.getByTestId('pdf-page-1')).getByTestId('page-overlay');
    expect(overlay().dataset['redrawing']).toBe('true');
    expect(overlay().className).toContain('opacity-0');
    expect(document.activeElement).toBe(box(1));
    release();
    expect(overlay().dataset['redrawing']).toBeUndefined();
    expect(overlay().className).not.toContain('opacity-0');
  });

  it('lights the box when its chip is hovered or focused, and the chip when its box is hovered', async () => {
    renderPdf();
    const figure = chip('Figure 1,120 (page 1)');
    fireEvent.mouseEnter(figure);
    expect(box(0).dataset['lit']).toBe('true');
    expect(box(1).dataset['lit']).toBeUndefined();
    fireEvent.mouseLeave(figure);
    expect(box(0).dataset['lit']).toBeUndefined();

    act(() => figure.focus());
    expect(box(0).dataset['lit']).toBe('true');
    act(() => figure.blur());
    expect(box(0).dataset['lit']).toBeUndefined();

    fireEvent.mouseEnter(box(1));
    expect(chip('Figure 2024 (page 1)').dataset['lit']).toBe('true');
    fireEvent.mouseLeave(box(1));
    expect(chip('Figure 2024 (page 1)').dataset['lit']).toBeUndefined();
  });

  it('picks a clicked figure as Figure 1, the next as Figure 2, and marks both in the text and on the page', async () => {
    renderPdf();
    await userEvent.click(chip('Figure 1,120 (page 1)'));
    await userEvent.click(box(1));
    const { A, B } = useWorkbenchUi.getState().operands;
    expect(A?.ref).toEqual({
      source_version_id: 'sv-1',
      representation_id: 'rep-1',
      source_unit_id: 'unit-p1',
      figure_index: 0,
    });
    expect(A).toMatchObject({
      sourceTitle: 'Annual report 2024',
      unitKind: 'page',
      unitIndex: 1,
      sheetName: null,
    });
    expect(A?.extractionMethod).toBe('text_layer');
    expect(B?.ref.figure_index).toBe(1);
    expect(chip('Figure 1,120 (page 1), picked as figure 1')).toBeTruthy();
    expect(chip('Figure 2024 (page 1), picked as figure 2').dataset['mark']).toBe('2');
    expect([box(0).textContent, box(1).textContent]).toEqual(['1', '2']);
    expect(screen.getByTestId('viewer-announcement').textContent).toBe('2024 is figure 2.');

    // Clicking a picked figure again does not put it in both slots.
    await userEvent.click(chip('Figure 1,120 (page 1), picked as figure 1'));
    expect(useWorkbenchUi.getState().operands.B?.ref.figure_index).toBe(1);
  });

  it('picks with Enter, and makes a focused figure Figure 1 or Figure 2 with Shift+1 or Shift+2', async () => {
    renderPdf();
    act(() => chip('Figure 980 (page 1)').focus());
    await userEvent.keyboard('{Enter}');
    expect(useWorkbenchUi.getState().operands.A?.ref.figure_index).toBe(2);

    act(() => chip('Figure 1,120 (page 1)').focus());
    await userEvent.keyboard('{Shift>}2{/Shift}');
    expect(useWorkbenchUi.getState().operands.B?.ref.figure_index).toBe(0);
    await userEvent.keyboard('{Shift>}1{/Shift}');
    // Moved, not copied: A holds it and B is empty again.
    expect(useWorkbenchUi.getState().operands.A?.ref.figure_index).toBe(0);
    expect(useWorkbenchUi.getState().operands.B).toBeNull();
  });

  it('marks an ambiguous figure and never picks it, from the text or the page', async () => {
    renderPdf();
    const ambiguous = chip('Figure 1,5 (page 1), ambiguous');
    expect(ambiguous.getAttribute('aria-disabled')).toBe('true');
    expect(ambiguous.title).toMatch(/service refuses ambiguous numbers/);
    await userEvent.click(ambiguous);
    act(() => ambiguous.focus());
    await userEvent.keyboard('{Shift>}1{/Shift}');
    await userEvent.click(box(3));
    expect(useWorkbenchUi.getState().operands).toEqual({ A: null, B: null });
    expect(box(3).dataset['ambiguous']).toBe('true');
    expect(screen.getByTestId('viewer-announcement').textContent).toMatch(/cannot be picked/);
  });

  it('lists every page in the strip with how it was read, lost pages with their code', async () => {
    renderPdf();
    const strip = screen.getByRole('navigation', { name: 'Pages' });
    const items = within(strip).getAllByRole('button');
    expectButtonsNamed(strip, [
      'Page 1, Text layer',
      'Page 2, not read: scanned pages, OCR is off (ocr_unavailable)',
      'Page 3, OCR',
    ]);
    expect(items[1]?.textContent).toContain('ocr_unavailable');
    expect(items[0]?.getAttribute('aria-current')).toBe('page');

    await userEvent.click(items[2] as HTMLElement);
    expect(readableText(screen.getByTestId('unit-markdown'))).toBe(PAGE_3_TEXT);
    expect(chip('Figure 4,200 (page 3)')).toBeTruthy();

    await userEvent.click(items[1] as HTMLElement);
    const notice = screen.getByTestId('viewer-notice');
    expect(notice.textContent).toMatch(/Page 2 was not read/);
    expect(notice.textContent).toContain('ocr_unavailable');
    expect(notice.textContent).toContain('Turn OCR on in settings');
  });

  it('moves between pages with the arrows and PageUp / PageDown, and along the strip', async () => {
    renderPdf();
    const current = () => useWorkbenchUi.getState().openUnitIndex;
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(current()).toBe(2);
    fireEvent.keyDown(document.body, { key: 'PageDown' });
    expect(current()).toBe(3);
    fireEvent.keyDown(document.body, { key: 'PageDown' });
    expect(current()).toBe(3);
    fireEvent.keyDown(document.body, { key: 'PageUp' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(current()).toBe(1);

    const strip = screen.getByRole('navigation', { name: 'Pages' });
    const first = within(strip).getByRole('button', { current: 'page' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.tabIndex),
    ).toEqual([0, -1, -1]);
    act(() => first.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(current()).toBe(2);
    expect(document.activeElement?.textContent).toMatch(/^Page 2/);
    await userEvent.keyboard('{End}');
    expect(current()).toBe(3);

    // Keys typed in a field are not page moves.
    const field = document.createElement('input');
    screen.getByTestId('open-document').append(field);
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    expect(current()).toBe(3);
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = renderPdf();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('a document being read', () => {
  it('shows the original pages at once, with a note that it is being read', () => {
    renderViewer([libraryEntry({ reading: null })], []);
    expect(screen.getByTestId('reading-note').textContent).toBe('Reading…');
    expect(screen.getAllByTestId('fake-page')).toHaveLength(3);
    expect(screen.queryAllByTestId('figure-box')).toHaveLength(0);
    expect(screen.getByTestId('text-pane').textContent).toMatch(/appears here when reading ends/);
    const strip = screen.getByRole('navigation', { name: 'Pages' });
    expectButtonsNamed(strip, ['Page 1, Reading…', 'Page 2, Reading…', 'Page 3, Reading…']);
  });

  it('shows each page as soon as it is read, its figures marked but not yet pickable', () => {
    renderViewer([libraryEntry({ reading: null })], []);
    const first = pdfRepresentation.units[0]!;
    const { source_unit_id: _id, ...read } = first;
    const emit = (event: ProgressEvent) =>
      act(() => {
        for (const listener of [...progress.listeners]) listener(event);
      });
    // Another document's pages are not this one's.
    emit({ taskId: 'sv-other', stage: 'extract:page', done: 1, total: 3, unit: read });
    expect(screen.getByTestId('text-pane').textContent).toMatch(/appears here when reading ends/);
    emit({ taskId: 'sv-1', stage: 'extract:page', done: 1, total: 3, unit: read });
    expect(screen.getByTestId('reading-note').textContent).toBe('Reading… 1 of 3 pages');
    const pane = screen.getByTestId('text-pane');
    expect(within(pane).getByTestId('unit-markdown').textContent).toBe(first.markdown);
    expect(within(pane).getByRole('note').textContent).toMatch(
      /Read so far: its figures can be picked when the whole document is read/,
    );
    // Every figure is marked where it sits, and none is a button that would pick it.
    expect(
      within(pane)
        .getAllByTestId('early-figure')
        .map((m) => m.textContent),
    ).toEqual(first.figures.map((f) => f.raw));
    expect(within(pane).queryAllByTestId('figure-chip')).toHaveLength(0);
    // On the original: where each figure is, dotted, for the eye only (nothing to click yet).
    const boxes = screen.getAllByTestId('early-figure-box');
    expect(boxes).toHaveLength(first.figures.filter((f) => f.position.kind === 'box').length);
    for (const box of boxes) expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryAllByTestId('figure-box')).toHaveLength(0);
    const strip = screen.getByRole('navigation', { name: 'Pages' });
    expectButtonsNamed(strip, ['Page 1, Text layer', 'Page 2, Reading…', 'Page 3, Reading…']);
    // A page not read yet says so.
    fireEvent.click(within(strip).getByRole('button', { name: 'Page 2, Reading…' }));
    expect(screen.getByTestId('text-pane').textContent).toMatch(/appears here when reading ends/);
  });

  it('a document opened halfway through its reading shows the pages read before it was opened', () => {
    renderViewer([libraryEntry({ reading: null })], [], null);
    const first = pdfRepresentation.units[0]!;
    const { source_unit_id: _id, ...read } = first;
    act(() => {
      for (const listener of [...progress.listeners])
        listener({ taskId: 'sv-1', stage: 'extract:page', done: 1, total: 3, unit: read });
    });
    act(() => useWorkbenchUi.getState().openDocument('sv-1', 1));
    expect(screen.getByTestId('reading-note').textContent).toBe('Reading… 1 of 3 pages');
    expect(within(screen.getByTestId('text-pane')).getByTestId('unit-markdown').textContent).toBe(
      first.markdown,
    );
  });
});

describe('documents the viewer cannot show as read', () => {
  it('says a failed read’s code and what to do', () => {
    renderViewer(
      [
        libraryEntry({
          reading: {
            representationId: 'rep-9',
            state: 'error',
            code: 'source_corrupt',
            reason: 'The file ends early.',
            extractionMethod: 'none',
            unitCount: 0,
            lost: [],
          },
        }),
      ],
      [],
    );
    const text = screen.getByTestId('text-pane');
    expect(text.textContent).toMatch(/could not be read/);
    expect(text.textContent).toContain('source_corrupt');
    expect(text.textContent).toContain('Re-export the file from its program');
    expect(text.textContent).toContain('The file ends early.');
  });

  it('shows a Word file’s text alone and says calmly why', () => {
    renderViewer(
      [
        libraryEntry({
          filename: 'memo.docx',
          mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
      ],
      [pdfRepresentation],
    );
    expect(screen.queryByTestId('original-pane')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Zoom' })).toBeNull();
    expect(screen.getByTestId('preview-note').textContent).toMatch(/Word file itself isn't previewed/);
    expect(chip('Figure 1,120 (page 1)')).toBeTruthy();
  });

  it('says a TIFF scan cannot be previewed and shows what OCR read', () => {
    renderViewer([libraryEntry({ filename: 'scan.tif', mediaType: 'image/tiff' })], [pdfRepresentation]);
    expect(screen.getByTestId('preview-note').textContent).toMatch(/TIFF images can't be previewed/);
    expect(screen.getByTestId('unit-markdown')).toBeTruthy();
  });

  it('says so when no document is open, or the open one left the library', () => {
    renderViewer([libraryEntry()], [], null);
    expect(screen.getByTestId('viewer').textContent).toMatch(/Open a document from the library/);
    cleanup();
    renderViewer([libraryEntry()], [], 'sv-gone');
    expect(screen.getByTestId('viewer').textContent).toMatch(/no longer in the library/);
  });
});

describe('a workbook', () => {
  const renderSheet = () => renderViewer([sheetEntry()], [sheetRepresentation]);

  it('draws the sheet as a grid with column letters, row numbers and its merged header', () => {
    renderSheet();
    const grid = screen.getByRole('table', { name: 'Sheet Revenue' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Row', 'A', 'B', 'C']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['1', '2', '3']);
    const title = within(grid).getByText('Revenue by region');
    expect(title.closest('td')?.colSpan).toBe(3);
    expect(grid.querySelector('[data-ref="B1"]')).toBeNull();
    expect(grid.querySelector('[data-ref="B3"]')?.textContent).toBe('1,200');
    expect(screen.queryByRole('group', { name: 'Zoom' })).toBeNull();
  });

  it('has a tab per sheet, named by the sheet, with its method', async () => {
    renderSheet();
    const strip = screen.getByRole('navigation', { name: 'Sheets' });
    const tabs = within(strip).getAllByRole('button');
    expectButtonsNamed(strip, ['Revenue, Spreadsheet cells', 'Notes, Spreadsheet cells']);
    await userEvent.click(tabs[1] as HTMLElement);
    expect(screen.getByRole('table', { name: 'Sheet Notes' })).toBeTruthy();
  });

  it('lights a figure’s cell from its chip and picks it from the cell, with its sheet', async () => {
    renderSheet();
    const cell = () => screen.getByRole('table').querySelector('[data-ref="C3"]') as HTMLElement;
    fireEvent.mouseEnter(chip('Figure 1,350 (sheet Revenue, cell C3)'));
    expect(cell().dataset['lit']).toBe('true');
    fireEvent.mouseEnter(screen.getByRole('table').querySelector('[data-ref="B3"]') as HTMLElement);
    expect(chip('Figure 1,200 (sheet Revenue, cell B3)').dataset['lit']).toBe('true');

    await userEvent.click(cell());
    expect(useWorkbenchUi.getState().operands.A).toMatchObject({
      ref: {
        source_version_id: 'sv-2',
        representation_id: 'rep-2',
        source_unit_id: 'unit-s1',
        figure_index: 1,
      },
      sourceTitle: 'regions.xlsx',
      unitKind: 'sheet',
      unitIndex: 1,
      sheetName: 'Revenue',
      extractionMethod: 'spreadsheet_cells',
      labels: { row: 'North', column: 'Q2', period: null },
    });
    expect(cell().dataset['picked']).toBe('A');
    expect(cell().textContent).toBe('1,3501');
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = renderSheet();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('an image', () => {
  const imageUnit = {
    ...pdfRepresentation.units[0]!,
    extraction_method: 'ocr' as const,
    page: { width: 1200, height: 1600 },
  };
  const imageRepresentation = {
    ...pdfRepresentation,
    state: 'complete' as const,
    code: null,
    reason: null,
    complete: undefined,
    lost: undefined,
    units: [imageUnit],
  };
  const imageEntry = () => libraryEntry({ filename: 'chart.png', mediaType: 'image/png' });

  it('fetches the original with the bridge headers and draws it with its figure boxes', async () => {
    const fetched: [string, RequestInit | undefined][] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      fetched.push([url, init]);
      return new Response(new Blob(['png']), { status: 200 });
    });
    URL.createObjectURL = () => 'blob:original';
    URL.revokeObjectURL = () => {};
    try {
      renderViewer([imageEntry()], [imageRepresentation]);
      const image = await screen.findByRole('img', { name: 'The original image of Annual report 2024' });
      expect(image.getAttribute('src')).toBe('blob:original');
      expect(fetched[0]?.[0]).toBe('/bridge/content/sv-1');
      expect(fetched[0]?.[1]?.headers).toEqual({ 'x-token': 't' });
      // No box before the picture is shown: it would point at nothing.
      expect(screen.queryAllByTestId('figure-box')).toHaveLength(0);
      fireEvent.load(image);
      // Fit width draws the 1200-pixel image 600 wide: half scale.
      const first = screen.getAllByTestId('figure-box')[0] as HTMLElement;
      expect([first.style.left, first.style.top]).toEqual(['50px', '100px']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when the original cannot be fetched, and still shows the text', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    try {
      renderViewer([imageEntry()], [imageRepresentation]);
      expect((await screen.findByRole('alert')).textContent).toMatch(
        /can't be shown: the workbench answered 404/,
      );
      expect(chip('Figure 1,120 (page 1)')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
