import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, Representation, SourceList, SourceVersion, UploadResponse } from '../../shared/api';
import { PostgresStore } from '../../service/store/postgres';
import { postgresBinDir, testPostgres } from '../support/postgres';
import { postgresInstalled } from '../../vitest.config';
import { startServiceProcess, type ServiceProcess } from './process';

// Newsroom mode: several service instances (real child processes, `npm run service -- --database URL`)
// on one PostgreSQL database. What one instance writes the other reads; concurrent writes of the same
// thing through both give one row; a kill -9 of one instance leaves nothing half-written; the rate limit
// is the database's, not an instance's. Skipped, saying so, where PostgreSQL is not installed.

const server = await testPostgres();

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

interface Newsroom {
  url: string;
  a: ServiceProcess;
  b: ServiceProcess;
  key: string;
  otherKey: string;
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** A fresh migrated database with two keys, and two instances serving it with `args`. */
async function newsroom(args: string[] = []): Promise<Newsroom> {
  const url = await server!.createMigratedDatabase();
  const store = await PostgresStore.open(url);
  const { key } = await store.createKey('desk');
  const { key: otherKey } = await store.createKey('other desk');
  await store.close();
  const [a, b] = await Promise.all([
    startServiceProcess(['--database', url, ...args]),
    startServiceProcess(['--database', url, ...args]),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    url,
    a,
    b,
    key,
    otherKey,
    async sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await client.query<T>(text, values)).rows;
    },
    async stop() {
      await client.end();
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}

async function uploadTo(
  svc: ServiceProcess,
  key: string,
  content: string,
  filename: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('file', new Blob([content], { type: 'text/plain' }), filename);
  return fetch(`${svc.baseUrl}/api/v1/assets`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
}

async function registerAt(svc: ServiceProcess, key: string, assetId: string, content: string) {
  const form = new FormData();
  form.set('assetId', assetId);
  form.set('file', new Blob([content]), 'x');
  return fetch(`${svc.baseUrl}/api/v2/sources`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
}

const publishAt = (svc: ServiceProcess, key: string, sourceVersionId: string) =>
  fetch(`${svc.baseUrl}/api/v2/sources/${sourceVersionId}/representations`, {
    method: 'POST',
    headers: { 'x-api-key': key },
  });

const getAt = (svc: ServiceProcess, key: string, path: string) =>
  fetch(`${svc.baseUrl}${path}`, { headers: { 'x-api-key': key } });

/** Rows whose bytes or parts are missing: what no crash may leave behind. */
async function halfWritten(room: Newsroom): Promise<Record<string, number>> {
  const n = async (text: string) => Number((await room.sql<{ n: string }>(text))[0]!.n);
  return {
    assetsWithoutBlob: await n(
      'SELECT count(*) AS n FROM assets a WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = a.sha256)',
    ),
    sourceVersionsWithoutBlob: await n(
      `SELECT count(*) AS n FROM source_versions s
       WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = s.sha256)`,
    ),
    blobsShort: await n(
      `SELECT count(*) AS n FROM blobs b
       WHERE b.byte_length <> coalesce((SELECT sum(length(c.data)) FROM blob_chunks c WHERE c.sha256 = b.sha256), 0)`,
    ),
    representationsWithoutUnits: await n(
      `SELECT count(*) AS n FROM representations r
       WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.representation_id = r.id)`,
    ),
    unitsNotSearchable: await n(
      `SELECT count(*) AS n FROM units u JOIN representations r ON r.id = u.representation_id
       WHERE NOT EXISTS (SELECT 1 FROM unit_search x WHERE x.unit_id = u.id)`,
    ),
  };
}

const NOTHING_HALF_WRITTEN = {
  assetsWithoutBlob: 0,
  sourceVersionsWithoutBlob: 0,
  blobsShort: 0,
  representationsWithoutUnits: 0,
  unitsNotSearchable: 0,
};

it('vitest.config.ts finds PostgreSQL where tests/support/postgres.ts does (its project runs where they can)', async () => {
  expect(postgresInstalled()).toBe((await postgresBinDir()) !== null);
});

describe.skipIf(!server)(
  'newsroom: two instances on one PostgreSQL (skipped when PostgreSQL is not installed)',
  () => {
    afterAll(async () => {
      await server?.stop();
    });

    describe('concurrent writes and reads through both instances', () => {
      let room: Newsroom;
      beforeAll(async () => {
        room = await newsroom();
      }, 60_000);
      afterAll(async () => {
        await room?.stop();
      });

      it('registering one asset’s bytes at once through both gives one source version; publishing it, one representation', async () => {
        const TEXT = 'Council tax rose 4.99% in 2024, to £2,171 for a band D home.\n';
        const up = await uploadTo(room.a, room.key, TEXT, 'council.txt');
        expect(up.status).toBe(201);
        const asset = UploadResponse.parse(await up.json());
        expect(asset.source_version_id).toBeUndefined();

        // Eight registrations at once, half through each instance.
        const registered = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            registerAt(i % 2 ? room.b : room.a, room.key, asset.asset_id, TEXT),
          ),
        );
        const ids = new Set<string>();
        for (const res of registered) {
          expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(300);
          ids.add(SourceVersion.parse(await res.json()).sourceVersionId);
        }
        expect(ids.size).toBe(1);
        const [sourceVersionId] = [...ids] as [string];
        expect(
          await room.sql('SELECT id FROM source_versions WHERE asset_id = $1', [asset.asset_id]),
        ).toEqual([{ id: sourceVersionId }]);

        // Six publications at once, half through each instance: one representation.
        const published = await Promise.all(
          Array.from({ length: 6 }, (_, i) => publishAt(i % 2 ? room.a : room.b, room.key, sourceVersionId)),
        );
        const representationIds = new Set<string>();
        for (const res of published) {
          expect([200, 201], await res.clone().text()).toContain(res.status);
          const body = Representation.parse(await res.json());
          expect(body.units.length).toBeGreaterThan(0);
          representationIds.add(body.representation_id);
        }
        expect(representationIds.size).toBe(1);
        const rows = await room.sql<{ id: string }>(
          'SELECT id FROM representations WHERE source_version_id = $1',
          [sourceVersionId],
        );
        expect(rows.map((r) => r.id)).toEqual([...representationIds]);

        // What one instance wrote, the other reads.
        const viaB = await getAt(room.b, room.key, `/api/v2/representations/${rows[0]!.id}`);
        expect(viaB.status).toBe(200);
        expect(Representation.parse(await viaB.json()).representation_id).toBe(rows[0]!.id);
        expect(await halfWritten(room)).toEqual(NOTHING_HALF_WRITTEN);
      }, 60_000);

      it('the same bytes uploaded with retain through both at once: two assets and source versions, one blob (as on SQLite)', async () => {
        const TEXT = 'Bus fares are capped at £3 until the end of 2025.\n';
        const [one, two] = await Promise.all([
          uploadTo(room.a, room.key, TEXT, 'fares.txt', { retain: 'true' }),
          uploadTo(room.b, room.key, TEXT, 'fares.txt', { retain: 'true' }),
        ]);
        expect([one.status, two.status]).toEqual([201, 201]);
        const [x, y] = [UploadResponse.parse(await one.json()), UploadResponse.parse(await two.json())];
        expect(x.sha256).toBe(sha(TEXT));
        expect(y.sha256).toBe(sha(TEXT));
        expect(x.asset_id).not.toBe(y.asset_id);
        expect(x.source_version_id).not.toBe(y.source_version_id);
        expect(await room.sql('SELECT sha256 FROM blobs WHERE sha256 = $1', [sha(TEXT)])).toHaveLength(1);
        for (const [svc, up] of [
          [room.b, x],
          [room.a, y],
        ] as const) {
          const content = await getAt(svc, room.key, `/api/v2/sources/${up.source_version_id}/content`);
          expect(content.status).toBe(200);
          expect(await content.text()).toBe(TEXT);
        }
      }, 60_000);

      it('removals through A while B uploads the same bytes: every upload B answered keeps its bytes', async () => {
        const TEXT = 'Hospital waiting lists fell to 7.5 million in September.\n';
        const kept: UploadResponse[] = [];
        for (let round = 0; round < 10; round++) {
          const first = UploadResponse.parse(
            await (await uploadTo(room.a, room.key, TEXT, 'nhs.txt', { retain: 'true' })).json(),
          );
          // The last row naming the bytes goes through A while B records a new one for the same bytes.
          const [removed, again] = await Promise.all([
            fetch(`${room.a.baseUrl}/api/v2/sources/${first.source_version_id}`, {
              method: 'DELETE',
              headers: { 'x-api-key': room.key },
            }),
            uploadTo(room.b, room.key, TEXT, 'nhs.txt', { retain: 'true' }),
          ]);
          expect(removed.status).toBe(200);
          expect(again.status).toBe(201);
          const up = UploadResponse.parse(await again.json());
          kept.push(up);
          const content = await getAt(room.a, room.key, `/api/v2/sources/${up.source_version_id}/content`);
          expect(content.status, `round ${round}`).toBe(200);
          expect(await content.text()).toBe(TEXT);
          // Leave only this round's upload, so the next round's removal is again of the last row but one.
          expect(
            (
              await fetch(`${room.b.baseUrl}/api/v2/sources/${up.source_version_id}`, {
                method: 'DELETE',
                headers: { 'x-api-key': room.key },
              })
            ).status,
          ).toBe(200);
        }
        expect(kept).toHaveLength(10);
        expect(await halfWritten(room)).toEqual(NOTHING_HALF_WRITTEN);
      }, 60_000);

      it('one source version removed through both at once: one 200, the rest 404, never a 5xx', async () => {
        for (let round = 0; round < 5; round++) {
          const TEXT = `Round ${round}: rents rose 9.1% in the year to October.\n`;
          const up = UploadResponse.parse(
            await (await uploadTo(room.a, room.key, TEXT, 'rents.txt', { retain: 'true' })).json(),
          );
          expect((await publishAt(room.b, room.key, up.source_version_id!)).status).toBe(201);
          const answers = await Promise.all(
            Array.from({ length: 4 }, (_, i) =>
              fetch(`${(i % 2 ? room.b : room.a).baseUrl}/api/v2/sources/${up.source_version_id}`, {
                method: 'DELETE',
                headers: { 'x-api-key': room.key },
              }).then(async (res) => `${res.status} ${res.status === 200 ? '' : await res.text()}`),
            ),
          );
          expect(
            answers.filter((a) => a.startsWith('200 ')),
            answers.join('\n'),
          ).toHaveLength(1);
          expect(
            answers.filter((a) => a.startsWith('404 ')),
            answers.join('\n'),
          ).toHaveLength(3);
          expect(await room.sql('SELECT 1 FROM blobs WHERE sha256 = $1', [sha(TEXT)])).toEqual([]);
        }
        expect(await halfWritten(room)).toEqual(NOTHING_HALF_WRITTEN);
      }, 60_000);

      it('what A publishes, B finds: one search index for every instance', async () => {
        const TEXT = 'The zoplanterix census counted 4,210 households in the borough.\n';
        const up = UploadResponse.parse(
          await (await uploadTo(room.a, room.key, TEXT, 'census.txt', { retain: 'true' })).json(),
        );
        expect((await publishAt(room.a, room.key, up.source_version_id!)).status).toBe(201);
        const res = await fetch(`${room.b.baseUrl}/api/v1/sources/search`, {
          method: 'POST',
          headers: { 'x-api-key': room.key, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'zoplanterix census' }),
        });
        expect(res.status).toBe(200);
        expect(JSON.stringify(await res.json())).toContain(up.source_version_id!);
        const theirs = await fetch(`${room.b.baseUrl}/api/v1/sources/search`, {
          method: 'POST',
          headers: { 'x-api-key': room.otherKey, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'zoplanterix census' }),
        });
        expect(theirs.status).toBe(200);
        expect(JSON.stringify(await theirs.json())).not.toContain(up.source_version_id!);
      }, 60_000);
    });

    it('a kill -9 of one instance during 100 uploads: every 2xx is readable after, nothing is half-written, the other keeps serving', async () => {
      const room = await newsroom();
      try {
        const TOTAL = 100;
        const KILL_AFTER = 30;
        const texts = Array.from(
          { length: TOTAL },
          (_, i) => `Bulletin ${i}: the claimant count rose by ${1000 + i} in month ${i % 12}.\n`,
        );
        const uploaded = new Map<number, string>(); // index → source version id (a 2xx upload)
        const representations = new Map<string, number>(); // representation id → units it was answered with
        let failedUploads = 0;
        let done = 0;
        let killed: Promise<void> | null = null;
        let next = 0;

        // Ten clients, each taking the next upload; even indexes go through A, odd through B. Every third
        // one is also read (published) at once, through the same instance.
        async function client() {
          for (let i = next++; i < TOTAL; i = next++) {
            const svc = i % 2 === 0 ? room.a : room.b;
            let up: UploadResponse | null = null;
            let refused: { status: number; body: string } | null = null;
            try {
              const res = await uploadTo(svc, room.key, texts[i]!, `bulletin-${i}.txt`, { retain: 'true' });
              if (res.status === 201) up = UploadResponse.parse(await res.json());
              else refused = { status: res.status, body: await res.text() };
            } catch {
              // the killed instance: connection refused or reset
            }
            // An instance that answers refuses nothing it should take: no 4xx, ever.
            if (refused) expect(refused.status, refused.body).toBeGreaterThanOrEqual(500);
            if (up === null) failedUploads++;
            else {
              uploaded.set(i, up.source_version_id!);
              if (i % 3 === 0) {
                const pub = await publishAt(svc, room.key, up.source_version_id!).catch(() => null);
                if (pub?.status === 201 || pub?.status === 200) {
                  const rep = Representation.parse(await pub.json());
                  representations.set(rep.representation_id, rep.units.length);
                }
              }
            }
            if (++done === KILL_AFTER) killed = room.a.stop('SIGKILL');
          }
        }
        await Promise.all(Array.from({ length: 10 }, client));
        await killed;
        expect(room.a.proc.signalCode).toBe('SIGKILL');
        // The kill happened mid-run: uploads through A failed after it, and many succeeded before it.
        expect(failedUploads).toBeGreaterThan(0);
        expect(uploaded.size).toBeGreaterThanOrEqual(KILL_AFTER - 10);

        // Every upload that got a 2xx is listed and its bytes read back, hash-verified, through B.
        const list = await getAt(room.b, room.key, '/api/v2/sources');
        expect(list.status).toBe(200);
        const listed = new Set(SourceList.parse(await list.json()).sources.map((s) => s.sourceVersionId));
        for (const [i, sourceVersionId] of uploaded) {
          expect(listed.has(sourceVersionId), sourceVersionId).toBe(true);
          const content = await getAt(room.b, room.key, `/api/v2/sources/${sourceVersionId}/content`);
          expect(content.status).toBe(200);
          expect(sha(Buffer.from(await content.arrayBuffer()))).toBe(sha(texts[i]!));
        }
        for (const [representationId, units] of representations) {
          const res = await getAt(room.b, room.key, `/api/v2/representations/${representationId}`);
          expect(res.status).toBe(200);
          expect(Representation.parse(await res.json()).units).toHaveLength(units);
        }
        // And whatever the killed instance committed without answering is whole too.
        for (const sourceVersionId of listed) {
          const content = await getAt(room.b, room.key, `/api/v2/sources/${sourceVersionId}/content`);
          expect(content.status, sourceVersionId).toBe(200);
        }
        expect(await halfWritten(room)).toEqual(NOTHING_HALF_WRITTEN);

        // The survivor keeps serving: a new upload, read at once.
        const after = await uploadTo(room.b, room.key, 'Written after the crash.\n', 'after.txt', {
          retain: 'true',
        });
        expect(after.status).toBe(201);
        const up = UploadResponse.parse(await after.json());
        const pub = await publishAt(room.b, room.key, up.source_version_id!);
        expect(pub.status).toBe(201);
        expect(Representation.parse(await pub.json()).units.length).toBeGreaterThan(0);
      } finally {
        await room.stop();
      }
    }, 180_000);

    it('the rate limit is shared: N requests through A, then the same key through B is 429 with Retry-After', async () => {
      const N = 3;
      const room = await newsroom(['--rate-limit', String(N)]);
      try {
        for (let i = 0; i < N; i++)
          expect((await getAt(room.a, room.key, '/api/v2/sources')).status).toBe(200);
        const refused = await getAt(room.b, room.key, '/api/v2/sources');
        expect(refused.status).toBe(429);
        const wait = Number(refused.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(ErrorBody.parse(await refused.json()).error.retry_after_s).toBe(wait);
        // Through A too, and only for that key: another key still gets through B.
        expect((await getAt(room.a, room.key, '/api/v2/sources')).status).toBe(429);
        expect((await getAt(room.b, room.otherKey, '/api/v2/sources')).status).toBe(200);
      } finally {
        await room.stop();
      }
    }, 60_000);
  },
);
