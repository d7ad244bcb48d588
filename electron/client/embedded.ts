import {
  ExtractionResponse,
  NumericResponse,
  Representation,
  SearchResponse,
  SourceVersion,
  UploadResponse,
} from '../../shared/api';
import type { z } from 'zod';
import type { ProgressEvent } from '../../shared/bridge';
import { createDownloader } from '../../service/fetch';
import { stageFile, uploadAsset } from '../../service/operations/assets';
import { ServiceError } from '../../service/operations/errors';
import {
  extractAsset,
  getRepresentation,
  publishSourceRepresentation,
  type ExtractionSettings,
} from '../../service/operations/extract';
import { verifyNumeric } from '../../service/operations/numeric';
import { getSource } from '../../service/operations/sources';
import { searchSources } from '../../service/search/search';
import { Store } from '../../service/store/store';
import { ClientError, type ClientErrorCode, type EvidenceClient, type UploadInput } from './types';

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

const CODES: Record<number, ClientErrorCode> = {
  400: 'invalid_request',
  401: 'key_rejected',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'unavailable',
  504: 'upstream_timeout',
};

/** A ServiceError as the ClientError a remote service's answer with the same status would give. */
export function clientErrorOf(error: ServiceError): ClientError {
  const bytes = error.extra?.['bytes'];
  const maxBytes = error.extra?.['max_bytes'];
  return new ClientError(CODES[error.status] ?? 'service_error', error.message, {
    status: error.status,
    serviceCode: error.code,
    ...(typeof bytes === 'number' || bytes === null ? { bytes } : {}),
    ...(typeof maxBytes === 'number' ? { maxBytes } : {}),
  });
}

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ClientError('bad_response', 'The evidence service answered outside its contract.');
  return parsed.data;
}

async function call<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError) throw clientErrorOf(error);
    throw error;
  }
}

/** The registration fields of an upload, as the upload form carries them. */
export function uploadFields(input: UploadInput): Record<string, string> {
  const fields: Record<string, string> = {};
  if (input.title !== undefined) fields['title'] = input.title;
  if (input.url !== undefined) fields['url'] = input.url;
  if (input.publication_year !== undefined) fields['publication_year'] = String(input.publication_year);
  if (input.source_type !== undefined) fields['source_type'] = input.source_type;
  if (input.is_primary_source !== undefined) fields['is_primary_source'] = String(input.is_primary_source);
  fields['retain'] = String(input.retain ?? true);
  return fields;
}

export async function createEmbeddedClient(options: EmbeddedClientOptions): Promise<EvidenceClient> {
  const store = await Store.open(options.dataDir);
  const account = store.localAccount();
  const extraction: ExtractionSettings = { ocr: options.ocr, download: createDownloader() };
  /** The extraction settings of one task, reporting each unit read as progress of `taskId`. */
  const reporting = (taskId: string): ExtractionSettings => {
    const onProgress = options.onProgress;
    if (!onProgress) return extraction;
    return {
      ...extraction,
      onUnit: (unit) =>
        onProgress({ taskId, stage: `extract:${unit.kind}`, done: unit.index, total: unit.total }),
    };
  };
  return {
    mode: 'embedded',
    uploadAsset: (input) =>
      call(async () => {
        async function* once() {
          yield input.bytes;
        }
        const staged = await stageFile(store, { stream: once(), filename: input.filename });
        return checked(
          UploadResponse,
          await uploadAsset(store, account, staged, input.filename, uploadFields(input)),
        );
      }),
    getSource: (id) => call(() => checked(SourceVersion, getSource(store, account, id))),
    publishRepresentation: (id) =>
      call(async () =>
        checked(Representation, await publishSourceRepresentation(store, account, id, reporting(id))),
      ),
    getRepresentation: (id) => call(() => checked(Representation, getRepresentation(store, account, id))),
    extract: (request) =>
      call(async () =>
        checked(
          ExtractionResponse,
          await extractAsset(
            store,
            account,
            request,
            reporting(request.asset_id ?? request.asset_url ?? 'extract'),
          ),
        ),
      ),
    verifyNumeric: (request) => call(() => checked(NumericResponse, verifyNumeric(store, account, request))),
    search: (request) => call(() => checked(SearchResponse, searchSources(store, account, request))),
    close: () => {
      store.close();
      return Promise.resolve();
    },
  };
}
