import type { NumericResponse } from '../../../shared/api/numeric';
import { displayText } from '../../../shared/text/display-name';
import type { PersonVerdict } from '../../../shared/bridge/cases';
import type { ReportBundle } from './model';

// The rows of a report's "At a glance": one per check, each with its own claim, since the checks of one
// case are different claims and a row naming only the case would make them look like one claim with
// several outcomes; and the person's verdict in its own column, apart from the service's outcome. The HTML
// and Markdown writers word the outcome and escape the text themselves.

/** The longest claim a row shows, in characters; the check's own section prints it whole. */
export const GLANCE_CLAIM_LENGTH = 200;

export interface GlanceRow {
  /** 1-based, as the report numbers its cases and checks. */
  caseNumber: number;
  checkNumber: number;
  /** The case's title, as the person named it. */
  caseTitle: string;
  /** The check's claim, display-safe on one line, cut with "…" when longer than GLANCE_CLAIM_LENGTH. */
  claim: string;
  /** The service's answer verbatim; null: not checked. */
  response: NumericResponse | null;
  /** The person's own verdict, apart from the service's answer; null: none given. */
  verdict: PersonVerdict | null;
}

/** A claim on one line, cut at a word boundary (when one is near) with "…" past `length` characters. */
export function shortClaim(claim: string, length = GLANCE_CLAIM_LENGTH): string {
  const chars = [...displayText(claim)];
  if (chars.length <= length) return chars.join('');
  const cut = chars.slice(0, length - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Every check of every case, in the report's order. */
export function glanceRows(bundle: ReportBundle): GlanceRow[] {
  return bundle.cases.flatMap((c, ci) =>
    c.checks.map((check, i) => ({
      caseNumber: ci + 1,
      checkNumber: i + 1,
      caseTitle: c.title,
      claim: shortClaim(check.request.claim),
      response: check.response,
      verdict: check.personVerdict ?? null,
    })),
  );
}
