import type { ListedClaim, NumericResponse } from '../../../shared/api';
import type { Case, ClaimSpan, VerdictValue } from '../../../shared/bridge';
import { VERDICT_WORDING } from '../../../shared/bridge';
import { OUTCOME_WORDING, shownOutcome, type ShownOutcome } from '../check/outcome-wording';

// Where each claim of an article stands, read from what is known: its candidates, and the checks of the
// article's case whose span is the claim's. A check's outcome is shown as the check column shows it, so an
// unresolved one never reads as success.

export type ClaimState =
  | { kind: 'looking' }
  | { kind: 'failed'; message: string }
  | { kind: 'none' }
  | { kind: 'candidates'; count: number }
  /** Only figures near the claim's number, none with it: what a false number may misstate. */
  | { kind: 'near'; count: number }
  | { kind: 'checked'; outcome: ShownOutcome; kept: boolean; verdict: VerdictValue | null };

const sameSpan = (a: ClaimSpan | undefined, b: ClaimSpan) => a?.start === b.start && a.end === b.end;

/** The newest check of the claim in the case: the one being worked on, else the last kept. */
export function claimCheck(
  theCase: Case | null,
  claim: Pick<ListedClaim, 'span'>,
): { response: NumericResponse; kept: boolean; verdict: VerdictValue | null } | null {
  if (theCase === null) return null;
  if (theCase.check !== null && sameSpan(theCase.claimSpan, claim.span))
    return { response: theCase.check, kept: false, verdict: null };
  const kept = (theCase.kept ?? []).filter((k) => sameSpan(k.claimSpan, claim.span)).at(-1);
  return kept ? { response: kept.check, kept: true, verdict: kept.verdict?.verdict ?? null } : null;
}

export function claimState(
  theCase: Case | null,
  claim: Pick<ListedClaim, 'span'>,
  candidates: {
    status: 'pending' | 'error' | 'success';
    count: number;
    /** Of them, figures near the claim's number but not it. */
    near?: number;
    error: Error | null;
  },
): ClaimState {
  const check = claimCheck(theCase, claim);
  if (check !== null)
    return {
      kind: 'checked',
      outcome: shownOutcome(check.response),
      kept: check.kept,
      verdict: check.verdict,
    };
  if (candidates.status === 'pending') return { kind: 'looking' };
  if (candidates.status === 'error') return { kind: 'failed', message: candidates.error?.message ?? '' };
  if (candidates.count === 0) return { kind: 'none' };
  if (candidates.near === candidates.count) return { kind: 'near', count: candidates.count };
  return { kind: 'candidates', count: candidates.count };
}

/** The state in a few words, as the list says it (and a screen reader reads it). */
export function claimStateWords(state: ClaimState): string {
  switch (state.kind) {
    case 'looking':
      return 'Looking for figures…';
    case 'failed':
      return 'Figures could not be looked for';
    case 'none':
      return 'No candidate in your library';
    case 'candidates':
      return state.count === 1 ? '1 candidate' : `${state.count} candidates`;
    case 'near':
      return `No figure with its number · ${state.count === 1 ? '1 near figure' : `${state.count} near figures`}`;
    case 'checked': {
      const outcome = `Checked: ${OUTCOME_WORDING[state.outcome].label}`;
      const kept = state.kept ? '' : ' (not kept yet)';
      const verdict = state.verdict === null ? '' : ` · Your verdict: ${VERDICT_WORDING[state.verdict]}`;
      return `${outcome}${kept}${verdict}`;
    }
  }
}
