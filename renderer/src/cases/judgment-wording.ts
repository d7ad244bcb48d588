import type { Judgment } from '../../../shared/bridge';
import { FACET_WORDING } from '../check/outcome-wording';

/** What a judgment is about, in words: "same period", "the claim's meaning", "which figure is which". */
export function judgedWording(facet: Judgment['facet']): string {
  if (facet === 'roles') return 'which figure is which';
  return facet === 'meaning' ? 'the claim’s meaning' : FACET_WORDING[facet];
}

/** The question a judgment answers: "Same period?". */
export function judgedQuestion(facet: Judgment['facet']): string {
  if (facet === 'roles') return 'Which figure is which?';
  const words = facet === 'meaning' ? 'Does the claim mean what the check computed' : FACET_WORDING[facet];
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}?`;
}
