import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  COMMON_FAILURES,
  httpMethod,
  isServiceErrorCode,
  openApiJson,
  operations,
  SERVICE_ERRORS,
  type OpenApiOperation,
  type OperationFailure,
  type OperationSpec,
  type ServiceErrorCode,
} from '../../../shared/api';

const committedPath = new URL('../../../shared/api/openapi.json', import.meta.url);

describe('shared/api/openapi.json', () => {
  it('is current (regenerate with `npm run openapi`)', () => {
    const committed = readFileSync(committedPath, 'utf8');
    const fresh = openApiJson();
    if (committed !== fresh) {
      expect.fail('shared/api/openapi.json is stale: run `npm run openapi` and commit the result');
    }
    expect(committed.endsWith('}\n')).toBe(true);
    expect(committed).toContain('\n  "openapi": "3.1.0",\n');
  });

  it('is the document built from the schemas, written the same way every time', () => {
    const text = openApiJson();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(openApiJson()).toBe(text);
  });
});

const doc = buildOpenApiDocument();

const expected: [string, 'get' | 'post' | 'delete', string, string | null][] = [
  ['/api/v2/verify/numeric', 'post', '201', 'NumericResponse'],
  ['/api/v2/verify/numeric/roles', 'post', '201', 'NumericResponse'],
  ['/api/v2/sources', 'post', '201', 'SourceVersion'],
  ['/api/v1/extract', 'post', '200', 'ExtractionResponse'],
  ['/api/v1/sources/search', 'post', '200', 'SearchResponse'],
  ['/api/v2/figures/search', 'post', '200', 'FigureSearchResponse'],
  ['/api/v2/claims/list', 'post', '200', 'ClaimListResponse'],
  ['/api/v2/claims/candidates', 'post', '200', 'ClaimCandidatesResponse'],
  ['/api/v1/assets', 'post', '201', 'UploadResponse'],
  ['/api/v1/assets/fetch', 'post', '201', 'UploadResponse'],
  ['/api/v2/sources/{source_version_id}', 'get', '200', 'SourceVersion'],
  ['/api/v2/sources', 'get', '200', 'SourceList'],
  ['/api/v2/sources/{source_version_id}', 'delete', '200', 'SourceRemoval'],
  ['/api/v2/sources/{source_version_id}/content', 'get', '200', null],
  ['/api/v2/sources/{source_version_id}/representations', 'post', '201', 'Representation'],
  ['/api/v2/representations/{representation_id}', 'get', '200', 'Representation'],
];

function operation(path: string, method: 'get' | 'post' | 'delete'): OpenApiOperation {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is missing`);
  return op;
}

/** Every `$ref` anywhere under `value`. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1.0 with the 2020-12 dialect', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('lists exactly the sixteen operations', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m} ${path}`),
    );
    expect(listed.sort()).toEqual(expected.map(([path, method]) => `${method} ${path}`).sort());
  });

  it.each(expected)('%s %s answers %s with its schema', (path, method, status, schema) => {
    const op = operation(path, method);
    const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
    expect(success).toEqual([status]);
    const response = op.responses[status];
    if (schema) {
      expect(response?.content?.['application/json']?.schema).toEqual({
        $ref: `#/components/schemas/${schema}`,
      });
    } else {
      expect(Object.keys(response?.content ?? {})).toEqual(['*/*']);
    }
  });

  it('documents at least the error statuses the spec names for each of its operations', () => {
    const statuses = (path: string, method: 'get' | 'post') => Object.keys(operation(path, method).responses);
    expect(statuses('/api/v1/extract', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '413', '429', '500', '502', '503', '504']),
    );
    expect(statuses('/api/v1/sources/search', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    expect(statuses('/api/v2/sources', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '409', '413', '429']),
    );
    expect(statuses('/api/v2/verify/numeric', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '404']),
    );
  });

  it('is derived from the table of operations: every operation, its statuses and its error codes', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(listed.sort()).toEqual(
      Object.values(operations)
        .map((op) => `${op.method} ${op.path} ${op.operationId}`)
        .sort(),
    );
    for (const op of Object.values(operations) as OperationSpec[]) {
      const responses = operation(op.path, httpMethod(op)).responses;
      const failures = { ...COMMON_FAILURES, ...op.failures } as Record<number, unknown>;
      expect(Object.keys(responses).sort()).toEqual(
        [String(op.success.status), ...Object.keys(failures)].sort(),
      );
      for (const [status, failure] of Object.entries({ ...op.failures })) {
        expect(responses[status]?.['x-error-codes'], `${op.operationId} ${status}`).toEqual(
          expect.arrayContaining([...(failure as OperationFailure).codes]),
        );
      }
    }
  });

  it('lists each error code only under the one status the catalogue gives it', () => {
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const [status, response] of Object.entries(op.responses))
          for (const code of response['x-error-codes'] ?? []) {
            expect(isServiceErrorCode(code), code).toBe(true);
            expect(SERVICE_ERRORS[code as ServiceErrorCode].status, `${op.operationId}: ${code}`).toBe(
              Number(status),
            );
          }
  });

  it('gives errors the ErrorBody, a file over the ceiling the TooLargeBody, and 429 a Retry-After header', () => {
    for (const [path, item] of Object.entries(doc.paths))
      for (const op of Object.values(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (status.startsWith('2')) continue;
          const codes = response['x-error-codes'] ?? [];
          const schema = response.content?.['application/json']?.schema;
          if (!codes.includes('source_too_large'))
            expect(schema, `${path} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
          else
            expect(JSON.stringify(schema), `${path} ${status}`).toContain(
              '#/components/schemas/TooLargeBody',
            );
        }
        expect(op.responses['429']?.headers?.['Retry-After'], path).toMatchObject({
          schema: { type: 'integer', minimum: 0 },
        });
      }
  });

  it('takes JSON and multipart request bodies as the spec says', () => {
    const body = (path: string) => operation(path, 'post').requestBody?.content;
    expect(body('/api/v2/verify/numeric')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/NumericRequest' } },
    });
    expect(body('/api/v1/extract')?.['application/json']).toBeDefined();
    expect(body('/api/v1/sources/search')?.['application/json']).toBeDefined();
    expect(body('/api/v2/sources')?.['multipart/form-data']).toBeDefined();
    expect(body('/api/v1/assets')?.['multipart/form-data']).toBeDefined();
    const register = doc.components.schemas.RegisterForm;
    expect(register?.required).toEqual(['assetId', 'file']);
    const upload = doc.components.schemas.UploadForm as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(upload.required).toEqual(['file']);
    expect(Object.keys(upload.properties).sort()).toEqual(
      ['file', 'is_primary_source', 'publication_year', 'retain', 'source_type', 'title', 'url'].sort(),
    );
  });

  it('accepts an API key in x-api-key or as a bearer token', () => {
    expect(doc.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('resolves every $ref to a component', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    for (const ref of all) {
      const id = ref.replace('#/components/schemas/', '');
      expect(doc.components.schemas, ref).toHaveProperty(id);
    }
  });

  it('describes requests as accepted and responses as produced', () => {
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    // Requests are closed, take their defaults, and say what is required.
    expect(schemas.NumericRequest).toMatchObject({
      additionalProperties: false,
      required: ['claim', 'operands'],
    });
    expect(schemas.OperandReference).toMatchObject({ additionalProperties: false });
    expect(schemas.SearchRequest).toMatchObject({
      additionalProperties: false,
      required: ['query'],
      properties: { limit: { default: 10, type: 'integer', minimum: 1, maximum: 20 } },
    });
    // Responses leave room for members a newer service adds.
    expect(schemas.NumericResponse).not.toHaveProperty('additionalProperties');
    expect(schemas.NumericResponse?.required).toEqual([
      'outcome',
      'arithmetic',
      'comparability',
      'reason',
      'scope',
      'limitation',
      'operands',
    ]);
    expect(schemas.SearchResponse).not.toHaveProperty('required');
    expect(schemas.ExtractionResponse?.required).toEqual([
      'format',
      'markdown',
      'extraction_method',
      'state',
      'reason',
      'code',
    ]);
    // No schema carries its own dialect or id: the document's dialect applies.
    for (const schema of Object.values(schemas)) {
      expect(schema).not.toHaveProperty('$schema');
      expect(schema).not.toHaveProperty('$id');
    }
  });

  it('lists a source version with its newest representation, and removes one (local extensions)', () => {
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.SourceList).toMatchObject({
      required: ['sources'],
      properties: { sources: { type: 'array', items: { $ref: '#/components/schemas/ListedSource' } } },
    });
    expect(schemas.ListedSource?.required).toEqual(
      expect.arrayContaining([
        'sourceVersionId',
        'assetId',
        'bytesHash',
        'sourceMetadata',
        'newest_representation',
      ]),
    );
    expect(JSON.stringify(schemas.ListedSource)).toContain('#/components/schemas/NewestRepresentation');
    expect(schemas.NewestRepresentation?.required).toEqual([
      'representation_id',
      'state',
      'code',
      'reason',
      'extraction_method',
      'unit_count',
      'lost',
    ]);
    const remove = operation('/api/v2/sources/{source_version_id}', 'delete');
    expect(remove['x-local-extension']).toBe(true);
    expect(remove.parameters?.map((p) => p.name)).toEqual(['source_version_id']);
    expect(remove.requestBody).toBeUndefined();
    expect(remove.responses['404']?.['x-error-codes']).toEqual(['not_found']);
    expect(remove.description).toMatch(/uploaded twice/);
    expect(operation('/api/v2/sources', 'get').requestBody).toBeUndefined();
  });

  it('fetches a file at a web address as an asset, with the download refusals (local extension)', () => {
    const fetch = operation('/api/v1/assets/fetch', 'post');
    expect(fetch['x-local-extension']).toBe(true);
    expect(JSON.stringify(fetch.requestBody)).toContain('#/components/schemas/FetchAssetRequest');
    expect(fetch.responses['400']?.['x-error-codes']).toContain('invalid_asset_url');
    expect(fetch.responses['413']?.['x-error-codes']).toContain('source_too_large');
    expect(fetch.responses['502']?.['x-error-codes']).toEqual(
      expect.arrayContaining(['upstream_unreachable', 'upstream_status', 'too_many_redirects']),
    );
    expect(fetch.responses['504']?.['x-error-codes']).toEqual(['upstream_timeout']);
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.FetchAssetRequest?.required).toEqual(['url']);
    expect(schemas.FetchAssetRequest?.additionalProperties).toBe(false);
  });

  it('lists the components in sorted order', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual([...names].sort());
  });
});
