import { z } from 'zod';
import { Id } from './common';
import { UnitKind } from './extract';
import { UnitClass } from './numeric';
import { FigurePosition } from './representations';
import { SearchFilters } from './search';

// Figures by value (local extension, `POST /api/v2/figures/search`): a number as a claim states it, with
// its unit, scale and precision, and the figures of the caller's library that could be it, each with the
// four ids a numeric check takes and the place it was read. The request is strict; the response strips
// members it does not know, as every response of the service does.

export const FIGURE_SCALES = ['thousand', 'million', 'billion', 'trillion'] as const;
export const FIGURE_SCALE_FACTORS: Readonly<Record<FigureScale, number>> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};
export const DEFAULT_FIGURE_SEARCH_LIMIT = 10;
export const MAX_FIGURE_SEARCH_LIMIT = 50;
export const MAX_FIGURE_WORDS_LENGTH = 500;
export const MAX_FIGURE_TEXT_LENGTH = 200;

export const FigureScale = z.enum(FIGURE_SCALES);
export type FigureScale = z.infer<typeof FigureScale>;

/**
 * How far a figure may lie from the value: `absolute`, in the request's terms (before `scale`); or
 * `written`, the number as the claim writes it ("4.7" → ±0.05, "57,000" → ±500, "almost 57,000" → from
 * 56,000 up to 57,000, "about 4.7" → ±0.1), read by the service's number reader.
 */
export const FigureTolerance = z.union([
  z.strictObject({ absolute: z.number().finite().nonnegative() }),
  z.strictObject({ written: z.string().trim().min(1).max(MAX_FIGURE_TEXT_LENGTH) }),
]);
export type FigureTolerance = z.infer<typeof FigureTolerance>;

/** Body of `POST /api/v2/figures/search`. */
export const FigureSearchRequest = z.strictObject({
  /** The number as stated, before `scale`: 1.2 with scale billion is 1,200,000,000. */
  value: z.number().finite(),
  /**
   * What the number counts: "%", "per cent", "pp", "bp", a currency ("$", "USD", "£", "euro"), or a unit
   * word ("people", "handgun checks"), which is matched against the figures' labels instead.
   */
  unit: z.string().trim().min(1).max(MAX_FIGURE_TEXT_LENGTH).optional(),
  scale: FigureScale.optional(),
  /** Absent: the precision of `value` itself, as if it were written in full ("4.7" → ±0.05). */
  tolerance: FigureTolerance.optional(),
  /** Words the figure's row labels, column headers or table title should hold ("Texas handgun"). */
  words: z.string().trim().max(MAX_FIGURE_WORDS_LENGTH).optional(),
  filters: SearchFilters.optional(),
  limit: z.number().int().min(1).max(MAX_FIGURE_SEARCH_LIMIT).default(DEFAULT_FIGURE_SEARCH_LIMIT),
});
/** The request after parsing: `limit` defaulted. */
export type FigureSearchRequest = z.output<typeof FigureSearchRequest>;
/** The request as a client writes it. */
export type FigureSearchRequestInput = z.input<typeof FigureSearchRequest>;

/** How the service read the request: the range searched, in base units (scale applied), and the unit. */
export const FigureQueryReading = z.object({
  /** The value in base units: 1.2 billion is 1200000000. */
  value: z.number(),
  low: z.number(),
  high: z.number(),
  /** The unit the figures must have (or leave unstated), null when the request names none. */
  unit: z.string().nullable(),
  unitClass: UnitClass.nullable(),
  /** The words matched against labels, a unit word included, lower case. */
  words: z.array(z.string()),
  /** The hedge read from `tolerance.written` ("almost", "about"), or null. */
  hedge: z.string().nullable(),
});
export type FigureQueryReading = z.infer<typeof FigureQueryReading>;

/** The cell a figure stands in: a page table's cell (`table`, `row`, `col`, 0-based) or a sheet's (`ref`). */
export const FigureCell = z.object({
  table: z.number().int().min(0).nullable(),
  /** The sheet cell in A1 notation; null for a page table's cell. */
  ref: z.string().nullable(),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
});
export type FigureCell = z.infer<typeof FigureCell>;

/** Whether the figure's unit is the one asked for, or the figure and its headers state none. */
export const FIGURE_UNIT_MATCHES = ['same', 'unstated', 'not_asked'] as const;
export const FigureUnitMatch = z.enum(FIGURE_UNIT_MATCHES);
export type FigureUnitMatch = z.infer<typeof FigureUnitMatch>;

/** One figure found, with its provenance and why it ranks where it does. */
export const FigureMatch = z.object({
  rank: z.number().int().min(1),
  /** 0 to 1, comparable within one search only. */
  score: z.number().min(0).max(1),
  /** The four members of an operand reference: pass them to a numeric check as they are. */
  source_version_id: Id,
  representation_id: Id,
  source_unit_id: Id,
  figure_index: z.number().int().min(0),
  source: z.object({
    title: z.string().nullable(),
    filename: z.string(),
    url: z.string().nullable(),
    domain: z.string().nullable(),
    publication_year: z.number().int().nullable(),
    source_type: z.string().nullable(),
  }),
  unit: z.object({
    kind: UnitKind,
    index: z.number().int().min(1),
    /** "page 3", or the sheet's tab name. */
    label: z.string(),
  }),
  /** The figure as read: `value` = sign × magnitude × scale, in base units. */
  figure: z.object({
    raw: z.string(),
    value: z.number(),
    magnitude: z.number(),
    scale: z.number(),
    unit: z.string().nullable(),
    unitClass: UnitClass,
  }),
  position: FigurePosition,
  cell: FigureCell.nullable(),
  /**
   * The row's labels, left to right, then a column of words left of the figure that tells its rows apart
   * ("Women"); a page's running text: the words that start the figure's line.
   */
  row_labels: z.array(z.string()),
  /** The column's headers, nearest first. */
  column_headers: z.array(z.string()),
  table_title: z.string().nullable(),
  /** |figure − value| in base units. */
  distance: z.number().min(0),
  unit_match: FigureUnitMatch,
  /** The request's words found in the labels, headers, title or source title. */
  words_matched: z.array(z.string()),
});
export type FigureMatch = z.infer<typeof FigureMatch>;

/** 200 of `POST /api/v2/figures/search`. */
export const FigureSearchResponse = z.object({
  query: FigureQueryReading,
  figures: z.array(FigureMatch),
  /**
   * Figures of the caller's library in range whose unit class fits, before the limit (counted up to
   * 10,000), less those of the figures read whose headers name another unit.
   */
  total: z.number().int().min(0),
  usage: z.object({ credits: z.number().nullable() }).optional(),
});
export type FigureSearchResponse = z.infer<typeof FigureSearchResponse>;
