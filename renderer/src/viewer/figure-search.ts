import type { FigureWithPosition, Unit } from '../../../shared/api';
import { labelsWording } from '../check/figure-wording';
import { figureLabels } from './figures';

// "Go to figure…": a figure found by what a person knows of it, its number as printed ("61,450" or
// "61450") or words of its row and column ("texas 2022"), every word matching something of the figure.

export interface FigureMatch {
  unit: Unit;
  figure: FigureWithPosition;
  /** Its row, column and period in words ("Texas · 2022"), null where the structure shows none. */
  labels: string | null;
}

interface Candidate extends FigureMatch {
  digits: string;
  /** The words of its labels and of its printed form, lower case. */
  words: string[];
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Every figure of `units` as the search reads it (its labels read once here, not on each key). */
export function figureCandidates(units: readonly Unit[]): Candidate[] {
  return units.flatMap((unit) =>
    [...unit.figures]
      .sort((a, b) => a.span.start - b.span.start)
      .map((figure) => {
        const labels = figureLabels(unit, figure);
        return {
          unit,
          figure,
          labels: labelsWording(labels),
          digits: figure.raw.replace(/\D/g, ''),
          words: [
            ...wordsOf([labels.row, labels.column, labels.period].filter((l) => l !== null).join(' ')),
            ...wordsOf(figure.raw.replace(/[\d.,]/g, ' ')),
          ],
        };
      }),
  );
}

/** How well one typed word fits a figure: 0 not at all; a whole word or number over a word's start. */
function fit(candidate: Candidate, typed: string): number {
  const number = /\d/.test(typed) && /^[\d.,$€£%()\-–]+$/.test(typed);
  if (number) {
    const digits = typed.replace(/\D/g, '');
    if (candidate.digits === digits || candidate.words.includes(digits)) return 4;
    if (candidate.digits.startsWith(digits) || candidate.words.some((w) => w.startsWith(digits))) return 2;
    return 0;
  }
  const parts = wordsOf(typed);
  if (parts.length === 0) return 1;
  let total = 0;
  for (const part of parts) {
    if (candidate.words.includes(part)) total += 3;
    else if (candidate.words.some((w) => w.startsWith(part))) total += 2;
    else if (part.length >= 3 && candidate.words.some((w) => w.includes(part))) total += 1;
    else return 0;
  }
  return total;
}

/**
 * The figures every typed word fits, best first (a whole word over a word's start, then reading order),
 * at most `limit`; and how many fit in all.
 */
export function findFigures(
  candidates: readonly Candidate[],
  query: string,
  limit: number,
): { matches: FigureMatch[]; total: number } {
  const typed = query.split(/[\s·]+/).filter((t) => t !== '');
  if (typed.length === 0) return { matches: [], total: 0 };
  const scored: { candidate: Candidate; score: number; at: number }[] = [];
  candidates.forEach((candidate, at) => {
    let score = 0;
    for (const word of typed) {
      const one = fit(candidate, word);
      if (one === 0) return;
      score += one;
    }
    scored.push({ candidate, score, at });
  });
  scored.sort((a, b) => b.score - a.score || a.at - b.at);
  return {
    matches: scored.slice(0, limit).map(({ candidate }) => ({
      unit: candidate.unit,
      figure: candidate.figure,
      labels: candidate.labels,
    })),
    total: scored.length,
  };
}
