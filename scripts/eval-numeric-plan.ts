/**
 * The claims of one wording over one pair of cells: the true claim, its number computed from the cells and
 * written at a stated precision, and its false variants (number moved beyond tolerance, direction word
 * flipped, the things' names swapped) in the same wording and naming. Every choice (naming, precision,
 * display) is drawn from the claim's key, so every run words every claim the same way. Pure: no I/O.
 */
import {
  choose,
  fraction,
  namesPeriods,
  namingsFor,
  priorYear,
  wordClaim,
  wordingSpec,
  type ClaimText,
  type Family,
  type Kind,
  type Naming,
  type Thing,
  type Truth,
  type WordingSpec,
} from './eval-numeric-families';
import {
  decimalsFor,
  displaysFor,
  inDisplay,
  movedValue,
  toleranceOf,
  writeAmount,
  writeNumber,
  writeOwn,
  writePercent,
  type AmountStyle,
  type Display,
} from './eval-numeric-numbers';

/** What the wording needs to know of one cell of a table. */
export interface CellFacts {
  /** The row label as a claim writes it (footnote markers and a trailing colon dropped). */
  label: string;
  period: string | null;
  /** The figure's value in base units (scale applied). */
  value: number;
  style: AmountStyle;
  kind: Kind;
  /** The row is a total ("Total", "Total revenue"). */
  total: boolean;
  /** What the column's header says its rows have ("net sales"), for "had more"; null otherwise. */
  measure: string | null;
  row: number;
  col: number;
}

/**
 * How two cells stand: line items in different rows, one line item in two periods, a line item and the
 * total of its block, or two line items of one block (what a sum adds up).
 */
export type Shape = 'rows' | 'periods' | 'share' | 'parts';

export interface PairOf<C extends CellFacts> {
  table: string;
  /** For `share`, a is the part and b the whole; otherwise in table order (a question's a, then b). */
  a: C;
  b: C;
  shape: Shape;
  /** A TAT-QA question's derivation uses these two cells, or they were paired from the table's structure. */
  source: 'derivation' | 'structure';
}

/** Two cells whose amounts one claim can state together: same unit, currency and scale. */
export function compatible(a: CellFacts, b: CellFacts): boolean {
  return (
    a.style.unit === b.style.unit &&
    a.style.currency === b.style.currency &&
    a.style.scale === b.style.scale &&
    a.kind === b.kind
  );
}

/** The two cells written as one pair: the more precise decimals of the two. */
function joined(a: CellFacts, b: CellFacts): AmountStyle {
  return { ...a.style, decimals: Math.max(a.style.decimals, b.style.decimals) };
}

/** Whether a true claim names its things and every period they show (the supported target's claims). */
export type NamingGroup = 'names things and periods' | 'periods not named' | 'no period shown';
export const NAMING_GROUPS: readonly NamingGroup[] = [
  'names things and periods',
  'periods not named',
  'no period shown',
];

/** Share of claims over figures that show periods worded without them. */
const UNNAMED_SHARE = 0.15;

/** The pair shapes each family is worded over. */
export const SHAPES_OF: Readonly<Record<Family, readonly Shape[]>> = {
  difference: ['rows', 'periods'],
  'percent difference': ['rows', 'periods'],
  ratio: ['rows', 'periods'],
  'times more': ['rows'],
  share: ['share'],
  comparison: ['rows', 'periods'],
  change: ['periods'],
  restated: ['rows', 'periods'],
  sum: ['parts'],
};

export interface PlannedClaim {
  truth: Truth;
  text: string;
  /** Which cell takes the claim's first role (subject, from, part, first term) as the claim words it. */
  first: 'x' | 'y';
  /** For "N times more than": which reading of N the data makes true. */
  reading?: '×N' | '×(N+1)';
}

export interface Plan<C extends CellFacts = CellFacts> {
  key: string;
  table: string;
  family: Family;
  wording: string;
  source: PairOf<CellFacts>['source'];
  /** The cells in the roles the family gives them (see eval-numeric-families.ts). */
  x: C;
  y: C;
  naming: Naming;
  group: NamingGroup;
  claims: PlannedClaim[];
}

const thing = (c: CellFacts): Thing => ({ label: c.label, period: c.period });

/** Orders a pair's cells into the family's roles: larger first; part, whole; earlier, later; table order. */
function roles<C extends CellFacts>(pair: PairOf<C>, family: Family): [C, C] | null {
  const { a, b } = pair;
  if (family === 'share') return [a, b];
  if (family === 'sum') return [a, b];
  if (family === 'change') {
    const ka = periodOrder(a.period);
    const kb = periodOrder(b.period);
    return ka === kb ? null : ka < kb ? [a, b] : [b, a];
  }
  if (a.value === b.value) return null;
  return a.value > b.value ? [a, b] : [b, a];
}

/** Orders "2018" < "Q1 2019" < "H2 2019" < "FY2020" < "2020/21" by the year they end in, then their part. */
function periodOrder(period: string | null): number {
  const m = /(\d{4})(?:\/(\d{2}))?/.exec(period ?? '');
  if (!m) return Number.NaN;
  const year = m[2] !== undefined ? Number(m[1]) + 1 : Number(m[1]);
  const part = /^Q(\d)/.exec(period!)?.[1] ?? /^H(\d)/.exec(period!)?.[1];
  const month = /-(\d{2})$/.exec(period!)?.[1];
  const within = part !== undefined ? (/^Q/.test(period!) ? Number(part) * 3 : Number(part) * 6) : 12;
  return year * 100 + (month !== undefined ? Number(month) : within);
}

/** Measures no TAT-QA table of net sales or revenue holds, for claims about another measure. */
const OTHER_MEASURES = ['patients', 'customers', 'employees', 'visitors', 'deaths', 'subscribers'] as const;

/** Whether `w` can word cells `x`, `y` at all (the needs beyond the family's shapes). */
function fits(w: WordingSpec, x: CellFacts, y: CellFacts): boolean {
  for (const need of w.needs) {
    if (need === 'not rates' && x.kind === 'rate') return false;
    if (need === 'count' && x.kind !== 'count') return false;
    if (need === 'total' && !y.total) return false;
    if (need === 'measure' && (x.measure === null || x.measure !== y.measure || x.total || y.total))
      return false;
    if (need === 'prior year' && !priorYear(thing(x), thing(y))) return false;
    if (need === 'twice' && !(x.value / y.value >= 1.9 && x.value / y.value <= 2.1)) return false;
    if (need === 'half' && !(y.value / x.value >= 0.475 && y.value / x.value <= 0.525)) return false;
  }
  return true;
}

/** A claim's number as written, and the same number moved beyond its tolerance (null: none that reads). */
interface Stated {
  text: string;
  moved: string | null;
  reading?: PlannedClaim['reading'];
}

function percentStated(key: string, value: number, max?: number): Stated | null {
  if (value < 0.5 || value > 300) return null;
  const d = decimalsFor(value, choose(`${key}:percent decimals`, [0, 1, 1, 2]));
  if (d === null) return null;
  const stated = Number(value.toFixed(d));
  const moved = movedValue(stated, d, max);
  return { text: writePercent(stated, d), moved: moved === null ? null : writePercent(moved, d) };
}

function ratioStated(key: string, ratio: number): Stated | null {
  if (ratio < 1.2 || ratio > 100) return null;
  const d = decimalsFor(ratio, ratio >= 10 ? 1 : choose(`${key}:ratio decimals`, [1, 2]));
  if (d === null) return null;
  const stated = Number(ratio.toFixed(d));
  const moved = movedValue(stated, d);
  return { text: writeNumber(stated, d), moved: moved === null ? null : writeNumber(moved, d) };
}

function amountStated(value: number, style: AmountStyle, display: Display): Stated | null {
  const stated = inDisplay(value, display);
  if (stated === 0) return null;
  const moved = movedValue(stated, display.decimals);
  return {
    text: writeAmount(stated * display.scale, style, display),
    moved: moved === null ? null : writeAmount(moved * display.scale, style, display),
  };
}

/**
 * "N times more than" read as ×N (N = X/Y) or as ×(N+1) (N = X/Y − 1), one of them chosen by the key;
 * moved, N is far from both.
 */
function timesMoreStated(key: string, ratio: number): Stated | null {
  const readings: PlannedClaim['reading'][] = [];
  if (ratio >= 1.5 && ratio <= 100) readings.push('×N');
  if (ratio >= 2 && ratio <= 100) readings.push('×(N+1)');
  if (readings.length === 0) return null;
  const reading = choose(`${key}:reading`, readings);
  const n = reading === '×N' ? ratio : ratio - 1;
  const d = decimalsFor(n, 1);
  if (d === null) return null;
  const moved = Number((1.5 * ratio + 1.5).toFixed(d));
  return { text: writeNumber(Number(n.toFixed(d)), d), moved: writeNumber(moved, d), reading };
}

/** The claims of wording `wording` of `family` over `pair`, or null when it cannot word them truly. */
export function planClaims<C extends CellFacts>(
  pair: PairOf<C>,
  family: Family,
  wording: string,
  key: string,
): Plan<C> | null {
  const w = wordingSpec(family, wording);
  if (!SHAPES_OF[family].includes(pair.shape) || !compatible(pair.a, pair.b)) return null;
  const ordered = roles(pair, family);
  if (ordered === null) return null;
  const [x, y] = ordered;
  if (!fits(w, x, y)) return null;
  const tx = thing(x);
  const ty = thing(y);
  const style = joined(x, y);
  const rates = x.kind === 'rate';

  // Naming: a pair that shows periods is named with them, but for a share of claims that leave them out;
  // two periods of one row cannot leave them out (nothing would tell the two apart).
  const namings = namingsFor(tx, ty, w);
  const withPeriods = namings.filter((n) => n.form !== 'none');
  const sameThing = family !== 'change' && tx.label.toLowerCase() === ty.label.toLowerCase();
  if (sameThing && withPeriods.length === 0) return null;
  const unnamed = withPeriods.length === 0 || (!sameThing && fraction(`${key}:unnamed`) < UNNAMED_SHARE);
  const naming: Naming = unnamed ? { form: 'none', style: 'label' } : choose(`${key}:naming`, withPeriods);

  // The claim's number, from the cells.
  const written = w.value === 'x+y' ? [x.value + y.value] : w.value === 'x-y' ? [x.value - y.value] : [];
  const display = choose(
    `${key}:display`,
    displaysFor(w.restates ? [x.value, y.value, ...written] : written, style),
  );
  const rising = y.value > x.value;
  let stated: Stated | null;
  switch (w.value) {
    case 'x-y':
      stated = amountStated(
        family === 'change' ? Math.abs(y.value - x.value) : x.value - y.value,
        style,
        display,
      );
      break;
    case 'x+y':
      stated = amountStated(x.value + y.value, style, display);
      break;
    case '(x-y)/y':
      if (rates) return null;
      stated =
        family === 'change'
          ? percentStated(key, (Math.abs(y.value - x.value) / x.value) * 100, rising ? undefined : 100)
          : percentStated(key, ((x.value - y.value) / y.value) * 100);
      break;
    case '(x-y)/x':
      stated = percentStated(key, ((x.value - y.value) / x.value) * 100, 100);
      break;
    case 'x/y':
      stated =
        family === 'share'
          ? percentStated(key, (x.value / y.value) * 100, 100)
          : w.ambiguous
            ? timesMoreStated(key, x.value / y.value)
            : ratioStated(key, x.value / y.value);
      break;
    case 'twice':
      stated = { text: 'twice', moved: 'three times' };
      break;
    case 'half':
      stated = { text: 'half', moved: 'a third' };
      break;
    case 'none':
      stated = { text: '', moved: null };
      break;
  }
  if (stated === null) return null;

  // Restated values: each cell's own, at the claim's display; moved, X's (or, for end points, the later
  // one, further in the change's direction so the direction word stays true).
  let restated: ClaimText['restated'];
  let movedRestated: ClaimText['restated'];
  if (w.restates) {
    const own = (v: number) => writeOwn(rates ? v : inDisplay(v, display) * display.scale, style, display);
    restated = { x: own(x.value), y: own(y.value) };
    if (restated.x === restated.y) return null;
    const d = rates ? style.decimals : display.decimals;
    const at = (v: number) => (rates ? Number(v.toFixed(d)) : inDisplay(v, display));
    const back = (v: number) => (rates ? v : v * display.scale);
    if (family === 'change') {
      const b = at(y.value);
      const moved = rising ? movedValue(b, d) : movedValue(b, d, b);
      if (moved !== null && Math.abs(moved - b) > 4 * toleranceOf(d))
        movedRestated = { x: restated.x, y: writeOwn(back(moved), style, display) };
    } else {
      const moved = movedValue(at(x.value), d);
      if (moved !== null) movedRestated = { x: writeOwn(back(moved), style, display), y: restated.y };
    }
  }

  const base: ClaimText = {
    family,
    wording,
    x: tx,
    y: ty,
    value: stated.text,
    ...(restated ? { restated } : {}),
    ...(x.measure !== null ? { measure: x.measure } : {}),
    kind: x.kind,
    naming,
    ...(family === 'change' ? { rising } : {}),
    flipped: false,
    swapped: false,
  };
  const other = w.first === 'x' ? 'y' : 'x';
  const claims: PlannedClaim[] = [];
  const add = (truth: Truth, text: ClaimText, first: 'x' | 'y') =>
    claims.push({
      truth,
      text: wordClaim(text),
      first,
      ...(stated.reading ? { reading: stated.reading } : {}),
    });

  add(w.ambiguous ? 'ambiguous' : 'true', base, w.first);
  // A number moved: the stated one, or (when the claim states none but restates) a restated value.
  if (stated.moved !== null) add('false-moved', { ...base, value: stated.moved }, w.first);
  else if (movedRestated) add('false-moved', { ...base, restated: movedRestated }, w.first);
  if (w.direction) add('false-direction', { ...base, flipped: true }, w.first);
  // Names swapped: false, unless the wording names nothing the swap changes (a change that names no period)
  // or the two cells are equal (a part that is its whole).
  const swapped: ClaimText = { ...base, swapped: true };
  if (!w.symmetric && x.value !== y.value && wordClaim(swapped) !== wordClaim(base))
    add('false-roles', swapped, other);
  // What the rows have, said as a measure no table of net sales or revenue holds.
  if (w.needs.includes('measure') && base.measure !== undefined)
    add('other-measure', { ...base, measure: choose(`${key}|measure`, OTHER_MEASURES) }, w.first);

  return {
    key,
    table: pair.table,
    family,
    wording,
    source: pair.source,
    x,
    y,
    naming,
    group:
      x.period === null || y.period === null
        ? 'no period shown'
        : namesPeriods(naming, tx, ty)
          ? 'names things and periods'
          : 'periods not named',
    claims,
  };
}
