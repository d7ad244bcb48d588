import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReportBundleSchema, reportBundleSchemaJson } from '../../../../desktop/main/report/json-schema';

const committedPath = new URL('../../../../desktop/main/report/bundle.schema.json', import.meta.url);

describe('desktop/main/report/bundle.schema.json', () => {
  it('is current (regenerate with `npm run report-schema`)', () => {
    const committed = readFileSync(committedPath, 'utf8');
    if (committed !== reportBundleSchemaJson()) {
      expect.fail(
        'desktop/main/report/bundle.schema.json is stale: run `npm run report-schema` and commit the result',
      );
    }
    expect(committed.endsWith('}\n')).toBe(true);
  });

  it('is the 2020-12 schema of a closed bundle, built the same way every time', () => {
    const schema = buildReportBundleSchema() as {
      $schema: string;
      additionalProperties: boolean;
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(
      expect.arrayContaining([
        'bundleVersion',
        'generatedAt',
        'appVersion',
        'extractorVersion',
        'authorName',
        'title',
        'cases',
      ]),
    );
    const text = JSON.stringify(schema);
    for (const member of [
      'personJudgments',
      'bytesHash',
      'request',
      'response',
      'extractionMethod',
      'figure_index',
      'article',
      'claimSpan',
    ])
      expect(text).toContain(`"${member}"`);
    expect(reportBundleSchemaJson()).toBe(reportBundleSchemaJson());
  });
});
