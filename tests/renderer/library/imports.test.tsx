// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadMeta } from '../../../shared/bridge';
import type * as BridgeModule from '../../../renderer/src/bridge';
import { BridgeCallError } from '../../../renderer/src/bridge';
import { useImportQueue } from '../../../renderer/src/library/import-queue';
import { ImportAnnouncer } from '../../../renderer/src/library/ImportAnnouncer';
import { LibraryPanel } from '../../../renderer/src/library/LibraryPanel';
import { WindowDrop } from '../../../renderer/src/library/WindowDrop';
import { deferred, entry, fakeEvents, renderWithQueries, representation } from './harness';

// Adding files: each file its own item with live progress (upload, then reading page by page), a
// failure of one never stopping the others, and files over the ceiling refused before a byte is sent.

const fake = vi.hoisted(() => ({
  uploadFile: vi.fn(),
  callBridge: vi.fn(),
  events: null as null | ReturnType<typeof fakeEvents>,
}));

vi.mock('../../../renderer/src/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof BridgeModule>();
  return {
    ...actual,
    bridge: () => fake.events?.client,
    uploadFile: fake.uploadFile,
    callBridge: fake.callBridge,
  };
});

function file(name: string, size = 2048, type = 'application/pdf'): File {
  return new File([new Uint8Array(size)], name, { type });
}

function item(name: string): HTMLElement {
  const found = screen.getAllByTestId('import-item').find((li) => within(li).queryByText(name) !== null);
  if (found === undefined) throw new Error(`no import item for ${name}`);
  return found;
}

function progressOf(name: string): string {
  return within(item(name)).getByTestId('import-progress').textContent ?? '';
}

beforeEach(() => {
  fake.events = fakeEvents();
  fake.uploadFile.mockReset();
  fake.callBridge.mockReset();
  useImportQueue.setState({ tasks: [], announcements: [] });
});

afterEach(cleanup);

describe('adding files to the library', () => {
  it('uploads two files at once; one fails with its message and a Retry, the other is stored and read', async () => {
    const uploads = new Map<string, ReturnType<typeof deferred<unknown>>>();
    const taskIds = new Map<string, string>();
    fake.uploadFile.mockImplementation((meta: UploadMeta) => {
      const answer = deferred<unknown>();
      uploads.set(meta.filename, answer);
      taskIds.set(meta.filename, meta.taskId ?? '');
      return answer.promise;
    });
    const publish = deferred<unknown>();
    fake.callBridge.mockImplementation((channel: string) => {
      if (channel === 'library.list') return Promise.resolve([]);
      if (channel === 'documents.publish') return publish.promise;
      throw new Error(`unexpected channel ${channel}`);
    });

    renderWithQueries(
      <>
        <LibraryPanel />
        <ImportAnnouncer />
      </>,
    );
    await screen.findByTestId('library-empty');
    await userEvent.upload(screen.getByTestId('add-files-input'), [file('budget.pdf'), file('broken.xlsx')]);

    await waitFor(() => expect(fake.uploadFile).toHaveBeenCalledTimes(2));
    expect(progressOf('budget.pdf')).toBe('Uploading');
    expect(progressOf('broken.xlsx')).toBe('Uploading');

    // The upload's own progress, under the task id the page chose.
    const budgetTask = taskIds.get('budget.pdf') ?? '';
    expect(budgetTask).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    fake.events?.emit({ taskId: budgetTask, stage: 'upload:received', done: 1, total: 2 });
    expect(progressOf('budget.pdf')).toMatch(/^Uploading/);
    fake.events?.emit({ taskId: budgetTask, stage: 'upload:stored', done: 2, total: 2 });
    expect(progressOf('budget.pdf')).toBe('Stored');
    // Another task's event does not move this one.
    expect(progressOf('broken.xlsx')).toBe('Uploading');

    // One upload fails: it says why and offers Retry; the other goes on.
    await act(async () => {
      uploads
        .get('broken.xlsx')
        ?.reject(
          new BridgeCallError({ code: 'invalid_input', message: 'The workbook could not be stored.' }),
        );
    });
    expect(progressOf('broken.xlsx')).toBe('Upload failed');
    expect(within(item('broken.xlsx')).getByTestId('import-error').textContent).toBe(
      'The workbook could not be stored.',
    );
    expect(within(item('broken.xlsx')).getByRole('button', { name: 'Retry broken.xlsx' })).toBeDefined();

    // The stored file is read right away, page by page.
    await act(async () => {
      uploads.get('budget.pdf')?.resolve({
        asset_id: 'as_1',
        filename: 'budget.pdf',
        media_type: 'application/pdf',
        byte_length: 2048,
        sha256: 'b'.repeat(64),
        source_version_id: 'sv_1',
      });
    });
    expect(fake.callBridge).toHaveBeenCalledWith('documents.publish', { sourceVersionId: 'sv_1' });
    expect(progressOf('budget.pdf')).toBe('Reading');
    fake.events?.emit({ taskId: 'sv_1', stage: 'extract:page', done: 2, total: 5 });
    expect(progressOf('budget.pdf')).toBe('Reading page 2 of 5');
    expect(within(item('budget.pdf')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    fake.events?.emit({ taskId: 'sv_1', stage: 'extract:page', done: 5, total: 5 });
    expect(progressOf('budget.pdf')).toBe('Reading page 5 of 5');

    await act(async () => publish.resolve(representation('sv_1', 5)));
    const badge = within(item('budget.pdf')).getByTestId('status-badge');
    expect(badge.dataset['tone']).toBe('success');
    expect(badge.textContent).toContain('Read completely');
    expect(screen.getByTestId('import-announcer').lastElementChild?.textContent).toBe(
      'budget.pdf: Read completely.',
    );
    // The failed one still waits for the person.
    expect(progressOf('broken.xlsx')).toBe('Upload failed');
  });

  it('shows the reading in the library as the import does, without waiting for the list', async () => {
    const stored = entry({ sourceVersionId: 'sv_1', title: null, filename: 'budget.pdf', reading: null });
    const publish = deferred<unknown>();
    let lists = 0;
    let read = false;
    fake.callBridge.mockImplementation((channel: string) => {
      if (channel === 'library.list') {
        lists += 1;
        // Empty, then stored and not yet read; the list fetched after the read never answers here.
        if (lists === 1) return Promise.resolve([]);
        return read ? new Promise(() => {}) : Promise.resolve([stored]);
      }
      if (channel === 'documents.publish') return publish.promise;
      throw new Error(`unexpected channel ${channel}`);
    });
    fake.uploadFile.mockResolvedValue({
      asset_id: 'as_1',
      filename: 'budget.pdf',
      media_type: 'application/pdf',
      byte_length: 2048,
      sha256: 'b'.repeat(64),
      source_version_id: 'sv_1',
    });
    renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-empty');
    await userEvent.upload(screen.getByTestId('add-files-input'), file('budget.pdf'));

    const listed = await screen.findByTestId('library-item');
    // While it is read, neither says how it was read.
    expect(within(listed).getByTestId('library-item-reading').textContent).toContain('Reading');
    expect(listed.textContent).not.toContain('Never read');
    expect(progressOf('budget.pdf')).toBe('Reading');

    await act(async () => {
      read = true;
      publish.resolve(representation('sv_1', 5));
    });
    expect(within(item('budget.pdf')).getByTestId('status-badge').textContent).toContain('Read completely');
    const library = () => within(screen.getByTestId('library-item'));
    await waitFor(() =>
      expect(library().getByTestId('status-badge').textContent).toContain('Read completely'),
    );
    expect(library().queryByText(/Never read/)).toBeNull();
  });

  it('retries a failed upload with the same file', async () => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list' ? Promise.resolve([]) : Promise.resolve(representation('sv_2', 1)),
    );
    fake.uploadFile
      .mockRejectedValueOnce(
        new BridgeCallError({ code: 'bridge_unavailable', message: 'The workbench bridge did not answer.' }),
      )
      .mockResolvedValueOnce({
        asset_id: 'as_2',
        filename: 'notes.txt',
        media_type: 'text/plain',
        byte_length: 10,
        sha256: 'c'.repeat(64),
        source_version_id: 'sv_2',
      });
    renderWithQueries(<LibraryPanel />);
    const notes = file('notes.txt', 10, 'text/plain');
    await userEvent.upload(screen.getByTestId('add-files-input'), notes);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry notes.txt' }));
    await waitFor(() =>
      expect(within(item('notes.txt')).getByTestId('status-badge').dataset['tone']).toBe('success'),
    );
    expect(fake.uploadFile).toHaveBeenCalledTimes(2);
    expect(fake.uploadFile.mock.calls[1]?.[1]).toBe(notes);
  });

  it('shows a partial read as partial, with the move and how many parts were lost', async () => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list'
        ? Promise.resolve([])
        : Promise.resolve(
            representation('sv_3', 2, {
              state: 'partial',
              code: 'partial_extraction',
              reason: '1 of 3 pages could not be read',
              lost: [
                { kind: 'page', index: 3, state: 'unreadable', reason: 'bad xref', code: 'source_corrupt' },
              ],
            }),
          ),
    );
    fake.uploadFile.mockResolvedValue({
      asset_id: 'as_3',
      filename: 'report.pdf',
      media_type: 'application/pdf',
      byte_length: 10,
      sha256: 'd'.repeat(64),
      source_version_id: 'sv_3',
    });
    renderWithQueries(<LibraryPanel />);
    await userEvent.upload(screen.getByTestId('add-files-input'), file('report.pdf'));
    const badge = await within(item('report.pdf')).findByTestId('status-badge');
    expect(badge.dataset['tone']).toBe('warning');
    expect(badge.textContent).toContain('Partly read');
    expect(within(item('report.pdf')).getByTestId('import-move').textContent).toBe(
      'Use what came back; the lost pages are listed. 1 part lost: listed with the document below.',
    );
  });

  it('refuses a 60 MB file before sending it, and still sends the others', async () => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list' ? Promise.resolve([]) : Promise.resolve(representation('sv_4', 1)),
    );
    fake.uploadFile.mockResolvedValue({
      asset_id: 'as_4',
      filename: 'small.pdf',
      media_type: 'application/pdf',
      byte_length: 10,
      sha256: 'e'.repeat(64),
      source_version_id: 'sv_4',
    });
    const big = file('scan-archive.pdf', 16);
    Object.defineProperty(big, 'size', { value: 60_000_000 });
    renderWithQueries(
      <>
        <LibraryPanel />
        <ImportAnnouncer />
      </>,
    );
    await userEvent.upload(screen.getByTestId('add-files-input'), [big, file('small.pdf')]);

    expect(progressOf('scan-archive.pdf')).toBe('Not sent');
    const message = within(item('scan-archive.pdf')).getByTestId('import-error').textContent ?? '';
    expect(message).toContain('60 MB');
    expect(message).toContain('50 MB');
    expect(message).toMatch(/smaller file/);
    expect(within(item('scan-archive.pdf')).queryByRole('button', { name: /retry/i })).toBeNull();
    expect(screen.getByTestId('import-announcer').textContent).toContain('scan-archive.pdf was not sent');

    await waitFor(() =>
      expect(within(item('small.pdf')).getByTestId('status-badge').dataset['tone']).toBe('success'),
    );
    expect(fake.uploadFile).toHaveBeenCalledTimes(1);
    expect(fake.uploadFile.mock.calls[0]?.[0]).toMatchObject({ filename: 'small.pdf' });
  });

  it('shows a drop overlay while files are dragged over the window and adds what is dropped', async () => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list' ? Promise.resolve([]) : Promise.resolve(representation('sv_5', 1)),
    );
    fake.uploadFile.mockReturnValue(new Promise(() => {}));
    renderWithQueries(
      <>
        <LibraryPanel />
        <WindowDrop />
      </>,
    );
    const dataTransfer = { types: ['Files'], files: [file('dropped.pdf')], dropEffect: 'none' };
    fireEvent.dragEnter(window, { dataTransfer });
    expect(screen.getByTestId('drop-overlay').textContent).toContain('Drop to add to the library');
    fireEvent.dragOver(window, { dataTransfer });
    fireEvent.drop(window, { dataTransfer });
    expect(screen.queryByTestId('drop-overlay')).toBeNull();
    await waitFor(() => expect(fake.uploadFile).toHaveBeenCalledTimes(1));
    expect(progressOf('dropped.pdf')).toBe('Uploading');
  });
});
