// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BridgeModule from '../../../renderer/src/bridge';
import { BridgeCallError } from '../../../renderer/src/bridge';
import { useImportQueue } from '../../../renderer/src/library/import-queue';
import { ImportAnnouncer } from '../../../renderer/src/library/ImportAnnouncer';
import { LibraryPanel } from '../../../renderer/src/library/LibraryPanel';
import { deferred, fakeEvents, renderWithQueries, representation } from './harness';

// Pasting a web address: checked to be http(s) before anything is sent, then downloaded by the service
// and read with the same per-item progress as a file; a refused address says why in plain words.

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

const URL_PDF = 'https://stats.example.org/reports/budget-2024.pdf';

const stored = {
  asset_id: 'as_web',
  filename: 'budget-2024.pdf',
  media_type: 'application/pdf',
  byte_length: 4096,
  sha256: 'e'.repeat(64),
  source_version_id: 'sv_web',
};

function addressInput(): HTMLInputElement {
  return screen.getByLabelText('Paste a web address');
}

function item(): HTMLElement {
  const [found] = screen.getAllByTestId('import-item');
  if (found === undefined) throw new Error('no import item');
  return found;
}

const progress = () => within(item()).getByTestId('import-progress').textContent;

function fetchCalls() {
  return fake.callBridge.mock.calls.filter(([channel]) => channel === 'library.fetchUrl');
}

beforeEach(() => {
  fake.events = fakeEvents();
  fake.uploadFile.mockReset();
  fake.callBridge.mockReset();
  useImportQueue.setState({ tasks: [], announcements: [] });
});

afterEach(cleanup);

describe('pasting a web address into the library', () => {
  it.each([
    ['report.pdf', 'This is not a web address: paste one that starts with http:// or https://.'],
    ['ftp://example.org/report.pdf', 'Only web addresses that start with http:// or https:// can be added.'],
    ['   ', 'Paste the web address of a document first.'],
  ])('refuses %j before sending anything', async (typed, said) => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list' ? Promise.resolve([]) : Promise.reject(new Error(channel)),
    );
    renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-empty');
    await userEvent.type(addressInput(), `${typed}{Enter}`);
    expect(screen.getByRole('alert').textContent).toBe(said);
    expect(addressInput().getAttribute('aria-invalid')).toBe('true');
    expect(fetchCalls()).toEqual([]);
    expect(screen.queryByTestId('import-item')).toBeNull();
  });

  it('Enter sends it: downloading, stored, then read with its badge, through the same progress list', async () => {
    const fetched = deferred<unknown>();
    const publish = deferred<unknown>();
    fake.callBridge.mockImplementation((channel: string) => {
      if (channel === 'library.list') return Promise.resolve([]);
      if (channel === 'library.fetchUrl') return fetched.promise;
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
    await userEvent.type(addressInput(), `  ${URL_PDF} {Enter}`);

    await waitFor(() => expect(fetchCalls()).toHaveLength(1));
    const input = fetchCalls()[0]?.[1] as { url: string; taskId: string };
    expect(input.url).toBe(URL_PDF);
    expect(input.taskId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(addressInput().value).toBe('');
    expect(within(item()).getByText(URL_PDF)).toBeDefined();
    expect(progress()).toBe('Downloading');

    fake.events?.emit({ taskId: input.taskId, stage: 'fetch:downloading', done: 0, total: 1 });
    expect(within(item()).getByRole('progressbar').getAttribute('aria-valuemax')).toBe('1');
    fake.events?.emit({ taskId: input.taskId, stage: 'fetch:stored', done: 1, total: 1 });
    expect(progress()).toBe('Stored');

    await act(async () => fetched.resolve(stored));
    expect(fake.callBridge).toHaveBeenCalledWith('documents.publish', { sourceVersionId: 'sv_web' });
    expect(progress()).toBe('Reading');
    fake.events?.emit({ taskId: 'sv_web', stage: 'extract:page', done: 1, total: 3 });
    expect(progress()).toBe('Reading page 1 of 3');

    await act(async () => publish.resolve(representation('sv_web', 3)));
    const badge = within(item()).getByTestId('status-badge');
    expect(badge.dataset['tone']).toBe('success');
    expect(screen.getByTestId('import-announcer').lastElementChild?.textContent).toBe(
      `${URL_PDF}: Read completely.`,
    );
  });

  it.each([
    [
      'invalid_request:invalid_asset_url',
      'the host intranet resolves to 10.0.0.8, which is not a public address (asset_url: …)',
      'This address is not a public web address',
    ],
    ['invalid_request:empty_file', 'the download holds nothing', 'The address gave an empty file'],
    ['too_large', 'the download is over the 52428800-byte ceiling', 'The file is over 50 MB'],
    ['upstream_timeout', 'the download took over 30000 ms', 'The site did not answer in time; try again'],
    [
      'upstream_failed',
      'the remote host answered 404',
      'The site could not be reached or did not give the file',
    ],
  ])('a %s refusal says why in plain words and offers Retry', async (code, message, said) => {
    fake.callBridge.mockImplementation((channel: string) =>
      channel === 'library.list'
        ? Promise.resolve([])
        : Promise.reject(
            new BridgeCallError({
              code: code.split(':')[0] ?? code,
              message,
              ...(code.includes(':') ? { serviceCode: code.split(':')[1] } : {}),
            }),
          ),
    );
    renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-empty');
    await userEvent.type(addressInput(), `${URL_PDF}{Enter}`);
    await waitFor(() => expect(progress()).toBe('Download failed'));
    expect(within(item()).getByTestId('import-error').textContent).toContain(said);
    expect(within(item()).getByRole('button', { name: `Retry ${URL_PDF}` })).toBeDefined();
  });

  it('Retry downloads the same address again, then reads it', async () => {
    let attempts = 0;
    fake.callBridge.mockImplementation((channel: string) => {
      if (channel === 'library.list') return Promise.resolve([]);
      if (channel === 'library.fetchUrl') {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new BridgeCallError({ code: 'upstream_timeout', message: 'timed out' }))
          : Promise.resolve(stored);
      }
      return Promise.resolve(representation('sv_web', 1));
    });
    renderWithQueries(<LibraryPanel />);
    await screen.findByTestId('library-empty');
    await userEvent.type(addressInput(), URL_PDF);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('button', { name: `Retry ${URL_PDF}` }));
    await waitFor(() => expect(within(item()).getByTestId('status-badge').dataset['tone']).toBe('success'));
    expect(fetchCalls().map(([, input]) => (input as { url: string }).url)).toEqual([URL_PDF, URL_PDF]);
  });
});
