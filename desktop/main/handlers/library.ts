import type { ListedSource, UploadResponse } from '../../../shared/api';
import { displaySafeSource, displaySafeSourceMetadata, displaySafeUpload } from '../../../shared/api/display';
import { BRIDGE_ERROR, type LibraryEntry, type UploadMeta } from '../../../shared/bridge';
import { displayText } from '../../../shared/text/display-name';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import { AnnotationsUnreadableError } from '../annotations/store';
import type { HandlerContext } from './context';
import { serviceCall } from './failures';

/**
 * Uploads and retains one file, whichever way its bytes came (base64 in `library.upload`, a streamed body
 * on the web host, an ArrayBuffer over Electron's IPC), with the progress events of `meta.taskId`.
 */
export async function uploadBytes(
  meta: UploadMeta,
  bytes: Uint8Array,
  context: HandlerContext,
): Promise<UploadResponse> {
  const client = await context.client();
  const { taskId } = meta;
  if (taskId !== undefined) context.emit('progress', { taskId, stage: 'upload:received', done: 1, total: 2 });
  const stored = await serviceCall(() =>
    client.uploadAsset({
      bytes,
      filename: meta.filename,
      ...(meta.mediaType !== undefined ? { mediaType: meta.mediaType } : {}),
      ...(meta.title !== undefined ? { title: meta.title } : {}),
      ...(meta.url !== undefined ? { url: meta.url } : {}),
      ...(meta.publication_year !== undefined ? { publication_year: meta.publication_year } : {}),
      ...(meta.source_type !== undefined ? { source_type: meta.source_type } : {}),
      ...(meta.is_primary_source !== undefined ? { is_primary_source: meta.is_primary_source } : {}),
      retain: true,
    }),
  );
  if (taskId !== undefined) context.emit('progress', { taskId, stage: 'upload:stored', done: 2, total: 2 });
  return displaySafeUpload(stored);
}

/** A listed source as the library shows it: display-safe names, and how it was last read. */
export function libraryEntryOf(source: ListedSource): LibraryEntry {
  const metadata = displaySafeSourceMetadata(source.sourceMetadata);
  const rep = source.newest_representation;
  return {
    sourceVersionId: source.sourceVersionId,
    assetId: source.assetId,
    title: metadata.title,
    filename: metadata.filename,
    mediaType: metadata.media_type,
    byteLength: metadata.byte_length,
    sha256: source.bytesHash.slice('sha256:'.length),
    url: metadata.url,
    addedAt: metadata.registered_at,
    reading: rep && {
      representationId: rep.representation_id,
      state: rep.state,
      code: rep.code,
      reason: rep.reason,
      extractionMethod: rep.extraction_method,
      unitCount: rep.unit_count,
      lost: rep.lost,
    },
  };
}

/** `“A”, “B” and 3 more`: the titles a message names, display-safe, a few at most. */
function namedTitles(titles: string[]): string {
  const shown = titles.slice(0, 3).map((t) => `“${displayText(t)}”`);
  const more = titles.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
}

/** The person's notes on a removed document go with it; notes that cannot be read are left as they are. */
function forgetAnnotation(context: HandlerContext, sourceVersionId: string): void {
  try {
    context.annotations.forget(sourceVersionId);
  } catch {
    // The document is gone either way; an unreadable notes file is reported when it is next changed.
  }
}

/**
 * The cases that cite a source version: by a figure of the check being worked on or of a kept check, or
 * by a kept passage. Removing the source would leave each of them a reference to nothing.
 */
function casesCiting(context: HandlerContext, sourceVersionId: string) {
  return context.cases
    .list()
    .filter(
      (c) =>
        c.operands.some((operand) => operand.source_version_id === sourceVersionId) ||
        (c.kept ?? []).some((k) =>
          k.operands.some((operand) => operand.source_version_id === sourceVersionId),
        ) ||
        (c.citations ?? []).some((citation) => citation.sourceVersionId === sourceVersionId),
    );
}

/**
 * The evidence library: files in, retained source versions out. Names reach the renderer display-safe
 * whatever the service answered (a remote service may not make them so).
 */
export const libraryHandlers = {
  'library.upload': (input, context) => {
    const { dataBase64, ...meta } = input;
    return uploadBytes(meta, new Uint8Array(Buffer.from(dataBase64, 'base64')), context);
  },
  'library.fetchUrl': async (input, context) => {
    const client = await context.client();
    const { taskId, url } = input;
    if (taskId !== undefined)
      context.emit('progress', { taskId, stage: 'fetch:downloading', done: 0, total: 1 });
    // The service downloads it (its guard refuses an address that is not public) and retains it.
    const stored = await serviceCall(() => client.fetchAsset({ url, retain: true }));
    if (taskId !== undefined) context.emit('progress', { taskId, stage: 'fetch:stored', done: 1, total: 1 });
    return displaySafeUpload(stored);
  },
  'library.source': async (input, context) => {
    const client = await context.client();
    return displaySafeSource(await serviceCall(() => client.getSource(input.sourceVersionId)));
  },
  'library.list': async (_input, context) => {
    const client = await context.client();
    const { sources } = await serviceCall(() => client.listSources());
    // Newest first, as the contract says, whatever order a (remote) service answered in.
    return sources.map(libraryEntryOf).sort((a, b) => Date.parse(b.addedAt) - Date.parse(a.addedAt));
  },
  'library.remove': async (input, context) => {
    const { sourceVersionId, force } = input;
    const citedBy = casesCiting(context, sourceVersionId).map((c) => c.title);
    if (citedBy.length > 0 && !force) {
      const cases = citedBy.length === 1 ? 'the case' : `${citedBy.length} cases`;
      throw new BridgeFailure(
        BRIDGE_ERROR.citedByCases,
        `This document is cited by ${cases} ${namedTitles(citedBy)}. Removing it keeps ${citedBy.length === 1 ? 'that case' : 'those cases'}, but the figures cited from it will be gone.`,
      );
    }
    const client = await context.client();
    const { removed } = await serviceCall(() => client.removeSource(sourceVersionId));
    context.sourceContent.forget(sourceVersionId);
    if (removed) forgetAnnotation(context, sourceVersionId);
    return { removed, citedBy };
  },
  'library.citedBy': (input, context) => ({
    cases: casesCiting(context, input.sourceVersionId).map((c) => displayText(c.title)),
  }),
  'library.annotate': (input, context) => {
    try {
      return context.annotations.set(input);
    } catch (error) {
      if (error instanceof AnnotationsUnreadableError)
        throw new BridgeFailure('annotations_unreadable', error.message);
      throw error;
    }
  },
} satisfies Pick<
  BridgeHandlers,
  | 'library.upload'
  | 'library.fetchUrl'
  | 'library.annotate'
  | 'library.source'
  | 'library.list'
  | 'library.remove'
  | 'library.citedBy'
>;
