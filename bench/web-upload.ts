/**
 * An upload end to end through the web host, as the renderer makes it: `POST /bridge/upload` with the
 * file's raw bytes (no base64) to a started web host whose embedded service keeps a temporary data folder,
 * until the bridge answers with the stored, retained source. Timed against the reference (sha256 + write
 * + fsync of the same bytes in this process); the ratio is what the upload path costs over the least an
 * upload must do.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHost } from '../desktop/web/server';
import { WEB_TOKEN_HEADER, WEB_UPLOAD_META_HEADER, WEB_UPLOAD_PATH } from '../shared/bridge';
import { median, reference } from './reference';

export async function benchWebUpload(mb = 45, rounds = 3): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ew-bench-web-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
  const host = await startWebHost({ port: 0, dataDir: join(dir, 'data'), rendererDir, version: 'bench' });
  const ref: number[] = [];
  const up: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // Fresh bytes every round: the store keeps identical bytes once, which would flatter the upload.
      const bytes = randomBytes(mb * 1_000_000);
      ref.push(await reference(dir, bytes));
      const t = performance.now();
      const response = await fetch(`${host.origin}${WEB_UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          [WEB_TOKEN_HEADER]: host.token,
          [WEB_UPLOAD_META_HEADER]: encodeURIComponent(
            JSON.stringify({ filename: `bench-${mb}-${round}.bin`, taskId: `bench-${round}` }),
          ),
        },
        body: bytes,
      });
      const reply = (await response.json()) as { ok: boolean; value?: { byte_length: number } };
      up.push(performance.now() - t);
      if (!reply.ok || reply.value?.byte_length !== bytes.length)
        throw new Error(`the bench upload failed: ${JSON.stringify(reply)}`);
    }
  } finally {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
  const r = median(ref);
  const u = median(up);
  return [
    `## Upload through the web host (median of ${rounds} rounds, ms; ratio to the reference)`,
    'reference = sha256 + write + fsync of the same bytes in this process; upload = POST /bridge/upload',
    'with the raw bytes to a started web host (embedded service), until the bridge answers\n',
    '| size | reference | upload (web host, raw body) |',
    '|---|---|---|',
    `| ${mb} MB | ${r.toFixed(1)} | ${u.toFixed(1)} (${(u / r).toFixed(2)}×) |`,
  ];
}
