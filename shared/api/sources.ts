import { z } from 'zod';
import { BytesHash, Id } from './common';

/** Text fields of `POST /api/v2/sources` (spec: multipart with a text field `assetId` and a file part `file`). */
export const RegisterFields = z.strictObject({
  assetId: Id,
});
export type RegisterFields = z.infer<typeof RegisterFields>;

/** Source metadata of a registration (local-extensions.md); unknown values are null. */
export const SourceMetadata = z.strictObject({
  title: z.string().nullable(),
  filename: z.string(),
  media_type: z.string(),
  byte_length: z.number().int().positive(),
  url: z.string().nullable(),
  domain: z.string().nullable(),
  publication_year: z.number().int().min(1000).max(9999).nullable(),
  source_type: z.string().nullable(),
  is_primary_source: z.boolean().nullable(),
  registered_at: z.iso.datetime(),
});
export type SourceMetadata = z.infer<typeof SourceMetadata>;

/**
 * 201 of `POST /api/v2/sources` and 200 of `GET /api/v2/sources/{id}`. The spec lists "sourceVersionId,
 * assetId, bytesHash, and source metadata"; the metadata travels as one object, `sourceMetadata`, in the
 * camelCase of its siblings, so its fields can never collide with the three the spec names.
 */
export const SourceVersion = z.strictObject({
  sourceVersionId: Id,
  assetId: Id,
  bytesHash: BytesHash,
  sourceMetadata: SourceMetadata,
});
export type SourceVersion = z.infer<typeof SourceVersion>;
