import type { ProgressEvent, ReportFormat } from '../../../shared/bridge';
import type { VerifyItem, VerifyReport, VerifyStatus } from '../../../shared/bridge/verify-result';
import { TONE_CLASSES, type OutcomeTone } from '../check/outcome-wording';

// The words of the report dialogs: formats, an export's progress and failures, and what checking a
// bundle found. Only a bundle where every item is the same is ever worded or coloured as success.

export interface FormatWording {
  label: string;
  description: string;
}

export const FORMAT_WORDING: Record<ReportFormat, FormatWording> = {
  html: {
    label: 'HTML',
    description: 'One file for reading and printing, in any browser or on a phone.',
  },
  pdf: {
    label: 'PDF',
    description: 'The same report as a PDF, to send or archive.',
  },
  markdown: {
    label: 'Markdown',
    description: 'Plain text with headings, to paste into a story draft or a wiki.',
  },
  json: {
    label: 'JSON bundle',
    description:
      'Everything needed to re-verify the report later (figures, sources, hashes, results, your judgments).',
  },
  'csv-figures': {
    label: 'CSV of figures',
    description: 'One row per figure used in a check, with where it came from; opens in a spreadsheet.',
  },
  'csv-citations': {
    label: 'CSV of citations',
    description: 'One row per passage kept from a search; opens in a spreadsheet.',
  },
};

/** "Reading cases 1 of 3", "Cropping figures 12 of 40", "Writing the file": an export's progress. */
export function describeExportProgress(event: Pick<ProgressEvent, 'stage' | 'done' | 'total'>): string {
  const of =
    event.total !== null ? ` ${event.done} of ${event.total}` : event.done > 0 ? ` ${event.done}` : '';
  switch (event.stage) {
    case 'report:build':
      return `Reading cases${of}`;
    case 'report:crops':
      return `Cropping figures${of}`;
    case 'report:write':
      return 'Writing the file';
    default:
      return 'Working';
  }
}

/** 0–100 across the whole export (reading a fifth, cropping most, writing the rest); null if unknown. */
export function exportPercent(event: Pick<ProgressEvent, 'stage' | 'done' | 'total'> | null): number | null {
  if (event === null) return null;
  const part = event.total !== null && event.total > 0 ? Math.min(1, event.done / event.total) : null;
  switch (event.stage) {
    case 'report:build':
      return part === null ? null : Math.round(part * 20);
    case 'report:crops':
      return part === null ? null : Math.round(20 + part * 70);
    case 'report:write':
      return part === null ? 90 : Math.round(90 + part * 10);
    default:
      return null;
  }
}

export const CANCELLED_WORDS = 'Export cancelled; nothing was saved.';

/** A failed export in words, from the bridge's code and message. */
export function exportFailure(code: string, message: string): string {
  switch (code) {
    case 'cancelled':
      return CANCELLED_WORDS;
    case 'report_incomplete':
      return `The report was not made because something it needs is missing: ${message}`;
    case 'no_key':
      return `The report was not made because a key is missing: ${message}`;
    case 'not_built':
      return 'This version of the workbench cannot export reports yet. Nothing was saved.';
    case 'not_found':
      return `A case in the report could not be found (it may have been deleted): ${message}`;
    case 'invalid_input':
      return `The workbench refused the export: ${message}`;
    case 'bridge_unavailable':
      return `The workbench did not answer; nothing was saved. ${message}`;
    default:
      return `The report was not exported; nothing was saved. ${message}`;
  }
}

export interface StatusWording {
  label: string;
  tone: OutcomeTone;
  /** A shape per status, so it reads without its colour (heroicons outline paths). */
  icon: string;
}

export const VERIFY_STATUS_WORDING: Record<VerifyStatus, StatusWording> = {
  same: {
    label: 'Same',
    tone: 'success',
    icon: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  differs: {
    label: 'Differs',
    tone: 'warning',
    icon: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  },
  unreadable: {
    label: 'Could not be read',
    tone: 'warning',
    icon: 'M9.879 7.519c1.171-1.025 3.071-1.025 4.242 0 1.172 1.025 1.172 2.687 0 3.712-.203.179-.43.326-.67.442-.745.361-1.45.999-1.45 1.827v.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 5.25h.008v.008H12v-.008Z',
  },
  refused: {
    label: 'Refused',
    tone: 'danger',
    icon: 'M18.364 18.364A9 9 0 0 0 5.636 5.636m12.728 12.728A9 9 0 0 1 5.636 5.636m12.728 12.728L5.636 5.636',
  },
};

export { TONE_CLASSES };

export interface VerifySummary {
  /** True only when the service said ok, there was something to check, and every item is the same. */
  allSame: boolean;
  headline: string;
  tone: OutcomeTone;
  problems: VerifyItem[];
  same: VerifyItem[];
}

/** What a bundle check found, in one line: success only when every item is the same. */
export function summarizeVerify(report: VerifyReport): VerifySummary {
  const problems = report.items.filter((item) => item.status !== 'same');
  const same = report.items.filter((item) => item.status === 'same');
  const allSame = report.ok && problems.length === 0 && same.length > 0;
  if (allSame)
    return {
      allSame,
      headline: `Everything in the bundle matches (${same.length} ${same.length === 1 ? 'item' : 'items'} checked).`,
      tone: 'success',
      problems,
      same,
    };
  if (problems.some((item) => item.status === 'refused'))
    return {
      allSame,
      headline: 'The bundle was refused: it is not a report bundle this workbench can check.',
      tone: 'danger',
      problems,
      same,
    };
  if (problems.length === 0)
    return {
      allSame,
      headline:
        report.items.length === 0
          ? 'Nothing in the bundle could be checked.'
          : 'The check did not confirm the bundle.',
      tone: 'warning',
      problems,
      same,
    };
  const n = problems.length;
  return {
    allSame,
    headline: `${n} ${n === 1 ? 'difference' : 'differences'} found`,
    tone: 'warning',
    problems,
    same,
  };
}
