// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionTestOutput, KeyStatusView, SettingsView } from '../../../shared/bridge';
import type * as BridgeModule from '../../../renderer/src/bridge';
import { BridgeCallError } from '../../../renderer/src/bridge';
import { useImportQueue } from '../../../renderer/src/library/import-queue';
import { StatusBar } from '../../../renderer/src/status/StatusBar';
import { fakeEvents } from '../library/harness';

// The status bar: the service in use and its state, where the key is kept, and the jobs running. A remote
// service that stops answering shows at once; when it is back, what failed is asked again.

const fake = vi.hoisted(() => ({
  callBridge: vi.fn(),
  events: null as null | ReturnType<typeof fakeEvents>,
}));

vi.mock('../../../renderer/src/bridge', async (importOriginal) => {
  const actual = await importOriginal<typeof BridgeModule>();
  return { ...actual, bridge: () => ({ host: 'web', ...fake.events?.client }), callBridge: fake.callBridge };
});

const URL_REMOTE = 'http://127.0.0.1:8787';
let settings: SettingsView;
let keyStatus: KeyStatusView;
let connection: ConnectionTestOutput;
let libraryDown: boolean;
let libraryCalls: number;

/** A call of the workbench that needs the service, as the library makes one. */
function LibraryProbe() {
  const library = useQuery({
    queryKey: ['library'],
    queryFn: () => fake.callBridge('library.list', {}) as Promise<unknown[]>,
    retry: false,
  });
  return (
    <p data-testid="library">{library.isError ? 'library failed' : library.isSuccess ? 'library ok' : '…'}</p>
  );
}

function renderBar(withLibrary = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <StatusBar />
        {withLibrary && <LibraryProbe />}
      </QueryClientProvider>,
    ),
  };
}

const status = () => screen.getByTestId('service-status');

beforeEach(() => {
  fake.events = fakeEvents();
  settings = {
    mode: 'remote',
    baseUrl: URL_REMOTE,
    ocr: 'auto',
    dataDir: null,
    authorName: null,
    problem: null,
  };
  keyStatus = {
    hasKey: true,
    storage: 'os-keychain',
    backend: 'secret-service',
    reason: null,
    serviceUrl: URL_REMOTE,
  };
  connection = { outcome: 'ok', message: 'Connected.', serviceUrl: URL_REMOTE };
  libraryDown = false;
  libraryCalls = 0;
  useImportQueue.setState({ tasks: [], announcements: [] });
  fake.callBridge.mockReset();
  fake.callBridge.mockImplementation((channel: string) => {
    switch (channel) {
      case 'health':
        return Promise.resolve({ status: 'ok', version: '0.1.0', service: settings.mode });
      case 'settings.get':
        return Promise.resolve(settings);
      case 'settings.testConnection':
        return Promise.resolve(connection);
      case 'key.status':
        return Promise.resolve(keyStatus);
      case 'library.list':
        libraryCalls += 1;
        return libraryDown
          ? Promise.reject(new BridgeCallError({ code: 'unreachable', message: 'could not be reached' }))
          : Promise.resolve([]);
      default:
        return Promise.reject(new Error(`unexpected ${channel}`));
    }
  });
});

afterEach(cleanup);

describe('the status bar', () => {
  it('names the local service when it is the one in use', async () => {
    settings = { ...settings, mode: 'embedded', baseUrl: null };
    renderBar();
    await waitFor(() => expect(status().textContent).toContain('Local evidence service: ready'));
    expect(screen.getByRole('contentinfo', { name: 'Status bar' })).toBeTruthy();
    expect(screen.queryByTestId('key-status')).toBeNull();
  });

  it('names the remote service, says it answers, and where the key is kept', async () => {
    renderBar();
    await waitFor(() => expect(status().textContent).toContain(`Remote evidence service: ${URL_REMOTE}`));
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('ok'));
    expect(screen.getByTestId('key-status').textContent).toBe('Key: in the OS keychain');
    expect(screen.getByRole('status').textContent).toContain('Remote evidence service');
  });

  it('says when the key is kept for this session only, and why', async () => {
    keyStatus = {
      ...keyStatus,
      storage: 'session-only',
      backend: 'none',
      reason: 'No OS keychain is usable.',
    };
    renderBar();
    await waitFor(() =>
      expect(screen.getByTestId('key-status').textContent).toBe(
        'Key: kept for this session only (No OS keychain is usable.)',
      ),
    );
  });

  it('says the key was rejected', async () => {
    connection = {
      outcome: 'key_rejected',
      message: 'The service rejected the API key (HTTP 401).',
      serviceUrl: URL_REMOTE,
    };
    renderBar();
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('key rejected'));
    expect(status().getAttribute('data-service-state')).toBe('key-rejected');
  });

  it('shows a remote service that stops answering within a poll, and when it is back', async () => {
    renderBar();
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('ok'));
    connection = {
      outcome: 'unreachable',
      message: 'could not be reached (ECONNREFUSED)',
      serviceUrl: URL_REMOTE,
    };
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('not answering'), {
      timeout: 3_000,
    });
    expect(screen.getByTestId('service-status-detail').textContent).toContain('ECONNREFUSED');
    connection = { outcome: 'ok', message: 'Connected.', serviceUrl: URL_REMOTE };
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('ok'), {
      timeout: 3_000,
    });
  });

  it('re-asks the service at once when a call fails for want of it, and resumes the calls when it is back', async () => {
    const { client } = renderBar(true);
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('ok'));
    await waitFor(() => expect(screen.getByTestId('library').textContent).toBe('library ok'));
    // The service goes away; the library's next call fails as unreachable, and the status bar asks the
    // service again without waiting for its poll.
    libraryDown = true;
    connection = { outcome: 'unreachable', message: 'could not be reached', serviceUrl: URL_REMOTE };
    const failedAt = Date.now();
    await client.refetchQueries({ queryKey: ['library'] });
    await waitFor(() => expect(screen.getByTestId('library').textContent).toBe('library failed'));
    await waitFor(() => expect(screen.getByTestId('service-state').textContent).toBe('not answering'));
    expect(Date.now() - failedAt).toBeLessThan(1_000);
    const before = libraryCalls;
    libraryDown = false;
    connection = { outcome: 'ok', message: 'Connected.', serviceUrl: URL_REMOTE };
    await waitFor(() => expect(screen.getByTestId('library').textContent).toBe('library ok'), {
      timeout: 3_000,
    });
    expect(libraryCalls).toBeGreaterThan(before);
  });

  it('shows a job with its progress, named from the import queue, and lets it go when done', async () => {
    settings = { ...settings, mode: 'embedded', baseUrl: null };
    useImportQueue.setState({
      tasks: [
        {
          id: 'import-1',
          kind: 'upload',
          name: 'budget-2024.pdf',
          byteLength: 1000,
          file: null,
          url: null,
          phase: 'reading',
          progress: null,
          sourceVersionId: 'sv_budget',
          failedStep: null,
          error: null,
          reading: null,
        },
      ],
      announcements: [],
    });
    renderBar();
    await waitFor(() => expect(status().textContent).toContain('ready'));
    fake.events?.emit({ taskId: 'sv_budget', stage: 'extract:page', done: 3, total: 12 });
    const job = await screen.findByTestId('status-job');
    expect(job.textContent).toContain('budget-2024.pdf: Reading page 3 of 12');
    expect(job.querySelector('progress')?.getAttribute('value')).toBe('25');
    fake.events?.emit({ taskId: 'sv_budget', stage: 'extract:page', done: 12, total: 12 });
    expect(screen.getByTestId('status-job').textContent).toContain('Reading page 12 of 12');
    await waitFor(() => expect(screen.queryByTestId('status-job')).toBeNull(), { timeout: 3_000 });
  });

  it('names an article’s reading, says each step in words, and lets it go when it ends', async () => {
    settings = { ...settings, mode: 'embedded', baseUrl: null };
    renderBar();
    await waitFor(() => expect(status().textContent).toContain('ready'));
    const taskId = 'article-0123456789abcdef';
    fake.events?.emit({ taskId, stage: 'fetch:downloading', done: 0, total: 1 });
    const job = await screen.findByTestId('status-job');
    expect(job.textContent).toContain('Article: Downloading');
    fake.events?.emit({ taskId, stage: 'claims:reading', done: 0, total: 1 });
    expect(screen.getByTestId('status-job').textContent).toContain('Article: Listing its claims');
    expect(screen.getByTestId('status-job').textContent).not.toContain('claims:');
    fake.events?.emit({ taskId, stage: 'claims:failed', done: 1, total: 1 });
    // Ended without its claims: said so, and no full bar that would read as done.
    expect(screen.getByTestId('status-job').textContent).toContain('Article: Could not be read');
    expect(screen.getByTestId('status-job').querySelector('progress')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('status-job')).toBeNull(), { timeout: 3_000 });
  });
});
