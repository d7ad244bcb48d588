import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientErrorOf, createEmbeddedClient } from '../../../../desktop/main/client/embedded';
import { tooLarge } from '../../../../service/operations/errors';
import { MAX_ASSET_BYTES } from '../../../../shared/api';
import { ClientError } from '../../../../desktop/main/client/types';
import { ProgressEvent } from '../../../../shared/bridge';
import { buildPdf } from '../../../service/extract/fixtures/pdf';

// The embedded client: the local service's operations in process, with the data folder's local account.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ew-embedded-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const CSV = 'Item,2022,2023\nRevenue,"1,000","1,120"\n';

describe('embedded client', () => {
  it('uploads and retains, publishes, checks a claim, finds it again; the data outlives the client', async () => {
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    const up = await client.uploadAsset({
      bytes: new TextEncoder().encode(CSV),
      filename: 'revenue.csv',
      title: 'Revenue table',
    });
    expect(up.source_version_id).toMatch(/^sv_/);
    const rep = await client.publishRepresentation(up.source_version_id!);
    const unit = rep.units[0]!;
    const index = (ref: string) =>
      unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref)!.index;
    const operand = (ref: string) => ({
      source_version_id: up.source_version_id!,
      representation_id: rep.representation_id,
      source_unit_id: unit.source_unit_id,
      figure_index: index(ref),
    });
    const check = await client.verifyNumeric({
      claim: 'Revenue rose 12% from 2022 to 2023',
      operands: [operand('B2'), operand('C2')],
    });
    expect(check.outcome).toBe('supported');
    await client.close();

    const again = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    const found = await again.search({ query: 'revenue' });
    expect(found.claim_groups?.[0]?.citations[0]?.source_version_id).toBe(up.source_version_id);
    expect((await again.getRepresentation(rep.representation_id)).units).toHaveLength(1);
    await again.close();
  });

  it('service refusals become ClientErrors with the same codes as over HTTP', async () => {
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    const missing = await client.getSource('sv_nothing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ClientError);
    expect(missing).toMatchObject({ code: 'not_found', details: { status: 404, serviceCode: 'not_found' } });
    const bad = await client.search({ query: '   ' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_request', details: { status: 400 } });
    await client.close();
  });
});

describe('embedded client: pages published as they are read', () => {
  it('each page of a PDF reaches the page with its text and figures before the document is published', async () => {
    const events: ProgressEvent[] = [];
    let published = false;
    const client = await createEmbeddedClient({
      dataDir: dir,
      ocr: 'off',
      // What the bridge would send the page: checked against the event's schema, as the renderer does.
      onProgress: (event) => {
        expect(published).toBe(false);
        events.push(ProgressEvent.parse(JSON.parse(JSON.stringify(event))));
      },
    });
    const pdf = buildPdf(
      [1, 2, 3].map((n) => ({
        texts: [{ x: 72, y: 700, size: 12, text: `Page ${n}: revenue rose ${n}.5% to $${n},234,000` }],
      })),
    );
    const up = await client.uploadAsset({ bytes: pdf, filename: 'report.pdf' });
    const rep = await client.publishRepresentation(up.source_version_id!);
    published = true;
    const pages = events.filter((e) => e.stage === 'extract:page');
    expect(pages.map((e) => [e.taskId, e.done, e.total])).toEqual([
      [up.source_version_id, 1, 3],
      [up.source_version_id, 2, 3],
      [up.source_version_id, 3, 3],
    ]);
    // The page shown while reading is the page the representation holds, figures and boxes included.
    for (const unit of rep.units) {
      const { source_unit_id: _id, ...read } = unit;
      expect(pages[unit.index - 1]?.unit).toEqual(read);
    }
    expect(rep.units[0]?.figures.map((f) => f.raw)).toEqual(['1.5%', '$1,234,000']);
    await client.close();
  });
});

describe('embedded client: refusals, cancellation, lifetime', () => {
  it('each refusal keeps its code: empty file, unknown ids, 413 bodies', async () => {
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    await expect(
      client.uploadAsset({ bytes: new Uint8Array(), filename: 'empty.csv' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      details: { status: 400, serviceCode: 'empty_file' },
    });
    await expect(client.publishRepresentation('sv_unknown')).rejects.toMatchObject({ code: 'not_found' });
    await expect(client.getRepresentation('rep_unknown')).rejects.toMatchObject({ code: 'not_found' });
    await expect(client.extract({ asset_id: 'ast_unknown' })).rejects.toMatchObject({ code: 'not_found' });
    const bad = (await client
      .verifyNumeric({ claim: '', operands: [] })
      .catch((e: unknown) => e)) as ClientError;
    expect(bad).toMatchObject({ code: 'invalid_request', details: { serviceCode: 'invalid_request' } });
    expect(bad.message).toMatch(/claim|operands/);
    expect(clientErrorOf(tooLarge(null, MAX_ASSET_BYTES))).toMatchObject({
      code: 'too_large',
      details: { status: 413, bytes: null, maxBytes: MAX_ASSET_BYTES, serviceCode: 'source_too_large' },
    });
    await client.close();
  });

  it('extracts an uploaded asset in process', async () => {
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    const up = await client.uploadAsset({
      bytes: new TextEncoder().encode(CSV),
      filename: 'r.csv',
      retain: false,
    });
    expect(up.source_version_id).toBeUndefined();
    const read = await client.extract({ asset_id: up.asset_id });
    expect(read).toMatchObject({ state: 'complete', extraction_method: 'spreadsheet_cells' });
    expect(read.markdown).toContain('Revenue');
    await client.close();
  });

  it('an aborted call is cancelled; a closed client is unavailable; a folder in use is explained', async () => {
    const client = await createEmbeddedClient({ dataDir: dir, ocr: 'off' });
    const controller = new AbortController();
    controller.abort();
    await expect(client.search({ query: 'revenue' }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    await expect(createEmbeddedClient({ dataDir: dir, ocr: 'off' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    await client.close();
    await client.close();
    await expect(client.search({ query: 'revenue' })).rejects.toMatchObject({ code: 'unavailable' });
  });
});
