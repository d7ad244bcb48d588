import { ExtractRequest, ExtractionResponse, Representation, type ExtractionUnit } from '../../shared/api';
import { EXTRACTOR_VERSION, extract, type Extraction, type ExtractOptions } from '../extract/extract';
import { BlobCorruptError } from '../store/blobs';
import type { EvidenceStore } from '../store/contract';
import { notFound, parseRequest, ServiceError } from './errors';

/** What extraction needs from the service's configuration. */
export interface ExtractionSettings {
  ocr: NonNullable<ExtractOptions['ocr']>;
  /** Fetches an `asset_url` (service/fetch); absent: such requests are refused with 400. */
  download?: (
    url: string,
  ) => Promise<{ bytes: Uint8Array; filename: string | null; mediaType: string | null }>;
  onUnit?: ExtractOptions['onUnit'];
  /** The caller's cancellation: the read stops (`extraction_error`) and its thread is freed. */
  signal?: AbortSignal;
  limits?: ExtractOptions['limits'];
  worker?: ExtractOptions['worker'];
  /** The service's reading threads (started by its first read, ended by its close()). */
  pool?: ExtractOptions['pool'];
}

/** The stored bytes of an asset, verified; a store without them is 404, damaged bytes 502. */
async function assetBytes(store: EvidenceStore, accountId: string, assetId: string) {
  const asset = await store.findAsset(accountId, assetId);
  if (!asset) throw notFound(`asset ${assetId}`);
  if (!(await store.blobs.has(asset.sha256)))
    throw new ServiceError('not_found', `the store has no bytes for asset ${asset.id}`);
  try {
    return {
      bytes: await store.blobs.read(asset.sha256),
      filename: asset.filename,
      mediaType: asset.media_type,
    };
  } catch (error) {
    if (error instanceof BlobCorruptError)
      throw new ServiceError(
        'asset_store_failure',
        `the stored bytes of asset ${asset.id} fail their hash check`,
      );
    throw error;
  }
}

const EVIDENCE_SCHEME = 'evidence://';

function extractOptions(settings: ExtractionSettings): ExtractOptions {
  return {
    ocr: settings.ocr,
    ...(settings.pool ? { pool: settings.pool } : {}),
    ...(settings.limits ? { limits: settings.limits } : {}),
    ...(settings.worker ? { worker: settings.worker } : {}),
    ...(settings.onUnit ? { onUnit: settings.onUnit } : {}),
    ...(settings.signal ? { signal: settings.signal } : {}),
  };
}

function responseUnit(unit: Extraction['units'][number]): ExtractionUnit {
  return {
    kind: unit.kind,
    index: unit.index,
    extraction_method: unit.extraction_method,
    markdown: unit.markdown,
    ...(unit.page ? { page: unit.page } : {}),
    ...(unit.sheet ? { sheet: unit.sheet } : {}),
  };
}

/** `POST /api/v1/extract`: reads the caller's asset (or a file at a public web address) as text. */
export async function extractAsset(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
  settings: ExtractionSettings,
): Promise<ExtractionResponse> {
  const request = parseRequest(ExtractRequest, body);
  let source: { bytes: Uint8Array; filename: string | null; mediaType: string | null };
  if (request.asset_id !== undefined) {
    source = await assetBytes(store, accountId, request.asset_id);
  } else {
    const url = request.asset_url ?? '';
    if (url.toLowerCase().startsWith(EVIDENCE_SCHEME)) {
      const assetId = url.slice(EVIDENCE_SCHEME.length).replace(/\/+$/, '');
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(assetId))
        throw new ServiceError('invalid_asset_url', 'an evidence:// address names an asset id', [
          { path: 'asset_url', message: 'expected evidence://ASSET_ID' },
        ]);
      source = await assetBytes(store, accountId, assetId);
    } else {
      if (!settings.download)
        throw new ServiceError('invalid_asset_url', 'this service does not download files', [
          { path: 'asset_url', message: 'downloads are not enabled' },
        ]);
      source = await settings.download(url);
    }
  }
  const extraction = await extract(
    source.bytes,
    { filename: source.filename, mediaType: source.mediaType },
    extractOptions(settings),
  );
  return ExtractionResponse.parse({
    format: extraction.format,
    markdown: extraction.markdown,
    extraction_method: extraction.extraction_method,
    state: extraction.state,
    reason: extraction.reason,
    code: extraction.code,
    ...(extraction.complete === false ? { complete: false } : {}),
    ...(extraction.lost ? { lost: extraction.lost } : {}),
    units: extraction.units.map(responseUnit),
    ...(extraction.sheets ? { sheets: extraction.sheets } : {}),
  });
}

/** The extractor version a representation is keyed by: the code's version and the OCR setting. */
export function extractorVersion(settings: ExtractionSettings): string {
  return `${EXTRACTOR_VERSION};ocr=${settings.ocr}`;
}

/**
 * `POST /api/v2/sources/{id}/representations`: extracts the retained bytes once and keeps the result.
 * Publishing again (same bytes, same extractor version) returns the same representation. A transient
 * failure (`extraction_error`) is not kept, so a retry can succeed.
 */
export async function publishSourceRepresentation(
  store: EvidenceStore,
  accountId: string,
  sourceVersionId: string,
  settings: ExtractionSettings,
): Promise<Representation> {
  const sv = await store.findSourceVersion(accountId, sourceVersionId);
  if (!sv) throw notFound(`source version ${sourceVersionId}`);
  const version = extractorVersion(settings);
  const existing = await store.findPublishedRepresentation(sv.id, version);
  if (existing) return getRepresentation(store, accountId, existing);
  let bytes: Buffer;
  try {
    bytes = await store.blobs.read(sv.sha256);
  } catch (error) {
    if (error instanceof BlobCorruptError)
      throw new ServiceError('asset_store_failure', `the retained bytes of ${sv.id} fail their hash check`);
    if (!(await store.findSourceVersion(accountId, sv.id))) throw notFound(`source version ${sv.id}`);
    throw error;
  }
  const extraction = await extract(
    bytes,
    { filename: sv.filename, mediaType: sv.media_type },
    extractOptions(settings),
  );
  if (extraction.code === 'extraction_error')
    throw new ServiceError('extraction_error', extraction.reason ?? 'extraction failed; retry');
  let id: string;
  try {
    id = await store.publishRepresentation(sv.id, version, extraction);
  } catch (error) {
    // Removed while it was being read: the same answer as a source version that was never there.
    if (!(await store.findSourceVersion(accountId, sv.id))) throw notFound(`source version ${sv.id}`);
    throw error;
  }
  return getRepresentation(store, accountId, id);
}

export async function getRepresentation(
  store: EvidenceStore,
  accountId: string,
  representationId: string,
): Promise<Representation> {
  const body = await store.loadRepresentation(accountId, representationId);
  if (!body) throw notFound(`representation ${representationId}`);
  return Representation.parse(body);
}
