import type { Judgment } from '../../../shared/bridge';
import { FACET_WORDING } from '../check/outcome-wording';

/** What a judgment is about, in words: "same period", or "the claim's meaning". */
export function judgedWording(facet: Judgment['facet']): string {
  return facet === 'meaning' ? 'the claim’s meaning' : FACET_WORDING[facet];
}

/** The question a judgment answers: "Same period?". */
export function judgedQuestion(facet: Judgment['facet']): string {
  const words = facet === 'meaning' ? 'Does the claim mean what the check computed' : FACET_WORDING[facet];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}?`;
}
