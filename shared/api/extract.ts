import { z } from 'zod';
import { Id } from './common';

// Document extraction (service-api.md, "Extraction request" / "Extraction response"). The state rules
// of the spec ("States and transitions") are enforced on every reply, so a client rejects an
// inconsistent one instead of showing an error or a partial read as an empty successful document.

export const EXTRACTION_METHODS = ['text_layer', 'ocr', 'spreadsheet_cells', 'none'] as const;
export const EXTRACTION_STATES = ['complete', 'partial', 'unsupported', 'error'] as const;
export const EXTRACTION_CODES = [
  'source_too_large',
  'source_encrypted',
  'source_corrupt',
  'unsupported_format',
  'ocr_unavailable',
  'partial_extraction',
  'empty_source',
  'extraction_error',
] as const;
export const LOST_PART_STATES = ['partial', 'unreadable', 'error'] as const;
export const UNIT_KINDS = ['page', 'sheet'] as const;

export const MAX_ASSET_URL_LENGTH = 8192;

export const ExtractionMethod = z.enum(EXTRACTION_METHODS);
export type ExtractionMethod = z.infer<typeof ExtractionMethod>;
export const ExtractionState = z.enum(EXTRACTION_STATES);
export type ExtractionState = z.infer<typeof ExtractionState>;
export const ExtractionCode = z.enum(EXTRACTION_CODES);
export type ExtractionCode = z.infer<typeof ExtractionCode>;
export const LostPartState = z.enum(LOST_PART_STATES);
export type LostPartState = z.infer<typeof LostPartState>;
export const UnitKind = z.enum(UNIT_KINDS);
export type UnitKind = z.infer<typeof UnitKind>;

export const EXTRACT_NEITHER_MESSAGE = 'one of asset_id or asset_url is required';
export const EXTRACT_BOTH_MESSAGE = 'give asset_id or asset_url, not both';

/**
 * Body of `POST /api/v1/extract`: exactly one of `asset_id` / `asset_url`. Whether the URL is an allowed
 * public web address (or the caller's own `evidence://ASSET_ID`) is decided by the service, not here.
 */
export const ExtractRequest = z
  .strictObject({
    asset_id: Id.optional(),
    asset_url: z.url({ error: 'expected a URL' }).max(MAX_ASSET_URL_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    const hasId = body.asset_id !== undefined;
    const hasUrl = body.asset_url !== undefined;
    if (!hasId && !hasUrl) ctx.addIssue({ code: 'custom', message: EXTRACT_NEITHER_MESSAGE, path: [] });
    if (hasId && hasUrl) ctx.addIssue({ code: 'custom', message: EXTRACT_BOTH_MESSAGE, path: [] });
  })
  .meta({ description: 'Exactly one of asset_id or asset_url.' });
export type ExtractRequest = z.infer<typeof ExtractRequest>;

/** A page or sheet that was not (fully) recovered; its reason and code may differ from the document's. */
export const LostPart = z
  .object({
    kind: UnitKind,
    index: z.number().int().min(1),
    sheet: z.string().optional(),
    state: LostPartState,
    reason: z.string().nullable(),
    code: ExtractionCode.nullable(),
  })
  .superRefine((part, ctx) => {
    if (part.kind === 'page' && part.sheet !== undefined)
      ctx.addIssue({ code: 'custom', message: 'only a lost sheet names its sheet', path: ['sheet'] });
  });
export type LostPart = z.infer<typeof LostPart>;

/** A cell reference in A1 notation, `B7`. */
export const CellRef = z
  .string()
  .regex(/^[A-Z]{1,3}[1-9][0-9]*$/, 'expected an A1 cell reference such as "B7"');
/** A range in A1 notation, `A1:C1`. */
export const CellRange = z
  .string()
  .regex(/^[A-Z]{1,3}[1-9][0-9]*:[A-Z]{1,3}[1-9][0-9]*$/, 'expected an A1 range such as "A1:C1"');

export const SheetCell = z.object({
  ref: CellRef,
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** The cell as displayed (formatted). */
  text: z.string(),
  /** The merged range this cell belongs to, one of `sheet.merges`. */
  merged_range: CellRange.optional(),
  /**
   * A label its style sets in (local extension): the indent, in the workbook's steps. It names a part of
   * the nearest label above it in its column set in less ("United States" under "Net sales").
   */
  indent: z.number().int().min(1).optional(),
});
export type SheetCell = z.infer<typeof SheetCell>;

/** A spreadsheet unit's native structure: the tab name, its merged ranges and its cells. */
export const Sheet = z
  .object({
    name: z.string(),
    merges: z.array(CellRange),
    cells: z.array(SheetCell),
  })
  .superRefine((sheet, ctx) => {
    const merges = new Set(sheet.merges);
    sheet.cells.forEach((cell, i) => {
      if (cell.merged_range !== undefined && !merges.has(cell.merged_range))
        ctx.addIssue({
          code: 'custom',
          message: `merged_range ${cell.merged_range} is not one of the sheet's merges`,
          path: ['cells', i, 'merged_range'],
        });
    });
  });
export type Sheet = z.infer<typeof Sheet>;

/** A rectangle on a page in PDF user space units, origin top-left. */
export const PageBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type PageBox = z.infer<typeof PageBox>;

/** One cell of a table read on a page: where it sits in the grid and on the page, and its text. */
export const PageTableCell = z.object({
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  rowSpan: z.number().int().min(1),
  colSpan: z.number().int().min(1),
  text: z.string(),
  box: PageBox,
  /** A header: a column heading (in the header rows) or the heading of the row-label column. */
  header: z.boolean(),
  /**
   * A row label set in from the labels above it (local extension): how many steps in. It belongs to the
   * nearest label above it set in fewer steps ("United States" under "Net sales"); absent at the margin.
   */
  indent: z.number().int().min(1).optional(),
});
export type PageTableCell = z.infer<typeof PageTableCell>;

/**
 * The table a page's table continues, on the page before (local extension): its page and index, its title,
 * when the continuation repeats no header of its own, the header it runs under (the cells of its header
 * rows, text only: their boxes are on the other page), and the row labels its first rows are set in under.
 */
export const TableContinues = z.object({
  page: z.number().int().min(1),
  table: z.number().int().min(0),
  title: z.string().nullable(),
  headerRows: z.number().int().min(0),
  header: z.array(
    z.object({
      row: z.number().int().min(0),
      col: z.number().int().min(0),
      colSpan: z.number().int().min(1),
      text: z.string(),
    }),
  ),
  /**
   * The row labels still open at the foot of the table it continues, outermost first, with how many steps
   * each is set in: a label set in at the top of the continuation belongs to the nearest one set in fewer
   * steps ("Robbery" on page 2 under "Violent crime" on page 1). Absent when that table sets none in.
   */
  parents: z.array(z.object({ text: z.string(), indent: z.number().int().min(0) })).optional(),
});
export type TableContinues = z.infer<typeof TableContinues>;

/**
 * A table read on a page (local extension): its rows and columns, which rows are column headers and which
 * columns row labels, its title and notes, and its cells. `unsure`: the reader is not sure of the grid or
 * the headers; the table is shown as such and its headers are never used by a check.
 */
export const PageTable = z.object({
  index: z.number().int().min(0),
  box: PageBox,
  rows: z.number().int().min(1),
  cols: z.number().int().min(1),
  headerRows: z.number().int().min(0),
  labelCols: z.number().int().min(0),
  title: z.string().nullable(),
  notes: z.array(z.string()),
  cells: z.array(PageTableCell),
  unsure: z.boolean(),
  continues: TableContinues.optional(),
  /**
   * The table reads right to left (Hebrew, Arabic): its columns are numbered from the right, as it is read,
   * so its row labels, standing at its right, are its first columns.
   */
  rightToLeft: z.literal(true).optional(),
});
export type PageTable = z.infer<typeof PageTable>;

/** Page size in PDF user space units (points), and (local extension) the tables read on the page. */
export const PageSize = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  tables: z.array(PageTable).optional(),
});
export type PageSize = z.infer<typeof PageSize>;

/** Members of a unit shared by the extraction response and by representations (representations.ts). */
export const extractionUnitShape = {
  kind: UnitKind,
  index: z.number().int().min(1),
  extraction_method: ExtractionMethod,
  markdown: z.string(),
  page: PageSize.optional(),
  sheet: Sheet.optional(),
};

/** A sheet unit carries its sheet object; a page unit carries none. */
export function checkUnitKind(
  unit: { kind: UnitKind; page?: unknown; sheet?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (unit.kind === 'sheet' && unit.sheet === undefined)
    ctx.addIssue({ code: 'custom', message: 'a sheet unit carries its sheet object', path: ['sheet'] });
  if (unit.kind === 'page' && unit.sheet !== undefined)
    ctx.addIssue({ code: 'custom', message: 'a page unit carries no sheet object', path: ['sheet'] });
  if (unit.kind === 'sheet' && unit.page !== undefined)
    ctx.addIssue({ code: 'custom', message: 'a sheet unit carries no page object', path: ['page'] });
}

/** One page or sheet of an extraction, with its provenance and its own extraction method. */
export const ExtractionUnit = z.object(extractionUnitShape).superRefine(checkUnitKind);
export type ExtractionUnit = z.infer<typeof ExtractionUnit>;

/** The members the state rules read; shared by the extraction response and by representations. */
export interface ExtractionStateFields {
  state: ExtractionState;
  reason: string | null;
  code: ExtractionCode | null;
  complete?: false | undefined;
  lost?: readonly LostPart[] | undefined;
}

/**
 * The spec's state rules: complete ⇒ reason and code null, `complete` and `lost` absent; partial ⇒
 * `complete: false` and a non-empty `lost`; unsupported ⇒ code `unsupported_format`; every state other
 * than complete (error included) ⇒ a code to branch on.
 */
export function checkExtractionState(value: ExtractionStateFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (value.state === 'complete') {
    if (value.reason !== null) issue('reason', 'a complete read has reason null');
    if (value.code !== null) issue('code', 'a complete read has code null');
    if (value.complete !== undefined) issue('complete', 'a complete read has no `complete` member');
    if (value.lost !== undefined) issue('lost', 'a complete read has no `lost` member');
    return;
  }
  if (value.code === null) issue('code', `a read in state ${value.state} carries a code`);
  if (value.state === 'partial') {
    if (value.complete !== false) issue('complete', 'a partial read has complete: false');
    if (value.lost === undefined || value.lost.length === 0)
      issue('lost', 'a partial read lists the parts it lost');
  }
  if (value.state === 'unsupported' && value.code !== null && value.code !== 'unsupported_format')
    issue('code', 'an unsupported read has code unsupported_format');
}

/** Members common to the extraction response and to a representation (representations.ts). */
export const extractionResultShape = {
  format: z.string(),
  extraction_method: ExtractionMethod,
  state: ExtractionState,
  reason: z.string().nullable(),
  code: ExtractionCode.nullable(),
  complete: z.literal(false).optional(),
  lost: z.array(LostPart).optional(),
};

/** 200 of `POST /api/v1/extract`. Check `state` before using `markdown`; branch on `code`. */
export const ExtractionResponse = z
  .object({
    format: extractionResultShape.format,
    markdown: z.string(),
    extraction_method: extractionResultShape.extraction_method,
    state: extractionResultShape.state,
    reason: extractionResultShape.reason,
    code: extractionResultShape.code,
    complete: extractionResultShape.complete,
    lost: extractionResultShape.lost,
    units: z.array(ExtractionUnit).optional(),
    sheets: z.array(z.string()).optional(),
  })
  .superRefine(checkExtractionState);
export type ExtractionResponse = z.infer<typeof ExtractionResponse>;
