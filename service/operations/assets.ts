import { MAX_ASSET_BYTES, type UploadFields, type UploadResponse } from '../../shared/api';
import { displaySafeUpload } from '../../shared/api/display';
import { BlobTooLargeError, type StagedBlob } from '../store/blobs';
import type { EvidenceStore } from '../store/contract';
import { ServiceError, tooLarge } from './errors';
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
