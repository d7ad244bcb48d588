import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../service/http/server';
import type { Database } from '../../service/store/database';
import { Store } from '../../service/store/store';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Uint8Array | string; contentType?: string };

/** A multipart/form-data body built by hand, so tests control every byte (including broken ones). */
export function multipart(
  parts: FormPart[],
  boundary = 'ewtestboundary7MA4YWxkTrZu0gW',
): {
  body: Buffer;
  contentType: string;
} {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface TestService {
  dir: string;
  store: Store;
  /** The store's database itself, for what no store method shows (tests only). */
  db: Database;
  app: FastifyInstance;
  key: string;
  accountId: string;
  /** A second account's key, for ownership checks. */
  otherKey: string;
  close(): Promise<void>;
}

export async function tempDir(prefix = 'ew-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function startTestService(options: Partial<ServerOptions> = {}): Promise<TestService> {
  const dir = await tempDir();
  const store = await Store.open(dir);
  const app = await buildServer({ store, ...options });
  const { key, accountId } = await store.createKey('test');
  const { key: otherKey } = await store.createKey('other');
  return {
    dir,
    store,
    db: Store.databaseForTests(store),
    app,
    key,
    accountId,
    otherKey,
    async close() {
      await app.close();
      store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table and the blobs on disk: what "nothing was stored" compares. */
export async function snapshot(store: Store): Promise<Record<string, number | string[]>> {
  const count = (table: string) =>
    (Store.databaseForTests(store).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    assets: count('assets'),
    source_versions: count('source_versions'),
    representations: count('representations'),
    units: count('units'),
    figures: count('figures'),
    unit_search: count('unit_search'),
    accounts: count('accounts'),
    api_keys: count('api_keys'),
    blobs: await store.blobs.list(),
  };
}

export async function upload(
  svc: TestService,
  content: Uint8Array | string,
  fields: Record<string, string> = {},
  filename = 'report.pdf',
  key = svc.key,
) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename, content },
  ]);
  return svc.app.inject({
    method: 'POST',
    url: '/api/v1/assets',
    headers: { 'x-api-key': key, 'content-type': form.contentType },
    payload: form.body,
  });
}

export async function register(
  svc: TestService,
  assetId: string,
  content: Uint8Array | string,
  key = svc.key,
) {
  const form = multipart([
    { name: 'assetId', value: assetId },
    { name: 'file', filename: 'x', content },
  ]);
  return svc.app.inject({
    method: 'POST',
    url: '/api/v2/sources',
    headers: { 'x-api-key': key, 'content-type': form.contentType },
    payload: form.body,
  });
}

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
