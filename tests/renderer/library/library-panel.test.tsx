// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BridgeModule from '../../../renderer/src/bridge';
import { BridgeCallError } from '../../../renderer/src/bridge';
import { useImportQueue } from '../../../renderer/src/library/import-queue';
import { LibraryPanel } from '../../../renderer/src/library/LibraryPanel';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { entry, fakeEvents, renderWithQueries, representation } from './harness';

// The library as a fact-checker reads it: what each document is and how it was read, opening one,
// reading one never read, removing one (asking first, and naming the cases that cite it).

const fake = vi.hoisted(() => ({
  callBridge: vi.fn(),
  events: null as null | ReturnType<typeof fakeEvents>,
}));

vi.mock('../../../renderer/src/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof BridgeModule>();
  return {
    ...actual,
    bridge: () => fake.events?.client,
    uploadFile: vi.fn(),
    callBridge: fake.callBridge,
  };
});

const COMPLETE = entry();
const PARTIAL = entry({
  sourceVersionId: 'sv_jobs',
  title: null,
  filename: 'jobs-q3.xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  byteLength: 48_200,
  addedAt: '2025-03-05T09:00:00.000Z',
  reading: {
    representationId: 'rep_jobs',
    state: 'partial',
    code: 'partial_extraction',
    reason: 'one sheet could not be read',
    extractionMethod: 'spreadsheet_cells',
    unitCount: 1,
    lost: [
      {
        kind: 'sheet',
        index: 2,
        sheet: 'Regions',
        state: 'unreadable',
        reason: 'zip entry truncated',
        code: 'source_corrupt',
      },
    ],
  },
});
const LOCKED = entry({
  sourceVersionId: 'sv_locked',
  title: null,
  filename: 'locked.pdf',
  addedAt: '2025-03-04T09:00:00.000Z',
  reading: {
    representationId: 'rep_locked',
    state: 'error',
    code: 'source_encrypted',
    reason: 'PDF is password-protected',
    extractionMethod: 'none',
    unitCount: 0,
    lost: [],
  },
});
const UNREAD = entry({
  sourceVersionId: 'sv_page',
  title: null,
  filename: 'statement.html',
  mediaType: 'text/html',
  addedAt: '2025-03-01T09:00:00.000Z',
  reading: null,
});

function listAnswering(entries: unknown[]) {
  fake.callBridge.mockImplementation((channel: string) => {
    if (channel === 'library.list') return Promise.resolve(entries);
    throw new Error(`unexpected channel ${channel}`);
  });
}

function row(filename: string): HTMLElement {
  const found = screen.getAllByTestId('library-item').find((li) => li.textContent?.includes(filename));
  if (found === undefined) throw new Error(`no library item for ${filename}`);
  return found;
}

beforeEach(() => {
  fake.events = fakeEvents();
  fake.callBridge.mockReset();
  useImportQueue.setState({ tasks: [], announcements: [] });
  useWorkbenchUi.setState({ openSourceVersionId: null });
});

afterEach(cleanup);

describe('the library list', () => {
  it('lists documents newest first, each with its kind, size, date and the badge of its reading', async () => {
    listAnswering([UNREAD, COMPLETE, LOCKED, PARTIAL]);
    renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-list');
    expect(screen.getByTestId('library-count').textContent).toBe('4 documents');
    const order = screen.getAllByTestId('library-item').map((li) => li.dataset['sourceVersionId']);
    expect(order).toEqual(['sv_jobs', 'sv_locked', 'sv_budget', 'sv_page']);

    const budget = row('budget-2024.pdf');
    expect(within(budget).getByRole('button', { name: /^Budget 2024/ })).toBeDefined();
    expect(budget.textContent).toContain('PDF');
    expect(budget.textContent).toContain('1.2 MB');
    expect(budget.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-03T14:02:00.000Z');
    expect(within(budget).getByTestId('status-badge').dataset['tone']).toBe('success');
    expect(budget.textContent).toContain('12 pages');

    const jobs = row('jobs-q3.xlsx');
    expect(jobs.textContent).toContain('Spreadsheet');
    expect(within(jobs).getByTestId('status-badge').dataset['tone']).toBe('warning');
    const lost = within(jobs).getByTestId('lost-parts');
    expect(lost.textContent).toContain('Sheet 2 “Regions”');
    expect(lost.textContent).toContain('source_corrupt');

    const locked = row('locked.pdf');
    expect(within(locked).getByTestId('status-badge').dataset['tone']).toBe('danger');
    expect(within(locked).getByTestId('status-label').textContent).toMatch(/password/);
    expect(locked.textContent).toContain('Send an unlocked copy');
    // A failed read never shows as a document with pages.
    expect(locked.textContent).not.toMatch(/0 pages/);

    const page = row('statement.html');
    expect(page.textContent).toContain('Web page');
    expect(within(page).getByTestId('status-label').textContent).toBe('Never read');
    expect(within(page).getByRole('button', { name: 'Read statement.html' })).toBeDefined();
  });

  it('opens the selected document in the viewer, from the keyboard too', async () => {
    listAnswering([COMPLETE, PARTIAL]);
    renderWithQueries(<LibraryPanel />);
    const open = await screen.findByRole('button', { name: /^Budget 2024/ });
    await userEvent.click(open);
    expect(useWorkbenchUi.getState().openSourceVersionId).toBe('sv_budget');
    expect(open.getAttribute('aria-current')).toBe('true');

    // Up from the budget reaches the newer workbook; Enter opens it.
    open.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('jobs-q3.xlsx');
    await userEvent.keyboard('{Enter}');
    expect(useWorkbenchUi.getState().openSourceVersionId).toBe('sv_jobs');
  });

  it('reads a document that was never read, showing its progress, then its badge', async () => {
    let entries = [UNREAD];
    let finish: (value: unknown) => void = () => {};
    fake.callBridge.mockImplementation((channel: string) => {
      if (channel === 'library.list') return Promise.resolve(entries);
      if (channel === 'documents.publish') return new Promise((resolve) => (finish = resolve));
      throw new Error(`unexpected channel ${channel}`);
    });
    renderWithQueries(<LibraryPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Read statement.html' }));
    expect(fake.callBridge).toHaveBeenCalledWith('documents.publish', { sourceVersionId: 'sv_page' });
    expect(within(row('statement.html')).getByTestId('library-item-reading')).toBeDefined();
    fake.events?.emit({ taskId: 'sv_page', stage: 'extract:page', done: 1, total: 3 });
    expect(screen.getByText('Reading page 1 of 3')).toBeDefined();

    entries = [{ ...UNREAD, reading: { ...COMPLETE.reading!, representationId: 'rep_page', unitCount: 3 } }];
    await act(async () => finish(representation('sv_page', 3)));
    await waitFor(() =>
      expect(within(row('statement.html')).getByTestId('status-badge').dataset['tone']).toBe('success'),
    );
  });

  it('says what can go in when the library is empty', async () => {
    listAnswering([]);
    renderWithQueries(<LibraryPanel />);
    const empty = await screen.findByTestId('library-empty');
    expect(empty.textContent).toContain('No documents yet');
    expect(empty.textContent).toMatch(/PDF.*spreadsheets.*Word.*web pages/);
    expect(empty.textContent).toContain('50 MB');
    expect(screen.getByTestId('library-count').textContent).toBe('0 documents');
  });

  it('says when the library is loading, and when it could not be loaded, with a way to try again', async () => {
    let fail = true;
    let answer: (value: unknown) => void = () => {};
    fake.callBridge.mockImplementation(() =>
      fail
        ? Promise.reject(
            new BridgeCallError({
              code: 'bridge_unavailable',
              message: 'The workbench bridge did not answer.',
            }),
          )
        : new Promise((resolve) => (answer = resolve)),
    );
    renderWithQueries(<LibraryPanel />);
    expect(screen.getByTestId('library-loading').textContent).toContain('Loading the library');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The library could not be loaded.');
    expect(alert.textContent).toContain('The workbench bridge did not answer.');
    expect(screen.queryByTestId('library-empty')).toBeNull();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await act(async () => answer([COMPLETE]));
    await waitFor(() => expect(screen.getByTestId('library-count').textContent).toBe('1 document'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('removing a document', () => {
  it('names the cases that cite it in the first question, and removes it only when told', async () => {
    let entries: unknown[] = [COMPLETE];
    const removeCalls: unknown[] = [];
    fake.callBridge.mockImplementation((channel: string, input: { force?: boolean }) => {
      if (channel === 'library.list') return Promise.resolve(entries);
      if (channel === 'library.citedBy')
        return Promise.resolve({ cases: ['Budget claim, 3 March', 'Unemployment', 'Debt'] });
      if (channel === 'library.remove') {
        removeCalls.push(input);
        entries = [];
        return Promise.resolve({ removed: true, citedBy: ['Budget claim, 3 March', 'Unemployment', 'Debt'] });
      }
      throw new Error(`unexpected channel ${channel}`);
    });
    renderWithQueries(<LibraryPanel />);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Budget 2024' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cases cite “Budget 2024”' });
    const cases = within(dialog).getByRole('list', { name: 'Cases that cite it' });
    expect(
      within(cases)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Budget claim, 3 March', 'Unemployment', 'Debt']);
    expect(dialog.textContent).toContain('These 3 cases cite it');
    expect(dialog.textContent).toContain('cannot be undone');
    // The safe answer has focus.
    expect(document.activeElement?.textContent).toBe('Keep it');
    expect(removeCalls).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(removeCalls).toEqual([{ sourceVersionId: 'sv_budget', force: true }]);
  });

  it('asks, names the cases when one cites it after the question, and removes it anyway only when told', async () => {
    let entries: unknown[] = [COMPLETE];
    const removeCalls: unknown[] = [];
    fake.callBridge.mockImplementation((channel: string, input: { force?: boolean }) => {
      if (channel === 'library.list') return Promise.resolve(entries);
      // No case cited it when the dialog asked.
      if (channel === 'library.citedBy') return Promise.resolve({ cases: [] });
      if (channel === 'library.remove') {
        removeCalls.push(input);
        if (input.force !== true)
          return Promise.reject(
            new BridgeCallError({
              code: 'cited_by_cases',
              message: 'Cited by 2 cases: “Budget claim, 3 March” and “Unemployment”.',
            }),
          );
        entries = [];
        return Promise.resolve({ removed: true, citedBy: ['Budget claim, 3 March', 'Unemployment'] });
      }
      throw new Error(`unexpected channel ${channel}`);
    });
    useWorkbenchUi.setState({ openSourceVersionId: 'sv_budget' });
    renderWithQueries(<LibraryPanel />);

    const removeButton = await screen.findByRole('button', { name: 'Remove Budget 2024' });
    await userEvent.click(removeButton);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Budget 2024” from the library?' });
    // The safe answer has focus; Escape would cancel.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(removeCalls).toEqual([]);

    const removeOne = within(dialog).getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    // Nothing is removed before the cases that cite it are known.
    await waitFor(() => expect(removeOne.disabled).toBe(false));
    await userEvent.click(removeOne);
    const cited = await screen.findByRole('alertdialog', { name: 'Cases cite “Budget 2024”' });
    expect(within(cited).getByTestId('cited-by').textContent).toContain('Budget claim, 3 March');
    expect(within(cited).getByTestId('cited-by').textContent).toContain('Unemployment');
    expect(removeCalls).toEqual([{ sourceVersionId: 'sv_budget', force: false }]);

    await userEvent.click(within(cited).getByRole('button', { name: 'Remove anyway' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(removeCalls).toEqual([
      { sourceVersionId: 'sv_budget', force: false },
      { sourceVersionId: 'sv_budget', force: true },
    ]);
    await screen.findByTestId('library-empty');
    // Focus does not fall off the page with the removed row.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add files' }));
    // The viewer no longer shows a document that is gone.
    expect(useWorkbenchUi.getState().openSourceVersionId).toBeNull();
    expect(useImportQueue.getState().announcements.at(-1)?.text).toContain('Removed Budget 2024');
  });

  it('keeps the document when the person cancels with Escape', async () => {
    listAnswering([COMPLETE]);
    renderWithQueries(<LibraryPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Budget 2024' }));
    expect(screen.getByRole('alertdialog')).toBeDefined();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callBridge).not.toHaveBeenCalledWith('library.remove', expect.anything());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Budget 2024' }));
  });
});

describe('accessibility', () => {
  it('has no axe violations with documents listed and with the remove dialog open', async () => {
    listAnswering([COMPLETE, PARTIAL, LOCKED, UNREAD]);
    const { container } = renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-list');
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    const listed = await axe.run(container, { rules });
    expect(listed.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Budget 2024' }));
    const withDialog = await axe.run(document.body, { rules });
    expect(withDialog.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
