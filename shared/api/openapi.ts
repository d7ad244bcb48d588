import { z } from 'zod';
import { FetchAssetRequest, UploadResponse } from './assets';
import { COMMON_FAILURES, type ServiceErrorCode } from './errors';
import {
  operations,
  RegisterForm,
  UploadForm,
  type OperationFailure,
  type OperationSpec,
} from './operations';
import { ErrorBody, ErrorDetail, TooLargeBody } from './common';
import {
  CandidateFigure,
  ClaimCandidate,
  ClaimCandidatesRequest,
  ClaimCandidatesResponse,
  ClaimListRequest,
  ClaimListResponse,
  ClaimNumber,
  ClaimRelation,
  ListedClaim,
  NearValue,
  TextSpan,
} from './claims';
import {
  FigureCell,
  FigureMatch,
  FigureQueryReading,
  FigureScale,
  FigureSearchRequest,
  FigureSearchResponse,
  FigureTolerance,
  FigureUnitMatch,
} from './figures';
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
  NumericRolesRequest,
  OperandRole,
  OperandRoleName,
  RoleBinding,
  RoleReading,
  RoleSource,
  RoleState,
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
import {
  ListedSource,
  NewestRepresentation,
  SourceList,
  SourceMetadata,
  SourceRemoval,
  SourceVersion,
} from './sources';

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
  /** The error codes (shared/api/errors.ts) this response may carry. */
  'x-error-codes'?: string[];
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
  /** Long-running (reads a document): clients give it a long time limit. */
  'x-long-running'?: true;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  security: Record<string, string[]>[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'delete', OpenApiOperation>>>;
  components: {
    securitySchemes: Record<string, Json>;
    schemas: Record<string, Json>;
  };
}

/** Schemas the client sends: described as they are accepted (`io: 'input'`). */
const requestSchemas = (): Record<string, z.ZodType> => ({
  NumericRequest,
  NumericRolesRequest,
  OperandReference,
  ExtractRequest,
  SearchRequest,
  SearchFilters,
  PublicationYearRange,
  FigureSearchRequest,
  FigureTolerance,
  FigureScale,
  ClaimListRequest,
  ClaimCandidatesRequest,
  UploadForm,
  FetchAssetRequest,
  RegisterForm,
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
  OperandRoleName,
  RoleSource,
  RoleState,
  OperandRole,
  RoleBinding,
  RoleReading,
  Arithmetic,
  Comparability,
  ComparabilityFacet,
  AssessedOperand,
  OperandSource,
  Figure,
  SourceVersion,
  SourceMetadata,
  SourceList,
  ListedSource,
  NewestRepresentation,
  SourceRemoval,
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
  FigureSearchResponse,
  FigureQueryReading,
  FigureMatch,
  FigureCell,
  FigureUnitMatch,
  ClaimListResponse,
  ListedClaim,
  ClaimNumber,
  ClaimRelation,
  TextSpan,
  ClaimCandidatesResponse,
  ClaimCandidate,
  NearValue,
  CandidateFigure,
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
// Paths, derived from the table of operations (operations.ts)

/** The component id of a schema of the table: the same zod object must be registered below. */
function componentId(schema: z.ZodType, registered: Record<string, z.ZodType>): string {
  const found = Object.entries(registered).find(([, candidate]) => candidate === schema);
  if (!found) throw new Error('an operation uses a schema that is not a component of the document');
  return found[0];
}

const jsonContent = (id: string) => ({ 'application/json': { schema: ref(id) } });

const retryAfterHeader = () => ({
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: inlineSchema(z.number().int().min(0), 'output'),
  },
});

/** One failure status: the operation's own description first, then the common one; codes of both. */
function failureResponse(
  status: number,
  own: OperationFailure | undefined,
  common: OperationFailure | undefined,
): OpenApiResponse {
  const codes = [...new Set<ServiceErrorCode>([...(own?.codes ?? []), ...(common?.codes ?? [])])];
  const description = [own?.description, common?.description].filter((d) => d !== undefined).join(' ');
  return {
    description,
    'x-error-codes': codes,
    ...(status === 429 ? { headers: retryAfterHeader() } : {}),
    content: codes.includes('source_too_large')
      ? codes.length === 1
        ? jsonContent('TooLargeBody')
        : { 'application/json': { schema: { anyOf: [ref('TooLargeBody'), ref('ErrorBody')] } } }
      : jsonContent('ErrorBody'),
  };
}

function operationObject(op: OperationSpec): OpenApiOperation {
  const requests = requestSchemas();
  const responses = responseSchemas();
  const out: Record<string, OpenApiResponse> = {};
  out[String(op.success.status)] =
    op.success.kind === 'json'
      ? {
          description: op.success.description,
          content: jsonContent(componentId(op.success.schema, responses)),
        }
      : {
          description: op.success.description,
          content: { '*/*': { schema: inlineSchema(z.file(), 'output') } },
        };
  const own = op.failures as Record<number, OperationFailure | undefined>;
  const statuses = [...new Set([...Object.keys(own), ...Object.keys(COMMON_FAILURES)].map(Number))].sort(
    (a, b) => a - b,
  );
  for (const status of statuses)
    out[String(status)] = failureResponse(status, own[status], COMMON_FAILURES[status]);
  const media = op.body.kind === 'multipart' ? 'multipart/form-data' : 'application/json';
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.localExtension ? { 'x-local-extension': true as const } : {}),
    ...(op.long ? { 'x-long-running': true as const } : {}),
    ...(op.params.length > 0
      ? {
          parameters: op.params.map((p) => ({
            name: p.name,
            in: 'path' as const,
            required: true,
            description: p.description,
            schema: inlineSchema(p.schema, 'input'),
          })),
        }
      : {}),
    ...(op.body.kind !== 'none'
      ? {
          requestBody: {
            required: true,
            content: { [media]: { schema: ref(componentId(op.body.schema, requests)) } },
          },
        }
      : {}),
    responses: out,
  };
}

/** The path item member of an operation's method: `get`, `post` or `delete`. */
export function httpMethod(op: OperationSpec): 'get' | 'post' | 'delete' {
  return op.method === 'GET' ? 'get' : op.method === 'POST' ? 'post' : 'delete';
}

function paths(): OpenApiDocument['paths'] {
  const out: OpenApiDocument['paths'] = {};
  for (const op of Object.values(operations) as OperationSpec[]) {
    const method = httpMethod(op);
    const entry = (out[op.path] ??= {});
    if (entry[method]) throw new Error(`two operations on ${op.method} ${op.path}`);
    entry[method] = operationObject(op);
  }
  return sortedByKey(out);
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
        'The four operations of service-api.md (numeric verification, source registration, extraction, search) and the local extensions of local-extensions.md (upload, source and representation reads, the list and removal of sources, representation publication).',
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
