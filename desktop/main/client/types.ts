import type {
  ClaimCandidatesRequestInput,
  ClaimCandidatesResponse,
  ClaimListRequest,
  ClaimListResponse,
  FigureSearchRequestInput,
  FigureSearchResponse,
  ExtractRequest,
  FetchAssetRequest,
  ExtractionResponse,
  NumericRequest,
  NumericResponse,
  NumericRolesRequest,
  Representation,
  SearchRequestInput,
  SearchResponse,
  SourceList,
  SourceRemoval,
  SourceVersion,
  UploadFields,
  UploadResponse,
} from '../../../shared/api';
import type { ServiceMode } from '../../../shared/vocabulary/settings';

// One service client, two implementations: embedded (the local service's operations called in
// process with the local account) and remote (HTTP with x-api-key, every response parsed by the shared
// schemas). The main process makes every service call through it; nothing in it invents an id or an operand.

export type ClientMode = ServiceMode;

/** A file to upload, with the registration metadata of local-extensions.md. */
export interface UploadInput {
  bytes: Uint8Array;
  filename: string;
  mediaType?: string;
  title?: string;
  url?: string;
  publication_year?: number;
  source_type?: string;
  is_primary_source?: boolean;
  /** Also register the source version at once (default true in the app). */
  retain?: boolean;
}

/** The registration fields of an upload, typed as the service parses them; the app retains by default. */
export function uploadFieldsOf(input: UploadInput): UploadFields {
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.publication_year !== undefined ? { publication_year: input.publication_year } : {}),
    ...(input.source_type !== undefined ? { source_type: input.source_type } : {}),
    ...(input.is_primary_source !== undefined ? { is_primary_source: input.is_primary_source } : {}),
    retain: input.retain ?? true,
  };
}

/** The retained bytes of a source version, verified against their hash by the service. */
export interface SourceContent {
  bytes: Uint8Array;
  mediaType: string;
  sha256: string;
  /** Display-safe: the name to save the bytes under. */
  filename: string;
}

export interface CallOptions {
  /** The caller's cancellation: an aborted call rejects with ClientError 'cancelled'. */
  signal?: AbortSignal;
  /** Remote only: this call's limit in ms, over the client's default (a long extraction may need more). */
  timeoutMs?: number;
}

export interface EvidenceClient {
  readonly mode: ClientMode;
  uploadAsset(input: UploadInput, options?: CallOptions): Promise<UploadResponse>;
  /** Has the service download a file at a public web address (its guarded downloader) and keep it as an upload. */
  fetchAsset(request: FetchAssetRequest, options?: CallOptions): Promise<UploadResponse>;
  getSource(sourceVersionId: string, options?: CallOptions): Promise<SourceVersion>;
  getSourceContent(sourceVersionId: string, options?: CallOptions): Promise<SourceContent>;
  /** Every source version of the account, newest first, each with how it was last read. */
  listSources(options?: CallOptions): Promise<SourceList>;
  /** Removes a source version and what was read from it (its asset and bytes when nothing else uses them). */
  removeSource(sourceVersionId: string, options?: CallOptions): Promise<SourceRemoval>;
  publishRepresentation(sourceVersionId: string, options?: CallOptions): Promise<Representation>;
  getRepresentation(representationId: string, options?: CallOptions): Promise<Representation>;
  extract(request: ExtractRequest, options?: CallOptions): Promise<ExtractionResponse>;
  verifyNumeric(request: NumericRequest, options?: CallOptions): Promise<NumericResponse>;
  /** The same check with the roles a person gave the figures (a local extension of the service). */
  verifyNumericWithRoles(request: NumericRolesRequest, options?: CallOptions): Promise<NumericResponse>;
  search(request: SearchRequestInput, options?: CallOptions): Promise<SearchResponse>;
  /** The figures of the library that could be a stated number (a local extension). */
  searchFigures(request: FigureSearchRequestInput, options?: CallOptions): Promise<FigureSearchResponse>;
  /** The checkable numeric claims of a text or a document of the library (a local extension). */
  listClaims(request: ClaimListRequest, options?: CallOptions): Promise<ClaimListResponse>;
  /** The operand sets that could back one claim (a local extension): suggestions a check decides on. */
  claimCandidates(
    request: ClaimCandidatesRequestInput,
    options?: CallOptions,
  ): Promise<ClaimCandidatesResponse>;
  close(): Promise<void>;
}

/** Codes a UI can explain. */
export type ClientErrorCode =
  | 'key_rejected' // 401
  | 'not_found' // 404
  | 'invalid_request' // 400 (the service's own code is in `serviceCode`)
  | 'conflict' // 409
  | 'too_large' // 413, with bytes and maxBytes
  | 'rate_limited' // 429 after the retry it allowed
  | 'upstream_failed' // 502 after bounded retries
  | 'upstream_timeout' // 504 after bounded retries
  | 'unavailable' // 503
  | 'timeout' // no answer in time
  | 'cancelled' // the caller aborted
  | 'unreachable' // connection refused, DNS, TLS
  | 'bad_response' // a response that does not match the shared schema
  | 'service_error'; // any other status

/**
 * The client code of a service refusal, from its status alone: the one mapping the embedded and the
 * remote client share, so the same failure reads the same in the UI whichever service answered.
 */
export function clientErrorCodeFor(status: number): ClientErrorCode {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'key_rejected';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    case 502:
      return 'upstream_failed';
    case 503:
      return 'unavailable';
    case 504:
      return 'upstream_timeout';
    default:
      return 'service_error';
  }
}

export class ClientError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    readonly details: {
      status?: number;
      serviceCode?: string;
      retryAfterS?: number;
      bytes?: number | null;
      maxBytes?: number;
      /** The request fields a 400 named (its `details[].path`). */
      fields?: string[];
    } = {},
  ) {
    super(message);
    this.name = 'ClientError';
  }
}
