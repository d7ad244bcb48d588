import {
  ClaimCandidatesResponse,
  ClaimListResponse,
  ExtractionResponse,
  FigureSearchResponse,
  NumericResponse,
  Representation,
  SearchResponse,
  SourceList,
  SourceRemoval,
  SourceVersion,
  UploadResponse,
} from '../../../shared/api';
import type { z } from 'zod';
import type { ProgressEvent } from '../../../shared/bridge';
import { serviceErrorOf, type ServiceError } from '../../../service/operations/errors';
import type { ExtractionSettings } from '../../../service/operations/extract';
import { createLocalService, type CallContext } from '../../../service/operations/service';
import { DataFolderInUseError } from '../../../service/store/lock';
import { Store } from '../../../service/store/store';
import {
  ClientError,
  clientErrorCodeFor,
  uploadFieldsOf,
  type CallOptions,
  type EvidenceClient,
} from './types';

// The embedded client: the local evidence service's operations, called in this process with the data
// folder's one local account. No HTTP, no key. Failures are the same ClientErrors the remote client gives,
// so the UI explains both the same way; every result is checked against the shared schema.

export interface EmbeddedClientOptions {
  /** The service's data folder (the app keeps it in its user-data folder). */
  dataDir: string;
  ocr: ExtractionSettings['ocr'];
  /** Told of each page or sheet read, for the progress events of the bridge. */
  onProgress?: (progress: ProgressEvent) => void;
}

/** A ServiceError as the ClientError a remote service's answer with the same status would give. */
export function clientErrorOf(error: ServiceError): ClientError {
  const bytes = error.extra?.['bytes'];
  const maxBytes = error.extra?.['max_bytes'];
  const retryAfter = error.extra?.['retry_after_s'];
  const fields = (error.details ?? []).map((d) => `${d.path}: ${d.message}`).join('; ');
  return new ClientError(
    clientErrorCodeFor(error.status),
    fields ? `${error.message} (${fields})` : error.message,
    {
      status: error.status,
      serviceCode: error.code,
      ...(error.details?.length ? { fields: error.details.map((d) => d.path) } : {}),
      ...(typeof bytes === 'number' || bytes === null ? { bytes } : {}),
      ...(typeof maxBytes === 'number' ? { maxBytes } : {}),
      ...(typeof retryAfter === 'number' ? { retryAfterS: retryAfter } : {}),
    },
  );
}

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ClientError('bad_response', 'The evidence service answered outside its contract.');
  return parsed.data;
}

const cancelled = () => new ClientError('cancelled', 'The request was cancelled.');

/**
 * Runs one operation as a client call: refusals become ClientErrors; any other failure is what the HTTP
 * layer would answer 500 for (service_error, the original kept as `cause`). The operations run to their
 * end in this process; a caller that aborts gets 'cancelled' at once and the result is not used.
 */
async function call<T>(work: () => T | Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal?.aborted) throw cancelled();
  const running = (async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ClientError) throw error;
      // The same mapping the HTTP layer answers with: one code and one status for each failure.
      const failure = clientErrorOf(serviceErrorOf(error));
      if (failure.code === 'service_error' || failure.code === 'upstream_failed')
        (failure as { cause?: unknown }).cause = error;
      throw failure;
    }
  })();
  if (!signal) return running;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  running.catch(() => {}); // a result nobody waits for any more must not become an unhandled rejection
  try {
    return await Promise.race([running, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

export async function createEmbeddedClient(options: EmbeddedClientOptions): Promise<EvidenceClient> {
  let store: Store;
  try {
    store = await Store.open(options.dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUseError)
      throw new ClientError(
        'unavailable',
        `The evidence data folder ${options.dataDir} is in use by another program (${error.pid === null ? 'process unknown' : `process ${error.pid}`}); close it and try again.`,
      );
    throw error;
  }
  const local = createLocalService(store, { ocr: options.ocr });
  const service = local.forAccount(await store.localAccount());
  /** The call context of one task, reporting each unit read as progress of `taskId`. */
  const reporting = (taskId: string, signal: AbortSignal | undefined): CallContext => {
    const onProgress = options.onProgress;
    // The caller's cancel reaches the reading thread, which stops and is free for the next read.
    const cancel = signal ? { signal } : {};
    if (!onProgress) return cancel;
    return {
      ...cancel,
      onUnit: (progress) =>
        onProgress({
          taskId,
          stage: `extract:${progress.kind}`,
          done: progress.index,
          total: progress.total,
          ...(progress.unit ? { unit: progress.unit } : {}),
        }),
    };
  };
  let closed = false;
  /** A call on an open store; after close() every call is 'unavailable'. */
  const run = <T>(work: () => T | Promise<T>, options: CallOptions | undefined): Promise<T> =>
    closed
      ? Promise.reject(new ClientError('unavailable', 'The local evidence service has been closed.'))
      : call(work, options?.signal);
  return {
    mode: 'embedded',
    uploadAsset: (input, callOptions) =>
      run(async () => {
        async function* once() {
          yield input.bytes;
        }
        // As the HTTP route: stream into staging (the 50 MB ceiling is a 413 there), then record;
        // uploadAsset disposes of the staged bytes whatever happens.
        const staged = await service.stageFile({ stream: once(), filename: input.filename });
        return checked(
          UploadResponse,
          await service.uploadAsset({ staged, filename: input.filename, fields: uploadFieldsOf(input) }),
        );
      }, callOptions),
    fetchAsset: (request, callOptions) =>
      run(async () => checked(UploadResponse, await service.fetchAsset(request)), callOptions),
    getSource: (id, callOptions) =>
      run(
        async () => checked(SourceVersion, await service.getSource({ source_version_id: id })),
        callOptions,
      ),
    listSources: (callOptions) =>
      run(async () => checked(SourceList, await service.listSources({})), callOptions),
    removeSource: (id, callOptions) =>
      run(
        async () => checked(SourceRemoval, await service.removeSource({ source_version_id: id })),
        callOptions,
      ),
    getSourceContent: (id, callOptions) =>
      run(() => service.getSourceContent({ source_version_id: id }), callOptions),
    publishRepresentation: (id, callOptions) =>
      run(
        async () =>
          checked(
            Representation,
            await service.publishRepresentation(
              { source_version_id: id },
              reporting(id, callOptions?.signal),
            ),
          ),
        callOptions,
      ),
    getRepresentation: (id, callOptions) =>
      run(
        async () => checked(Representation, await service.getRepresentation({ representation_id: id })),
        callOptions,
      ),
    extract: (request, callOptions) =>
      run(
        async () =>
          checked(
            ExtractionResponse,
            await service.extract(
              request,
              reporting(request.asset_id ?? request.asset_url ?? 'extract', callOptions?.signal),
            ),
          ),
        callOptions,
      ),
    verifyNumeric: (request, callOptions) =>
      run(async () => checked(NumericResponse, await service.verifyNumeric(request)), callOptions),
    verifyNumericWithRoles: (request, callOptions) =>
      run(async () => checked(NumericResponse, await service.verifyNumericWithRoles(request)), callOptions),
    search: (request, callOptions) =>
      run(async () => checked(SearchResponse, await service.search(request)), callOptions),
    searchFigures: (request, callOptions) =>
      run(async () => checked(FigureSearchResponse, await service.searchFigures(request)), callOptions),
    listClaims: (request, callOptions) =>
      run(async () => checked(ClaimListResponse, await service.listClaims(request)), callOptions),
    claimCandidates: (request, callOptions) =>
      run(async () => checked(ClaimCandidatesResponse, await service.claimCandidates(request)), callOptions),
    close: async () => {
      if (closed) return;
      closed = true;
      await local.close();
      store.close();
    },
  };
}
