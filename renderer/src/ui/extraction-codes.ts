import type {
  ExtractionCode,
  ExtractionMethod,
  ExtractionState,
  LostPartState,
} from '../../../shared/api/extract';

// What each extraction state and code of the spec (service-api.md, "Extraction codes") means in a
// fact-checker's words, and the caller's move for it. The one place the UI words them.

/** How a read looks: only `success` is drawn as success; the others never are. */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** A reading's state, plus `unread` for a document that was stored but never read. */
export type ReadingState = ExtractionState | 'unread';

export interface StateWording {
  label: string;
  tone: Tone;
}

export const STATE_WORDING: Record<ReadingState, StateWording> = {
  complete: { label: 'Read completely', tone: 'success' },
  partial: { label: 'Partly read', tone: 'warning' },
  unsupported: { label: 'Format not supported', tone: 'danger' },
  error: { label: 'Not read', tone: 'danger' },
  unread: { label: 'Never read', tone: 'neutral' },
};

export interface CodeWording {
  /** What happened, in plain words. */
  label: string;
  /** What the person does about it (the spec's "caller's move"). */
  move: string;
  /** Whether reading the same bytes again can give a different answer. */
  worthRereading: boolean;
}

export const CODE_WORDING: Record<ExtractionCode, CodeWording> = {
  source_too_large: { label: 'too large to read', move: 'Send a smaller file', worthRereading: false },
  source_encrypted: {
    label: 'locked with a password',
    move: 'Send an unlocked copy',
    worthRereading: false,
  },
  source_corrupt: {
    label: 'the file is damaged',
    move: 'Re-export the file from its program',
    worthRereading: false,
  },
  unsupported_format: {
    label: 'no reader for this format',
    move: 'Convert it to PDF, a spreadsheet or Word',
    worthRereading: false,
  },
  ocr_unavailable: {
    label: 'scanned pages, OCR is off',
    move: 'Turn OCR on in settings, or send a file with a text layer',
    worthRereading: true,
  },
  partial_extraction: {
    label: 'some parts were lost',
    move: 'Use what came back; the lost pages are listed',
    worthRereading: false,
  },
  empty_source: {
    label: 'the file is empty',
    move: 'The file holds nothing to read',
    worthRereading: false,
  },
  extraction_error: { label: 'the reader failed', move: 'Try again', worthRereading: true },
};

/** How one lost page or sheet fared. */
export const LOST_PART_WORDING: Record<LostPartState, string> = {
  partial: 'partly read',
  unreadable: 'unreadable',
  error: 'reading failed',
};

export const METHOD_WORDING: Record<ExtractionMethod, string> = {
  text_layer: 'text layer',
  ocr: 'OCR',
  spreadsheet_cells: 'spreadsheet cells',
  none: 'nothing readable',
};

/** The badge's words: the state, then what happened when the code adds to it. */
export function readingLabel(state: ReadingState, code: ExtractionCode | null): string {
  const base = STATE_WORDING[state].label;
  // "Partly read — some parts were lost" says nothing twice; keep the code's words only when they add.
  if (code === null || state === 'complete' || state === 'unread') return base;
  if (state === 'partial' && code === 'partial_extraction') return base;
  if (state === 'unsupported' && code === 'unsupported_format') return base;
  return `${base}: ${CODE_WORDING[code].label}`;
}

/** The caller's move for a reading; null for a complete read (nothing to do) or one never made. */
export function readingMove(state: ReadingState, code: ExtractionCode | null): string | null {
  if (state === 'complete') return null;
  if (state === 'unread') return 'Read it to use its figures';
  // A non-complete read always carries a code (spec); without one, retrying is all that is known to help.
  return code === null ? CODE_WORDING.extraction_error.move : CODE_WORDING[code].move;
}
