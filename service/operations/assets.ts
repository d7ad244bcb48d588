import { FetchAssetRequest, MAX_ASSET_BYTES, type UploadFields, type UploadResponse } from '../../shared/api';
import { displaySafeUpload } from '../../shared/api/display';
import { BlobTooLargeError, type StagedBlob } from '../store/blobs';
import type { EvidenceStore } from '../store/contract';
import { parseRequest, ServiceError, tooLarge } from './errors';
import type { ExtractionSettings } from './extract';
import { cleanFilename, sniffMediaType } from './media-type';

/** The file part of an upload as it arrives: a stream, and the name the client gave it. */
export interface IncomingFile {
  stream: AsyncIterable<Uint8Array>;
  filename: string | undefined;
}

/** Streams a file into the blob store's staging area, mapping the ceiling to the spec's 413. */
export async function stageFile(store: EvidenceStore, file: IncomingFile): Promise<StagedBlob> {
  try {
    return await store.blobs.stage(file.stream, MAX_ASSET_BYTES);
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge(null, MAX_ASSET_BYTES);
    throw error;
  }
}

/**
 * `POST /api/v1/assets`: keeps the uploaded bytes under their sha256 and records the asset, and with
 * `retain` also registers the source version, in one transaction. Nothing is stored on any failure.
 */
export async function uploadAsset(
  store: EvidenceStore,
  accountId: string,
  staged: StagedBlob,
  filename: string | undefined,
  fields: UploadFields,
): Promise<UploadResponse> {
  try {
    if (staged.byteLength === 0) throw new ServiceError('empty_file', 'the file part holds no bytes');
    const name = cleanFilename(filename);
    await store.blobs.commit(staged);
    const { asset, sourceVersion } = await store.insertAsset(
      {
        account_id: accountId,
        sha256: staged.sha256,
        byte_length: staged.byteLength,
        filename: name,
        media_type: sniffMediaType(staged.head, name),
        title: fields.title ?? null,
        url: fields.url ?? null,
        domain: fields.url ? domainOf(fields.url) : null,
        publication_year: fields.publication_year ?? null,
        source_type: fields.source_type ?? null,
        is_primary_source: fields.is_primary_source === undefined ? null : fields.is_primary_source ? 1 : 0,
      },
      fields.retain ?? false,
    );
    // The store keeps the name as given; the answer shows it display-safe.
    return displaySafeUpload({
      asset_id: asset.id,
      filename: asset.filename,
      media_type: asset.media_type,
      byte_length: asset.byte_length,
      sha256: asset.sha256,
      ...(sourceVersion ? { source_version_id: sourceVersion.id } : {}),
    });
  } finally {
    // After a commit the staged file is gone already; on any failure this leaves nothing behind.
    await store.blobs.discard(staged);
  }
}

/** The host a source was found on, without a leading `www.`; a domain filter includes subdomains. */
export function domainOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * `POST /api/v1/assets/fetch`: downloads a file at a public web address with the service's guarded
 * downloader (the one `asset_url` uses), then keeps it exactly as an upload: the same staging, media type
 * sniffing, display-safe name and `retain`. The address is recorded as the source's url and domain.
 */
export async function fetchAsset(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
  download: ExtractionSettings['download'],
): Promise<UploadResponse> {
  const request = parseRequest(FetchAssetRequest, body);
  if (!download)
    throw new ServiceError('invalid_asset_url', 'this service does not download files', [
      { path: 'url', message: 'downloads are not enabled' },
    ]);
  const downloaded = await download(request.url);
  async function* once() {
    yield downloaded.bytes;
  }
  const filename = downloaded.filename ?? 'download';
  const staged = await stageFile(store, { stream: once(), filename });
  return uploadAsset(store, accountId, staged, filename, {
    url: request.url,
    retain: request.retain,
    ...(request.title !== undefined ? { title: request.title } : {}),
    ...(request.publication_year !== undefined ? { publication_year: request.publication_year } : {}),
    ...(request.source_type !== undefined ? { source_type: request.source_type } : {}),
    ...(request.is_primary_source !== undefined ? { is_primary_source: request.is_primary_source } : {}),
  });
}
