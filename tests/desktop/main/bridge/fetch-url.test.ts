import { describe, expect, it, vi } from 'vitest';
import type { UploadResponse } from '../../../../shared/api';
import { createRouter } from '../../../../desktop/main/bridge/router';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers, uploadBytes } from '../../../../desktop/main/handlers';
import { fakeContext } from './fake-context';

// library.fetchUrl: a pasted web address, downloaded by the service and retained like an upload.

const stored: UploadResponse = {
  asset_id: 'ast_1',
  filename: 'report\u202Efdp.exe',
  media_type: 'application/pdf',
  byte_length: 4,
  sha256: 'c'.repeat(64),
  source_version_id: 'sv_1',
};

function setup(client: Partial<EvidenceClient> = {}) {
  const { context, events } = fakeContext(client);
  const onInternalError = vi.fn();
  const router = createRouter(handlers, context, { onInternalError, uploadBytes });
  return { router, events, onInternalError };
}

describe('library.fetchUrl', () => {
  it('asks the service to fetch and retain the address, with the progress of the task, display-safe', async () => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(() => Promise.resolve(stored));
    const { router, events } = setup({ fetchAsset });
    const url = 'https://example.org/reports/2024.pdf';
    const reply = await router.invoke('library.fetchUrl', { url, taskId: 'import-1' });
    expect(reply.ok).toBe(true);
    const value = (reply as { ok: true; value: UploadResponse }).value;
    expect(value.source_version_id).toBe('sv_1');
    expect(value.filename).not.toContain('\u202E');
    expect(fetchAsset).toHaveBeenCalledWith({ url, retain: true });
    expect(events).toEqual([
      { event: 'progress', payload: { taskId: 'import-1', stage: 'fetch:downloading', done: 0, total: 1 } },
      { event: 'progress', payload: { taskId: 'import-1', stage: 'fetch:stored', done: 1, total: 1 } },
    ]);
  });

  it.each([
    ['not a URL', { url: 'report.pdf' }],
    ['not http(s)', { url: 'file:///etc/passwd' }],
    ['over 2000 characters', { url: `https://example.org/${'a'.repeat(2000)}` }],
    ['a task id with other characters', { url: 'https://example.org/a.pdf', taskId: 'a b' }],
    ['an unknown field', { url: 'https://example.org/a.pdf', retain: false }],
  ])('refuses an input that is %s without calling the service', async (_what, input) => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(() => Promise.resolve(stored));
    const { router } = setup({ fetchAsset });
    expect(await router.invoke('library.fetchUrl', input as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(fetchAsset).not.toHaveBeenCalled();
  });

  it('passes the service’s refusal on with its code; no stored event', async () => {
    const fetchAsset = vi.fn<EvidenceClient['fetchAsset']>(() =>
      Promise.reject(
        new ClientError('invalid_request', 'the host is not public (asset_url: the host is not public)', {
          status: 400,
          serviceCode: 'invalid_asset_url',
        }),
      ),
    );
    const { router, events } = setup({ fetchAsset });
    const reply = await router.invoke('library.fetchUrl', { url: 'http://10.0.0.1/a.pdf', taskId: 't1' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(events.map((e) => (e.payload as { stage: string }).stage)).toEqual(['fetch:downloading']);
  });
});
