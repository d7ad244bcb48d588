import { z } from 'zod';
import { UploadFields, UploadResponse } from './assets';
import { ErrorBody, ErrorDetail, Id, TooLargeBody } from './common';
import {
  ExtractionCode,
  ExtractionMethod,
  ExtractionResponse,
  ExtractionState,
  ExtractionUnit,
  ExtractRequest,
  LostPart,
  LostPartState,
  PageSize,
  Sheet,
  SheetCell,
  UnitKind,
} from './extract';
import {
  Arithmetic,
  AssessedOperand,
  Comparability,
  ComparabilityFacet,
  Figure,
  NumericRequest,
  ArithmeticVerdict,
  ComparabilityFacetName,
  ComparabilityVerdict,
  FacetDecider,
  NumericOutcome,
  NumericResponse,
  OperandReference,
  OperandSource,
  UnitClass,
} from './numeric';
import { FigurePosition, FigureWithPosition, Representation, Unit } from './representations';
import {
  BillingUsage,
  Citation,
  CitationSourceMetadata,
  CitationStance,
  ClaimGroup,
  ConfidenceBasis,
  ConflictSide,
  Correction,
  CorrectionProof,
  CorrectionStatus,
  CredibilityBasis,
  DomainCategory,
  DomainGroup,
  EvidenceReceipt,
  GroupStance,
  KeyFinding,
  NamedConflict,
  PublicationYearRange,
  RankingFactors,
  SearchFilters,
  SearchMetadata,
  SearchRequest,
  SearchResponse,
  SourceType,
  StanceBreakdown,
  StanceSummary,
  Verdict,
  VerdictResult,
} from './search';
import { RegisterFields, SourceMetadata, SourceVersion } from './sources';

// The OpenAPI 3.1 description of the local evidence service, generated from the zod schemas of this
// folder: every schema object below comes out of `z.toJSONSchema`, none is written by hand. The
// document is a plain object built the same way on every call, so its JSON is byte-for-byte stable;
// `npm run openapi` writes it to shared/api/openapi.json and a test keeps that file current.

export const OPENAPI_VERSION = '3.1.0';
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;

export interface OpenApiMediaType {
  schema?: Json;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, Json>;
  content?: Record<string, OpenApiMediaType>;
}
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: Json;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  'x-local-extension'?: true;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: {
    securitySchemes: Record<string, Json>;
    schemas: Record<string, Json>;
  };
}

/** Multipart body of `POST /api/v1/assets`: the `file` part and the optional text fields. */
const uploadForm = () =>
  z.strictObject({
    file: z.file().meta({ description: 'The file; at most 50 MB.' }),
    ...UploadFields.shape,
  });

/** Multipart body of `POST /api/v2/sources`: the asset id and the same bytes again. */
const registerForm = () =>
  z.strictObject({
    ...RegisterFields.shape,
    file: z.file().meta({ description: 'The bytes of the asset; compared with the stored ones.' }),
  });

/** Schemas the client sends: described as they are accepted (`io: 'input'`). */
const requestSchemas = (): Record<string, z.ZodType> => ({
  NumericRequest,
  OperandReference,
  ExtractRequest,
  SearchRequest,
  SearchFilters,
  PublicationYearRange,
  UploadForm: uploadForm(),
  RegisterForm: registerForm(),
});

/** Schemas the service answers with: described as they come out (`io: 'output'`). */
const responseSchemas = (): Record<string, z.ZodType> => ({
  NumericOutcome,
  ArithmeticVerdict,
  ComparabilityVerdict,
  ComparabilityFacetName,
  FacetDecider,
  UnitClass,
  ExtractionMethod,
  ExtractionState,
  ExtractionCode,
  LostPartState,
  UnitKind,
  SourceType,
  DomainCategory,
  CredibilityBasis,
  CitationStance,
  GroupStance,
  StanceSummary,
  VerdictResult,
  ConfidenceBasis,
  CorrectionStatus,
  NumericResponse,
  Arithmetic,
  Comparability,
  ComparabilityFacet,
  AssessedOperand,
  OperandSource,
  Figure,
  SourceVersion,
  SourceMetadata,
  UploadResponse,
  ExtractionResponse,
  ExtractionUnit,
  LostPart,
  Sheet,
  SheetCell,
  PageSize,
  Representation,
  Unit,
  FigureWithPosition,
  FigurePosition,
  SearchResponse,
  ClaimGroup,
  Citation,
  RankingFactors,
  CitationSourceMetadata,
  EvidenceReceipt,
  DomainGroup,
  Verdict,
  StanceBreakdown,
  NamedConflict,
  ConflictSide,
  Correction,
  CorrectionProof,
  KeyFinding,
  SearchMetadata,
  BillingUsage,
  ErrorBody,
  ErrorDetail,
  TooLargeBody,
});

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** A standalone schema (no `$schema` member), for parameters and headers. */
function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  return rest;
}

/**
 * Response objects strip members they do not know (forward compatibility), so the document leaves them
 * open too; zod would otherwise close every non-strict object of an output schema. Strict objects stay
 * closed.
 */
function leaveStripObjectsOpen(ctx: { zodSchema: { _zod: { def: unknown } }; jsonSchema: Json }): void {
  const def = ctx.zodSchema._zod.def as { type?: string; catchall?: unknown };
  if (def.type === 'object' && def.catchall === undefined && ctx.jsonSchema.additionalProperties === false)
    delete ctx.jsonSchema.additionalProperties;
}

function componentSchemas(entries: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(entries)) {
    if (registry.has(schema)) throw new Error(`schema ${id} is registered twice`);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
    uri: (id) => `#/components/schemas/${id}`,
    ...(io === 'output' ? { override: leaveStripObjectsOpen } : {}),
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (!(id in entries)) throw new Error(`unexpected shared definition ${id} in the generated schemas`);
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// ---------------------------------------------------------------------------------------------------
// Responses

const jsonContent = (id: string) => ({ 'application/json': { schema: ref(id) } });
const ok = (description: string, id: string): OpenApiResponse => ({ description, content: jsonContent(id) });
const failure = (description: string): OpenApiResponse => ({
  description,
  content: jsonContent('ErrorBody'),
});
const tooLarge = (description: string): OpenApiResponse => ({
  description,
  content: jsonContent('TooLargeBody'),
});

const unauthorized = () => failure('The API key is missing or not recognised.');
const rateLimited = (): OpenApiResponse => ({
  description:
    'Rate limit exceeded: wait for the interval in Retry-After (also `error.retry_after_s`) before retrying.',
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before retrying.',
      required: true,
      schema: inlineSchema(z.number().int().min(0), 'output'),
    },
  },
  content: jsonContent('ErrorBody'),
});
const notFound = (what: string) =>
  failure(`${what} does not exist or does not belong to this account (the two are not told apart).`);

const jsonBody = (id: string) => ({ required: true, content: { 'application/json': { schema: ref(id) } } });
const multipartBody = (id: string) => ({
  required: true,
  content: { 'multipart/form-data': { schema: ref(id) } },
});

const sourceVersionParam = (): OpenApiParameter => ({
  name: 'source_version_id',
  in: 'path',
  required: true,
  description: 'A source version id, as registration returned it (`sourceVersionId`).',
  schema: inlineSchema(Id, 'input'),
});

function paths(): OpenApiDocument['paths'] {
  return {
    '/api/v1/assets': {
      post: {
        operationId: 'uploadAsset',
        summary: 'Upload a file as an asset.',
        description:
          'Local extension. With `retain=true` the source version is registered at once and its id returned.',
        'x-local-extension': true,
        requestBody: multipartBody('UploadForm'),
        responses: {
          '201': ok('The stored asset.', 'UploadResponse'),
          '400': failure('No `file` part, or a text field is not valid.'),
          '401': unauthorized(),
          '413': tooLarge('The file is over the 50 MB upload ceiling.'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v1/extract': {
      post: {
        operationId: 'extractDocument',
        summary: 'Read an uploaded asset, or a file at a public web address, as markdown.',
        description:
          'Check `state` before using `markdown` and branch on `code`: an error or partial read is never an empty successful document.',
        requestBody: jsonBody('ExtractRequest'),
        responses: {
          '200': ok('The extraction, whatever its state.', 'ExtractionResponse'),
          '400': failure(
            'Neither or both of asset_id and asset_url were given, or asset_url is not an allowed public web address.',
          ),
          '401': unauthorized(),
          '404': notFound('The asset, or its stored bytes,'),
          '413': tooLarge(
            'The asset is over the 50 MB download ceiling; `bytes` is null when the read was stopped.',
          ),
          '429': rateLimited(),
          '500': failure('Internal failure.'),
          '502': failure('The asset store or the remote host failed; not the caller’s fault; retry.'),
          '503': failure(
            'Private evidence storage is not configured, so an evidence:// asset cannot be read.',
          ),
          '504': failure('The asset download timed out; retry.'),
        },
      },
    },
    '/api/v1/sources/search': {
      post: {
        operationId: 'searchSources',
        summary: 'Search for sources, without stance analysis or a verdict.',
        requestBody: jsonBody('SearchRequest'),
        responses: {
          '200': ok('Sources for the query.', 'SearchResponse'),
          '400': failure('Request fields or source identifiers are not valid.'),
          '401': unauthorized(),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/verify/numeric': {
      post: {
        operationId: 'verifyNumeric',
        summary: 'Check the arithmetic of a numeric claim against one or two retained source figures.',
        description:
          'Scope is always arithmetic_only. Outcomes escalate and not_applicable, a null arithmetic block and an unknown comparability verdict are unresolved, never support.',
        requestBody: jsonBody('NumericRequest'),
        responses: {
          '201': ok('The assessment.', 'NumericResponse'),
          '400': failure(
            'Invalid claim or operand fields, a figure index the unit does not have, or an ambiguous source number.',
          ),
          '401': unauthorized(),
          '404': notFound('A referenced source version, representation or unit'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/sources': {
      post: {
        operationId: 'registerSource',
        summary: 'Register the immutable original bytes of an uploaded asset.',
        requestBody: multipartBody('RegisterForm'),
        responses: {
          '201': ok(
            'The source version; registering the same bytes again returns the same id.',
            'SourceVersion',
          ),
          '400': failure('No `assetId` field or no `file` part.'),
          '401': unauthorized(),
          '404': notFound('The asset'),
          '409': failure('The `file` part does not hold the bytes of the asset.'),
          '413': tooLarge('The file is over the 50 MB ceiling.'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/sources/{source_version_id}': {
      get: {
        operationId: 'getSource',
        summary: 'The registration of a source version.',
        'x-local-extension': true,
        parameters: [sourceVersionParam()],
        responses: {
          '200': ok('The source version.', 'SourceVersion'),
          '401': unauthorized(),
          '404': notFound('The source version'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/sources/{source_version_id}/content': {
      get: {
        operationId: 'getSourceContent',
        summary: 'The retained bytes of a source version.',
        'x-local-extension': true,
        parameters: [sourceVersionParam()],
        responses: {
          '200': {
            description: 'The retained bytes, served with the media type recorded at registration.',
            content: { '*/*': { schema: inlineSchema(z.file(), 'output') } },
          },
          '401': unauthorized(),
          '404': notFound('The source version'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/sources/{source_version_id}/representations': {
      post: {
        operationId: 'publishRepresentation',
        summary: 'Extract the retained bytes into an immutable representation with units and figures.',
        description:
          'Local extension. Publishing again for the same bytes and the same extractor version returns the same representation.',
        'x-local-extension': true,
        parameters: [sourceVersionParam()],
        responses: {
          '201': ok('The representation.', 'Representation'),
          '401': unauthorized(),
          '404': notFound('The source version'),
          '429': rateLimited(),
        },
      },
    },
    '/api/v2/representations/{representation_id}': {
      get: {
        operationId: 'getRepresentation',
        summary: 'A representation, as its publication returned it.',
        'x-local-extension': true,
        parameters: [
          {
            name: 'representation_id',
            in: 'path',
            required: true,
            description: 'A representation id.',
            schema: inlineSchema(Id, 'input'),
          },
        ],
        responses: {
          '200': ok('The representation.', 'Representation'),
          '401': unauthorized(),
          '404': notFound('The representation'),
          '429': rateLimited(),
        },
      },
    },
  };
}

/** The OpenAPI 3.1.0 document of the service, built afresh from the schemas on every call. */
export function buildOpenApiDocument(): OpenApiDocument {
  const requests = componentSchemas(requestSchemas(), 'input');
  const responses = componentSchemas(responseSchemas(), 'output');
  for (const id of Object.keys(requests))
    if (id in responses) throw new Error(`component ${id} is both a request and a response schema`);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Evidence Workbench evidence service',
      version: '0.1.0',
      description:
        'The four operations of service-api.md (numeric verification, source registration, extraction, search) and the local extensions of local-extensions.md (upload, source and representation reads, representation publication).',
    },
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    security: [{ apiKey: [] }, { bearer: [] }],
    paths: paths(),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same API key as `Authorization: Bearer KEY`.',
        },
      },
      schemas: sortedByKey({ ...requests, ...responses }),
    },
  };
}

/** The document as committed in shared/api/openapi.json: 2-space JSON and a trailing newline. */
export function openApiJson(): string {
  return JSON.stringify(buildOpenApiDocument(), null, 2) + '\n';
}
