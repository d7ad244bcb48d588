import type { Turn } from './frame';
import type { ExtractionCode, ExtractionMethod, LostPartState, PageSize, Sheet } from '../../shared/api';
import type { Format } from '../../shared/vocabulary/formats';
import type { OcrMode } from '../../shared/vocabulary/ocr';

export type { OcrMode };

// The one reader interface. A reader turns the bytes of one format into units (pages or sheets) and the
// parts it lost; the orchestrator (extract.ts) sniffs the format, checks the ceilings, runs the reader in
// a worker with memory and time limits, finds the figures and applies the spec's state rules. A reader
// never decides the document's state: it reports what it read and what it could not read.

/** Ceilings a reader must respect; going over one is `source_too_large` with observed value and limit. */
export interface Limits {
  maxBytes: number;
  maxPages: number;
  maxZipEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  maxCells: number;
  maxTextChars: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxBytes: 50 * 1024 * 1024,
  maxPages: 2000,
  maxZipEntries: 10_000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxCells: 2_000_000,
  maxTextChars: 50_000_000,
};

/** A piece of a page unit's text with its box in page coordinates (PDF user space, origin top-left). */
export interface TextRun {
  /** Character span [start, end) in the unit's markdown. */
  start: number;
  end: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /**
   * Where each character boundary of the run sits, from `x` along the line: `end - start + 1` offsets,
   * 0 first and `width` last, from the font's own glyph widths. Absent: characters share the width evenly.
   */
  edges?: number[];
}

/** A cell's displayed text inside a sheet unit's markdown (the flattened CSV). */
export interface CellSpan {
  ref: string;
  /** Character span [start, end) of the cell's displayed text in the unit's markdown. */
  start: number;
  end: number;
}

export interface ReadUnit {
  kind: 'page' | 'sheet';
  /** 1-based page or sheet index, as the document declares it. */
  index: number;
  extraction_method: ExtractionMethod;
  markdown: string;
  /** Page size in PDF user space (points) for pages that have geometry (PDF, image); absent otherwise. */
  page?: PageSize;
  sheet?: Sheet;
  /** Page units with geometry: the runs whose boxes locate a span of the markdown on the page. */
  runs?: TextRun[];
  /** Sheet units: where each cell's displayed text sits in the markdown. */
  cells?: CellSpan[];
  /**
   * Page units read turned (frame.ts): the quarter turns to the frame where the text runs left to right.
   * The runs and the page's tables are in that frame until the unit is shown.
   */
  frame?: Turn;
}

/** A page or sheet the reader could not (fully) read; its code may differ from the document's. */
export interface LostUnit {
  kind: 'page' | 'sheet';
  index: number;
  sheet?: string;
  state: LostPartState;
  reason: string | null;
  code: ExtractionCode | null;
}

export interface ReadResult {
  /** The format the bytes were read as (a `Format` of shared/vocabulary/formats.ts). */
  format: string;
  units: ReadUnit[];
  lost: LostUnit[];
  /** Spreadsheets: the tab names, in workbook order. */
  sheets?: string[];
}

/** The whole document could not be read: encrypted, corrupt, too large, a scan with OCR off, ... */
export class ReadFailure extends Error {
  constructor(
    readonly code: ExtractionCode,
    readonly reason: string,
    /** The format, when it was recognised before the failure. */
    readonly format?: string,
  ) {
    super(reason);
    this.name = 'ReadFailure';
  }
}

export interface ReadOptions {
  ocr: OcrMode;
  limits: Limits;
  /** Called once per unit as it is read (progress events), in unit order. */
  onUnit?: (progress: UnitProgress) => void;
}

/**
 * One page or sheet read (or lost), as its reader publishes it. Readers of many pages (PDF, multi-page
 * images) pass the page itself when it was read, so the pages read so far can be shown before the rest
 * of the document is; they are the same units the whole result holds.
 */
export interface UnitProgress {
  kind: 'page' | 'sheet';
  index: number;
  total: number | null;
  unit?: ReadUnit;
}

/**
 * The pages of one PDF shared among the threads reading it (run-worker.ts): each thread takes the next
 * page no thread has taken when it is ready for one, so a thread that starts late, or reads slow pages,
 * takes fewer. `claims` lies on a SharedArrayBuffer: [0] the next page to take (1-based), [1] the page
 * count once a thread has opened the document (0 before).
 */
export interface PageShare {
  claims: Int32Array;
  /** How many threads share the pages (each OCRs with its share of the OCR workers). */
  threads: number;
}

/** A share of a document's pages for `threads` threads, none taken yet. */
export function sharePages(threads: number): PageShare {
  const claims = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  claims[0] = 1;
  return { claims, threads };
}

/** Whether pages of the share may still be untaken (true while no thread has counted them). */
export function pagesLeft(share: PageShare): boolean {
  const total = Atomics.load(share.claims, 1);
  return total === 0 || Atomics.load(share.claims, 0) <= total;
}

/** The pages of a document of `total` pages this read takes, one at a time, in increasing order. */
export function takePages(total: number, share: PageShare | undefined): () => number | null {
  if (share === undefined) {
    let next = 1;
    return () => (next <= total ? next++ : null);
  }
  Atomics.store(share.claims, 1, total);
  return () => {
    const page = Atomics.add(share.claims, 0, 1);
    return page <= total ? page : null;
  };
}

export interface Reader<F extends string = Format> {
  /** Formats of the table (shared/vocabulary/formats.ts) this reader handles. */
  formats: readonly F[];
  read(bytes: Uint8Array, format: F, options: ReadOptions): Promise<ReadResult>;
}
