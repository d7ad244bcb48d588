import type { ExtractionCode, ExtractionMethod, ExtractionState, LostPart } from '../../shared/api';
import { isExtractionFormat, type ExtractionFormat } from '../../shared/vocabulary/formats';
import { locateFigures, type LocatedFigure } from './figures';
import { linkContinuedTables } from './continued';
import { shownOnPage } from './frame';
import {
  createExtractionPool,
  DEFAULT_WORKER_LIMITS,
  type ExtractionPool,
  type WorkerLimits,
} from './run-worker';
import { sniffFormat, type SniffHint } from './sniff';
import {
  DEFAULT_LIMITS,
  ReadFailure,
  type Limits,
  type OcrMode,
  type ReadResult,
  type ReadUnit,
  type UnitProgress,
} from './types';

// The orchestrator: sniff, check ceilings, read in a worker, find figures, apply the spec's state rules.
// An error or partial read never comes out as an empty successful document.

/**
 * Part of every representation's identity: same bytes + same extractor version = same representation.
 * Raised when the same bytes read differently (2: PDF pages whose text layer lies go to OCR or are lost;
 * 4: figures read in new forms (space groups, scale suffixes, scientific notation) and scale notes applied
 * by row, with their exceptions; 5: PDF text and character boxes from PDFium (fake-bold text read once,
 * boxes from each glyph), OCR with automatic page segmentation, every page of a multi-page TIFF; 6: PDF
 * pages drawn for OCR by PDFium, in grey; U+0000 in a text layer read as U+FFFD; 7: PDF pages in reading
 * order, columns of prose one after the other, a word hyphenated across a line end joined; 8: tables on
 * PDF pages, each figure knowing its cell; 9: tables read further: columns a space apart, tables of words,
 * labels set once over a group, bands of whole numbers as labels, labels set in under another, on a
 * PDF page or by an xlsx style; 10: labels set in keep the line item they are under across a page
 * break, a register's identifiers label its rows, a figure's cell is the one its digits stand in, a
 * row label's units are its row's on pages and sheets; 11: a register's dates "13-Sep-11" are no
 * figures, a currency symbol joined to the word after it is no suffix of the number before, and a
 * caption over a paragraph of notes titles its table, the paragraph's scale line its note, and headings
 * centred over groups of three columns whose headings below repeat span their groups).
 * Reading PDFs with pdf.js alone (EW_PDF_ENGINE=pdfjs) is another extractor.
 */
export const EXTRACTOR_VERSION =
  process.env['EW_PDF_ENGINE'] === 'pdfjs' ? 'ew-extract-11;pdf=pdfjs' : 'ew-extract-11';

export interface ExtractedUnit extends ReadUnit {
  figures: LocatedFigure[];
}

export interface Extraction {
  format: ExtractionFormat;
  state: ExtractionState;
  code: ExtractionCode | null;
  reason: string | null;
  extraction_method: ExtractionMethod;
  complete?: false;
  lost?: LostPart[];
  units: ExtractedUnit[];
  sheets?: string[];
  markdown: string;
}

/** A unit as read, with its figures, before it is published: what a page read so far shows. */
export type UnitPreview = Omit<ExtractedUnit, 'runs' | 'cells'>;

export interface ExtractOptions {
  /** The threads that read (the service's own); absent: this process's shared pool, started on first use. */
  pool?: ExtractionPool;
  /** Stops the read: `extraction_error`. */
  signal?: AbortSignal;
  ocr?: OcrMode;
  limits?: Partial<Limits>;
  worker?: Partial<WorkerLimits>;
  /**
   * Called once per page or sheet as it is read (in page order; a large PDF read in page ranges, in order
   * within each range), with the unit and its figures (the same as the result will hold) where the
   * reader publishes units as it reads them (PDF, multi-page images).
   */
  onUnit?: (progress: {
    kind: 'page' | 'sheet';
    index: number;
    total: number | null;
    unit?: UnitPreview;
  }) => void;
}

/** The unit and its figures as the result will hold them, without the geometry only figures need. */
export function previewOf(read: ReadUnit): UnitPreview {
  const unit = withoutNul(read);
  const { runs: _runs, cells: _cells, ...shown } = shownOnPage(unit);
  return { ...shown, figures: locateFigures(unit) };
}

/**
 * A text layer can carry U+0000 (a PDF string's zero byte): no character a person reads, and one
 * PostgreSQL's text cannot hold. It becomes U+FFFD, one UTF-16 unit for one, so every span, run and cell
 * offset into the text stays where it was.
 */
function withoutNul(unit: ReadUnit): ReadUnit {
  return unit.markdown.includes('\u0000')
    ? { ...unit, markdown: unit.markdown.replaceAll('\u0000', '\uFFFD') }
    : unit;
}

let sharedPool: ExtractionPool | null = null;

/**
 * The pool of callers that bring none (scripts, benchmarks): created on the first read; its idle threads
 * never keep the process alive.
 */
export function processPool(): ExtractionPool {
  sharedPool ??= createExtractionPool();
  return sharedPool;
}

/** Extracts `bytes`. Never throws for anything the bytes do: every failure is a state and a code. */
export async function extract(
  bytes: Uint8Array,
  hint: SniffHint,
  options: ExtractOptions = {},
): Promise<Extraction> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  let format: ExtractionFormat = 'unknown';
  try {
    if (bytes.length === 0) throw new ReadFailure('empty_source', 'the source is empty (0 bytes)');
    if (bytes.length > limits.maxBytes)
      throw new ReadFailure('source_too_large', `source bytes: ${bytes.length} (limit ${limits.maxBytes})`);
    format = sniffFormat(bytes, hint, limits);
    const onUnit = options.onUnit;
    // A page shown while reading had its figures found then: the result reuses them (same unit, same
    // figures) instead of finding them again after the read.
    const shown = new Map<number, UnitPreview>();
    const preview = (unit: ReadUnit): UnitPreview => {
      const early = previewOf(unit);
      shown.set(unit.index, early);
      return early;
    };
    const read = await (options.pool ?? processPool()).read(
      bytes,
      format,
      {
        ocr: options.ocr ?? 'auto',
        signal: options.signal,
        limits,
        ...(onUnit
          ? {
              onUnit: ({ unit, ...progress }: UnitProgress) =>
                onUnit({ ...progress, ...(unit ? { unit: preview(unit) } : {}) }),
            }
          : {}),
      },
      { ...DEFAULT_WORKER_LIMITS, ...options.worker },
    );
    return settle(read, (unit) => {
      const early = shown.get(unit.index);
      return early?.kind === unit.kind && early.markdown === unit.markdown ? early.figures : undefined;
    });
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    // A failure names the format it recognised (a test's own format, outside the table, is not named).
    const named = error.format !== undefined && isExtractionFormat(error.format) ? error.format : format;
    return failed(named, error.code, error.reason);
  }
}

function failed(format: ExtractionFormat, code: ExtractionCode, reason: string): Extraction {
  return {
    format,
    state: code === 'unsupported_format' ? 'unsupported' : 'error',
    code,
    reason,
    extraction_method: 'none',
    units: [],
    markdown: '',
  };
}

/** A unit that holds something a person can read. */
function readable(unit: ReadUnit): boolean {
  return unit.markdown.trim() !== '';
}

/** The dominant path: the method of the most readable units; ties go to ocr; `none` when nothing was read. */
export function dominantMethod(units: readonly ReadUnit[]): ExtractionMethod {
  const counts = new Map<ExtractionMethod, number>();
  for (const unit of units.filter(readable))
    counts.set(unit.extraction_method, (counts.get(unit.extraction_method) ?? 0) + 1);
  let best: ExtractionMethod = 'none';
  let bestCount = 0;
  for (const method of ['ocr', 'text_layer', 'spreadsheet_cells'] as const) {
    const count = counts.get(method) ?? 0;
    if (count > bestCount) {
      best = method;
      bestCount = count;
    }
  }
  return best;
}

function unitLabel(part: { kind: string; index: number; sheet?: string | undefined }): string {
  return part.sheet !== undefined ? `sheet ${part.index} "${part.sheet}"` : `${part.kind} ${part.index}`;
}

/**
 * Applies the state rules to what the reader read. `found`: a unit's figures already located (a page
 * previewed while it was read), undefined to locate them here.
 */
export function settle(
  read: ReadResult,
  found: (unit: ReadUnit) => LocatedFigure[] | undefined = () => undefined,
): Extraction {
  const units: ExtractedUnit[] = linkContinuedTables(
    read.units
      .map(withoutNul)
      .map((unit) => ({ ...shownOnPage(unit), figures: found(unit) ?? locateFigures(unit) })),
  );
  const lost: LostPart[] = read.lost.map((part) => ({
    kind: part.kind,
    index: part.index,
    ...(part.sheet !== undefined ? { sheet: part.sheet } : {}),
    state: part.state,
    reason: part.reason,
    code: part.code,
  }));
  const base = {
    // Readers read only the table's formats: the format they answer is one of them.
    format: isExtractionFormat(read.format) ? read.format : ('unknown' as const),
    extraction_method: dominantMethod(units),
    units,
    ...(read.sheets ? { sheets: read.sheets } : {}),
    markdown: documentMarkdown(units),
  };
  const anyReadable = units.some(readable);
  const total = units.length + lost.length;
  if (lost.length === 0) {
    if (!anyReadable)
      return {
        ...base,
        state: 'error',
        code: 'empty_source',
        reason: `the source was read and holds no text (${total} ${total === 1 ? 'unit' : 'units'}, all empty)`,
      };
    return { ...base, state: 'complete', code: null, reason: null };
  }
  const lostList = lost.map((part) => `${unitLabel(part)} (${part.code ?? part.state})`).join(', ');
  if (!anyReadable) {
    const codes = new Set(lost.map((part) => part.code));
    const [only] = codes;
    const code: ExtractionCode = codes.size === 1 && only ? only : 'extraction_error';
    return {
      ...base,
      state: 'error',
      code,
      reason: `nothing readable came back; lost ${lostList}`,
      complete: false,
      lost,
    };
  }
  return {
    ...base,
    state: 'partial',
    code: 'partial_extraction',
    reason: `${total - lost.length} of ${total} ${lost[0]?.kind ?? 'unit'}s read; lost ${lostList}`,
    complete: false,
    lost,
  };
}

/** The whole document as markdown: pages one after another, each sheet under its name. */
function documentMarkdown(units: readonly ReadUnit[]): string {
  return units
    .map((unit) =>
      unit.kind === 'sheet'
        ? `## ${unit.sheet?.name ?? `Sheet ${unit.index}`}\n\n${unit.markdown}`
        : unit.markdown,
    )
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}
