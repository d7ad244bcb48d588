import { z } from 'zod';
import { ReportBundle } from './model';

// The JSON Schema of a report bundle, generated from the zod schema (never written by hand).
// `npm run report-schema` writes it to desktop/main/report/bundle.schema.json and a test keeps that file current.

export function buildReportBundleSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ReportBundle, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'Evidence Workbench report bundle',
  };
}

/** The schema as written to bundle.schema.json: two-space indented, one trailing newline. */
export function reportBundleSchemaJson(): string {
  return JSON.stringify(buildReportBundleSchema(), null, 2) + '\n';
}
