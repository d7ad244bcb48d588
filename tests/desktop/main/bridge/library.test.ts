import { describe, expect, it, vi } from 'vitest';
import type { ListedSource, SourceList, UploadResponse } from '../../../../shared/api';
import { MAX_ASSET_BYTES } from '../../../../shared/api';
import type { Case } from '../../../../shared/bridge';
import { createRouter } from '../../../../desktop/main/bridge/router';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers, uploadBytes } from '../../../../desktop/main/handlers';
import { fakeContext } from './fake-context';

// library.list, library.remove and the upload of bytes, through the router as the hosts call them.

const SHA = 'b'.repeat(64);

function listed(id: string, registeredAt: string, overrides: Partial<ListedSource> = {}): ListedSource {
  return {
    sourceVersionId: id,
    assetId: `ast_${id}`,
    bytesHash: `sha256:${SHA}`,
    sourceMetadata: {
      title: null,
      filename: `${id}.pdf`,
      media_type: 'application/pdf',
      byte_length: 1200,
      url: null,
      domain: null,
      publication_year: null,
      source_type: null,
      is_primary_source: null,
      registered_at: registeredAt,
    },
    newest_representation: null,
    ...overrides,
  };
}

const upload: UploadResponse = {
  asset_id: 'ast_1',
  filename: 'a.bin',
  media_type: 'application/octet-stream',
  byte_length: 4,
  sha256: SHA,
  source_version_id: 'sv_1',
};

function setup(client: Partial<EvidenceClient> = {}) {
  const { context, events } = fakeContext(client);
  const onInternalError = vi.fn();
  const router = createRouter(handlers, context, { onInternalError, uploadBytes });
  return { router, context, events, onInternalError };
}

function citing(id: string, title: string, sourceVersionId: string): Case {
  const at = '2026-11-22T10:00:00.000Z';
  return {
    id,
    title,
    claim: 'Revenue rose 12%',
    operands: [
      {
        source_version_id: sourceVersionId,
        representation_id: 'rep_1',
        source_unit_id: 'unit_1',
        figure_index: 0,
      },
    ],
    check: null,
    judgments: [],
    createdAt: at,
    updatedAt: at,
  };
}

describe('library.list', () => {
  it('maps every source to a library entry: display-safe names, the hash, how it was read, newest first', async () => {
    const sources: SourceList = {
      sources: [
        listed('sv_old', '2026-11-20T10:00:00.000Z', {
          newest_representation: {
            representation_id: 'rep_9',
            state: 'partial',
            code: 'ocr_unavailable',
            reason: 'page 2 has no text layer',
            extraction_method: 'text_layer',
            unit_count: 1,
            lost: [
              {
                kind: 'page',
                index: 2,
                state: 'unreadable',
                reason: 'no text layer',
                code: 'ocr_unavailable',
              },
            ],
          },
        }),
        listed('sv_new', '2026-11-22T10:00:00.000Z', {
          sourceMetadata: {
            ...listed('x', '2026-11-22T10:00:00.000Z').sourceMetadata,
            // A remote service may answer names that are not display-safe.
            filename: 'inv\u202Eoice.pdf',
            title: 'Budget\u200B 2024',
            url: 'https://example.org/b.pdf',
          },
        }),
      ],
    };
    const { router } = setup({ listSources: vi.fn(() => Promise.resolve(sources)) });
    const reply = await router.invoke('library.list', {});
    expect(reply.ok).toBe(true);
    const entries = reply.ok ? (reply.value as { sourceVersionId: string }[]) : [];
    expect(entries.map((e) => e.sourceVersionId)).toEqual(['sv_new', 'sv_old']);
    expect(entries[0]).toEqual({
      sourceVersionId: 'sv_new',
      assetId: 'ast_sv_new',
      title: 'Budget 2024',
      filename: expect.not.stringContaining('\u202E'),
      mediaType: 'application/pdf',
      byteLength: 1200,
      sha256: SHA,
      url: 'https://example.org/b.pdf',
      addedAt: '2026-11-22T10:00:00.000Z',
      reading: null,
    });
    expect(entries[1]).toMatchObject({
      addedAt: '2026-11-20T10:00:00.000Z',
      reading: {
        representationId: 'rep_9',
        state: 'partial',
        code: 'ocr_unavailable',
        reason: 'page 2 has no text layer',
        extractionMethod: 'text_layer',
        unitCount: 1,
        lost: [{ kind: 'page', index: 2, state: 'unreadable', code: 'ocr_unavailable' }],
      },
    });
  });

  it('carries a service failure as its code', async () => {
    const { router } = setup({
      listSources: () => Promise.reject(new ClientError('unreachable', 'The service could not be reached.')),
    });
    expect(await router.invoke('library.list', {})).toEqual({
      ok: false,
      error: { code: 'unreachable', message: 'The service could not be reached.' },
    });
  });
});

describe('library.remove', () => {
  it('removes a document no case cites', async () => {
    const removeSource = vi.fn(() => Promise.resolve({ removed: true as const }));
    const { router, context } = setup({ removeSource });
    context.cases.put(citing('case_0000000000000001', 'Other claim', 'sv_other'));
    expect(await router.invoke('library.remove', { sourceVersionId: 'sv_1' })).toEqual({
      ok: true,
      value: { removed: true, citedBy: [] },
    });
    expect(removeSource).toHaveBeenCalledWith('sv_1');
  });

  it('refuses with cited_by_cases naming the cases, and removes nothing, unless forced', async () => {
    const removeSource = vi.fn(() => Promise.resolve({ removed: true as const }));
    const { router, context } = setup({ removeSource });
    context.cases.put(citing('case_0000000000000001', 'Unemployment fell', 'sv_1'));
    context.cases.put(citing('case_0000000000000002', 'Budget \u202Egrew', 'sv_1'));
    context.cases.put(citing('case_0000000000000003', 'Unrelated', 'sv_2'));
    const refused = await router.invoke('library.remove', { sourceVersionId: 'sv_1' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'cited_by_cases' } });
    const message = refused.ok ? '' : refused.error.message;
    expect(message).toContain('2 cases');
    expect(message).toContain('“Unemployment fell”');
    expect(message).toContain('Budget');
    expect(message).not.toContain('\u202E');
    expect(message).not.toContain('Unrelated');
    expect(removeSource).not.toHaveBeenCalled();

    const forced = await router.invoke('library.remove', { sourceVersionId: 'sv_1', force: true });
    expect(forced).toEqual({
      ok: true,
      value: { removed: true, citedBy: ['Unemployment fell', 'Budget \u202Egrew'] },
    });
    expect(removeSource).toHaveBeenCalledWith('sv_1');
    // The cases keep their references.
    expect(context.cases.list()).toHaveLength(3);
  });

  it('names one citing case as the case', async () => {
    const { router, context } = setup();
    context.cases.put(citing('case_0000000000000001', 'Unemployment fell', 'sv_1'));
    const refused = await router.invoke('library.remove', { sourceVersionId: 'sv_1' });
    expect(refused.ok ? '' : refused.error.message).toMatch(/cited by the case “Unemployment fell”/);
  });

  it('answers not_found for a source the service does not have, and forgets cached bytes of a removed one', async () => {
    const getSourceContent = vi.fn(() =>
      Promise.resolve({
        bytes: new Uint8Array([1, 2]),
        mediaType: 'application/pdf',
        sha256: SHA,
        filename: 'a',
      }),
    );
    const { router, context } = setup({
      removeSource: (id) =>
        id === 'sv_missing'
          ? Promise.reject(new ClientError('not_found', 'no such source version'))
          : Promise.resolve({ removed: true as const }),
      getSourceContent,
    });
    expect(await router.invoke('library.remove', { sourceVersionId: 'sv_missing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    await context.sourceContent.read('sv_1');
    await context.sourceContent.read('sv_1');
    expect(getSourceContent).toHaveBeenCalledTimes(1);
    expect((await router.invoke('library.remove', { sourceVersionId: 'sv_1' })).ok).toBe(true);
    await context.sourceContent.read('sv_1');
    expect(getSourceContent).toHaveBeenCalledTimes(2);
  });
});

describe('library.citedBy', () => {
  it('names every case citing the document: by a current or kept figure, or by a kept passage', async () => {
    const { router, context } = setup();
    const byFigure = citing('case_0000000000000001', 'Unemployment fell', 'sv_1');
    const other = citing('case_0000000000000002', 'Unrelated', 'sv_2');
    const byKept: Case = {
      ...citing('case_0000000000000003', 'Budget \u202Egrew', 'sv_2'),
      kept: [
        {
          id: 'check_0000000000000001',
          claim: 'Revenue rose 12%',
          operands: citing('case_x', 't', 'sv_1').operands,
          check: null as never,
          judgments: [],
          keptAt: '2026-11-22T10:00:00.000Z',
        },
      ],
    };
    const byPassage: Case = {
      ...citing('case_0000000000000004', 'Debt doubled', 'sv_2'),
      citations: [
        {
          sourceVersionId: 'sv_1',
          representationId: 'rep_1',
          sourceUnitId: 'unit_1',
          title: 'Budget',
          snippet: 'debt',
          query: 'debt',
          at: '2026-11-22T10:00:00.000Z',
        },
      ],
    };
    for (const c of [byFigure, other, byKept, byPassage]) context.cases.put(c);
    const answer = await router.invoke('library.citedBy', { sourceVersionId: 'sv_1' });
    expect(answer.ok).toBe(true);
    const cases = answer.ok ? (answer.value as { cases: string[] }).cases : [];
    expect(cases).toHaveLength(3);
    expect(cases).toContain('Unemployment fell');
    expect(cases).toContain('Debt doubled');
    expect(cases.join(' ')).not.toContain('\u202E');
    expect(cases).not.toContain('Unrelated');
    // Removing refuses for the same cases.
    const refused = await router.invoke('library.remove', { sourceVersionId: 'sv_1' });
    expect(refused.ok ? '' : refused.error.message).toContain('3 cases');
  });
});

describe('router.upload (bytes without base64)', () => {
  const meta = { filename: 'ünïcødé – Bericht.bin', title: 'Bytes', taskId: 'up-7' };

  it('uploads the bytes exactly, retained, with the progress events of the task', async () => {
    const uploadAsset = vi.fn<EvidenceClient['uploadAsset']>(() => Promise.resolve(upload));
    const { router, events } = setup({ uploadAsset });
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    expect(await router.upload(meta, bytes.buffer)).toEqual({ ok: true, value: upload });
    const call = vi.mocked(uploadAsset).mock.calls[0]![0];
    expect([...call.bytes]).toEqual([0xff, 0xfe, 0x00, 0x80]);
    expect(call).toMatchObject({ filename: meta.filename, title: 'Bytes', retain: true });
    expect(events.map((e) => (e.payload as { stage: string }).stage)).toEqual([
      'upload:received',
      'upload:stored',
    ]);
  });

  it('takes a view of bytes too (a Buffer), only its own part', async () => {
    const uploadAsset = vi.fn<EvidenceClient['uploadAsset']>(() => Promise.resolve(upload));
    const { router } = setup({ uploadAsset });
    const backing = Buffer.from('xxabcxx');
    expect((await router.upload(meta, backing.subarray(2, 5))).ok).toBe(true);
    expect(Buffer.from(vi.mocked(uploadAsset).mock.calls[0]![0].bytes).toString()).toBe('abc');
  });

  it.each([
    ['meta that fails UploadMeta', { filename: '' }, new ArrayBuffer(3), 'invalid_input'],
    ['meta with base64 in it', { ...meta, dataBase64: 'AAAA' }, new ArrayBuffer(3), 'invalid_input'],
    ['no meta', undefined, new ArrayBuffer(3), 'invalid_input'],
    ['bytes that are not bytes', meta, 'AAAA', 'invalid_input'],
    ['an empty file', meta, new ArrayBuffer(0), 'invalid_input'],
    ['a file over the ceiling', meta, new ArrayBuffer(MAX_ASSET_BYTES + 1), 'too_large'],
  ])('refuses %s without calling the service', async (_what, m, bytes, code) => {
    const uploadAsset = vi.fn<EvidenceClient['uploadAsset']>(() => Promise.resolve(upload));
    const { router } = setup({ uploadAsset });
    expect(await router.upload(m, bytes)).toMatchObject({ ok: false, error: { code } });
    expect(uploadAsset).not.toHaveBeenCalled();
  });

  it('carries a service refusal as its code, and hides anything else', async () => {
    const { router: refusing } = setup({
      uploadAsset: () => Promise.reject(new ClientError('too_large', 'over the ceiling')),
    });
    expect(await refusing.upload(meta, new ArrayBuffer(3))).toEqual({
      ok: false,
      error: { code: 'too_large', message: 'over the ceiling' },
    });
    const { router: failing, onInternalError } = setup({
      uploadAsset: () => Promise.reject(new Error('disk on fire at /home/checker')),
    });
    const reply = await failing.upload(meta, new ArrayBuffer(3));
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(JSON.stringify(reply)).not.toContain('/home/checker');
    expect(onInternalError).toHaveBeenCalledOnce();
  });

  it('is refused by a router given no upload of bytes', async () => {
    const { context } = fakeContext();
    const router = createRouter(handlers, context, { onInternalError: vi.fn() });
    expect(await router.upload(meta, new ArrayBuffer(3))).toMatchObject({ ok: false });
  });
});
