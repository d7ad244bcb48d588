// Row labels that are bands of whole numbers ("25-34", "65 and over", "Under 5", "$10,000 to $14,999"):
// they name a group of rows by numbers alone. A table reader takes a column of them for labels, and a claim
// names one by writing the same band, in any of the ways bands are written ("aged 25 to 34", "the 65+
// group", "children under 5").

const WHOLE = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
const MONEY = String.raw`[$£€]?`;
const RANGE = new RegExp(
  String.raw`^${MONEY}(${WHOLE})\s*(?:-|–|—|to)\s*${MONEY}(${WHOLE})(?:\s+(?:years?|yrs))?$`,
  'i',
);
const UP = new RegExp(
  String.raw`^${MONEY}(${WHOLE})\s*(?:\+|(?:years?\s+)?(?:and|or)\s+(?:over|older|above|more))$`,
  'i',
);
const DOWN = new RegExp(
  String.raw`^(?:under|less than|below|fewer than)\s+${MONEY}(${WHOLE})(?:\s+(?:years?|yrs))?$`,
  'i',
);

const ABOVE = new RegExp(
  String.raw`^(?:over|above|more than)\s+${MONEY}(${WHOLE})(?:\s+(?:years?|yrs))?$`,
  'i',
);
const UP_TO = new RegExp(String.raw`^up to\s+${MONEY}(${WHOLE})(?:\s+(?:years?|yrs))?$`, 'i');

/** A number as a claim writes it: its thousands comma optional, never part of a longer number. */
const number = (n: string) => String.raw`(?<![\d.,])${MONEY}${n.replace(/,/g, ',?')}(?!\d|[.,]\d)`;

/**
 * How a claim writes the band a label is (a global, case-insensitive pattern over the claim's lower-cased
 * text), or null when the label is no band.
 */
export function bandPattern(label: string): RegExp | null {
  const text = label.trim();
  const range = RANGE.exec(text);
  if (range !== null)
    return new RegExp(String.raw`${number(range[1]!)}\s*(?:-|–|—|to|and)\s*${number(range[2]!)}`, 'gi');
  const up = UP.exec(text);
  if (up !== null)
    return new RegExp(
      String.raw`${number(up[1]!)}\s*(?:\+|(?:years?\s+)?(?:and|or)\s+(?:over|older|above|more)|plus)`,
      'gi',
    );
  // "More than 5 years" is not "5 and over": only the claim that writes the same bound names it.
  const above = ABOVE.exec(text);
  if (above !== null)
    return new RegExp(String.raw`\b(?:over|above|more than|older than)\s+${number(above[1]!)}`, 'gi');
  const upTo = UP_TO.exec(text);
  if (upTo !== null) return new RegExp(String.raw`\bup to\s+${number(upTo[1]!)}`, 'gi');
  const down = DOWN.exec(text);
  if (down !== null)
    return new RegExp(
      String.raw`\b(?:under|less than|below|fewer than|younger than)\s+${number(down[1]!)}`,
      'gi',
    );
  return null;
}

const BAND_NUMBER = String.raw`[$£€]?\d{1,3}(?:,\d{3})+|[$£€]?\d+`;
const BAND_LABEL = new RegExp(
  [
    String.raw`^(?:${BAND_NUMBER})\s*(?:-|–|—|to|a|bis)\s*(?:${BAND_NUMBER})(?:\s+\p{L}.*)?$`,
    String.raw`^(?:${BAND_NUMBER})\s*\+(?:\s+\p{L}.*)?$`,
    String.raw`^(?:under|less than|below|over|above|up to|fewer than|more than)\s+(?:${BAND_NUMBER})(?:\s+\p{L}.*)?$`,
    String.raw`^(?:${BAND_NUMBER})\s+(?:and|or|in|years?|yrs)\b\s*\p{L}.*$`,
  ].join('|'),
  'iu',
);

/**
 * A label that is a band of whole numbers, as tables print them ("18-75", "81 in poi", "Under 5",
 * "65+", "$10,000 to $14,999", "5 a 10"); a decimal range ("12.1-14.3", an interval) is none. Wider than
 * what `bandPattern` can find in a claim: a band it cannot find there is named by its words, if any.
 */
export const isBandLabel = (text: string): boolean => BAND_LABEL.test(text.trim());
