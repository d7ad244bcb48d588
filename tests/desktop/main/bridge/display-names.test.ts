import { describe, expect, it, vi } from 'vitest';
import type { SearchResponse, SourceVersion, UploadResponse } from '../../../../shared/api';
import { createRouter } from '../../../../desktop/main/bridge/router';
import type { EvidenceClient } from '../../../../desktop/main/client/types';
import { handlers } from '../../../../desktop/main/handlers';
import { fakeContext } from './fake-context';

// Display-safe names at the bridge: a service (a remote one need not follow this project's rule) answers with names
// holding bidirectional overrides, C1 controls and invisible characters; whatever it sent, the names the
// renderer receives are display-safe, and the registration keeps the original's bytes for provenance.

const SHA = 'b'.repeat(64);
const FILENAME = 'invoice\u202Efdp.exe';
const TITLE = '\u2067Budget\u0085report\u009B\u200B';

const upload: UploadResponse = {
  asset_id: 'ast_1',
  filename: FILENAME,
  media_type: 'application/octet-stream',
  byte_length: 3,
  sha256: SHA,
  source_version_id: 'sv_1',
};
const source: SourceVersion = {
  sourceVersionId: 'sv_1',
  assetId: 'ast_1',
  bytesHash: `sha256:${SHA}`,
  sourceMetadata: {
    title: TITLE,
    filename: FILENAME,
    media_type: 'application/octet-stream',
    byte_length: 3,
    url: null,
    domain: null,
    publication_year: null,
    source_type: null,
    is_primary_source: null,
    registered_at: '2026-11-22T10:00:00.000Z',
  },
};
const citation = {
  id: 'cit_1',
  title: `${TITLE} (${FILENAME})`,
  url: 'https://example.org/a',
  snippet: 'the count rose',
  author: 'example.org',
  status: 'retained',
  credibility_score: 50,
  rank: 1,
};
const search: SearchResponse = {
  claim_groups: [
    {
      claim_id: 'c1',
      claim_index: 1,
      claim: 'the count rose',
      stance_summary: 'unverifiable',
      citation_count: 1,
      citations: [citation],
    },
  ],
  citations: [citation],
  usage: { credits: 0 },
};

function setup() {
  const client: Partial<EvidenceClient> = {
    uploadAsset: vi.fn(() => Promise.resolve(upload)),
    getSource: vi.fn(() => Promise.resolve(source)),
    search: vi.fn(() => Promise.resolve(search)),
  };
  const { context } = fakeContext(client);
  return createRouter(handlers, context, { onInternalError: vi.fn() });
}

describe('names crossing the bridge', () => {
  it('library.upload hands the renderer a display-safe file name', async () => {
    const reply = await setup().invoke('library.upload', { filename: FILENAME, dataBase64: 'YWJj' });
    expect(reply).toEqual({ ok: true, value: { ...upload, filename: 'invoicefdp.exe' } });
  });

  it('library.source hands the renderer display-safe names and the originals as bytes', async () => {
    const reply = await setup().invoke('library.source', { sourceVersionId: 'sv_1' });
    expect(reply).toEqual({
      ok: true,
      value: {
        ...source,
        sourceMetadata: {
          ...source.sourceMetadata,
          title: 'Budget report',
          filename: 'invoicefdp.exe',
          filename_utf8_hex: Buffer.from(FILENAME).toString('hex'),
          title_utf8_hex: Buffer.from(TITLE).toString('hex'),
        },
      },
    });
  });

  it('search.query hands the renderer display-safe citation titles and nothing else changed', async () => {
    const reply = await setup().invoke('search.query', { query: 'count' });
    const shown = { ...citation, title: 'Budget report (invoicefdp.exe)' };
    expect(reply).toEqual({
      ok: true,
      value: {
        ...search,
        claim_groups: [{ ...search.claim_groups![0], citations: [shown] }],
        citations: [shown],
      },
    });
  });
});
