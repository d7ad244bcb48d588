import { z } from 'zod';
import { Id } from './common';
import {
  CellRef,
  checkExtractionState,
  checkUnitKind,
  extractionResultShape,
  extractionUnitShape,
} from './extract';
import { Figure } from './numeric';

// Representations (local-extensions.md): an immutable extraction of a retained source version, with
// its units and the figures found in each. `POST /api/v2/sources/{id}/representations` answers 201 with
// it, `GET /api/v2/representations/{id}` with the same body.

export const FIGURE_POSITION_KINDS = ['box', 'cell', 'text'] as const;

/** The cell of a table on the page a figure stands in (local extension): `page.tables[table]`'s cell. */
export const TableCellRef = z.object({
  table: z.number().int().min(0),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
});
export type TableCellRef = z.infer<typeof TableCellRef>;

/** Where a figure sits on a page: a box in PDF user space, origin top-left, and its table cell if any. */
export const BoxPosition = z.object({
  kind: z.literal('box'),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  cell: TableCellRef.optional(),
});
export type BoxPosition = z.infer<typeof BoxPosition>;

/** Where a figure sits in a sheet: its cell. */
export const CellPosition = z.object({
  kind: z.literal('cell'),
  ref: CellRef,
});
export type CellPosition = z.infer<typeof CellPosition>;

/**
 * A figure of a page unit without page geometry (Word, HTML, plain text): located only by its `span` in
 * the unit's markdown.
 */
export const TextPosition = z.object({ kind: z.literal('text') });
export type TextPosition = z.infer<typeof TextPosition>;

export const FigurePosition = z.discriminatedUnion('kind', [BoxPosition, CellPosition, TextPosition]);
export type FigurePosition = z.infer<typeof FigurePosition>;

/**
 * A figure of a unit with where it sits. `ambiguous`: its reading is not unique ("1,5"), so a numeric
 * request that selects it is refused (400 `ambiguous_source_number`).
 */
export const FigureWithPosition = Figure.extend({
  ambiguous: z.boolean(),
  /** Character span [start, end) of `raw` in the unit's markdown. */
  span: z
    .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
    .refine((span) => span.end > span.start, { message: 'a span ends after it starts' }),
  position: FigurePosition,
});
export type FigureWithPosition = z.infer<typeof FigureWithPosition>;

/** One page or sheet of a representation; `figures[].index` is what `figure_index` selects. */
export const Unit = z
  .object({
    source_unit_id: Id,
    ...extractionUnitShape,
    figures: z.array(FigureWithPosition),
  })
  .superRefine((unit, ctx) => {
    checkUnitKind(unit, ctx);
    // Sheets locate figures by cell; pages with geometry (PDF, images) by box, or by span alone when no
    // text run lies under the figure; pages without geometry (Word, HTML, text) by span alone.
    const allowed: readonly string[] =
      unit.kind === 'sheet' ? ['cell'] : unit.page !== undefined ? ['box', 'text'] : ['text'];
    unit.figures.forEach((figure, i) => {
      if (!allowed.includes(figure.position.kind))
        ctx.addIssue({
          code: 'custom',
          message: `a figure of this ${unit.kind} unit has a ${allowed.join(' or ')} position`,
          path: ['figures', i, 'position', 'kind'],
        });
    });
  });
export type Unit = z.infer<typeof Unit>;

/** 201 of `POST /api/v2/sources/{source_version_id}/representations`, 200 of `GET /api/v2/representations/{id}`. */
export const Representation = z
  .object({
    representation_id: Id,
    source_version_id: Id,
    format: extractionResultShape.format,
    state: extractionResultShape.state,
    code: extractionResultShape.code,
    reason: extractionResultShape.reason,
    extraction_method: extractionResultShape.extraction_method,
    complete: extractionResultShape.complete,
    lost: extractionResultShape.lost,
    units: z.array(Unit),
    /**
     * Local extension: the extractor version that produced this representation (the code's version and
     * its settings, e.g. OCR). Optional: a service that does not state it leaves it out.
     */
    extractor_version: z.string().min(1).optional(),
  })
  .superRefine(checkExtractionState);
export type Representation = z.infer<typeof Representation>;
