// Signs the way reports write them (service/numeric/RULES.md, "Signs"): a loss, deficit, expense or
// outflow is often printed in parentheses or with a minus, and a claim speaks of its size ("the net loss
// narrowed by 8,551", "costs rose 4%"). The row's label says which reading a figure's sign has.

/** Words that make a row's figures sizes of something negative: computed on magnitudes. */
export const LOSS_LABEL =
  /(?<![\p{L}\p{N}])(?:loss(?:es)?|deficits?|shortfalls?|expenses?|expenditures?|costs?|outflows?|charges?|impairments?|write[\s-]?(?:downs?|offs?)|deductions?|amortization|amortisation|depreciation)(?![\p{L}\p{N}])/iu;

/** A label that names both sides ("Net profit/(loss)", "Income (loss)", "gain or loss"): signs mean which side. */
export const SIGNED_LABEL =
  /\(\s*(?:loss(?:es)?|deficit)\s*\)|\/\s*\(?\s*(?:loss(?:es)?|deficit)|(?:loss(?:es)?|deficit)\s*\)?\s*\/|(?<![\p{L}])(?:or|and)\s+(?:loss(?:es)?|deficit)(?![\p{L}])/iu;

/**
 * loss: the row names a loss, deficit, expense, cost or outflow (and nothing of the other side): its
 * figures are sizes and a negative sign is the report's way of writing them. signed: the row names both
 * sides ("profit/(loss)") so a sign means which side. unknown: the label does not say.
 */
export type LabelSign = 'loss' | 'signed' | 'unknown';

export function labelSign(label: string | null): LabelSign {
  if (label === null) return 'unknown';
  if (SIGNED_LABEL.test(label)) return 'signed';
  return LOSS_LABEL.test(label) ? 'loss' : 'unknown';
}
