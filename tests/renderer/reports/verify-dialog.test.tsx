// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../../shared/bridge/verify-result';
import { ReportOverlays, VerifyButton } from '../../../renderer/src/reports/ReportOverlays';
import { bundleFileProblem } from '../../../renderer/src/reports/VerifyDialog';
import { summarizeVerify } from '../../../renderer/src/reports/report-wording';
import { runCommand } from '../../../renderer/src/shell/commands';
import { useWorkbenchUi } from '../../../renderer/src/ui-store';
import { WindowDrop } from '../../../renderer/src/library/WindowDrop';
import { useImportQueue } from '../../../renderer/src/library/import-queue';
import { BridgeRefusal, bridgeStub, renderWithQueries, useComponentTestSetup } from '../check/fixtures';

// "Check a report bundle": a .json file picked or dropped, its text sent to reports.verify, and what came
// back in words and colour; only a bundle where every item is the same reads as success.

useComponentTestSetup();

const ALL_SAME: VerifyReport = {
  ok: true,
  items: [
    { subject: 'bundle: schema', status: 'same', detail: 'the bundle matches its schema' },
    { subject: 'case case_0123456789abcdef check 1: outcome', status: 'same', detail: 'supported' },
  ],
  signedBy: 'MCowBQYDK2VwAyEAq1w2e3r4t5y6u7i8o9p0',
};

const DIFFERENCES: VerifyReport = {
  ok: false,
  items: [
    { subject: 'bundle: schema', status: 'same', detail: 'the bundle matches its schema' },
    {
      subject: 'case case_0123456789abcdef check 1 operand 2: figure',
      status: 'differs',
      detail: 'the bundle says 1,120; the source says 1,210 (page 3)',
    },
    {
      subject: 'case case_0123456789abcdef check 2: source',
      status: 'unreadable',
      detail: 'sv_report2023 is not in the data folder',
    },
  ],
  signedBy: null,
};

function renderVerify() {
  const rendered = renderWithQueries(
    <>
      <VerifyButton />
      <ReportOverlays />
    </>,
  );
  return rendered;
}

function bundle(name = 'report.json', text = '{"format":"evidence-workbench-report"}') {
  return new File([text], name, { type: 'application/json' });
}

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('checking a report bundle', () => {
  it('sends the picked file’s text and says everything matches only when every item is the same', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.verify'] = () => ALL_SAME;
    renderVerify();
    await user.click(screen.getByRole('button', { name: 'Check a report bundle…' }));
    const dialog = screen.getByRole('dialog', { name: 'Check a report bundle' });
    expect(await violations(dialog)).toEqual([]);
    await user.upload(within(dialog).getByLabelText('Choose a bundle file…'), bundle());
    const summary = await within(dialog).findByTestId('verify-summary');
    expect(bridgeStub.calls.find((c) => c.channel === 'reports.verify')?.input).toEqual({
      bundleJson: '{"format":"evidence-workbench-report"}',
    });
    expect(summary.textContent).toContain('Everything in the bundle matches (2 items checked).');
    expect(summary.dataset['tone']).toBe('success');
    expect(within(dialog).getByTestId('verify-signature').textContent).toBe(
      'Signed with key MCowBQYDK2VwAyEAq1w2e3r4t5y6u7i8o9p0',
    );
    const items = within(dialog).getAllByTestId('verify-item');
    expect(items.map((i) => within(i).getByTestId('verify-status').textContent)).toEqual(['Same', 'Same']);
    expect(await violations(dialog)).toEqual([]);
  });

  it('counts the differences in warning colour, lists them first with their details, and never as success', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.verify'] = () => DIFFERENCES;
    renderVerify();
    act(() => runCommand('report.verify', undefined as never));
    const dialog = screen.getByRole('dialog', { name: 'Check a report bundle' });
    await user.upload(within(dialog).getByLabelText('Choose a bundle file…'), bundle());
    const summary = await within(dialog).findByTestId('verify-summary');
    expect(within(summary).getByRole('heading').textContent).toBe('2 differences found');
    expect(summary.dataset['tone']).toBe('warning');
    expect(summary.textContent).toContain('1 differs, 1 could not be read');
    expect(dialog.textContent).not.toContain('Everything in the bundle matches');
    const problems = within(within(dialog).getByTestId('verify-problems')).getAllByTestId('verify-item');
    expect(problems.map((p) => within(p).getByTestId('verify-status').textContent)).toEqual([
      'Differs',
      'Could not be read',
    ]);
    for (const p of problems)
      expect(within(p).getByTestId('verify-status').dataset['tone']).not.toBe('success');
    expect(problems[0]?.textContent).toContain('the bundle says 1,120; the source says 1,210 (page 3)');
    expect(within(dialog).getByTestId('verify-signature').textContent).toContain(
      'No signature was confirmed',
    );
    expect(await violations(dialog)).toEqual([]);
  });

  it('takes a dropped file (never into the library), and refuses a non-JSON name or one over 50 MB', async () => {
    bridgeStub.handlers['reports.verify'] = () => ALL_SAME;
    renderWithQueries(
      <>
        <WindowDrop />
        <ReportOverlays />
      </>,
    );
    act(() => useWorkbenchUi.getState().openOverlay('verify'));
    const zone = screen.getByTestId('verify-drop-zone');
    const tasksBefore = useImportQueue.getState().tasks.length;
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [bundle()] } });
    expect(screen.queryByTestId('drop-overlay')).toBeNull();
    expect(zone.textContent).toContain('Drop it to check it.');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [bundle('notes.txt')] } });
    expect(screen.getByTestId('verify-problem').textContent).toContain('“notes.txt” is not a report bundle');
    // Anywhere in the window while the dialog is open.
    fireEvent.drop(document.body, { dataTransfer: { types: ['Files'], files: [bundle()] } });
    await screen.findByTestId('verify-summary');
    expect(bridgeStub.calls.filter((c) => c.channel === 'reports.verify')).toHaveLength(1);
    expect(useImportQueue.getState().tasks.length).toBe(tasksBefore);
    expect(bundleFileProblem({ name: 'big.json', size: 50 * 1024 * 1024 + 1 })).toContain('over 50 MB');
    expect(bundleFileProblem({ name: 'ok.JSON', size: 10 })).toBeNull();
  });

  it('says the bundle was refused, and when it could not be checked at all', async () => {
    const user = userEvent.setup();
    bridgeStub.handlers['reports.verify'] = () => ({
      ok: false,
      items: [{ subject: 'bundle: schema', status: 'refused', detail: 'cases.0.checks: expected an array' }],
      signedBy: null,
    });
    renderVerify();
    act(() => useWorkbenchUi.getState().openOverlay('verify'));
    const dialog = screen.getByRole('dialog', { name: 'Check a report bundle' });
    await user.upload(within(dialog).getByLabelText('Choose a bundle file…'), bundle());
    const summary = await within(dialog).findByTestId('verify-summary');
    expect(summary.textContent).toContain('The bundle was refused');
    expect(summary.dataset['tone']).toBe('danger');

    bridgeStub.handlers['reports.verify'] = () => {
      throw new BridgeRefusal('not_built', 'Reports are being built.');
    };
    await user.upload(within(dialog).getByLabelText('Choose a bundle file…'), bundle());
    await waitFor(() =>
      expect(within(dialog).getByTestId('verify-problem').textContent).toContain(
        'cannot check report bundles yet',
      ),
    );
    expect(within(dialog).queryByTestId('verify-summary')).toBeNull();
  });

  it('never calls an empty or unconfirmed answer a match', () => {
    expect(summarizeVerify({ ok: true, items: [], signedBy: null }).allSame).toBe(false);
    expect(summarizeVerify({ ok: true, items: [], signedBy: null }).tone).toBe('warning');
    const notOk = summarizeVerify({ ok: false, items: ALL_SAME.items, signedBy: null });
    expect(notOk.allSame).toBe(false);
    expect(notOk.tone).not.toBe('success');
    const okButDiffers = summarizeVerify({ ...DIFFERENCES, ok: true });
    expect(okButDiffers.allSame).toBe(false);
    expect(okButDiffers.headline).toBe('2 differences found');
  });
});
