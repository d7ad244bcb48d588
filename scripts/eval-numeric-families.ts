/**
 * The wording families of `npm run eval:numeric`: groups of English wordings a fact-checker writes for one
 * relation between two figures, each a pure function from the things the claim names (row labels and
 * periods) and its number as written to the claim's text. Pure: no I/O, no engine.
 *
 * X and Y are the two figures in the roles the data gives them: for a difference, comparison, ratio,
 * percentage difference, restatement or "times more", X is the larger; for a share, X is the part and Y the
 * whole; for a change over time, X is the earlier (from) and Y the later (to), both in one row; for a sum,
 * X and Y are its terms in table order. A wording may name Y first ("Y trailed X by N"): `first` says which
 * figure takes the claim's first role (subject, from, part, first term).
 *
 * The false variants of a true claim keep its wording and naming: `flipped` turns its direction word
 * (more ↔ less, exceeded ↔ trailed, rose ↔ fell), `swapped` exchanges the two things' names while every
 * number stays where it is; a moved number is the caller's.
 */
import {
  capital,
  extraStyles,
  isPriorYear,
  pick,
  renderPeriod,
  seedOf,
  type PeriodStyle,
} from './eval-numeric-wording';

export const FAMILIES = [
  'difference',
  'percent difference',
  'ratio',
  'times more',
  'share',
  'comparison',
  'change',
  'restated',
  'sum',
] as const;
export type Family = (typeof FAMILIES)[number];

/**
 * What a claim is: true; false with its number moved beyond tolerance, its direction word flipped, or its
 * things' names swapped; ambiguous ("N times more than": ×N or ×(N+1), one reading true); or about another
 * measure than the figures' column (other-measure: "had 5 more patients than" over a column of net sales,
 * which the table cannot decide either way).
 */
export const TRUTHS = [
  'true',
  'false-moved',
  'false-direction',
  'false-roles',
  'ambiguous',
  'other-measure',
] as const;
export type Truth = (typeof TRUTHS)[number];

/** One figure as a claim names it: its row label and its period (null when the structure shows none). */
export interface Thing {
  label: string;
  period: string | null;
}

/**
 * How a claim names its figures' periods: after each thing ("revenue in 2019"), in brackets after each
 * ("revenue (2019)"), once before the sentence ("In 2019, …") or after it ("… in 2019") when both share
 * one period, or not at all. A change names them in its own wording ("from 2018 to 2019"): `each`.
 */
export type NamingForm = 'each' | 'parenthesised' | 'lead' | 'trailing' | 'none';

export interface Naming {
  form: NamingForm;
  style: PeriodStyle;
}

/** What the figures are: amounts in a currency or unit, rates (percentages), or counts (no unit). */
export type Kind = 'amount' | 'rate' | 'count';

/** How a wording's number is computed from X and Y; the caller computes and writes it. */
export type ValueOf =
  | 'x-y' // amount: X − Y (or the change Y − X, as a size)
  | 'x+y' // amount: X + Y
  | '(x-y)/y' // percent: X over Y ("X was 12% higher than Y"); a change: (Y − X) / X
  | '(x-y)/x' // percent: Y under X ("Y was 11% lower than X")
  | 'x/y' // ratio, or a share in percent
  | 'twice' // a word: twice (X/Y ≈ 2)
  | 'half' // a word: half (Y/X ≈ 0.5)
  | 'none'; // no number: a comparison, or end points restated

/** What a wording needs of its figures beyond the family's. */
export type Need =
  | 'measure' // a column header naming what the rows have ("Net sales")
  | 'count' // figures that count things (no unit)
  | 'total' // Y is a total row
  | 'twice' // X/Y within 5% of 2
  | 'half' // Y/X within 5% of 0.5
  | 'prior year' // Y's period is the same kind of period a year after X's
  | 'not rates'; // figures that are no percentages

export interface WordingSpec {
  family: Family;
  id: string;
  /** Which figure takes the claim's first role: subject, from, part, or first term. */
  first: 'x' | 'y';
  value: ValueOf;
  /** The wording has a direction word to flip. */
  direction: boolean;
  /** Swapping the two things' names leaves the claim true ("the difference between", sums). */
  symmetric: boolean;
  /** The claim restates X's and Y's own values. */
  restates: boolean;
  needs: readonly Need[];
  /** The whole is named "the total" ("X was 12% of the total"). */
  wholeAsTotal?: boolean;
  /** "X was 3 times more than Y": read as ×N or ×(N+1); never true or false as a whole. */
  ambiguous?: boolean;
}

/** The words a wording is made of, once the naming has been applied. */
interface Terms {
  /** X's and Y's names at the start of a sentence, and within one. */
  X: string;
  x: string;
  Y: string;
  y: string;
  /** "was" or "were", agreeing with X's and with Y's name. */
  xBe: string;
  yBe: string;
  /** The claim's number as written ("$5.2 million", "12.5%", "1.35", "twice"). */
  n: string;
  /** X's and Y's own values as written (restatements, end points). */
  a: string;
  b: string;
  /** What the rows have, for "had more <measure>". */
  m: string;
  /** "less" for amounts, "fewer" for counts. */
  less: string;
  /** "large" for amounts and counts, "high" for rates. */
  adj: string;
}

/** A change's words: one row, two periods. */
interface ChangeTerms {
  L: string;
  /** "was" or "were", agreeing with the row's name. */
  be: string;
  n: string;
  a: string;
  b: string;
  /** The periods as written, or null when the claim names none. */
  p1: string | null;
  p2: string | null;
  up: boolean;
}

type PairRender = (t: Terms, flipped: boolean) => string;
type ChangeRender = (t: ChangeTerms) => string;

interface PairWording extends WordingSpec {
  render: PairRender;
}
interface ChangeWording extends WordingSpec {
  change: ChangeRender;
}

const spec = (
  family: Family,
  id: string,
  value: ValueOf,
  options: Partial<Omit<WordingSpec, 'family' | 'id' | 'value'>> = {},
): WordingSpec => ({
  family,
  id,
  value,
  first: 'x',
  direction: true,
  symmetric: false,
  restates: false,
  needs: [],
  ...options,
});

const pair = (s: WordingSpec, render: PairRender): PairWording => ({ ...s, render });
const yFirst = { first: 'y' } as const;
const noDirection = { direction: false } as const;

const PAIR_WORDINGS: readonly PairWording[] = [
  // --- difference: X − Y ---
  pair(
    spec('difference', 'more than', 'x-y'),
    (t, f) => `${t.X} ${t.xBe} ${t.n} ${f ? t.less : 'more'} than ${t.y}`,
  ),
  pair(
    spec('difference', 'higher than', 'x-y'),
    (t, f) => `${t.X} ${t.xBe} ${t.n} ${f ? 'lower' : 'higher'} than ${t.y}`,
  ),
  pair(
    spec('difference', 'had more', 'x-y', { needs: ['measure'] }),
    (t, f) => `${t.X} had ${t.n} ${f ? t.less : 'more'} ${t.m} than ${t.y}`,
  ),
  pair(
    spec('difference', 'had N <measure> more', 'x-y', { needs: ['measure'] }),
    (t, f) => `${t.X} had ${t.n} ${t.m} ${f ? t.less : 'more'} than ${t.y}`,
  ),
  pair(
    spec('difference', 'exceeded by', 'x-y'),
    (t, f) => `${t.X} ${f ? 'trailed' : 'exceeded'} ${t.y} by ${t.n}`,
  ),
  pair(
    spec('difference', 'outstripped by', 'x-y'),
    (t, f) => `${t.X} ${f ? 'lagged' : 'outstripped'} ${t.y} by ${t.n}`,
  ),
  pair(
    spec('difference', 'trailed by', 'x-y', yFirst),
    (t, f) => `${t.Y} ${f ? 'exceeded' : 'trailed'} ${t.x} by ${t.n}`,
  ),
  pair(
    spec('difference', 'lagged by', 'x-y', yFirst),
    (t, f) => `${t.Y} ${f ? 'outstripped' : 'lagged'} ${t.x} by ${t.n}`,
  ),
  pair(
    spec('difference', 'less than', 'x-y', yFirst),
    (t, f) => `${t.Y} ${t.yBe} ${t.n} ${f ? 'more' : t.less} than ${t.x}`,
  ),
  pair(
    spec('difference', 'lower than', 'x-y', yFirst),
    (t, f) => `${t.Y} ${t.yBe} ${t.n} ${f ? 'higher' : 'lower'} than ${t.x}`,
  ),
  pair(
    spec('difference', 'the gap between', 'x-y', { ...noDirection, symmetric: true }),
    (t) => `The gap between ${t.x} and ${t.y} was ${t.n}`,
  ),
  pair(
    spec('difference', 'the difference between', 'x-y', { ...noDirection, symmetric: true }),
    (t) => `The difference between ${t.x} and ${t.y} was ${t.n}`,
  ),
  pair(spec('difference', 'minus', 'x-y', noDirection), (t) => `${t.X} minus ${t.y} is ${t.n}`),

  // --- percentage difference: over the thing after "than" ---
  pair(
    spec('percent difference', 'percent higher than', '(x-y)/y', { needs: ['not rates'] }),
    (t, f) => `${t.X} ${t.xBe} ${t.n} ${f ? 'lower' : 'higher'} than ${t.y}`,
  ),
  pair(
    spec('percent difference', 'percent more than', '(x-y)/y', { needs: ['not rates'] }),
    (t, f) => `${t.X} ${t.xBe} ${t.n} ${f ? 'less' : 'more'} than ${t.y}`,
  ),
  pair(
    spec('percent difference', 'percent lower than', '(x-y)/x', { ...yFirst, needs: ['not rates'] }),
    (t, f) => `${t.Y} ${t.yBe} ${t.n} ${f ? 'higher' : 'lower'} than ${t.x}`,
  ),
  pair(
    spec('percent difference', 'exceeded by percent', '(x-y)/y', { needs: ['not rates'] }),
    (t, f) => `${t.X} ${f ? 'trailed' : 'exceeded'} ${t.y} by ${t.n}`,
  ),

  // --- ratio: X / Y ---
  pair(spec('ratio', 'times', 'x/y', noDirection), (t) => `${t.X} ${t.xBe} ${t.n} times ${t.y}`),
  pair(
    spec('ratio', 'times as large as', 'x/y', noDirection),
    (t) => `${t.X} ${t.xBe} ${t.n} times as ${t.adj} as ${t.y}`,
  ),
  pair(
    spec('ratio', 'twice as large as', 'twice', { ...noDirection, needs: ['twice'] }),
    (t) => `${t.X} ${t.xBe} ${t.n} as ${t.adj} as ${t.y}`,
  ),
  pair(
    spec('ratio', 'half as large as', 'half', { ...noDirection, ...yFirst, needs: ['half'] }),
    (t) => `${t.Y} ${t.yBe} ${t.n} as ${t.adj} as ${t.x}`,
  ),

  // --- "N times more than": ×N or ×(N+1) ---
  pair(
    spec('times more', 'times more than', 'x/y', { ...noDirection, ambiguous: true }),
    (t) => `${t.X} ${t.xBe} ${t.n} times more than ${t.y}`,
  ),
  pair(
    spec('times more', 'times higher than', 'x/y', { ...noDirection, ambiguous: true }),
    (t) => `${t.X} ${t.xBe} ${t.n} times higher than ${t.y}`,
  ),

  // --- share: X of Y ---
  pair(
    spec('share', 'accounted for', 'x/y', { ...noDirection, needs: ['not rates'] }),
    (t) => `${t.X} accounted for ${t.n} of ${t.y}`,
  ),
  pair(
    spec('share', 'made up', 'x/y', { ...noDirection, needs: ['not rates'] }),
    (t) => `${t.X} made up ${t.n} of ${t.y}`,
  ),
  pair(
    spec('share', 'represented', 'x/y', { ...noDirection, needs: ['not rates'] }),
    (t) => `${t.X} represented ${t.n} of ${t.y}`,
  ),
  pair(
    spec('share', 'percent of … was', 'x/y', { ...noDirection, needs: ['not rates'] }),
    (t) => `${t.n} of ${t.y} ${t.yBe} ${t.x}`,
  ),
  pair(
    spec('share', 'percent of … came from', 'x/y', { ...noDirection, needs: ['not rates'] }),
    (t) => `${t.n} of ${t.y} came from ${t.x}`,
  ),
  pair(
    spec('share', 'of the total', 'x/y', {
      ...noDirection,
      needs: ['not rates', 'total'],
      wholeAsTotal: true,
    }),
    (t) => `${t.X} ${t.xBe} ${t.n} of ${t.y}`,
  ),

  // --- comparison: no number ---
  pair(spec('comparison', 'exceeded', 'none'), (t, f) => `${t.X} ${f ? 'trailed' : 'exceeded'} ${t.y}`),
  pair(
    spec('comparison', 'higher than', 'none'),
    (t, f) => `${t.X} ${t.xBe} ${f ? 'lower' : 'higher'} than ${t.y}`,
  ),
  pair(
    spec('comparison', 'greater than', 'none'),
    (t, f) => `${t.X} ${t.xBe} ${f ? 'less' : 'greater'} than ${t.y}`,
  ),
  pair(
    spec('comparison', 'larger than', 'none'),
    (t, f) => `${t.X} ${t.xBe} ${f ? 'smaller' : 'larger'} than ${t.y}`,
  ),
  pair(spec('comparison', 'outnumbered', 'none', { needs: ['count'] }), (t, f) =>
    f ? `${t.X} ${t.xBe} outnumbered by ${t.y}` : `${t.X} outnumbered ${t.y}`,
  ),
  pair(
    spec('comparison', 'lower than', 'none', yFirst),
    (t, f) => `${t.Y} ${t.yBe} ${f ? 'higher' : 'lower'} than ${t.x}`,
  ),
  pair(
    spec('comparison', 'less than', 'none', yFirst),
    (t, f) => `${t.Y} ${t.yBe} ${f ? 'more' : t.less} than ${t.x}`,
  ),
  pair(
    spec('comparison', 'trailed', 'none', yFirst),
    (t, f) => `${t.Y} ${f ? 'exceeded' : 'trailed'} ${t.x}`,
  ),
  pair(spec('comparison', 'lagged', 'none', yFirst), (t, f) => `${t.Y} ${f ? 'outpaced' : 'lagged'} ${t.x}`),
  pair(
    spec('comparison', 'was exceeded by', 'none', yFirst),
    (t, f) => `${t.Y} ${t.yBe} ${f ? 'trailed' : 'exceeded'} by ${t.x}`,
  ),

  // --- restated operands ---
  pair(
    spec('restated', 'X (A) exceeded Y (B)', 'none', { restates: true }),
    (t, f) => `${t.X} (${t.a}) ${f ? 'trailed' : 'exceeded'} ${t.y} (${t.b})`,
  ),
  pair(
    spec('restated', 'Y (B) trailed X (A)', 'none', { ...yFirst, restates: true }),
    (t, f) => `${t.Y} (${t.b}) ${f ? 'exceeded' : 'trailed'} ${t.x} (${t.a})`,
  ),
  pair(
    spec('restated', 'X, at A, was N more than Y at B', 'x-y', { restates: true }),
    (t, f) => `${t.X}, at ${t.a}, ${t.xBe} ${t.n} ${f ? t.less : 'more'} than ${t.y} at ${t.b}`,
  ),
  pair(
    spec('restated', 'Y, at B, was N less than X at A', 'x-y', { ...yFirst, restates: true }),
    (t, f) => `${t.Y}, at ${t.b}, ${t.yBe} ${t.n} ${f ? 'more' : t.less} than ${t.x} at ${t.a}`,
  ),

  // --- sum: X + Y ---
  pair(
    spec('sum', 'together totalled', 'x+y', { ...noDirection, symmetric: true, needs: ['not rates'] }),
    (t) => `${t.X} and ${t.y} together totalled ${t.n}`,
  ),
  pair(
    spec('sum', 'combined came to', 'x+y', { ...noDirection, symmetric: true, needs: ['not rates'] }),
    (t) => `${t.X} and ${t.y} combined came to ${t.n}`,
  ),
  pair(
    spec('sum', 'came to a total of', 'x+y', { ...noDirection, symmetric: true, needs: ['not rates'] }),
    (t) => `${t.X} and ${t.y} came to a total of ${t.n}`,
  ),
  pair(
    spec('sum', 'added up to', 'x+y', { ...noDirection, symmetric: true, needs: ['not rates'] }),
    (t) => `${t.X} and ${t.y} added up to ${t.n}`,
  ),
];

const change = (s: WordingSpec, render: ChangeRender): ChangeWording => ({ ...s, change: render });
const span = (t: ChangeTerms) => (t.p1 !== null && t.p2 !== null ? ` from ${t.p1} to ${t.p2}` : '');

const CHANGE_WORDINGS: readonly ChangeWording[] = [
  change(
    spec('change', 'rose/fell P%', '(x-y)/y'),
    (t) => `${t.L} ${t.up ? 'rose' : 'fell'} ${t.n}${span(t)}`,
  ),
  change(
    spec('change', 'increased/decreased by P%', '(x-y)/y'),
    (t) => `${t.L} ${t.up ? 'increased' : 'decreased'} by ${t.n}${span(t)}`,
  ),
  change(
    spec('change', 'grew/declined P%', '(x-y)/y'),
    (t) => `${t.L} ${t.up ? 'grew' : 'declined'} ${t.n}${span(t)}`,
  ),
  change(
    spec('change', 'was up/down P%', '(x-y)/y'),
    (t) => `${t.L} ${t.be} ${t.up ? 'up' : 'down'} ${t.n}${span(t)}`,
  ),
  change(
    spec('change', 'rose/fell P% in p2 compared with p1', '(x-y)/y'),
    (t) =>
      `${t.L} ${t.up ? 'rose' : 'fell'} ${t.n}` +
      (t.p1 !== null && t.p2 !== null ? ` in ${t.p2} compared with ${t.p1}` : ''),
  ),
  change(
    // "year on year in 2019" names the later period and implies the one before it: no roles to swap.
    spec('change', 'was up/down P% year on year', '(x-y)/y', { symmetric: true, needs: ['prior year'] }),
    (t) => `${t.L} ${t.be} ${t.up ? 'up' : 'down'} ${t.n} year on year${t.p2 !== null ? ` in ${t.p2}` : ''}`,
  ),
  change(
    spec('change', 'rose/fell by N', 'x-y'),
    (t) => `${t.L} ${t.up ? 'rose' : 'fell'} by ${t.n}${span(t)}`,
  ),
  change(
    spec('change', 'rose/fell from A to B', 'none', { restates: true }),
    (t) =>
      `${t.L} ${t.up ? 'rose' : 'fell'} from ${t.a}${t.p1 !== null ? ` in ${t.p1}` : ''} to ${t.b}` +
      (t.p2 !== null ? ` in ${t.p2}` : ''),
  ),
];

const WORDINGS: readonly (PairWording | ChangeWording)[] = [...PAIR_WORDINGS, ...CHANGE_WORDINGS];

/** Every wording of `family`, in a fixed order. */
export function wordingsOf(family: Family): readonly WordingSpec[] {
  return WORDINGS.filter((w) => w.family === family);
}

export function wordingSpec(family: Family, id: string): WordingSpec {
  const found = WORDINGS.find((w) => w.family === family && w.id === id);
  if (!found) throw new Error(`no wording "${id}" in family ${family}`);
  return found;
}

/** What one claim says: its wording, the two things, its numbers as written, and how it names periods. */
export interface ClaimText {
  family: Family;
  wording: string;
  /** X and Y in the roles the data gives them (see the module's comment). */
  x: Thing;
  y: Thing;
  /** The claim's number as written ("$5.2 million", "12.5%", "1.35", "twice"); '' when it states none. */
  value: string;
  /** X's and Y's own values as written, for wordings that restate them. */
  restated?: { x: string; y: string };
  /** What the rows have ("net sales"), for "had more". */
  measure?: string;
  kind: Kind;
  naming: Naming;
  /** A change: the data's direction (Y above X). */
  rising?: boolean;
  /** The direction word turned (false-direction). */
  flipped: boolean;
  /** X's and Y's names exchanged, every number left in place (false-roles). */
  swapped: boolean;
}

/** Words a title-case label leaves in lower case ("Rest of World"). */
const MINOR_WORD = /^(?:a|an|and|as|at|by|for|from|in|of|on|or|the|to|with)$/i;

/** Places and peoples: a label that starts with one keeps its capital ("Canadian operations"). */
const PROPER_NAME =
  /^(?:Americas?|American|Europe|European|Asia|Asian|Africa|African|Australia|Australian|Canada|Canadian|China|Chinese|Japan|Japanese|Germany|German|France|French|India|Indian|Brazil|Mexico|Singapore|Ireland|Irish|Israel|Netherlands|Switzerland|Swiss|Korea|Taiwan|Italy|Spain|Sweden|Norway|Denmark|Finland|Belgium|Austria|Poland|Russia|Argentina|Chile|Malaysia|Indonesia|Thailand|Philippines|Vietnam|Turkey|Luxembourg|Bermuda|Britain|British|England|Scotland|Wales|Hong|Latin|Nordic|Pacific|Asia-Pacific)$/;

/**
 * A row label within a sentence: a sentence-case label loses its capital ("Cost of sales" → "cost of
 * sales"); a name keeps it — title case ("United Kingdom", "Net Income"), capitals ("EMEA"), a place
 * ("Australia", "Canadian operations").
 */
export function inSentence(label: string): string {
  const words = label.split(/\s+/);
  const first = words[0] ?? '';
  if (!/^\p{Lu}\p{Ll}/u.test(first) || PROPER_NAME.test(first.replace(/[^\p{L}-]/gu, ''))) return label;
  const rest = words.slice(1).filter((w) => /^\p{L}/u.test(w) && !MINOR_WORD.test(w));
  if (rest.length > 0 && rest.every((w) => /^\p{Lu}/u.test(w))) return label;
  return first.charAt(0).toLowerCase() + label.slice(1);
}

/** Words after a noun that do not make it singular: "Dividends paid", "Taxes receivable". */
const AFTER_NOUN =
  /^(?:\p{L}+ed|\p{L}+ing|net|paid|outstanding|sold|held|due|receivable|payable|gross|total|other)$/iu;

/**
 * Whether a label names a plural ("Net sales", "Other assets", "Dividends paid", "Deferred tax assets,
 * net"): its head noun — the last word before "of", a comma or brackets, past words that only qualify it —
 * ends in a plural "s".
 */
export function isPlural(label: string): boolean {
  if (/^the total$|^total$/i.test(label)) return false;
  const head = label
    .replace(/\([^)]*\)/g, ' ')
    .split(/,|:|\s[-–—]\s|\b(?:of|for|from|on|in|to|by|with|during|at|under)\b/i)[0]!
    .trim()
    .split(/\s+/);
  while (head.length > 1 && AFTER_NOUN.test(head[head.length - 1]!)) head.pop();
  const noun = head[head.length - 1] ?? '';
  return /\p{Ll}s$/u.test(noun) && !/(?:ss|us|is|ics|ness|news|series|gas|plus|bonus|status)$/i.test(noun);
}

const be = (label: string) => (isPlural(label) ? 'were' : 'was');

/** A row label as a claim writes it: "Total" is "the total"; anything else as the table writes it. */
function nameOf(label: string, start: boolean): string {
  if (/^the total$|^total$/i.test(label)) return start ? 'The total' : 'the total';
  return start ? capital(label) : inSentence(label);
}

function periodText(period: string | null, style: PeriodStyle): string | null {
  return period === null ? null : renderPeriod(period, style);
}

/** A thing named per `naming`: "revenue in 2019", "revenue (FY19)", or its label alone. */
function named(thing: Thing, naming: Naming, start: boolean): string {
  const base = nameOf(thing.label, start);
  const p = periodText(thing.period, naming.style);
  if (p === null) return base;
  if (naming.form === 'each') return `${base} in ${p}`;
  if (naming.form === 'parenthesised') return `${base} (${p})`;
  return base;
}

/** The claim's text. */
export function wordClaim(c: ClaimText): string {
  const w = WORDINGS.find((s) => s.family === c.family && s.id === c.wording);
  if (!w) throw new Error(`no wording "${c.wording}" in family ${c.family}`);
  const [x, y] = c.swapped ? [c.y, c.x] : [c.x, c.y];
  const a = c.restated?.x ?? '';
  const b = c.restated?.y ?? '';
  if ('change' in w) {
    const named = c.naming.form !== 'none';
    return w.change({
      L: nameOf(x.label, true),
      be: be(x.label),
      n: c.value,
      a,
      b,
      p1: named ? periodText(x.period, c.naming.style) : null,
      p2: named ? periodText(y.period, c.naming.style) : null,
      up: (c.rising ?? true) !== c.flipped,
    });
  }
  const whole = (t: Thing): Thing => (w.wholeAsTotal ? { ...t, label: 'the total' } : t);
  const [tx, ty] = c.swapped ? [whole(x), y] : [x, whole(y)];
  const lead = c.naming.form === 'lead';
  const terms: Terms = {
    X: named(tx, c.naming, !lead),
    x: named(tx, c.naming, false),
    Y: named(ty, c.naming, !lead),
    y: named(ty, c.naming, false),
    xBe: be(tx.label),
    yBe: be(ty.label),
    n: c.value,
    a,
    b,
    m: c.measure ?? '',
    less: c.kind === 'count' ? 'fewer' : 'less',
    adj: c.kind === 'rate' ? 'high' : 'large',
  };
  const body = w.render(terms, c.flipped);
  const period = periodText(c.x.period, c.naming.style);
  if (lead && period !== null) return `In ${period}, ${body}`;
  if (c.naming.form === 'trailing' && period !== null) return `${capital(body)} in ${period}`;
  return capital(body);
}

/**
 * The namings a claim over `x` and `y` can take, naming forms first; `none` last (it names no period).
 * Both in one period: each, in brackets, once before, once after; in two periods: each, in brackets; an
 * operand with no period shown: none only. Restatements already use brackets.
 */
export function namingsFor(x: Thing, y: Thing, w: WordingSpec): Naming[] {
  if (x.period === null || y.period === null) return [{ form: 'none', style: 'label' }];
  const forms: NamingForm[] =
    w.family === 'change'
      ? ['each']
      : x.period === y.period
        ? ['each', 'parenthesised', 'lead', 'trailing']
        : ['each', 'parenthesised'];
  const usable = forms.filter((f) => !(w.restates && f === 'parenthesised'));
  const out: Naming[] = usable.map((form) => ({ form, style: 'label' }));
  for (const style of extraStyles([x.period, y.period])) out.push({ form: usable[0]!, style });
  out.push({ form: 'none', style: 'label' });
  return out;
}

/** Whether a claim's naming names every figure's thing and period (the supported target's claims). */
export function namesPeriods(naming: Naming, x: Thing, y: Thing): boolean {
  return naming.form !== 'none' && x.period !== null && y.period !== null;
}

// --- seeds and the held-out split ---------------------------------------------------------------------

/** A 32-bit finaliser (MurmurHash3's): every bit of the seed moves every bit of the result. */
export function mix(seed: number): number {
  let h = seed >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** One of `options` for `key`, the same one on every run. */
export function choose<T>(key: string, options: readonly T[]): T {
  return pick(mix(seedOf(key)), options);
}

/** A number in [0, 1) for `key`, the same on every run. */
export function fraction(key: string): number {
  return mix(seedOf(key)) / 2 ** 32;
}

export type Half = 'dev' | 'held-out';
export const HALVES: readonly Half[] = ['dev', 'held-out'];

/**
 * Which half a table is in, by a stable hash of its uid: `dev` (its claims may be shown) or `held-out`
 * (only counted, so whoever tunes the engine never reads its sentences).
 */
export function halfOf(tableUid: string): Half {
  return mix(seedOf(`split:${tableUid}`)) >>> 31 === 0 ? 'dev' : 'held-out';
}

/** Y's period follows X's by a year (2018 → 2019, Q3 2018 → Q3 2019). */
export function priorYear(x: Thing, y: Thing): boolean {
  return x.period !== null && y.period !== null && isPriorYear(x.period, y.period);
}
