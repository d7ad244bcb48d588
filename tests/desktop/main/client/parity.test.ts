import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedClient } from '../../../../desktop/main/client/embedded';
import { createRemoteClient } from '../../../../desktop/main/client/remote';
import { ClientError, type EvidenceClient } from '../../../../desktop/main/client/types';
import { SERVICE_ERRORS, uploadFormFields, UploadFields } from '../../../../shared/api';
import { startTestService, type TestService } from '../../../service/helpers';

// One failure, one code and one status, whichever client answers: the embedded client (operations in
// process) and the remote client (HTTP) are held to the same answers for the same calls.

let svc: TestService;
let dir: string;
let embedded: EvidenceClient;
let remote: EvidenceClient;

beforeAll(async () => {
  svc = await startTestService();
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (svc.app.server.address() as AddressInfo).port;
  remote = createRemoteClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: () => Promise.resolve(svc.key),
  });
  dir = mkdtempSync(join(tmpdir(), 'ew-parity-'));
  embedded = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
});
afterAll(async () => {
  await embedded.close();
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const CSV = new TextEncoder().encode('Item,2022,2023\nRevenue,"1,000","1,120"\n');

async function failureOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  const { code, details } = error as ClientError;
  return { code, status: details.status, serviceCode: details.serviceCode, fields: details.fields };
}

describe('embedded and remote clients', () => {
  it('store the same bytes and give them back the same, with their hash', async () => {
    for (const client of [embedded, remote]) {
      const up = await client.uploadAsset({ bytes: CSV, filename: 'revenue.csv', title: 'Revenue' });
      const content = await client.getSourceContent(up.source_version_id!);
      expect(Buffer.from(content.bytes).equals(Buffer.from(CSV))).toBe(true);
      expect(content.sha256).toBe(up.sha256);
      expect(content.filename).toBe('revenue.csv');
      const source = await client.getSource(up.source_version_id!);
      expect(source.bytesHash).toBe(`sha256:${up.sha256}`);
      expect(source.sourceMetadata).toMatchObject({ title: 'Revenue', filename: 'revenue.csv' });
    }
  });

  it('list the same sources with how each was read, and remove them the same way', async () => {
    const seen = [];
    for (const client of [embedded, remote]) {
      const first = await client.uploadAsset({ bytes: CSV, filename: 'list-a.csv', title: 'A' });
      const second = await client.uploadAsset({ bytes: CSV, filename: 'list-b\u202Ecsv.exe' });
      const rep = await client.publishRepresentation(first.source_version_id!);
      const { sources } = await client.listSources();
      const [newest, older] = sources;
      expect(newest?.sourceVersionId).toBe(second.source_version_id);
      expect(older?.sourceVersionId).toBe(first.source_version_id);
      expect(newest?.newest_representation).toBeNull();
      expect(older?.newest_representation).toMatchObject({
        representation_id: rep.representation_id,
        state: rep.state,
        unit_count: rep.units.length,
        lost: [],
      });
      expect(await client.getSource(first.source_version_id!)).toEqual(
        (({ newest_representation: _r, ...registration }) => registration)(older!),
      );
      await expect(client.removeSource(second.source_version_id!)).resolves.toEqual({ removed: true });
      await expect(client.removeSource(first.source_version_id!)).resolves.toEqual({ removed: true });
      const after = (await client.listSources()).sources.map((s) => s.sourceVersionId);
      expect(after).not.toContain(first.source_version_id);
      expect(after).not.toContain(second.source_version_id);
      // The same shapes from both, ids and times aside.
      seen.push(
        sources.slice(0, 2).map((s) => ({
          ...s,
          sourceVersionId: '',
          assetId: '',
          sourceMetadata: { ...s.sourceMetadata, registered_at: '' },
          newest_representation: s.newest_representation && {
            ...s.newest_representation,
            representation_id: '',
          },
        })),
      );
    }
    expect(seen[0]).toEqual(seen[1]);
  });

  it.each([
    ['removing an unknown source version', (c: EvidenceClient) => c.removeSource('sv_missing'), 'not_found'],
    ['an unknown representation', (c: EvidenceClient) => c.getRepresentation('rep_missing'), 'not_found'],
    ['an unknown source version', (c: EvidenceClient) => c.getSourceContent('sv_missing'), 'not_found'],
    ['a query without words', (c: EvidenceClient) => c.search({ query: '*** ^' }), 'query_without_words'],
    [
      'a claim with no operand',
      (c: EvidenceClient) => c.verifyNumeric({ claim: 'x', operands: [] } as never),
      'invalid_request',
    ],
    ['an extraction naming nothing', (c: EvidenceClient) => c.extract({} as never), 'invalid_request'],
    [
      'fetching a loopback address (not a public web address)',
      (c: EvidenceClient) => c.fetchAsset({ url: 'http://127.0.0.1:9/report.pdf', retain: true }),
      'invalid_asset_url',
    ],
    [
      'fetching an address that is not http(s)',
      (c: EvidenceClient) => c.fetchAsset({ url: 'file:///etc/passwd' }),
      'invalid_request',
    ],
  ] as const)('refuse %s with the same code and the catalogue status', async (_what, call, serviceCode) => {
    const fromEmbedded = await failureOf(call(embedded));
    const fromRemote = await failureOf(call(remote));
    expect(fromEmbedded).toEqual(fromRemote);
    expect(fromRemote.serviceCode).toBe(serviceCode);
    expect(fromRemote.status).toBe(SERVICE_ERRORS[serviceCode].status);
  });
});

describe('fetching a web address', () => {
  it('is refused by both clients before anything is stored, naming asset_url', async () => {
    const before = (await embedded.listSources()).sources.length;
    for (const client of [embedded, remote]) {
      const error = await client.fetchAsset({ url: 'http://localhost/a.pdf', retain: true }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ClientError);
      expect((error as ClientError).code).toBe('invalid_request');
      expect((error as ClientError).message).toMatch(/asset_url/);
    }
    expect((await embedded.listSources()).sources.length).toBe(before);
  });
});

describe('the upload form', () => {
  it('is the inverse of the fields the service parses', () => {
    const typed = {
      title: 'Budget 2024',
      url: 'https://example.org/budget.pdf',
      publication_year: 2024,
      source_type: 'Government Document',
      is_primary_source: false,
      retain: true,
    };
    expect(UploadFields.parse(uploadFormFields(typed))).toEqual(typed);
    expect(UploadFields.parse(uploadFormFields({}))).toEqual({});
  });
});
