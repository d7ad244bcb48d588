import { z } from 'zod';
import { FetchAssetRequest, UploadFields, UploadResponse } from './assets';
import { Id } from './common';
import type { ServiceErrorCode } from './errors';
import { ExtractRequest, ExtractionResponse } from './extract';
import {
  ClaimCandidatesRequest,
  ClaimCandidatesResponse,
  ClaimListRequest,
  ClaimListResponse,
} from './claims';
import { FigureSearchRequest, FigureSearchResponse } from './figures';
import { NumericRequest, NumericResponse, NumericRolesRequest } from './numeric';
import { Representation } from './representations';
import { SearchRequest, SearchResponse } from './search';
import { RegisterFields, SourceList, SourceRemoval, SourceVersion } from './sources';

// The one table of the service's operations. The fastify routes (service/http), the remote client
// (desktop/main/client/remote.ts), the OpenAPI document (openapi.ts) and their tests are derived from it:
// adding an operation is one entry here plus its handler in service/operations/service.ts, and the
// compiler refuses a handler map or a client that misses one.

/** Multipart body of `POST /api/v1/assets`: the `file` part and the optional text fields. */
export const UploadForm = z.strictObject({
  file: z.file().meta({ description: 'The file; at most 50 MB.' }),
  ...UploadFields.shape,
});

/** Multipart body of `POST /api/v2/sources`: the asset id and the same bytes again. */
export const RegisterForm = z.strictObject({
  ...RegisterFields.shape,
  file: z.file().meta({ description: 'The bytes of the asset; compared with the stored ones.' }),
});

/** A path parameter: its name in the path template, what it names, and its schema. */
export interface PathParameter {
  readonly name: string;
  readonly description: string;
  readonly schema: z.ZodType<string>;
}

export type OperationBody =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly schema: z.ZodType }
  | { readonly kind: 'multipart'; readonly schema: z.ZodObject };

export type OperationSuccess =
  | {
      readonly kind: 'json';
      readonly status: 200 | 201;
      readonly schema: z.ZodType;
      readonly description: string;
    }
  | { readonly kind: 'bytes'; readonly status: 200; readonly description: string };

/** One refusal an operation may answer: its status, what it means here, and the codes it carries. */
export interface OperationFailure {
  readonly description: string;
  readonly codes: readonly ServiceErrorCode[];
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI form: `/api/v2/sources/{source_version_id}`. */
  readonly path: string;
  readonly params: readonly PathParameter[];
  readonly summary: string;
  readonly description?: string;
  /** Not one of the spec's four operations: an addition of local-extensions.md. */
  readonly localExtension: boolean;
  readonly body: OperationBody;
  readonly success: OperationSuccess;
  /**
   * The refusals particular to this operation. Every operation may also answer the ones every request
   * can meet (COMMON_FAILURES: a missing key, a rate limit, a malformed request, a server failure).
   */
  readonly failures: Readonly<Partial<Record<number, OperationFailure>>>;
  /** Reading a document can take minutes: clients give these calls a long time limit. */
  readonly long: boolean;
}

const sourceVersionParam: PathParameter = {
  name: 'source_version_id',
  description: 'A source version id, as registration returned it (`sourceVersionId`).',
  schema: Id,
};
const representationParam: PathParameter = {
  name: 'representation_id',
  description: 'A representation id.',
  schema: Id,
};

const notFound = (what: string): OperationFailure => ({
  description: `${what} does not exist or does not belong to this account (the two are not told apart).`,
  codes: ['not_found'],
});

/** The refusals of a numeric check, with or without a person's roles. */
const NUMERIC_FAILURES = {
  400: {
    description:
      'Invalid claim or operand fields, a figure index the unit does not have, or an ambiguous source number.',
    codes: [
      'invalid_request',
      'figure_index_unavailable',
      'ambiguous_source_number',
      'asset_id_not_source_version',
    ],
  },
  404: notFound('A referenced source version, representation or unit'),
  415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
} as const satisfies Record<number, OperationFailure>;

export const operations = {
  uploadAsset: {
    operationId: 'uploadAsset',
    method: 'POST',
    path: '/api/v1/assets',
    params: [],
    summary: 'Upload a file as an asset.',
    description:
      'Local extension. With `retain=true` the source version is registered at once and its id returned.',
    localExtension: true,
    body: { kind: 'multipart', schema: UploadForm },
    success: { kind: 'json', status: 201, schema: UploadResponse, description: 'The stored asset.' },
    failures: {
      400: {
        description: 'No `file` part, an empty file, or a text field that is not valid.',
        codes: [
          'missing_file',
          'empty_file',
          'invalid_request',
          'malformed_multipart',
          'too_many_files',
          'incomplete_request',
        ],
      },
      413: {
        description: 'The file is over the 50 MB upload ceiling, or the form is over its limits.',
        codes: ['source_too_large', 'field_too_large', 'too_many_parts', 'too_many_fields'],
      },
      415: { description: 'The body is not multipart/form-data.', codes: ['expected_multipart'] },
    },
    long: true,
  },
  fetchAsset: {
    operationId: 'fetchAsset',
    method: 'POST',
    path: '/api/v1/assets/fetch',
    params: [],
    summary: 'Download a file at a public web address and keep it as an asset.',
    description:
      'Local extension. The same guarded download as `asset_url` of extract (public unicast addresses only, every redirect checked again, 50 MB ceiling, time limit); the bytes are then kept as an upload would keep them, with `url` recorded as the source’s address. With `retain=true` the source version is registered at once and its id returned.',
    localExtension: true,
    body: { kind: 'json', schema: FetchAssetRequest },
    success: { kind: 'json', status: 201, schema: UploadResponse, description: 'The stored asset.' },
    failures: {
      400: {
        description:
          'A field is not valid, the address is not an allowed public web address, or the download is empty.',
        codes: ['invalid_request', 'invalid_asset_url', 'empty_file'],
      },
      413: {
        description:
          'The file is over the 50 MB download ceiling; `bytes` is null when the read was stopped.',
        codes: ['source_too_large'],
      },
      502: {
        description:
          'The remote host could not be reached, answered a failure, or redirected too often; retry.',
        codes: ['upstream_unreachable', 'upstream_status', 'too_many_redirects'],
      },
      504: { description: 'The download timed out; retry.', codes: ['upstream_timeout'] },
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: true,
  },
  extract: {
    operationId: 'extractDocument',
    method: 'POST',
    path: '/api/v1/extract',
    params: [],
    summary: 'Read an uploaded asset, or a file at a public web address, as markdown.',
    description:
      'Check `state` before using `markdown` and branch on `code`: an error or partial read is never an empty successful document.',
    localExtension: false,
    body: { kind: 'json', schema: ExtractRequest },
    success: {
      kind: 'json',
      status: 200,
      schema: ExtractionResponse,
      description: 'The extraction, whatever its state.',
    },
    failures: {
      400: {
        description:
          'Neither or both of asset_id and asset_url were given, or asset_url is not an allowed public web address.',
        codes: ['invalid_request', 'invalid_asset_url'],
      },
      404: notFound('The asset, or its stored bytes,'),
      413: {
        description:
          'The asset is over the 50 MB download ceiling; `bytes` is null when the read was stopped.',
        codes: ['source_too_large'],
      },
      500: { description: 'The reader failed; retry.', codes: ['extraction_error'] },
      502: {
        description: 'The asset store or the remote host failed; not the caller’s fault; retry.',
        codes: ['asset_store_failure', 'upstream_unreachable', 'upstream_status', 'too_many_redirects'],
      },
      503: {
        description: 'Private evidence storage is not configured, so an evidence:// asset cannot be read.',
        codes: ['evidence_storage_unavailable'],
      },
      504: { description: 'The asset download timed out; retry.', codes: ['upstream_timeout'] },
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: true,
  },
  search: {
    operationId: 'searchSources',
    method: 'POST',
    path: '/api/v1/sources/search',
    params: [],
    summary: 'Search for sources, without stance analysis or a verdict.',
    localExtension: false,
    body: { kind: 'json', schema: SearchRequest },
    success: { kind: 'json', status: 200, schema: SearchResponse, description: 'Sources for the query.' },
    failures: {
      400: {
        description: 'Request fields or source identifiers are not valid, or the query holds no word.',
        codes: ['invalid_request', 'query_without_words'],
      },
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: false,
  },
  searchFigures: {
    operationId: 'searchFigures',
    method: 'POST',
    path: '/api/v2/figures/search',
    params: [],
    summary: 'Find the figures of the library that could be a stated number, by value.',
    description:
      'Local extension. A value with its unit, scale and tolerance (absolute, or the precision and hedge of the number as written: "4.7" is ±0.05, "almost 57,000" is 56,000 up to 57,000), optional words and the search filters. Answers figures of the newest representation of each of the caller’s source versions whose value (scale applied: "$1.2bn" is the cell 1,200 under "$ million") lies in range and whose unit is the one asked for or unstated (a figure in another unit or currency never matches), ranked by closeness of value, how well their row labels, column headers and table title hold the words, and whether their unit is stated. Each carries the four ids a numeric check takes and where it was read: its page box or cell, row labels and column headers. Ambiguous figures ("1,5") are not found.',
    localExtension: true,
    body: { kind: 'json', schema: FigureSearchRequest },
    success: {
      kind: 'json',
      status: 200,
      schema: FigureSearchResponse,
      description: 'The figures found, best first, with how the request was read.',
    },
    failures: {
      400: {
        description:
          'A field is not valid, or `tolerance.written` holds no number or a number other than `value`.',
        codes: ['invalid_request'],
      },
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: false,
  },
  listClaims: {
    operationId: 'listClaims',
    method: 'POST',
    path: '/api/v2/claims/list',
    params: [],
    summary: 'List the checkable numeric claims of a text or of a document in the library.',
    description:
      'Local extension. `text` (an article, a speech, a press release) or `source_version_id` (a document of the caller’s library as what was said: its newest representation’s text, read first when it has none). Answers the text the spans index, its sha256, and every sentence that states a number with what it measures — a compound sentence split into its claims — with its span, its numbers as the numeric check reads them (value, unit, scale, precision, hedge, bound), the relation it states (level, change, difference, share, ratio, comparison) and what it names (words, periods). Dates, ages, addresses, page and section numbers, phone numbers and quoted titles are not claims. Most checkable first; `order` gives the article’s order.',
    localExtension: true,
    body: { kind: 'json', schema: ClaimListRequest },
    success: {
      kind: 'json',
      status: 200,
      schema: ClaimListResponse,
      description: 'The article’s text and its claims, most checkable first.',
    },
    failures: {
      400: {
        description: 'A field is not valid, or the source version was read into no text.',
        codes: ['invalid_request'],
      },
      404: notFound('The source version'),
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: true,
  },
  claimCandidates: {
    operationId: 'claimCandidates',
    method: 'POST',
    path: '/api/v2/claims/candidates',
    params: [],
    summary: 'The operand sets of the library that could back one claim.',
    description:
      'Local extension. A claim’s text (a listed claim’s `text`), optional search filters, a limit, and optionally `context`: the text the claim was said in (the article, or its other claims’ words), so a document whose figures restate the article’s other numbers and whose labels use its words ranks above another document printing the same value. Answers the claim as read and, best first, the candidates: one figure for a level (found by value, unit, scale and the claim’s precision), two figures of one table for a change, difference, ratio, share or comparison (their relation computed by the numeric engine gives the claim’s number within its precision), ranked by how well their labels and periods match what the claim names (and the document’s fit to the context); equal candidates fall by the hash of their document’s bytes and their place in it, never by ids. Each carries the operand references, the role each figure takes from the claim’s words, and what the figures compute to. A candidate decides nothing: check it with `POST /api/v2/verify/numeric`, the claim and its operands.',
    localExtension: true,
    body: { kind: 'json', schema: ClaimCandidatesRequest },
    success: {
      kind: 'json',
      status: 200,
      schema: ClaimCandidatesResponse,
      description: 'The claim as read and its candidates, best first (none when it states no number).',
    },
    failures: {
      400: { description: 'A field is not valid.', codes: ['invalid_request'] },
      415: { description: 'The body is not JSON.', codes: ['unsupported_media_type'] },
    },
    long: false,
  },
  verifyNumeric: {
    operationId: 'verifyNumeric',
    method: 'POST',
    path: '/api/v2/verify/numeric',
    params: [],
    summary: 'Check the arithmetic of a numeric claim against one or two retained source figures.',
    description:
      'Scope is always arithmetic_only. Outcomes escalate and not_applicable, a null arithmetic block and an unknown comparability verdict are unresolved, never support.',
    localExtension: false,
    body: { kind: 'json', schema: NumericRequest },
    success: { kind: 'json', status: 201, schema: NumericResponse, description: 'The assessment.' },
    failures: NUMERIC_FAILURES,
    long: false,
  },
  verifyNumericWithRoles: {
    operationId: 'verifyNumericWithRoles',
    method: 'POST',
    path: '/api/v2/verify/numeric/roles',
    params: [],
    summary: 'Check a numeric claim with the roles a person gave its figures.',
    description:
      "When a check's roles are unclear (roles.state unclear: the claim's words do not say which figure is which), a person says which figure is which; this runs the same check with those roles (roles.state person). Everything else is as verifyNumeric.",
    localExtension: true,
    body: { kind: 'json', schema: NumericRolesRequest },
    success: { kind: 'json', status: 201, schema: NumericResponse, description: 'The assessment.' },
    failures: {
      ...NUMERIC_FAILURES,
      400: {
        description:
          "Invalid claim, operand or role fields, roles that do not fit the claim's relation, a figure index the unit does not have, or an ambiguous source number.",
        codes: ['roles_do_not_fit', ...NUMERIC_FAILURES[400].codes],
      },
    },
    long: false,
  },
  registerSource: {
    operationId: 'registerSource',
    method: 'POST',
    path: '/api/v2/sources',
    params: [],
    summary: 'Register the immutable original bytes of an uploaded asset.',
    localExtension: false,
    body: { kind: 'multipart', schema: RegisterForm },
    success: {
      kind: 'json',
      status: 201,
      schema: SourceVersion,
      description: 'The source version; registering the same bytes again returns the same id.',
    },
    failures: {
      400: {
        description: 'No `assetId` field or no `file` part.',
        codes: [
          'invalid_request',
          'missing_file',
          'empty_file',
          'malformed_multipart',
          'too_many_files',
          'incomplete_request',
        ],
      },
      404: notFound('The asset'),
      409: {
        description: 'The `file` part does not hold the bytes of the asset.',
        codes: ['bytes_mismatch'],
      },
      413: {
        description: 'The file is over the 50 MB ceiling, or the form is over its limits.',
        codes: ['source_too_large', 'field_too_large', 'too_many_parts', 'too_many_fields'],
      },
      415: { description: 'The body is not multipart/form-data.', codes: ['expected_multipart'] },
    },
    long: true,
  },
  getSource: {
    operationId: 'getSource',
    method: 'GET',
    path: '/api/v2/sources/{source_version_id}',
    params: [sourceVersionParam],
    summary: 'The registration of a source version.',
    localExtension: true,
    body: { kind: 'none' },
    success: { kind: 'json', status: 200, schema: SourceVersion, description: 'The source version.' },
    failures: { 404: notFound('The source version') },
    long: false,
  },
  listSources: {
    operationId: 'listSources',
    method: 'GET',
    path: '/api/v2/sources',
    params: [],
    summary: 'Every source version of the account, newest first, with how each was last read.',
    description:
      'Local extension. Each entry is the registration `getSource` answers, plus `newest_representation`: the newest representation of that source version without its units, or null when none was published.',
    localExtension: true,
    body: { kind: 'none' },
    success: {
      kind: 'json',
      status: 200,
      schema: SourceList,
      description: 'The source versions, newest registration first.',
    },
    failures: {},
    long: false,
  },
  removeSource: {
    operationId: 'removeSource',
    method: 'DELETE',
    path: '/api/v2/sources/{source_version_id}',
    params: [sourceVersionParam],
    summary: 'Remove a source version with its representations, units, figures and search entries.',
    description:
      'Local extension. All in one transaction: the source version, its representations, their units and figures, and its rows of the search index; its asset when no other source version names it; and the retained bytes when no other asset or source version (of any account) has the same sha256. The same bytes uploaded twice are two assets, each with its own source version: removing one leaves the other, and the bytes it shares, as they were. Numeric checks that cite the removed source answer 404 from then on.',
    localExtension: true,
    body: { kind: 'none' },
    success: {
      kind: 'json',
      status: 200,
      schema: SourceRemoval,
      description: 'The source version is gone.',
    },
    failures: { 404: notFound('The source version') },
    long: false,
  },
  getSourceContent: {
    operationId: 'getSourceContent',
    method: 'GET',
    path: '/api/v2/sources/{source_version_id}/content',
    params: [sourceVersionParam],
    summary: 'The retained bytes of a source version.',
    localExtension: true,
    body: { kind: 'none' },
    success: {
      kind: 'bytes',
      status: 200,
      description: 'The retained bytes, served with the media type recorded at registration.',
    },
    failures: {
      404: notFound('The source version'),
      502: { description: 'The retained bytes fail their hash check.', codes: ['asset_store_failure'] },
    },
    long: true,
  },
  publishRepresentation: {
    operationId: 'publishRepresentation',
    method: 'POST',
    path: '/api/v2/sources/{source_version_id}/representations',
    params: [sourceVersionParam],
    summary: 'Extract the retained bytes into an immutable representation with units and figures.',
    description:
      'Local extension. Publishing again for the same bytes and the same extractor version returns the same representation.',
    localExtension: true,
    body: { kind: 'none' },
    success: { kind: 'json', status: 201, schema: Representation, description: 'The representation.' },
    failures: {
      404: notFound('The source version'),
      500: { description: 'The reader failed; retry.', codes: ['extraction_error'] },
      502: { description: 'The retained bytes fail their hash check.', codes: ['asset_store_failure'] },
    },
    long: true,
  },
  getRepresentation: {
    operationId: 'getRepresentation',
    method: 'GET',
    path: '/api/v2/representations/{representation_id}',
    params: [representationParam],
    summary: 'A representation, as its publication returned it.',
    localExtension: true,
    body: { kind: 'none' },
    success: { kind: 'json', status: 200, schema: Representation, description: 'The representation.' },
    failures: { 404: notFound('The representation') },
    long: false,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

/** What an operation answers on success (`Uint8Array` with its media type for the bytes of a source). */
export type OperationResult<N extends OperationName> = (typeof operations)[N]['success'] extends {
  kind: 'json';
  schema: infer S extends z.ZodType;
}
  ? z.output<S>
  : { bytes: Uint8Array; mediaType: string; filename: string; sha256: string };

/** The path parameters of an operation, by name. */
export type OperationParams<N extends OperationName> = {
  [P in (typeof operations)[N]['params'][number] as P['name']]: string;
};

/** The path with its parameters filled in, each encoded as one path segment. */
export function operationPath<N extends OperationName>(name: N, params: OperationParams<N>): string {
  const op: OperationSpec = operations[name];
  const values = params as Record<string, string>;
  return op.path.replace(/\{([a-z_]+)\}/g, (_, param: string) => {
    const value = values[param];
    if (value === undefined) throw new Error(`operation ${name} needs the path parameter ${param}`);
    return encodeURIComponent(value);
  });
}
