import { z } from 'zod';
import { BytesHash, Id } from './common';
import { ExtractionCode, ExtractionMethod, ExtractionState, LostPart } from './extract';

/** Text fields of `POST /api/v2/sources` (spec: multipart with a text field `assetId` and a file part `file`). */
export const RegisterFields = z.strictObject({
  assetId: Id,
});
export type RegisterFields = z.infer<typeof RegisterFields>;

/** The exact stored text of a name as its UTF-8 bytes, in lowercase hex. */
const Utf8Hex = z.string().regex(/^(?:[0-9a-f]{2})*$/, 'expected lowercase hex digits in pairs');

/**
 * Source metadata of a registration (local-extensions.md); unknown values are null. `title` and
 * `filename` are display-safe (shared/text/display-name.ts): the store keeps them exactly as given, and
 * where the given text differs from what is shown, its bytes travel beside it for provenance.
 */
export const SourceMetadata = z.strictObject({
  /** Display-safe; null when none was given or nothing visible is left of it. */
  title: z.string().nullable(),
  /** Display-safe, never empty. */
  filename: z.string(),
  filename_utf8_hex: Utf8Hex.optional().meta({
    description:
      'The file name exactly as stored (an upload drops only a path, C0 controls and DEL), as UTF-8 bytes in lowercase hex; present only when it differs from the display-safe filename (C1, bidirectional or invisible characters, or text not in NFC).',
  }),
  title_utf8_hex: Utf8Hex.optional().meta({
    description:
      'The title exactly as given and stored, as UTF-8 bytes in lowercase hex; present only when a title was given and it differs from the display-safe title.',
  }),
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

/**
 * How a listed source was last read: its newest representation, without the units (`unit_count` says
 * how many it has; `lost` lists the pages or sheets that could not be read, empty when none).
 */
export const NewestRepresentation = z.strictObject({
  representation_id: Id,
  state: ExtractionState,
  code: ExtractionCode.nullable(),
  reason: z.string().nullable(),
  extraction_method: ExtractionMethod,
  unit_count: z.number().int().nonnegative(),
  lost: z.array(LostPart),
});
export type NewestRepresentation = z.infer<typeof NewestRepresentation>;

/** One source version of `GET /api/v2/sources`: the registration, and how it was last read (null: never). */
export const ListedSource = SourceVersion.extend({
  newest_representation: NewestRepresentation.nullable(),
});
export type ListedSource = z.infer<typeof ListedSource>;

/** 200 of `GET /api/v2/sources`: every source version of the account, newest first. */
export const SourceList = z.strictObject({ sources: z.array(ListedSource) });
export type SourceList = z.infer<typeof SourceList>;

/** 200 of `DELETE /api/v2/sources/{source_version_id}`. */
export const SourceRemoval = z.strictObject({ removed: z.literal(true) });
export type SourceRemoval = z.infer<typeof SourceRemoval>;
