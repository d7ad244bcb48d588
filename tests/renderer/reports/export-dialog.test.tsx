// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseSummary, ReportExportInput } from '../../../shared/bridge';
import { ReportOverlays } from '../../../renderer/src/reports/ReportOverlays';
import { runCommand } from '../../../renderer/src/shell/commands';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import {
  BridgeRefusal,
  bridgeStub,
  CASE_ID,
  OTHER_CASE_ID,
  renderWithQueries,
  useComponentTestSetup,
} from '../check/fixtures';

// The export dialog: the format with what it is for, the title, signing for a JSON bundle; the export's
// progress in words from its own progress events; Cancel; the file saved (or the print page opened), and
// failures in words.

useComponentTestSetup();

type Listener = (payload: unknown) => void;
let listeners: Map<string, Set<Listener>>;
let clicked: { href: string; download: string }[];
let opened: unknown[][];

function emit(event: string, payload: unknown) {
  act(() => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  });
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  listeners = new Map();
  window.workbench!.on = (event, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  clicked = [];
  opened = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    opened.push(args);
    return null;
  });
  bridgeStub.handlers['cases.list'] = (): CaseSummary[] => [
    {
      id: CASE_ID,
      title: 'Revenue rose 12% in 2024',
      updatedAt: '2026-11-20T10:05:00.000Z',
      outcome: 'supported',
      checks: { total: 1, kept: 0, settledByService: 1, byVerdict: 0, unresolved: 0 },
    },
    {
      id: OTHER_CASE_ID,
      title: 'Profit doubled',
      updatedAt: '2026-11-19T10:05:00.000Z',
      outcome: 'escalate',
      checks: { total: 1, kept: 0, settledByService: 0, byVerdict: 0, unresolved: 1 },
    },
  ];
});
afterEach(() => vi.restoreAllMocks());

function openDialog(caseIds: string[]) {
  act(() => useWorkbenchUi.getState().openExport(caseIds));
  const rendered = renderWithQueries(<ReportOverlays />);
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Export report' }) };
}

const exportInputs = () =>
  bridgeStub.calls.filter((c) => c.channel === 'reports.export').map((c) => c.input as ReportExportInput);

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the export dialog', () => {
  it('opens for the open case with Ctrl+Shift+E’s command, with every format described and the title prefilled', async () => {
    act(() => useWorkbenchUi.getState().setActiveCase(CASE_ID));
    renderWithQueries(<ReportOverlays />);
    act(() => runCommand('report.export', undefined as never));
    const dialog = screen.getByRole('dialog', { name: 'Export report' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([
      'html',
      'pdf',
      'markdown',
      'json',
      'csv-figures',
      'csv-citations',
    ]);
    expect((within(dialog).getByRole('radio', { name: /^HTML/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(dialog).getByRole('radio', { name: /^HTML/ }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(dialog.textContent).toContain('for reading and printing');
    expect(dialog.textContent).toContain('re-verify');
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Report title' }) as HTMLInputElement).value).toBe(
        'Revenue rose 12% in 2024',
      ),
    );
    // Signing is offered for a JSON bundle only.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^JSON bundle/ }));
    expect(
      within(dialog).getByRole('checkbox', { name: /Sign the bundle with this computer’s key/ }),
    ).toBeTruthy();
    expect(await violations(dialog)).toEqual([]);
  });

  it('sends the chosen format, title and signing, shows progress in words, and saves the file it gets', async () => {
    const user = userEvent.setup();
    const answer = deferred<unknown>();
    bridgeStub.handlers['reports.export'] = () => answer.promise;
    const { dialog } = openDialog([CASE_ID, OTHER_CASE_ID]);
    expect(dialog.textContent).toContain('A report of 2 cases');
    const title = within(dialog).getByRole('textbox', { name: 'Report title' });
    expect((title as HTMLInputElement).value).toBe('2 cases');
    await user.clear(title);
    await user.type(title, 'Budget claims, week 47');
    await user.click(within(dialog).getByRole('radio', { name: /^JSON bundle/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Sign the bundle/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(exportInputs()).toHaveLength(1));
    const [input] = exportInputs();
    expect(input).toMatchObject({
      caseIds: [CASE_ID, OTHER_CASE_ID],
      format: 'json',
      title: 'Budget claims, week 47',
      sign: true,
    });
    expect(input?.taskId).toMatch(/^report-[0-9a-f]{16}$/);
    const taskId = input!.taskId;

    const words = () => screen.getByTestId('export-progress-words').textContent;
    expect(words()).toBe('Exporting: Starting');
    emit('progress', { taskId, stage: 'report:build', done: 1, total: 2 });
    expect(words()).toBe('Exporting: Reading cases 1 of 2');
    // Another task's progress is not this export's.
    emit('progress', { taskId: 'upload-1', stage: 'report:crops', done: 3, total: 9 });
    expect(words()).toBe('Exporting: Reading cases 1 of 2');
    emit('progress', { taskId, stage: 'report:crops', done: 12, total: 40 });
    expect(words()).toBe('Exporting: Cropping figures 12 of 40');
    const bar = within(dialog).getByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Export progress: Cropping figures 12 of 40');
    expect(Number(bar.getAttribute('value'))).toBeGreaterThan(20);
    emit('progress', { taskId, stage: 'report:write', done: 0, total: 1 });
    expect(words()).toBe('Exporting: Writing the file');
    expect(await violations(dialog)).toEqual([]);

    await act(async () =>
      answer.resolve({
        kind: 'file',
        filename: 'budget-claims-week-47.json',
        mediaType: 'application/json',
        dataBase64: btoa('{"bundle":true}'),
      }),
    );
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:report', download: 'budget-claims-week-47.json' }]),
    );
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe('{"bundle":true}');
    // The fixtures' bridge is the Electron host's: its own save dialog asks where.
    expect(screen.getByTestId('export-result').textContent).toContain('budget-claims-week-47.json');
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Export again' })).toBeTruthy();
  });

  it('cancels a running export, and says nothing was saved', async () => {
    const user = userEvent.setup();
    const answer = deferred<unknown>();
    bridgeStub.handlers['reports.export'] = () => answer.promise;
    bridgeStub.handlers['reports.cancel'] = () => {
      answer.resolve(undefined);
      return { cancelled: true };
    };
    // The export fails `cancelled` once cancelled.
    bridgeStub.handlers['reports.export'] = async () => {
      await answer.promise;
      throw new BridgeRefusal('cancelled', 'The export was cancelled.');
    };
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel export' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    const taskId = exportInputs()[0]!.taskId;
    await user.click(cancel);
    expect(bridgeStub.calls.find((c) => c.channel === 'reports.cancel')?.input).toEqual({ taskId });
    expect((await screen.findByTestId('export-cancelled')).textContent).toBe(
      'Export cancelled; nothing was saved.',
    );
    expect(clicked).toEqual([]);
  });

  it('saves nothing when the file arrives after Cancel was pressed', async () => {
    const user = userEvent.setup();
    const answer = deferred<unknown>();
    bridgeStub.handlers['reports.export'] = () => answer.promise;
    bridgeStub.handlers['reports.cancel'] = () => ({ cancelled: false });
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel export' }));
    await act(async () =>
      answer.resolve({ kind: 'file', filename: 'r.html', mediaType: 'text/html', dataBase64: btoa('<p>') }),
    );
    expect((await screen.findByTestId('export-cancelled')).textContent).toContain('nothing was saved');
    expect(clicked).toEqual([]);
  });

  it('opens the web host’s print page in a new tab and says how to save the PDF', async () => {
    const user = userEvent.setup();
    const tab = { opener: window as unknown };
    vi.mocked(window.open).mockImplementation((...args: unknown[]) => {
      opened.push(args);
      return tab as Window;
    });
    bridgeStub.handlers['reports.export'] = () => ({
      kind: 'print',
      filename: 'revenue-rose-12.pdf',
      path: '/bridge/print/abcdefghijklmnop1234',
    });
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('radio', { name: /^PDF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(opened).toEqual([['/bridge/print/abcdefghijklmnop1234', '_blank']]));
    // The new tab cannot reach back into the workbench.
    expect(tab.opener).toBeNull();
    const result = screen.getByTestId('export-result');
    expect(result.textContent).toContain('The report opened in a new tab');
    expect(result.textContent).toContain('Save as PDF');
    expect(result.textContent).toContain('revenue-rose-12.pdf');
    // The print page opens once: the tab took it, so no dead link is offered.
    expect(within(result).queryByRole('link')).toBeNull();
    expect(exportInputs()[0]).toMatchObject({ format: 'pdf', sign: false });
  });

  it('says no tab opened when the browser blocked it, and offers the report to open', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.export'] = () => ({
      kind: 'print',
      filename: 'revenue-rose-12.pdf',
      path: '/bridge/print/abcdefghijklmnop1234',
    });
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('radio', { name: /^PDF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    const result = await screen.findByTestId('export-result');
    await waitFor(() => expect(result.textContent).toContain('did not open a new tab'));
    expect(result.textContent).not.toContain('opened in a new tab');
    expect(result.textContent).toContain('revenue-rose-12.pdf');
    expect(
      within(result).getByRole('link', { name: 'open the report to print it' }).getAttribute('href'),
    ).toBe('/bridge/print/abcdefghijklmnop1234');
  });

  it.each([
    [
      'report_incomplete',
      'Case 1 check 2: the figure’s document is no longer in the library.',
      /something it needs is missing: Case 1 check 2/,
    ],
    ['no_key', 'No report key is kept in the OS keychain.', /a key is missing: No report key/],
    ['not_built', 'Reports are being built.', /cannot export reports yet/],
  ])('says why the export failed (%s)', async (code, message, words) => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.export'] = () => {
      throw new BridgeRefusal(code, message);
    };
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(words);
    expect(clicked).toEqual([]);
  });

  it('says when no case is open, and offers no Export', () => {
    const { dialog } = openDialog([]);
    expect(within(dialog).getByTestId('export-no-case').textContent).toContain('No case is open');
    expect((within(dialog).getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes with Escape, and cancels an export still running', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.export'] = () => new Promise(() => {});
    bridgeStub.handlers['reports.cancel'] = () => ({ cancelled: true });
    const { dialog } = openDialog([CASE_ID]);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel export' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useWorkbenchUi.getState().overlay).toBeNull();
    await waitFor(() => expect(bridgeStub.calls.some((c) => c.channel === 'reports.cancel')).toBe(true));
  });
});
