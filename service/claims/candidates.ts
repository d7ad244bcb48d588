import {
  MAX_FIGURE_SEARCH_LIMIT,
  type FigureMatch,
  type FigureQueryReading,
  type FigureUnitMatch,
  type FigureScale,
  type FigureSearchRequestInput,
  type FigureSearchResponse,
  type NumericRequest,
  type NumericResponse,
  type NumericRolesRequest,
  type OperandReference,
  type OperandRoleName,
  type Representation,
  type RoleState,
  type SearchRequestInput,
  type SearchResponse,
  type SourceVersion,
  type UnitClass,
} from '../../shared/api';
import { parsePeriod, relate } from '../../shared/structure';
import { assessWithReasons } from '../numeric/assess';
import { readClaim, type Relation } from '../numeric/claim';
import { labelMentioned } from '../numeric/comparability';
import { labelWords } from '../numeric/mentions';
import { DOWN_WORDS, HEDGE_FACTOR, UP_WORDS } from '../numeric/wording';
import { closenessOf, placeOf, searchPrecision, unitMatch } from '../operations/figures';
import type { AccountService } from '../operations/service';
import type { ContextFit } from './context';
import type { ClaimNumber, ClaimRelation, ClaimStatement, ListedClaim } from './detect';
import { holdingPairs, placedFigure, tableFiguresOf, type PlacedFigure, type TableFigure } from './tables';

// The operand sets of the library that could back a listed claim: for a level, the figures whose value is
// the claim's number (figures.search, with its unit, scale, precision and hedge); for a derived claim, two
// figures of one table whose difference, change, ratio, share or comparison the numeric engine computes to
// the claim's number within its precision. Each is ranked by how well its labels and periods match what the
// claim names. A candidate is a suggestion, never a verdict: `checkCandidate` runs the numeric check itself.

/** What candidates are found in: the caller's library, as the service's facade answers for one account. */
export interface CandidateLibrary {
  searchFigures(request: FigureSearchRequestInput): Promise<FigureSearchResponse>;
  /** The full-text search of sources (a table's cells are indexed with their row labels and headers). */
  search(request: SearchRequestInput): Promise<SearchResponse>;
  representation(representationId: string): Promise<Representation>;
  verifyNumeric(request: NumericRequest): Promise<NumericResponse>;
  verifyNumericWithRoles(request: NumericRolesRequest): Promise<NumericResponse>;
  /** A source version's registration: the hash of its bytes orders candidates that tie. */
  source(sourceVersionId: string): Promise<SourceVersion>;
}

/** The library of one account of the embedded service. */
export function libraryOf(account: AccountService): CandidateLibrary {
  return {
    searchFigures: (request) => account.searchFigures(request),
    // Candidates read a search's citations, never its count of matches.
    search: (request) => account.search(request, { exactTotals: false }),
    representation: (id) => account.getRepresentation({ representation_id: id }),
    verifyNumeric: (request) => account.verifyNumeric(request),
    verifyNumericWithRoles: (request) => account.verifyNumericWithRoles(request),
    source: (id) => account.getSource({ source_version_id: id }),
  };
}

export const DEFAULT_CANDIDATES = 5;
/** Tables a derived claim's pairs are looked for in: the best the words find, and those its restated numbers are in. */
export const DEFAULT_TABLES = 12;

export interface CandidateOptions {
  /** How many candidates to answer, best first. */
  limit?: number;
  /** For a level: the claim's number to find (another of its numbers than the one it states first). */
  number?: ClaimNumber;
  /** How many tables to look for pairs in. */
  tables?: number;
  /** The article the claim is from: a document that backs its other numbers and uses its words ranks first. */
  context?: ContextFit;
}

/** One figure of a candidate: the operand reference a check takes, what it is and where it stands. */
export interface CandidateFigure extends PlacedFigure {
  /** Its role as the numeric check gives it from the claim's words. */
  role: OperandRoleName;
}

export interface Candidate {
  rank: number;
  /** 0 to 1, comparable among the candidates of one claim only. */
  score: number;
  relation: ClaimRelation;
  /** The numeric engine's relation the candidate was computed by. */
  engine: Relation;
  /** One figure for a level, two for a derived claim; in role order (first role first). */
  figures: CandidateFigure[];
  /**
   * `bound`: the claim's words gave each figure its role; `unclear`: they cannot tell the two apart, so the
   * check will ask a person (the roles shown are the reading that gives the claim's number); `not_needed`.
   */
  roles: RoleState;
  /** The relation computed over the figures by the engine, in the claim's terms; for a level, the figure's value. */
  computed: number | null;
  /** The claim's words and periods found in the figures' labels. */
  matched: { words: string[]; periods: string[] };
  /**
   * Set on a level's figure whose value lies outside the claim's precision but near it, under labels the
   * claim names: what the claim says (base units) and how far the figure is from it, (figure − claim) / |claim|.
   * Null for a figure that is the claim's number within its precision, and for every pair.
   */
  near: NearValue | null;
}

export interface NearValue {
  claimed: number;
  relative: number;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

const SCALE_NAMES: Readonly<Record<number, FigureScale>> = {
  1e3: 'thousand',
  1e6: 'million',
  1e9: 'billion',
  1e12: 'trillion',
};

/** The scales a table's note may give a figure a claim writes bare ("1,234" for 1,234 thousand). */
const NOTE_SCALES: readonly FigureScale[] = ['thousand', 'million', 'billion'];

/** The words a claim names, for a search: its things and measures, then its periods as written. */
function wordsOf(claim: ListedClaim): string {
  return [...claim.names.words, ...claim.names.periods.map((p) => p.text)].join(' ');
}

/** The number a level claim states: its statement's, else its first. */
function statedNumber(claim: ListedClaim): ClaimNumber | null {
  return claim.statements.find((s) => s.number !== null)?.number ?? claim.numbers[0] ?? null;
}

/** How well a figure's headers show the periods a claim names: 1 all named, 0 one named elsewhere. */
function periodFit(
  claim: ListedClaim,
  periods: readonly (string | null)[],
): { fit: number; matched: string[] } {
  const named = claim.names.periods;
  if (named.length === 0) return { fit: 0.5, matched: [] };
  const matched: string[] = [];
  let fits = 0;
  for (const p of periods) {
    const read = parsePeriod(p);
    if (read === null) continue;
    const hit = named.find((n) => relate(n, read) === 'same');
    if (hit) {
      fits++;
      matched.push(hit.label);
    } else fits -= 1;
  }
  const shown = periods.filter((p) => p !== null).length;
  return { fit: shown === 0 ? 0.25 : Math.max(0, fits / shown), matched: [...new Set(matched)] };
}

/** The share of the claim's name words found in the labels, and which. */
function wordFit(claim: ListedClaim, labels: readonly string[]): { fit: number | null; matched: string[] } {
  const asked = [...labelWords(claim.names.words.join(' '))];
  if (asked.length === 0) return { fit: null, matched: [] };
  const have = labelWords(labels.join(' \n '));
  const matched = asked.filter((w) => have.has(w));
  return { fit: matched.length / asked.length, matched };
}

function figureOfMatch(m: FigureMatch): CandidateFigure {
  const period = [...m.column_headers, ...m.row_labels].map((h) => parsePeriod(h)).find((p) => p !== null);
  return {
    ref: {
      source_version_id: m.source_version_id,
      representation_id: m.representation_id,
      source_unit_id: m.source_unit_id,
      figure_index: m.figure_index,
    },
    role: 'value',
    raw: m.figure.raw,
    value: m.figure.value,
    unit: m.figure.unit,
    rowLabels: m.row_labels,
    columnHeaders: m.column_headers,
    tableTitle: m.table_title,
    period: period?.label ?? null,
    cell: m.cell,
    unitIndex: m.unit.index,
  };
}

/**
 * How well a figure's labels hold the words the claim says about one of its numbers: each name word weighs
 * by how near it stands to the number ("$14.9 million in personnel expenses, $8.6 million in cloud costs"),
 * and a few words found count even in a long sentence.
 */
function nearWordFit(
  claim: ListedClaim,
  number: ClaimNumber,
  labels: readonly string[],
): { fit: number | null; matched: string[] } {
  const names = new Set(claim.names.words.map((w) => w.toLowerCase()));
  const have = labelWords(labels.join(' \n '));
  const weights = new Map<string, number>();
  const at = number.start - claim.span.start;
  const end = number.end - claim.span.start;
  for (const m of claim.text.matchAll(/\p{L}(?:[\p{L}'’-]*\p{L})?/gu)) {
    if (!names.has(m[0].toLowerCase())) continue;
    const gap = m.index >= end ? m.index - end : Math.max(0, at - (m.index + m[0].length));
    const weight = 1 / (1 + gap / 40);
    for (const w of labelWords(m[0])) weights.set(w, Math.max(weights.get(w) ?? 0, weight));
  }
  if (weights.size === 0) return { fit: null, matched: [] };
  let total = 0;
  let found = 0;
  const matched: string[] = [];
  for (const [w, weight] of weights) {
    total += weight;
    if (!have.has(w)) continue;
    found += weight;
    matched.push(w);
  }
  return { fit: 0.5 * (found / total) + 0.5 * Math.min(1, matched.length / 3), matched };
}

/**
 * The period a claim gives one of its numbers: with "respectively", the one in the same place of its list;
 * else the nearest it names; null when it names none.
 */
function periodOfNumber(claim: ListedClaim, number: ClaimNumber): string | null {
  const periods = claim.names.periods;
  if (periods.length === 0) return null;
  const measured = claim.numbers.filter((n) => !n.word);
  if (/\brespectively\b/i.test(claim.text) && measured.length === periods.length) {
    const i = measured.findIndex((n) => n.start === number.start);
    if (i >= 0) return periods[i]!.label;
  }
  const gap = (p: { start: number; end: number }) =>
    p.start >= number.end ? p.start - number.end : Math.max(0, number.start - p.end);
  return [...periods].sort((a, b) => gap(a) - gap(b))[0]!.label;
}

/** 1 the number's own period, 0.6 another the claim names, 0 one it does not, 0.25 none shown, 0.5 none named. */
function numberPeriodFit(
  claim: ListedClaim,
  number: ClaimNumber,
  shown: string | null,
): { fit: number; matched: string[] } {
  const own = periodOfNumber(claim, number);
  if (own === null) return { fit: 0.5, matched: [] };
  const read = parsePeriod(shown);
  if (read === null) return { fit: 0.25, matched: [] };
  const ownRead = parsePeriod(own);
  if (ownRead !== null && relate(ownRead, read) === 'same') return { fit: 1, matched: [own] };
  const other = claim.names.periods.find((p) => relate(p, read) === 'same');
  return other ? { fit: 0.6, matched: [other.label] } : { fit: 0, matched: [] };
}

const refKey = (r: OperandReference) =>
  `${r.source_version_id}\u0000${r.representation_id}\u0000${r.source_unit_id}\u0000${r.figure_index}`;

/**
 * The figures that could be one number of a claim (its stated number unless `options.number`), ranked by
 * the search's closeness and label match, then by the periods the claim names. A number written bare is
 * also looked for in the scales a table's note gives ("1,234" in a table "in thousands").
 */
export async function figureCandidates(
  claim: ListedClaim,
  library: CandidateLibrary,
  options: CandidateOptions = {},
): Promise<Candidate[]> {
  const limit = options.limit ?? DEFAULT_CANDIDATES;
  const number = options.number ?? statedNumber(claim);
  if (number === null || number.word || number.ambiguous) return [];
  const found = await figuresFor(claim, number, library);
  // The claim's other numbers most likely come from the same table: where the best figure for a neighbour
  // stands tells which of several tables holding this value the claim is about.
  const gap = (n: ClaimNumber) => Math.abs(n.start - number.start);
  const neighbours = claim.numbers
    .filter((n) => n.start !== number.start && !n.word && !n.ambiguous)
    .sort((a, b) => gap(a) - gap(b))
    .slice(0, NEIGHBOURS);
  if (neighbours.length > 0 && found.length > 1) {
    const units = await Promise.all(
      neighbours.map(async (n) => {
        const [top] = await ranked(await figuresFor(claim, n, library), 1, library);
        return top === undefined ? null : unitKey(top.figures[0]!.ref);
      }),
    );
    for (const c of found) {
      const agree = units.filter((u) => u === unitKey(c.figures[0]!.ref)).length;
      c.score = round(c.score + (NEIGHBOUR_WEIGHT * agree) / neighbours.length);
    }
  }
  await withContext(found, claim, options.context);
  for (const c of found) c.score = round(c.score / (1 + NEIGHBOUR_WEIGHT + CONTEXT_WEIGHT));
  const exact = await ranked(found, limit, library);
  // A false number has no figure within its precision: the figure it misstates may still be near it. Such
  // figures only fill the places the claim's own value leaves, so a near one never outranks an exact one.
  if (exact.length >= limit || !nearAllowed(claim, number)) return exact;
  const floor = Math.min(1, ...exact.map((c) => c.score));
  const near = await nearFigures(
    claim,
    number,
    library,
    new Set(found.map((c) => refKey(c.figures[0]!.ref))),
  );
  for (const c of near) c.score = round(Math.min(c.score, floor) * NEAR_WEIGHT);
  const after = await ranked(near, limit - exact.length, library);
  return [...exact, ...after].map((c, i) => ({ ...c, rank: i + 1 }));
}

/** How far from the claim's number a near figure may lie, as a share of it. */
export const NEAR_REACH = 0.5;
/** Near figures score below every exact one. */
const NEAR_WEIGHT = 0.5;

/**
 * Near figures are looked for only where a figure can contradict the claim: a level stating one number,
 * read plainly (no problem, no bound, no word quantity, no period relative to another).
 */
function nearAllowed(claim: ListedClaim, number: ClaimNumber): boolean {
  if (claim.relation !== 'level' || claim.problem !== null || claim.names.relativePeriod !== null)
    return false;
  if (claim.statements.some((s) => s.engine !== 'equals')) return false;
  const measured = claim.numbers.filter((n) => !n.word);
  if (measured.length !== 1 || measured[0]!.start !== number.start) return false;
  if (number.word || number.ambiguous || number.value === 0) return false;
  return number.modifier.bound === null && number.modifier.boundWords === null;
}

/**
 * A label the claim names, or one that names nothing a claim would: a period (the period rule decides
 * it) or a label of no significant word.
 */
function labelSaid(label: string, claim: string): boolean {
  if (parsePeriod(label) !== null) return true;
  if (![...labelWords(label)].some((w) => w.length >= 3)) return true;
  return labelMentioned(label, claim);
}

/** Tables read for a near figure, beside those the value index answers: the best the claim's words find. */
const NEAR_TABLES = 8;

/** A figure seen as a possible near figure: what the filters read of it. */
interface NearSeen {
  figure: CandidateFigure;
  unitClass: UnitClass;
  scale: number;
  /** Its unit against the claim's, as figures.search reads it; null: another unit. */
  match: FigureUnitMatch | null;
}

/**
 * Figures near the claim's number but outside its precision, in its unit and scale, whose every row label
 * and column header the claim names (so a figure of another row or column is never offered), and whose
 * period is the one the claim gives its number when it names one. Looked for by value (the nearest the
 * index holds) and in the tables the claim's words find, since a false number may be far from its figure
 * among many nearer values. A near figure is what the claim may misstate; only the check says whether it
 * contradicts the claim.
 */
async function nearFigures(
  claim: ListedClaim,
  number: ClaimNumber,
  library: CandidateLibrary,
  exact: ReadonlySet<string>,
): Promise<Candidate[]> {
  const stated = number.value / number.scale;
  const hedge = number.modifier.hedge;
  const precision =
    searchPrecision(stated, number.decimals ?? 0) * number.scale * (hedge === null ? 1 : HEDGE_FACTOR);
  const scale = SCALE_NAMES[number.scale];
  const words = wordsOf(claim).trim();
  let answer: FigureSearchResponse;
  try {
    answer = await library.searchFigures({
      value: stated,
      tolerance: { absolute: NEAR_REACH * Math.abs(stated) },
      limit: MAX_FIGURE_SEARCH_LIMIT,
      ...(scale ? { scale } : {}),
      ...(number.unit === null ? {} : { unit: number.unit }),
      ...(words === '' ? {} : { words: words.slice(0, 500) }),
    });
  } catch {
    // A number the search cannot read (a unit it refuses) has no near figure either.
    return [];
  }
  const seen = new Map<string, NearSeen>();
  for (const m of answer.figures)
    seen.set(refKey(figureOfMatch(m).ref), {
      figure: figureOfMatch(m),
      unitClass: m.figure.unitClass,
      scale: m.figure.scale,
      match: m.unit_match,
    });
  for (const found of await tableFiguresNear(claim, number, library, answer.query, words))
    if (!seen.has(refKey(found.figure.ref))) seen.set(refKey(found.figure.ref), found);

  const own = periodOfNumber(claim, number);
  const ownPeriod = own === null ? null : parsePeriod(own);
  const out: Candidate[] = [];
  for (const [key, { figure, unitClass, scale: figureScale, match }] of seen) {
    if (exact.has(key)) continue;
    // The claim's unit, stated by the figure or its headers; a bare number only against figures read bare.
    if (number.unit !== null ? match !== 'same' : unitClass !== 'none' || match === null) continue;
    if (!number.scaled && figureScale !== 1) continue;
    if (Math.sign(figure.value) !== Math.sign(number.value)) continue;
    const distance = figure.value - number.value;
    if (Math.abs(distance) <= precision * (1 + 1e-9)) continue;
    const relative = distance / Math.abs(number.value);
    if (Math.abs(relative) > NEAR_REACH) continue;
    if (!figure.rowLabels.some((l) => parsePeriod(l) === null && labelMentioned(l, claim.text))) continue;
    if (![...figure.rowLabels, ...figure.columnHeaders].every((l) => labelSaid(l, claim.text))) continue;
    if (own !== null) {
      const shown = parsePeriod(figure.period);
      if (ownPeriod === null || shown === null || relate(ownPeriod, shown) !== 'same') continue;
    }
    const fit = nearWordFit(claim, number, [
      ...figure.rowLabels,
      ...figure.columnHeaders,
      figure.tableTitle ?? '',
    ]);
    const score = 0.6 * (fit.fit ?? 0.5) + 0.4 * (1 - Math.abs(relative) / NEAR_REACH);
    out.push({
      rank: 0,
      score: round(score),
      relation: 'level',
      engine: 'equals',
      figures: [figure],
      roles: 'not_needed',
      computed: figure.value,
      matched: { words: fit.matched, periods: own === null ? [] : [own] },
      near: { claimed: number.value, relative: round(relative) },
    });
  }
  return out;
}

/** The cells within reach of the claim's number in the tables its words find (text search). */
async function tableFiguresNear(
  claim: ListedClaim,
  number: ClaimNumber,
  library: CandidateLibrary,
  reading: FigureQueryReading,
  words: string,
): Promise<NearSeen[]> {
  if (!/\p{L}/u.test(words)) return [];
  let citations: { representation_id?: string; source_unit_id?: string }[];
  try {
    const answer = await library.search({ query: words.slice(0, 1000), limit: NEAR_TABLES });
    citations = answer.claim_groups?.[0]?.citations ?? answer.citations ?? [];
  } catch {
    return [];
  }
  const low = number.value - NEAR_REACH * Math.abs(number.value);
  const high = number.value + NEAR_REACH * Math.abs(number.value);
  const representations = new Map<string, Promise<Representation | null>>();
  const out: NearSeen[] = [];
  for (const { representation_id: id, source_unit_id: unitId } of citations.slice(0, NEAR_TABLES)) {
    if (id === undefined || unitId === undefined) continue;
    let pending = representations.get(id);
    if (pending === undefined)
      representations.set(id, (pending = library.representation(id).catch(() => null)));
    const rep = await pending;
    const unit = rep?.units.find((u) => u.source_unit_id === unitId);
    if (rep === null || rep === undefined || unit === undefined) continue;
    // The table's cells as the pairs read them: one place, period and unit for a figure, however found.
    const byIndex = new Map(unit.figures.map((f) => [f.index, f]));
    for (const t of tableFiguresOf(rep, unit).flat()) {
      if (t.value < low || t.value > high) continue;
      const f = byIndex.get(t.ref.figure_index)!;
      out.push({
        figure: { ...placedFigure(t), role: 'value' },
        unitClass: f.unitClass,
        scale: f.scale,
        match: unitMatch(reading, f, placeOf(unit, f)),
      });
    }
  }
  return out;
}

/** Documents whose fit to the article is read for one claim: the best few its candidates are in. */
const CONTEXT_DOCUMENTS = 8;
/** What a document's fit to the article weighs beside a candidate's own labels and periods. */
const CONTEXT_WEIGHT = 0.25;

/**
 * Each candidate raised by its document's fit to the article: the article's other numbers it holds and
 * the words it shares. Read for the documents of the best candidates only (all of those tying at the
 * last place taken), so the choice never depends on the order they were found in.
 */
async function withContext(
  candidates: Candidate[],
  claim: ListedClaim,
  context: ContextFit | undefined,
): Promise<void> {
  if (context === undefined || candidates.length === 0) return;
  const best = new Map<string, number>();
  for (const c of candidates)
    for (const f of c.figures) {
      const id = f.ref.representation_id;
      best.set(id, Math.max(best.get(id) ?? -Infinity, c.score));
    }
  const scores = [...best.values()].sort((a, b) => b - a);
  const floor = scores[Math.min(CONTEXT_DOCUMENTS, scores.length) - 1]!;
  const read = [...best.entries()].filter(([, score]) => score >= floor).map(([id]) => id);
  const fits = new Map(
    await Promise.all(read.map(async (id) => [id, (await context.of(id, claim.numbers)).fit] as const)),
  );
  for (const c of candidates) {
    const fit = Math.min(...c.figures.map((f) => fits.get(f.ref.representation_id) ?? 0));
    c.score = round(c.score + CONTEXT_WEIGHT * fit);
  }
}

const UP = new Set<string>(UP_WORDS);
const DOWN = new Set<string>(DOWN_WORDS);

/** The direction of the last rise or fall word shortly before a number ("a decrease of $50.1 million, or 6%"). */
function directionBefore(claim: ListedClaim, number: ClaimNumber): 1 | -1 | 0 {
  const at = number.start - claim.span.start;
  const before = claim.text.slice(Math.max(0, at - 60), at).toLowerCase();
  // "fell to $5 million", "rose from 4%": the number is a level the change ends or starts at.
  if (/(?:^|[^\p{L}])(?:to|from|at)\s*$/u.test(before)) return 0;
  const words = before.match(/\p{L}+/gu) ?? [];
  for (let i = words.length - 1; i >= 0; i--) {
    if (DOWN.has(words[i]!)) return -1;
    if (UP.has(words[i]!)) return 1;
  }
  return 0;
}

/** The claim's neighbouring numbers read to place one of its numbers, and what their agreement weighs. */
const NEIGHBOURS = 2;
const NEIGHBOUR_WEIGHT = 0.15;

const unitKey = (r: OperandReference) => `${r.representation_id}\u0000${r.source_unit_id}`;

/** Every figure the searches find for one number of a claim, each scored, unranked. */
async function figuresFor(
  claim: ListedClaim,
  number: ClaimNumber,
  library: CandidateLibrary,
): Promise<Candidate[]> {
  const stated = number.value / number.scale;
  const hedge = number.modifier.hedge ?? number.modifier.boundWords;
  const written = hedge === null ? number.raw : `${hedge} ${number.raw}`;
  const words = wordsOf(claim);
  const base: FigureSearchRequestInput = {
    value: stated,
    tolerance: { written },
    limit: MAX_FIGURE_SEARCH_LIMIT,
    ...(words.trim() === '' ? {} : { words: words.slice(0, 500) }),
  };
  const scale = SCALE_NAMES[number.scale];
  const searches: { request: FigureSearchRequestInput; weight: number; scale: number | null }[] = [
    { request: { ...base, ...(scale ? { scale } : {}) }, weight: 1, scale: null },
  ];
  // A bare number over a table whose note states its scale is compared in the table's units by the check.
  if (!number.scaled && number.unitClass !== 'percent' && number.unitClass !== 'percentage_point')
    for (const s of NOTE_SCALES)
      searches.push({
        request: { ...base, scale: s },
        weight: 0.95,
        scale: s === 'thousand' ? 1e3 : s === 'million' ? 1e6 : 1e9,
      });

  // A size the claim states may be printed as a negative ("(26,811)" under cash used): found, ranked lower,
  // and left to the check, which compares sizes only where a loss is named.
  const down =
    claim.statements.some((st) => st.number?.start === number.start && st.direction < 0) ||
    directionBefore(claim, number) < 0;
  if (down) for (const s of searches) s.weight *= 0.9;
  if (stated > 0)
    for (const s of [...searches]) {
      // The number as written reads positive, so the reach is given in the request's own terms.
      const reach = searchPrecision(stated, number.decimals ?? 0) * (hedge === null ? 1 : HEDGE_FACTOR);
      searches.push({
        request: {
          ...s.request,
          value: -stated,
          tolerance: { absolute: reach },
          ...(number.unit === null ? {} : { unit: number.unit }),
        },
        // Under a down word ("a decrease of 6%") a table prints the fall negative: that reading first.
        weight: down ? s.weight / 0.9 : s.weight * 0.9,
        scale: s.scale,
      });
    }

  const answers = await Promise.all(
    searches.map(async (s) => {
      try {
        return { s, answer: await library.searchFigures(s.request) };
      } catch {
        // A number the search cannot read (a unit it refuses) has no figure: no candidate, not a failure.
        return { s, answer: null };
      }
    }),
  );
  const best = new Map<string, Candidate>();
  for (const { s, answer } of answers) {
    if (answer === null) continue;
    for (const m of answer.figures) {
      // A figure found at a note's scale must carry that scale: one written "1,234 thousand" elsewhere is not it.
      if (s.scale !== null && m.figure.scale !== s.scale) continue;
      const figure = figureOfMatch(m);
      const periods = numberPeriodFit(claim, number, figure.period);
      const words = nearWordFit(claim, number, [...m.row_labels, ...m.column_headers, m.table_title ?? '']);
      // A number the claim writes without a unit is a count first: a figure in money or per cent may be it,
      // but only as the claim's words place it, so it ranks below one that states no unit.
      const unitWeight = number.unitClass === 'none' && m.figure.unitClass !== 'none' ? 0.85 : 1;
      const closeness = closenessOf(m.distance, answer.query);
      const unitFit = m.unit_match === 'unstated' ? 0.5 : 1;
      // The claim's own words against the labels weigh most: a value alone is shared by many tables.
      // Within the claim's rounding every value is as consistent with it as another: closeness weighs little.
      const fit = 0.15 * closeness + 0.5 * (words.fit ?? 0.5) + 0.25 * periods.fit + 0.1 * unitFit;
      const score = round(s.weight * unitWeight * fit);
      const key = refKey(figure.ref);
      const had = best.get(key);
      if (had !== undefined && had.score >= score) continue;
      best.set(key, {
        rank: 0,
        score,
        relation: 'level',
        engine: 'equals',
        figures: [figure],
        roles: 'not_needed',
        computed: m.figure.value,
        matched: { words: words.matched, periods: periods.matched },
        near: null,
      });
    }
  }
  return [...best.values()];
}

/** The registration of each source asked for, per library: a source version's bytes never change. */
const registrations = new WeakMap<CandidateLibrary, Map<string, Promise<SourceVersion | null>>>();

function registrationOf(library: CandidateLibrary, id: string): Promise<SourceVersion | null> {
  let known = registrations.get(library);
  if (known === undefined) registrations.set(library, (known = new Map()));
  let found = known.get(id);
  if (found === undefined) {
    found = library.source(id).catch(() => null);
    known.set(id, found);
  }
  return found;
}

/**
 * Where a figure stands, in terms that do not depend on the ids the store gave: the hash of its
 * document's bytes, its page or sheet, its index in it. Only the same bytes registered twice fall back
 * to their registration time, then their ids: either is then the same figure.
 */
async function placeKey(library: CandidateLibrary, f: CandidateFigure): Promise<string> {
  const source = await registrationOf(library, f.ref.source_version_id);
  return [
    source?.bytesHash ?? '',
    String(f.unitIndex).padStart(8, '0'),
    String(f.ref.figure_index).padStart(10, '0'),
    source?.sourceMetadata.registered_at ?? '',
    refKey(f.ref),
  ].join('\u0000');
}

/**
 * Best first. Equal scores (the same figures in two documents, the same value under the same labels)
 * fall by where the figures stand, never by the order found or the ids stored; only the candidates that
 * reach the answer are placed.
 */
async function ranked(
  candidates: Candidate[],
  limit: number,
  library: CandidateLibrary,
): Promise<Candidate[]> {
  const byScore = [...candidates].sort((a, b) => b.score - a.score);
  const cut = byScore[Math.min(limit, byScore.length) - 1]?.score;
  if (cut === undefined) return [];
  const reaching = byScore.filter((c) => c.score >= cut);
  const keys = await Promise.all(
    reaching.map(async (c) => (await Promise.all(c.figures.map((f) => placeKey(library, f)))).join('\u0001')),
  );
  return reaching
    .map((c, i) => ({ c, key: keys[i]! }))
    .sort((a, b) => b.c.score - a.c.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit)
    .map(({ c }, i) => ({ ...c, rank: i + 1 }));
}

/** Tables a derived claim's pairs are looked for in beside those its words find, by what else finds them. */
const NUMBER_TABLES = 4;
const CONTEXT_TABLES = 4;

/** A citation's hash of its document's bytes, as the search answers it. */
const hashOf = (c: { evidence?: { contentHash?: unknown } }) =>
  typeof c.evidence?.contentHash === 'string' ? c.evidence.contentHash : '';

/** How the search rates a citation (its rank's own formula), or its rank where it gives no factors. */
function standingOf(c: {
  rank: number;
  ranking_factors?: { content_relevance: number; source_authority: number; recency: number };
}): number {
  const f = c.ranking_factors;
  if (f === undefined) return -c.rank;
  return 0.75 * f.content_relevance + 0.15 * f.source_authority + 0.1 * f.recency;
}

interface TableFound {
  representationId: string;
  unitId: string;
  order: number;
}

/**
 * The units a derived claim's figures may be in: those its words find (text search), those holding the
 * numbers it restates, those printing its stated number itself (a change or total column: "fell by 416"
 * beside the two years it is the change of), and those the article's own words find. Each way has its own
 * budget, so words shared by many tables ("Total") never crowd out a table its numbers find.
 */
async function tablesFor(
  claim: ListedClaim,
  library: CandidateLibrary,
  count: number,
  context: ContextFit | undefined,
): Promise<TableFound[]> {
  const found: TableFound[] = [];
  const seen = new Set<string>();
  const adder = (budget: number) => {
    let left = budget;
    let last: { standing: number; order: number } | null = null;
    /** `standing`: tables the search rates alike take one place, whatever order it lists them in. */
    return (representationId: string | undefined, unitId: string | undefined, standing?: number) => {
      if (representationId === undefined || unitId === undefined || left <= 0) return;
      const key = `${representationId}\u0000${unitId}`;
      if (seen.has(key)) return;
      seen.add(key);
      left--;
      const order =
        standing !== undefined && last !== null && last.standing === standing ? last.order : found.length;
      if (standing !== undefined) last = { standing, order };
      found.push({ representationId, unitId, order });
    };
  };
  const searched = async (query: string, limit: number, add: ReturnType<typeof adder>) => {
    if (!/\p{L}|\p{N}/u.test(query)) return;
    try {
      const answer = await library.search({ query: query.slice(0, 1000), limit: Math.min(20, limit) });
      // By the search's own relevance, not the order it lists equal ones in: then by the bytes' hash.
      const citations = [...(answer.claim_groups?.[0]?.citations ?? answer.citations ?? [])]
        .map((c) => ({ c, standing: standingOf(c) }))
        .sort(
          (a, b) =>
            b.standing - a.standing ||
            (hashOf(a.c) < hashOf(b.c) ? -1 : hashOf(a.c) > hashOf(b.c) ? 1 : 0) ||
            (`${a.c.representation_id}:${a.c.source_unit_id}` <
            `${b.c.representation_id}:${b.c.source_unit_id}`
              ? -1
              : 1),
        );
      for (const { c, standing } of citations) add(c.representation_id, c.source_unit_id, standing);
    } catch {
      // A query of no searchable words finds no table; the numbers may still.
    }
  };
  await searched(wordsOf(claim).trim(), count, adder(count));
  const byNumbers = adder(NUMBER_TABLES);
  const statedAt = claim.statements[0]?.number?.start;
  const restated = claim.numbers.filter((n) => n.start !== statedAt && !n.word);
  const stated = claim.numbers.filter((n) => n.start === statedAt && !n.word);
  // Where each number's best figures are, as its own labels place them: its neighbours are not read here.
  for (const n of [...restated, ...stated])
    if (!n.ambiguous)
      for (const c of await ranked(await figuresFor(claim, n, library), 3, library))
        for (const f of c.figures) byNumbers(f.ref.representation_id, f.ref.source_unit_id);
  if (context !== undefined) await searched(context.context.query, CONTEXT_TABLES, adder(CONTEXT_TABLES));
  return found;
}

/**
 * Pairs of figures of one table (one row or one column) whose relation, computed by the numeric engine,
 * gives the claim's number within its precision, each with the roles the engine binds from the claim's
 * words; ranked by how well their labels match the words the claim names and their headers the periods.
 */
export async function pairCandidates(
  claim: ListedClaim,
  library: CandidateLibrary,
  options: CandidateOptions = {},
): Promise<Candidate[]> {
  const limit = options.limit ?? DEFAULT_CANDIDATES;
  const statement = claim.statements[0];
  if (statement === undefined || claim.problem !== null) return [];
  const reading = readClaim(claim.text);
  if (reading.problem !== null || reading.checks.length === 0) return [];
  const units = await tablesFor(claim, library, options.tables ?? DEFAULT_TABLES, options.context);
  const representations = new Map<string, Promise<Representation | null>>();
  const load = (id: string) => {
    let rep = representations.get(id);
    if (!rep) representations.set(id, (rep = library.representation(id).catch(() => null)));
    return rep;
  };
  const candidates: Candidate[] = [];
  for (const found of units) {
    const rep = await load(found.representationId);
    const unit = rep?.units.find((u) => u.source_unit_id === found.unitId);
    if (!rep || !unit) continue;
    const tableRank = 1 - found.order / Math.max(1, units.length);
    for (const table of tableFiguresOf(rep, unit))
      for (const [a, b] of holdingPairs(reading, table)) {
        const candidate = pairCandidate(claim, statement, a, b, tableRank);
        if (candidate !== null) candidates.push(candidate);
      }
  }
  await withContext(candidates, claim, options.context);
  for (const c of candidates) c.score = round(c.score / (1 + CONTEXT_WEIGHT));
  return ranked(candidates, limit, library);
}

/** A pair as the engine reads it with the claim: its roles and computed value; null when it is not the claim's number. */
function pairCandidate(
  claim: ListedClaim,
  { relation, engine }: Pick<ClaimStatement, 'relation' | 'engine'>,
  x: TableFigure,
  y: TableFigure,
  tableRank: number,
): Candidate | null {
  // The engine is handed the two in one fixed order, so what it answers never depends on the order found.
  const [a, b] = refKey(x.ref) <= refKey(y.ref) ? [x, y] : [y, x];
  const explained = assessWithReasons(claim.text, [a.operand, b.operand]);
  const { arithmetic, roles } = explained.assessment;
  let named: OperandRoleName[];
  let computed: number | null;
  let state: RoleState;
  if (arithmetic?.verdict === 'holds' && explained.operandRoles !== null) {
    named = explained.operandRoles.map((r) => r.role);
    computed = arithmetic.computed;
    state = roles?.state ?? 'bound';
  } else if (roles?.state === 'unclear') {
    const reading = roles.readings.find((r) => r.verdict === 'holds');
    if (reading === undefined) return null;
    named = reading.roles;
    computed = reading.computed;
    state = 'unclear';
  } else return null;
  const firstRoles = new Set<OperandRoleName>(['subject', 'from', 'part', 'value']);
  const pair = [
    { figure: a, role: named[0] ?? 'term' },
    { figure: b, role: named[1] ?? 'term' },
  ];
  if (firstRoles.has(pair[1]!.role) && !firstRoles.has(pair[0]!.role)) pair.reverse();
  const labels = pair.flatMap((p) => [...p.figure.rowLabels, ...p.figure.columnHeaders]);
  const title = a.tableTitle ?? '';
  const words = wordFit(claim, [...labels, title]);
  const periods = periodFit(
    claim,
    pair.map((p) => p.figure.period),
  );
  const wordScore = words.fit ?? 0.5;
  const score = round(
    0.45 * wordScore + 0.25 * periods.fit + 0.15 * (state === 'bound' ? 1 : 0) + 0.15 * tableRank,
  );
  return {
    rank: 0,
    score,
    relation,
    engine,
    figures: pair.map(({ figure, role }) => ({ ...placedFigure(figure), role })),
    roles: state,
    computed,
    matched: { words: words.matched, periods: periods.matched },
    near: null,
  };
}

/**
 * The ranked operand sets that could back a claim (the best `limit`, 5 unless told): one figure for a level
 * (the value it states), two figures of one table for any other relation.
 */
export async function candidatesFor(
  claim: ListedClaim,
  library: CandidateLibrary,
  options: CandidateOptions = {},
): Promise<Candidate[]> {
  const engine = claim.statements[0]?.engine ?? 'equals';
  if (engine === 'equals') return figureCandidates(claim, library, options);
  return pairCandidates(claim, library, options);
}

/**
 * The numeric check of a claim over a candidate's figures: the same call a person's own pick makes, with
 * the claim's text and the operand references, so a candidate never decides an outcome by itself. Roles a
 * person gave (one per figure, in the candidate's order) go to the roles check; the candidate's own roles
 * are never sent, so a question the claim's words leave open stays open.
 */
export async function checkCandidate(
  claim: Pick<ListedClaim, 'text'>,
  candidate: Pick<Candidate, 'figures'>,
  library: Pick<CandidateLibrary, 'verifyNumeric' | 'verifyNumericWithRoles'>,
  roles?: readonly OperandRoleName[],
): Promise<NumericResponse> {
  const request = { claim: claim.text, operands: candidate.figures.map((f) => f.ref) };
  return roles === undefined
    ? library.verifyNumeric(request)
    : library.verifyNumericWithRoles({ ...request, roles: [...roles] });
}
