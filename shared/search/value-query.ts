import { findFigures } from '../figures';

// A search typed as a number ("56,941", "10.2%", "$1.2bn", "almost 57,000 Texas"): read here once, so the
// search panel and the main process agree on whether a query asks for figures by their value.

/** Words that say how near the figure is, not what it counts: the service reads them from `written`. */
const HEDGES =
  /\b(?:almost|nearly|about|around|roughly|approximately|some|over|under|more than|less than|at least|at most|up to|circa)\b|~/giu;

export interface ValueQuery {
  /** The number in base units ("$1.2bn" is 1200000000). */
  value: number;
  /** Its unit as the figure finder reads it ("%", "USD"), or null. */
  unit: string | null;
  /** The query as written: the number, its hedge and its words (the service reads its precision). */
  written: string;
  /** What else the query says, to match against the figures' labels; empty when nothing. */
  words: string;
}

/**
 * The number a query asks for, or null when it is no such query: none, several, or an ambiguous one;
 * or a bare year among words ("revenue 2019" searches words).
 */
export function readValueQuery(text: string): ValueQuery | null {
  const written = text.trim().replace(/\s+/g, ' ');
  if (written === '' || written.length > 200) return null;
  const figures = findFigures(written);
  const figure = figures[0];
  if (figure === undefined || figures.length > 1 || figure.ambiguous) return null;
  const words = `${written.slice(0, figure.start)} ${written.slice(figure.end)}`
    .replace(HEDGES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const yearLike =
    figure.unit === null &&
    figure.scale === 1 &&
    /^\d{4}$/.test(figure.raw) &&
    figure.value >= 1800 &&
    figure.value <= 2100;
  if (yearLike && words !== '') return null;
  return { value: figure.value, unit: figure.unit, written, words };
}
