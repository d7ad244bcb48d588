import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_CHANNELS } from '../../../../shared/bridge';
import type {
  NumericResponse,
  Representation,
  SearchResponse,
  SourceVersion,
  UploadResponse,
} from '../../../../shared/api';
import { createRouter } from '../../../../desktop/main/bridge/router';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers } from '../../../../desktop/main/handlers';
import { fakeContext } from './fake-context';

// The domain channels through the router, as the renderer calls them: inputs validated, service results
// checked against the contract on the way out, client failures turned into codes a person can act on,
// and the API key in no reply, whatever the channel and input.

const SHA = 'a'.repeat(64);
const upload: UploadResponse = {
  asset_id: 'ast_1',
  filename: 'a.csv',
  media_type: 'text/csv',
  byte_length: 3,
  sha256: SHA,
  source_version_id: 'sv_1',
};
const source: SourceVersion = {
  sourceVersionId: 'sv_1',
  assetId: 'ast_1',
  bytesHash: `sha256:${SHA}`,
  sourceMetadata: {
    title: null,
    filename: 'a.csv',
    media_type: 'text/csv',
    byte_length: 3,
    url: null,
    domain: null,
    publication_year: null,
    source_type: null,
    is_primary_source: null,
    registered_at: '2026-11-22T10:00:00.000Z',
  },
};
const representation: Representation = {
  representation_id: 'rep_1',
  source_version_id: 'sv_1',
  format: 'text',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'text_layer',
  units: [],
};
const numeric: NumericResponse = {
  outcome: 'escalate',
  arithmetic: null,
  comparability: null,
  reason: 'left to a person',
  scope: 'arithmetic_only',
  limitation: 'arithmetic only',
  operands: [],
};
const search: SearchResponse = { claim_groups: [], usage: { credits: 0 }, operation_id: null };

function service(overrides: Partial<EvidenceClient> = {}): Partial<EvidenceClient> {
  return {
    uploadAsset: vi.fn(() => Promise.resolve(upload)),
    getSource: vi.fn(() => Promise.resolve(source)),
    publishRepresentation: vi.fn(() => Promise.resolve(representation)),
    getRepresentation: vi.fn(() => Promise.resolve(representation)),
    verifyNumeric: vi.fn(() => Promise.resolve(numeric)),
    search: vi.fn(() => Promise.resolve(search)),
    ...overrides,
  };
}

function setup(overrides: Partial<EvidenceClient> = {}) {
  const client = service(overrides);
  const { context, storedKeys, events } = fakeContext(client);
  const onInternalError = vi.fn();
  return {
    router: createRouter(handlers, context, { onInternalError }),
    client,
    storedKeys,
    events,
    onInternalError,
  };
}

const operand = {
  source_version_id: 'sv_1',
  representation_id: 'rep_1',
  source_unit_id: 'unit_1',
  figure_index: 0,
};

describe('bridge domains', () => {
  it('a service refusal crosses with the service’s own code and the fields it named, for the page to place', async () => {
    const { router } = setup({
      verifyNumeric: () =>
        Promise.reject(
          new ClientError('invalid_request', 'figure_index 5 is not one of them', {
            status: 400,
            serviceCode: 'figure_index_unavailable',
            fields: ['operands.0.figure_index'],
          }),
        ),
    });
    expect(await router.invoke('checks.verify', { claim: 'Revenue rose 12%', operands: [operand] })).toEqual({
      ok: false,
      error: {
        code: 'invalid_request',
        message: 'figure_index 5 is not one of them',
        serviceCode: 'figure_index_unavailable',
        fields: ['operands.0.figure_index'],
      },
    });
  });

  it('settings: read, change, refuse a bad URL as input and a remote service without a URL', async () => {
    const { router } = setup();
    expect(await router.invoke('settings.get', {})).toEqual({
      ok: true,
      value: { mode: 'embedded', baseUrl: null, ocr: 'auto', dataDir: null, authorName: null, problem: null },
    });
    expect(await router.invoke('settings.set', { ocr: 'force' })).toMatchObject({
      ok: true,
      value: { ocr: 'force' },
    });
    expect(await router.invoke('settings.set', { baseUrl: 'ftp://evidence.example' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await router.invoke('settings.set', { mode: 'remote' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_settings', message: expect.stringContaining('baseUrl') },
    });
    expect(await router.invoke('health', {})).toMatchObject({ ok: true, value: { service: 'embedded' } });
  });

  it('key: none is needed by the embedded service; for a remote one it goes in and never comes back', async () => {
    const { router, storedKeys } = setup();
    expect(await router.invoke('key.set', { key: 'sk-live-0123456789' })).toMatchObject({
      ok: false,
      error: { code: 'no_remote_service' },
    });
    await router.invoke('settings.set', { mode: 'remote', baseUrl: 'https://evidence.example' });
    const set = await router.invoke('key.set', { key: 'sk-live-0123456789' });
    expect(set).toEqual({
      ok: true,
      value: {
        hasKey: true,
        storage: 'os-keychain',
        backend: 'fake',
        reason: null,
        serviceUrl: 'https://evidence.example',
      },
    });
    expect(storedKeys.get('https://evidence.example')).toBe('sk-live-0123456789');
    expect(await router.invoke('key.remove', {})).toMatchObject({ ok: true, value: { hasKey: false } });
    expect(await router.invoke('key.set', { key: 'short' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('library.upload decodes the file and always retains it; bad base64 never reaches the service', async () => {
    const { router, client } = setup();
    const reply = await router.invoke('library.upload', {
      filename: 'a.csv',
      dataBase64: Buffer.from('a,b').toString('base64'),
      title: 'Table',
      is_primary_source: false,
    });
    expect(reply).toEqual({ ok: true, value: upload });
    const call = vi.mocked(client.uploadAsset!).mock.calls[0]![0];
    expect(Buffer.from(call.bytes).toString()).toBe('a,b');
    expect(call).toMatchObject({ filename: 'a.csv', title: 'Table', is_primary_source: false, retain: true });
    expect(await router.invoke('library.upload', { filename: 'a', dataBase64: 'not base64!' })).toMatchObject(
      {
        ok: false,
        error: { code: 'invalid_input' },
      },
    );
    expect(client.uploadAsset).toHaveBeenCalledTimes(1);
  });

  it('an upload the page names reports its progress under that name; a bad name is refused', async () => {
    const { router, events } = setup();
    const data = Buffer.from('a,b').toString('base64');
    expect(
      (await router.invoke('library.upload', { filename: 'a.csv', dataBase64: data, taskId: 'up-1' })).ok,
    ).toBe(true);
    expect(events).toEqual([
      { event: 'progress', payload: { taskId: 'up-1', stage: 'upload:received', done: 1, total: 2 } },
      { event: 'progress', payload: { taskId: 'up-1', stage: 'upload:stored', done: 2, total: 2 } },
    ]);
    expect((await router.invoke('library.upload', { filename: 'a.csv', dataBase64: data })).ok).toBe(true);
    expect(events).toHaveLength(2);
    expect(
      await router.invoke('library.upload', { filename: 'a.csv', dataBase64: data, taskId: '../x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('checks.verify sends exactly the operands the person selected', async () => {
    const { router, client } = setup();
    const input = { claim: 'Revenue rose 12%', operands: [operand, { ...operand, figure_index: 1 }] };
    expect(await router.invoke('checks.verify', input)).toEqual({ ok: true, value: numeric });
    expect(client.verifyNumeric).toHaveBeenCalledWith(input);
    expect(await router.invoke('checks.verify', { claim: 'x', operands: [] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('a service failure crosses as its code and message; a result outside the contract is internal', async () => {
    const { router, onInternalError } = setup({
      search: () => Promise.reject(new ClientError('key_rejected', 'The service refused the API key.')),
      getRepresentation: () =>
        Promise.resolve({ ...representation, state: 'finished' } as unknown as Representation),
    });
    expect(await router.invoke('search.query', { query: 'gdp' })).toEqual({
      ok: false,
      error: { code: 'key_rejected', message: 'The service refused the API key.' },
    });
    expect(onInternalError).not.toHaveBeenCalled();
    expect(await router.invoke('documents.get', { representationId: 'rep_1' })).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });

  it('no reply on any channel, to any input, carries the API key or the data folder', async () => {
    const { router } = setup();
    const key = 'sk-live-SECRET-7f3a9c21e4b8';
    await router.invoke('settings.set', { mode: 'remote', baseUrl: 'https://evidence.example' });
    expect((await router.invoke('key.set', { key })).ok).toBe(true);
    const inputs = fc.oneof(
      fc.constant({}),
      fc.constant({ key }),
      fc.constant({ query: key }),
      fc.constant({ claim: key, operands: [operand] }),
      fc.constant({ sourceVersionId: 'sv_1' }),
      fc.constant({ representationId: 'rep_1' }),
      fc.constant({ filename: 'a.txt', dataBase64: Buffer.from(key).toString('base64') }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string(), fc.integer(), fc.constant(key))),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BRIDGE_CHANNELS), inputs, async (channel, input) => {
        const reply = JSON.stringify(await router.invoke(channel, input));
        expect(reply).not.toContain(key);
        expect(reply).not.toContain('/home/checker/.config/workbench');
      }),
      { numRuns: 400 },
    );
  });
});
