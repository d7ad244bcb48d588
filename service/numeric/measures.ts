import {
  CURRENCY_CODES,
  CURRENCY_WORDS,
  MINOR_UNITS,
  MONTHS,
  SCALE_ABBREVIATIONS,
  SCALE_LETTERS,
  SCALE_WORDS,
} from '../../shared/figures/lexicon';
import { bandPattern, isBandLabel, parsePeriod } from '../../shared/structure';
import { lower, type Reading } from './claim';
import { isMeasureWord, labelWords, measureWords, stem, tokensOf } from './mentions';
import type { EngineOperand } from './types';
import { DOWN_WORDS, NEUTRAL_CHANGE_WORDS, TOTAL_COLUMN, UP_WORDS } from './wording';

// What a figure measures and what a claim says it measures. A figure in a table measures what its row, the
// headers over its column and its table's title say; one in running text what the sentence writes after
// it. Where its row holds figures that measure something else ("Births" beside "Deaths", "Male" beside
// "Female") the claim must name its column's measure. Where the structure says what the figures count, the
// claim must not count something it does not name: the noun right after the claim's number ("735,000
// deaths", "20,000 more handgun checks than") may be another measure than the table's, so a person
// decides.

/** Words that end the counted noun: function words, verbs of being and having, directions, periods. */
const BREAK = new Set([
  ...['the', 'a', 'an', 'and', 'or', 'but', 'of', 'in', 'on', 'at', 'by', 'for', 'from', 'to', 'with'],
  ...['than', 'as', 'per', 'each', 'during', 'between', 'over', 'under', 'compared', 'versus', 'vs'],
  ...['against', 'across', 'since', 'until', 'after', 'before', 'while', 'when', 'which', 'that', 'who'],
  ...['was', 'were', 'is', 'are', 'be', 'been', 'has', 'have', 'had', 'will', 'would', 'could', 'this'],
  ...['last', 'next', 'previous', 'prior', 'year', 'years', 'quarter', 'month', 'week', 'day', 'time'],
  ...['times', 'fold', 'percent', 'percentage', 'point', 'points', 'pp', 'bp', 'basis'],
  ...['more', 'fewer', 'less', 'higher', 'lower', 'greater', 'larger', 'smaller', 'above', 'below'],
  ...['ahead', 'behind', 'short', 'up', 'down', 'earlier', 'later', 'ago', 'respectively', 'total'],
  ...['overall', 'combined', 'together', 'altogether', 'apiece', 'only', 'just', 'alone'],
  ...['fiscal', 'financial', 'calendar', 'fy', 'q', 'h'],
  ...MONTHS.split('|').map((m) => m.toLowerCase()),
  ...[...UP_WORDS, ...DOWN_WORDS, ...NEUTRAL_CHANGE_WORDS].filter((w) => !/[\s/-]/.test(w)),
]);

/**
 * Words that say how a quantity is written or in what it is weighed, not what is counted: the figure
 * finder's scales and currencies, and units of weight, length, volume, area and energy. A claim of "1,180
 * tonnes" counts what the row says is weighed in tonnes.
 */
const NEUTRAL = new Set(
  [
    ...Object.keys(SCALE_WORDS),
    ...Object.keys(SCALE_ABBREVIATIONS),
    ...Object.keys(SCALE_LETTERS),
    ...Object.keys(CURRENCY_CODES),
    ...CURRENCY_WORDS.flatMap(([words]) => words.split(' ')),
    ...Object.keys(MINOR_UNITS),
    ...['dozen', 'tonne', 'ton', 'metric', 'kg', 'kilogram', 'gram', 'km', 'kilometre', 'kilometer'],
    ...['mile', 'metre', 'meter', 'litre', 'liter', 'gallon', 'barrel', 'hectare', 'acre', 'kwh', 'mwh'],
    ...['gwh', 'twh', 'mw', 'gw', 'kw', 'square', 'cubic', 'sq', 'unit'],
  ].map(stem),
);

/** Words a table and a claim use for one count of people: a claim of "8.3 million residents" counts a population. */
const SAME_COUNT: readonly (readonly string[])[] = [
  ['population', 'people', 'resident', 'inhabitant', 'person'],
  ['employee', 'staff', 'worker', 'personnel', 'headcount', 'job', 'employment'],
  ['pupil', 'student', 'enrolment', 'enrollment'],
];

/** Words between a number and what it counts: "20,000 more handgun checks than", "5 new stores". */
const LEAD = new Set(['more', 'fewer', 'less', 'additional', 'extra', 'new', 'other']);

/**
 * The lower-cased words a quantity of the claim counts ("735,000 live births": live, births), if any: after
 * the number and a space (not a comma or a bracket), past its scale, currency and "more" or "fewer".
 */
function countedAfter(low: string, end: number): string[] {
  const run = /^\s+(\p{L}[\p{L}'’-]*(?:[ \t]+\p{L}[\p{L}'’-]*)*)/u.exec(low.slice(end))?.[1] ?? '';
  const words = run.split(/[ \t]+/);
  let k = 0;
  while (k < words.length && (NEUTRAL.has(stem(words[k]!)) || LEAD.has(words[k]!))) k++;
  const out: string[] = [];
  for (const w of words.slice(k)) {
    const head = w.split('-')[0]!;
    if (w.length < 2 || BREAK.has(w) || BREAK.has(head) || parsePeriod(w) !== null || out.length === 3) break;
    out.push(w);
  }
  return out.filter((w) => !NEUTRAL.has(stem(w)));
}

/** A claim's verb and the root of the header noun it counts: "people died" counts "Deaths". */
const VERB_ROOTS: Readonly<Record<string, string>> = {
  die: 'death',
  died: 'death',
  dying: 'death',
  dead: 'death',
  born: 'birth',
  injured: 'injury',
};

/** A word's root as headers and claims share it: "Exports" and "exported", "births" and "Birth". */
const root = (w: string) => {
  const s = stem(w);
  return VERB_ROOTS[s] ?? s.replace(/ies?$/, 'y').replace(/(?:ing|ed|es|e|s)$/, '');
};

/** Words that count people, whatever measure counts them ("people", "persons", "individuals", "babies"). */
const PERSONS = new Set(['people', 'person', 'individual', 'baby'].map(root));

/** What a column's header path says it measures: each header's measure words ("Male · Total": male). */
function pathWords(path: string | null): string[] {
  if (path === null) return [];
  return [...new Set(path.split(' · ').flatMap((h) => measureWords(h)))];
}

/**
 * The claim names what the operand's column measures when its row holds figures that measure something
 * else ("Births" beside "Deaths": a figure of births never answers for deaths; "Male · Total" beside
 * "Female · Total"): every word of its headers that is no period, number, unit or mere "Value". Columns
 * that differ only by their period (2019, 2018) measure one thing.
 */
export function measureNamed(op: EngineOperand, claim: string): boolean {
  const words = pathWords(withoutBands(op.context.columnPath));
  const bands = pathBands(op.context.columnPath);
  const key = pathKey(op.context.columnPath);
  if (key === '') return true;
  // A column of the whole ("Total") beside a part ("Male", "18-64") is another measure of the row too.
  const apart = op.context.otherColumns.some((other) => {
    const theirs = pathKey(other);
    return theirs !== key && (theirs !== '' || TOTAL_COLUMN.test(other.split(' · ').pop() ?? ''));
  });
  if (!apart) return true;
  // A header names a thing, a claim often the act: "Sample" is named by "sampled", "Exports" by "exported".
  const said = new Set(tokensOf(claim).map((t) => root(t.stem)));
  // A band is named by the claim writing it ("aged 18 to 64" for "18-64"); one it cannot find, never.
  const low = lower(claim);
  return (
    words.every((w) => said.has(root(w))) &&
    bands.every((b) => {
      const band = bandPattern(b);
      return band !== null && band.test(low);
    })
  );
}

/**
 * A band heading of another column of the operand's row that the claim writes and its own column does not
 * have ("18 years and over" for a figure under "Under 18 years"); null when there is none.
 */
export function otherBandSaid(op: EngineOperand, claim: string): string | null {
  const own = new Set(pathBands(op.context.columnPath));
  const low = lower(claim);
  for (const other of op.context.otherColumns)
    for (const band of pathBands(other)) {
      if (own.has(band)) continue;
      const pattern = bandPattern(band);
      if (pattern !== null && pattern.test(low)) return band;
    }
  return null;
}

/**
 * The headers of a column path that are bands of whole numbers ("18-64", "65 and over"); never years
 * ("2019-20", "2018-2019" are periods and their changes).
 */
function pathBands(path: string | null): string[] {
  return path === null ? [] : path.split(' · ').filter(isBand);
}

const isBand = (h: string) => isBandLabel(h) && !/(?<!\d)(?:19|20)\d{2}(?!\d)/.test(h);

/** A column path without its bands: the headers a claim names by their words. */
function withoutBands(path: string | null): string | null {
  return path === null
    ? null
    : path
        .split(' · ')
        .filter((h) => !isBand(h))
        .join(' · ');
}

/** What tells a column apart from others: its measure words and its bands, in one key. */
function pathKey(path: string | null): string {
  return [...pathWords(withoutBands(path)), ...pathBands(path).map((b) => b.toLowerCase())].sort().join(' ');
}

/** Words of a title that say no measure: what kind of exhibit it is and where it comes from. */
const NO_TITLE_MEASURE = new Set(['table', 'figure', 'chart', 'exhibit', 'annex', 'appendix', 'schedule']);

/** What a table's title says its figures measure ("Table 2. Births by country, 2020": birth, country). */
function titleWords(title: string | null): string[] {
  return [...labelWords(title)].filter((w) => isMeasureWord(w) && !NO_TITLE_MEASURE.has(w));
}

/** The claim names, anywhere, what the operand's table title says its figures count ("arrested": Arrests). */
export function titleSaid(op: EngineOperand, claim: string): boolean {
  const said = new Set(tokensOf(claim).map((t) => root(t.stem)));
  return titleWords(op.context.tableTitle).some((w) => said.has(root(w)));
}

/** The claim names, anywhere, what one of the figures measures: its column's, title's or sentence's words. */
function measureSaid(
  claim: string,
  ops: readonly EngineOperand[],
  sourceCounts: readonly string[][],
): boolean {
  const said = new Set(tokensOf(claim).map((t) => root(t.stem)));
  return ops.some((op, i) =>
    [...pathWords(op.context.columnPath), ...titleWords(op.context.tableTitle), ...sourceCounts[i]!].some(
      (w) => said.has(root(w)),
    ),
  );
}

/**
 * What the claim counts that nothing its figures stand under says they count: no operand's row or column
 * labels or table title, and no noun the source writes right after a figure in running text ("735,000
 * births"). Returned with the operand that says what it counts; null when the claim counts nothing after its
 * numbers, something names what it counts, or nothing says what the figures count (a column "2019" under
 * no title, or "Sales reached 1,200 in 2020": a claim of "1,200 trucks" over them is not doubted).
 */
export function countedUnnamed(
  claim: string,
  reading: Reading,
  ops: readonly EngineOperand[],
): { op: EngineOperand; counted: string; source: string | null } | null {
  const tabled = ops.filter((op) => op.context.columnKey !== null);
  const sourceCounts = ops.map((op) =>
    op.context.columnKey === null && op.context.textAfter !== null
      ? countedAfter(lower(op.context.textAfter), 0)
      : [],
  );
  const measured =
    tabled.find(
      (op) => pathWords(op.context.columnPath).length > 0 || titleWords(op.context.tableTitle).length > 0,
    ) ?? ops.find((_, i) => sourceCounts[i]!.length > 0);
  if (measured === undefined) return null;
  const low = lower(claim);
  const named = new Set([
    ...tabled.flatMap((op) => [
      ...[op.context.rowLabel, op.context.columnLabel, op.context.columnPath].flatMap((l) =>
        [...labelWords(l)].map(root),
      ),
      ...titleWords(op.context.tableTitle).map(root),
    ]),
    ...ops.flatMap((op, i) =>
      sourceCounts[i]!.length > 0
        ? [...sourceCounts[i]!.flatMap((w) => w.split('-')), ...labelWords(op.context.rowLabel)].map(root)
        : [],
    ),
  ]);
  for (const group of SAME_COUNT)
    if (group.some((w) => named.has(root(w)))) for (const w of group) named.add(root(w));
  for (const q of reading.quantities) {
    if (q.multiple) continue;
    const counted = countedAfter(low, q.end);
    if (counted.length === 0) continue;
    // "owner-occupied homes" names the row "Owner occupied".
    if (counted.flatMap((w) => w.split('-')).some((w) => named.has(root(w)))) continue;
    // "3.5 million people were unemployed": people are what many measures count; the claim says which
    // when it names the figure's measure anywhere.
    if (counted.every((w) => PERSONS.has(root(w))) && measureSaid(claim, ops, sourceCounts)) continue;
    const own = sourceCounts[ops.indexOf(measured)]!;
    return { op: measured, counted: counted.join(' '), source: own.length > 0 ? own.join(' ') : null };
  }
  return null;
}
