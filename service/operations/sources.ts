import {
  MAX_ASSET_BYTES,
  SourceVersion,
  type ListedSource,
  type SourceList,
  type SourceRemoval,
} from '../../shared/api';
import { displaySafeSourceMetadata } from '../../shared/api/display';
import { displayName } from '../../shared/text/display-name';
import { BlobTooLargeError, hashStream } from '../store/blobs';
import type { EvidenceStore, ListedSourceVersion, SourceVersionRow } from '../store/contract';
import { notFound, ServiceError, tooLarge } from './errors';

/**
 * The registration body of a source version row (spec: sourceVersionId, assetId, bytesHash, metadata).
 * Title and file name are shown display-safe, with the bytes of the stored original where it differs.
 */
export function sourceVersionBody(row: SourceVersionRow): SourceVersion {
  return SourceVersion.parse({
    sourceVersionId: row.id,
    assetId: row.asset_id,
    bytesHash: `sha256:${row.sha256}`,
    sourceMetadata: displaySafeSourceMetadata({
      title: row.title,
      filename: row.filename,
      media_type: row.media_type,
      byte_length: row.byte_length,
      url: row.url,
      domain: row.domain,
      publication_year: row.publication_year,
      source_type: row.source_type,
      is_primary_source: row.is_primary_source === null ? null : row.is_primary_source === 1,
      registered_at: row.registered_at,
    }),
  });
}

/** What the `file` part of a registration turned out to be: only its hash and length are kept. */
export interface PresentedBytes {
  sha256: string;
  byteLength: number;
}

/** Hashes the presented `file` part without storing it: registration retains the asset's own bytes. */
export async function hashPresentedFile(stream: AsyncIterable<Uint8Array>): Promise<PresentedBytes> {
  try {
    const { sha256, byteLength } = await hashStream(stream, MAX_ASSET_BYTES);
    return { sha256, byteLength };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge(null, MAX_ASSET_BYTES);
    throw error;
  }
}

/**
 * `POST /api/v2/sources`: registers the immutable bytes of the caller's asset. The presented file must
 * be the asset's bytes (409 otherwise); the same bytes of the same asset always give the same id.
 */
export async function registerSource(
  store: EvidenceStore,
  accountId: string,
  assetId: string,
  presented: PresentedBytes | null,
): Promise<SourceVersion> {
  if (!presented) {
    throw new ServiceError('missing_file', 'the request has no `file` part', [
      { path: 'file', message: 'required' },
    ]);
  }
  if (presented.byteLength === 0) {
    throw new ServiceError('empty_file', 'the file part holds no bytes', [
      { path: 'file', message: 'empty' },
    ]);
  }
  const asset = await store.findAsset(accountId, assetId);
  if (!asset) throw notFound(`asset ${assetId}`);
  if (presented.sha256 !== asset.sha256 || presented.byteLength !== asset.byte_length) {
    throw new ServiceError(
      'bytes_mismatch',
      `the file is not the asset's bytes (asset sha256 ${asset.sha256}, ${asset.byte_length} bytes; file sha256 ${presented.sha256}, ${presented.byteLength} bytes)`,
    );
  }
  if (!(await store.blobs.has(asset.sha256))) {
    throw new ServiceError('not_found', `the store has no bytes for asset ${asset.id}`);
  }
  return sourceVersionBody(await store.registerSourceVersion(asset));
}

export async function getSource(
  store: EvidenceStore,
  accountId: string,
  sourceVersionId: string,
): Promise<SourceVersion> {
  const row = await store.findSourceVersion(accountId, sourceVersionId);
  if (!row) throw notFound(`source version ${sourceVersionId}`);
  return sourceVersionBody(row);
}

/**
 * The retained bytes, verified against their hash before a byte leaves the store, with the display-safe
 * file name to save them under (a name that disguises itself must not reach a folder either).
 */
export async function getSourceContent(
  store: EvidenceStore,
  accountId: string,
  sourceVersionId: string,
): Promise<{ bytes: Buffer; mediaType: string; sha256: string; filename: string }> {
  const row = await store.findSourceVersion(accountId, sourceVersionId);
  if (!row) throw notFound(`source version ${sourceVersionId}`);
  const bytes = await store.blobs.read(row.sha256);
  return { bytes, mediaType: row.media_type, sha256: row.sha256, filename: displayName(row.filename) };
}

/** A listed source: its registration body (display-safe names) and its newest representation, if any. */
function listedSource({ source, newestRepresentation: rep }: ListedSourceVersion): ListedSource {
  return {
    ...sourceVersionBody(source),
    newest_representation: rep && {
      representation_id: rep.id,
      state: rep.state,
      code: rep.code,
      reason: rep.reason,
      extraction_method: rep.extraction_method,
      unit_count: rep.unit_count,
      lost: rep.lost,
    },
  };
}

/** `GET /api/v2/sources`: every source version of the account, newest first. */
export async function listSources(store: EvidenceStore, accountId: string): Promise<SourceList> {
  return { sources: (await store.listSourceVersions(accountId)).map(listedSource) };
}

/**
 * `DELETE /api/v2/sources/{id}`: the source version and everything read from it, its asset when nothing
 * else names it, and its bytes when nothing else has them (EvidenceStore.removeSourceVersion).
 */
export async function removeSource(
  store: EvidenceStore,
  accountId: string,
  sourceVersionId: string,
): Promise<SourceRemoval> {
  if (!(await store.removeSourceVersion(accountId, sourceVersionId)))
    throw notFound(`source version ${sourceVersionId}`);
  return { removed: true };
}
