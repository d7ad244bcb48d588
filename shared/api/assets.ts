import { z } from 'zod';
import { Id, Sha256Hex } from './common';

/**
 * Text fields of `POST /api/v1/assets` (multipart/form-data, local-extensions.md). Multipart text
 * arrives as strings, so booleans and years are parsed from their text form here, once.
 */
export const UploadFields = z.strictObject({
  title: z.string().trim().min(1).max(1000).optional(),
  url: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .max(4000)
    .optional(),
  publication_year: z
    .string()
    .regex(/^\d{4}$/, 'expected a four-digit year')
    .transform(Number)
    .pipe(z.number().int().min(1000).max(9999))
    .optional(),
  source_type: z.string().trim().min(1).max(100).optional(),
  is_primary_source: z
    .enum(['true', 'false'], { error: 'expected "true" or "false"' })
    .transform((v) => v === 'true')
    .optional(),
  retain: z
    .enum(['true', 'false'], { error: 'expected "true" or "false"' })
    .transform((v) => v === 'true')
    .optional(),
});
export type UploadFields = z.output<typeof UploadFields>;
export type UploadFieldsInput = z.input<typeof UploadFields>;

/**
 * JSON body of `POST /api/v1/assets/fetch` (local extension): a file at a public web address, downloaded
 * by the service's guarded downloader and kept as an upload would be; `url` is recorded as its source.
 */
export const FetchAssetRequest = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .max(4000)
    .meta({ description: 'The address of the file; it must be an allowed public web address.' }),
  retain: z.boolean().default(false),
  title: z.string().trim().min(1).max(1000).optional(),
  publication_year: z.number().int().min(1000).max(9999).optional(),
  source_type: z.string().trim().min(1).max(100).optional(),
  is_primary_source: z.boolean().optional(),
});
export type FetchAssetRequest = z.input<typeof FetchAssetRequest>;

/** 201 of `POST /api/v1/assets`. */
export const UploadResponse = z.strictObject({
  asset_id: Id,
  /** Display-safe (shared/text/display-name.ts); the store keeps the name as given. */
  filename: z.string(),
  media_type: z.string(),
  byte_length: z.number().int().positive(),
  sha256: Sha256Hex,
  source_version_id: Id.optional(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/**
 * The text fields of the upload form for typed fields: the inverse of `UploadFields`, so a client sends
 * what the service parses back to the same values.
 */
export function uploadFormFields(fields: UploadFields): Record<string, string> {
  const form: Record<string, string> = {};
  if (fields.title !== undefined) form['title'] = fields.title;
  if (fields.url !== undefined) form['url'] = fields.url;
  if (fields.publication_year !== undefined) form['publication_year'] = String(fields.publication_year);
  if (fields.source_type !== undefined) form['source_type'] = fields.source_type;
  if (fields.is_primary_source !== undefined) form['is_primary_source'] = String(fields.is_primary_source);
  if (fields.retain !== undefined) form['retain'] = String(fields.retain);
  return form;
}
