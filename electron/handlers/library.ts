import { displaySafeSource, displaySafeUpload } from '../../shared/api/display';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/**
 * The evidence library: files in, retained source versions out. Names reach the renderer display-safe
 * whatever the service answered (a remote service may not make them so).
 */
export const libraryHandlers = {
  'library.upload': async (input, context) => {
    const client = await context.client();
    const bytes = new Uint8Array(Buffer.from(input.dataBase64, 'base64'));
    const { taskId } = input;
    if (taskId !== undefined)
      context.emit('progress', { taskId, stage: 'upload:received', done: 1, total: 2 });
    const stored = await serviceCall(() =>
      client.uploadAsset({
        bytes,
        filename: input.filename,
        ...(input.mediaType !== undefined ? { mediaType: input.mediaType } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.publication_year !== undefined ? { publication_year: input.publication_year } : {}),
        ...(input.source_type !== undefined ? { source_type: input.source_type } : {}),
        ...(input.is_primary_source !== undefined ? { is_primary_source: input.is_primary_source } : {}),
        retain: true,
      }),
    );
    if (taskId !== undefined) context.emit('progress', { taskId, stage: 'upload:stored', done: 2, total: 2 });
    return displaySafeUpload(stored);
  },
  'library.source': async (input, context) => {
    const client = await context.client();
    return displaySafeSource(await serviceCall(() => client.getSource(input.sourceVersionId)));
  },
  // Interim: the service's list and removal land next (issue 14); until then the channels say so.
  'library.list': () => {
    throw new BridgeFailure('not_available', 'Listing the library is not available in this build yet.');
  },
  'library.remove': () => {
    throw new BridgeFailure('not_available', 'Removing a document is not available in this build yet.');
  },
} satisfies Pick<BridgeHandlers, 'library.upload' | 'library.source' | 'library.list' | 'library.remove'>;
