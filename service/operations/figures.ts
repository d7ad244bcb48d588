import {
  FIGURE_SCALE_FACTORS,
  FigureSearchRequest,
  type FigureCell,
  type FigureMatch,
  type FigureQueryReading,
  type FigureSearchResponse,
  type FigureUnitMatch,
  type FigureWithPosition,
  type Unit,
  type UnitClass,
} from '../../shared/api';
import { findFigures } from '../../shared/figures';
import { CURRENCY_CODES, CURRENCY_SYMBOLS, CURRENCY_WORDS, escapeRegExp } from '../../shared/figures/lexicon';
import { cellHeadings, operandContext, parseCellRef } from '../../shared/structure';
import { readClaim } from '../numeric/claim';
import { labelWords } from '../numeric/mentions';
import { writtenDecimals } from '../numeric/tolerance';
import { HEDGE_FACTOR } from '../numeric/wording';
import type { EvidenceStore, SearchIndexFilters } from '../store/contract';
import { ServiceError, parseRequest } from './errors';
import { indexFilters } from './search';

// `POST /api/v2/figures/search` (local extension): the figures of the caller's library that could be a
// number a claim states. The request's number is read by the project's number readers (shared/figures for
// unit and scale, service/numeric for precision and hedges), turned into a range of values in base units;
// the store's value index answers the figures in that range (the caller's own, newest representations);
// then each is placed (its cell, row labels and column headers, from shared/structure) and ranked by
// closeness, by how well its labels hold the request's words, and by whether its unit is stated.

/** Figures read from the index per search with words: enough to rank by labels, few enough to place each. */
export const FIGURE_CANDIDATES = 100;
/** Without words the nearest figures rank first: a few per result leave room for those of another unit. */
const CANDIDATES_PER_RESULT = 4;

/** The request read: the value and its range in base units, the unit asked for, the words to match. */
export interface FigureQuery {
  reading: FigureQueryReading;
  /** The unit classes a figure may have (its own or its headers'), null for any. */
  unitClasses: readonly UnitClass[] | null;
}

/** A unit as the request names it: "%", "per cent", "pp", "$", "USD", "euro" (a scale may come with it). */
interface ReadUnit {
  unit: string | null;
  unitClass: UnitClass;
  scale: number;
}

/** The unit text read by the figure finder beside a number; null when it is not a unit it knows (a word). */
export function readUnit(text: string): ReadUnit | null {
  for (const probe of [`1 ${text}`, `${text}1`, `${text} 1`]) {
    const found = findFigures(probe);
    const only = found[0];
    if (found.length !== 1 || only === undefined || only.raw !== probe) continue;
    if (only.unit === null && only.scale === 1) continue;
    return { unit: only.unit, unitClass: only.unitClass, scale: only.scale };
  }
  return null;
}

/**
 * Half a unit of the last digit written, in the terms of the number as written. A whole number's
 * trailing zeros are read as rounding ("57,000" is to the thousand), since a claim rounds and the search
 * is for the figure it was rounded from; the numeric check itself still reads them to the unit.
 */
export function searchPrecision(magnitude: number, decimals: number): number {
  if (decimals > 0) return 0.5 * 10 ** -decimals;
  const digits = String(Math.round(Math.abs(magnitude)));
  const zeros = magnitude === 0 ? 0 : digits.length - digits.replace(/0+$/, '').length;
  return 0.5 * 10 ** zeros;
}

/** Digits after the decimal point of a number as JSON writes it (`4.7`: 1, `57000`: 0, `1e-7`: 7). */
function decimalsOf(value: number): number {
  const text = String(Math.abs(value));
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]) + (/\.(\d+)e/.exec(text)?.[1]?.length ?? 0);
  return /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
}

/** The significant words of a text, as labels are compared (lower case, singular), and its years. */
export function queryWords(text: string): string[] {
  const years = [...text.matchAll(/(?<!\d)(?:1[89]|2[01])\d{2}(?!\d)/g)].map((m) => m[0]);
  return [...new Set([...labelWords(text), ...years])];
}

const invalid = (path: string, message: string) =>
  new ServiceError('invalid_request', `${path}: ${message}`, [{ path, message }]);

/** The request as a range of values in base units, with the unit and words it asks for. */
export function readFigureQuery(request: FigureSearchRequest): FigureQuery {
  let scale = request.scale ? FIGURE_SCALE_FACTORS[request.scale] : 1;
  let unit: string | null = null;
  let unitClass: UnitClass | null = null;
  const wordText = [request.words ?? ''];
  if (request.unit !== undefined) {
    const read = readUnit(request.unit);
    if (read === null) {
      // A unit word ("people", "handgun checks"): what the labels should say; such figures have no unit.
      wordText.push(request.unit);
      unitClass = 'none';
    } else {
      unit = read.unit;
      unitClass = read.unitClass;
      if (read.scale !== 1) {
        if (request.scale !== undefined && read.scale !== scale)
          throw invalid('unit', 'the unit names a scale other than `scale`');
        scale = read.scale;
      }
    }
  }
  let precision = searchPrecision(request.value, decimalsOf(request.value)) * scale;
  let hedge: string | null = null;
  let side: 'below' | 'above' | null = null;

  const tolerance = request.tolerance;
  if (tolerance !== undefined && 'absolute' in tolerance) precision = tolerance.absolute * scale;
  if (tolerance !== undefined && 'written' in tolerance) {
    const text = tolerance.written;
    const numbers = findFigures(text).filter((f) => !f.ambiguous);
    const figure = numbers[0];
    if (figure === undefined || numbers.length > 1)
      throw invalid(
        'tolerance.written',
        'expected one number as the claim writes it ("4.7", "almost 57,000")',
      );
    // The number written is the value in base units ("$1.2bn" for 1.2 billion), or the value as stated
    // ("1.2" for 1.2 billion); a scale it writes is the request's when the request names none.
    const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    const inTerms = searchPrecision(figure.magnitude, writtenDecimals(figure.raw, figure.magnitude));
    if (near(figure.value, request.value * scale)) precision = inTerms * figure.scale;
    else if (figure.scale !== 1 && scale === 1 && near(figure.value / figure.scale, request.value)) {
      scale = figure.scale;
      precision = inTerms * figure.scale;
    } else if (figure.scale === 1 && near(figure.value, request.value)) precision = inTerms * scale;
    else
      throw invalid(
        'tolerance.written',
        `the number written (${figure.raw}) is not the value ${request.value}`,
      );
    if (unit === null && unitClass === null && figure.unit !== null) {
      unit = figure.unit;
      unitClass = figure.unitClass;
    }
    const modifier = readClaim(text).checks[0]?.modifier;
    if (modifier) {
      hedge = modifier.hedge ?? modifier.boundWords;
      side =
        modifier.side ??
        (modifier.bound === 'gt' || modifier.bound === 'ge'
          ? 'above'
          : modifier.bound === 'lt' || modifier.bound === 'le'
            ? 'below'
            : null);
    }
  }
  const base = request.value * scale;
  // A hedge or a bound reaches twice as far (service/numeric's hedge factor), on its side only.
  const reach = hedge !== null ? HEDGE_FACTOR * precision : precision;
  const low = side === 'above' ? base : base - reach;
  const high = side === 'below' ? base : base + reach;
  const words = [...new Set(wordText.flatMap(queryWords))];
  const unitClasses: readonly UnitClass[] | null =
    unitClass === null ? null : unitClass === 'none' ? ['none'] : [unitClass, 'none'];
  return { reading: { value: base, low, high, unit, unitClass, words, hedge }, unitClasses };
}

const PERCENT_POINTS = /percentage\s+points?|(?<![\p{L}])pp(?![\p{L}])/iu;
const PERCENT = /%|\bper\s?cent\b|\bpercent(?:age)?\b/i;
/** Symbols longest first, so "US$" is read before the "$" it holds. */
const SYMBOLS = Object.entries(CURRENCY_SYMBOLS).sort(([a], [b]) => b.length - a.length);
const CODES = new RegExp(`(?<![\\p{L}])(${Object.keys(CURRENCY_CODES).join('|')})(?![\\p{L}])`, 'gu');
const WORDS = CURRENCY_WORDS.map(
  ([word, iso]) => [new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, 'iu'), iso] as const,
);

/** The unit the labels of a figure state ("%" or "per cent" in a header, "$ million", "£000"), if one. */
export function statedUnit(texts: readonly string[]): { unit: string | null; unitClass: UnitClass } | null {
  const text = texts.join(' \n ');
  const found = new Map<string, { unit: string | null; unitClass: UnitClass }>();
  if (PERCENT_POINTS.test(text)) found.set('pp', { unit: 'pp', unitClass: 'percentage_point' });
  else if (PERCENT.test(text)) found.set('%', { unit: '%', unitClass: 'percent' });
  let rest = text;
  for (const [symbol, code] of SYMBOLS)
    if (rest.includes(symbol)) {
      found.set(code, { unit: code, unitClass: 'currency' });
      rest = rest.split(symbol).join(' ');
    }
  for (const m of text.matchAll(CODES)) {
    const iso = CURRENCY_CODES[m[1]!]!;
    found.set(iso, { unit: iso, unitClass: 'currency' });
  }
  for (const [pattern, iso] of WORDS)
    if (pattern.test(text)) found.set(iso, { unit: iso, unitClass: 'currency' });
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** Where a figure was read and what stands beside it: its cell, row labels, column headers, table title. */
export interface FigurePlace {
  cell: FigureCell | null;
  rowLabels: string[];
  columnHeaders: string[];
  tableTitle: string | null;
  /** The one currency its table shows on another row ("$" on the first row only), if any. */
  tableCurrency: string | null;
}

/** The one currency the figures of a page's table name ("$" on its first row only), or null: none, or several. */
function tableCurrencyOf(unit: Unit, table: number): string | null {
  const named = new Set(
    unit.figures
      .filter(
        (f) => f.position.kind === 'box' && f.position.cell?.table === table && f.unitClass === 'currency',
      )
      .map((f) => f.unit),
  );
  return named.size === 1 ? ([...named][0] ?? null) : null;
}

export function placeOf(unit: Unit, figure: FigureWithPosition): FigurePlace {
  const position = figure.position;
  const tableCell = position.kind === 'box' ? position.cell : undefined;
  const table = tableCell ? unit.page?.tables?.[tableCell.table] : undefined;
  if (tableCell && table) {
    // A table's cell reads its headings directly: the rest of what a check reads around it is not needed.
    const { labels, headers } = cellHeadings(table, tableCell.row, tableCell.col);
    return {
      cell: { table: tableCell.table, ref: null, row: tableCell.row, col: tableCell.col },
      rowLabels: labels,
      columnHeaders: headers,
      tableTitle: table.title ?? table.continues?.title ?? null,
      tableCurrency: tableCurrencyOf(unit, tableCell.table),
    };
  }
  const context = operandContext(unit, figure, unit.source_unit_id);
  const at = position.kind === 'cell' ? parseCellRef(position.ref) : null;
  return {
    cell:
      at && position.kind === 'cell'
        ? { table: null, ref: position.ref, row: at.row - 1, col: at.col - 1 }
        : null,
    rowLabels: context.rowLabel ? [context.rowLabel] : [],
    columnHeaders: context.columnLabel ? [context.columnLabel] : [],
    tableTitle: unit.kind === 'sheet' ? (unit.sheet?.name ?? null) : null,
    tableCurrency: context.tableCurrency,
  };
}

/** Whether a figure's unit (its own, else its table's or headers') is the one asked: null when it is another. */
export function unitMatch(
  asked: FigureQueryReading,
  figure: Pick<FigureWithPosition, 'unit' | 'unitClass'>,
  place: FigurePlace,
): FigureUnitMatch | null {
  if (asked.unitClass === null) return 'not_asked';
  const stated =
    figure.unitClass !== 'none'
      ? { unit: figure.unit, unitClass: figure.unitClass }
      : place.tableCurrency !== null
        ? { unit: place.tableCurrency, unitClass: 'currency' as const }
        : statedUnit([...place.rowLabels, ...place.columnHeaders, place.tableTitle ?? '']);
  if (asked.unitClass === 'none') return stated === null || stated.unitClass === 'none' ? 'unstated' : null;
  if (stated === null || stated.unitClass === 'none') return 'unstated';
  if (stated.unitClass !== asked.unitClass) return null;
  if (asked.unitClass === 'currency' && stated.unit !== asked.unit) return null;
  return 'same';
}

/** What ranking weighs: 0 to 1 each. */
export interface RankFactors {
  /** 1 at the value, 0 at the far end of the range. */
  closeness: number;
  /** Share of the request's words in the labels (a word only in the source's title counts half); null: none asked. */
  words: number | null;
  unit: FigureUnitMatch;
}

export function closenessOf(
  distance: number,
  reading: Pick<FigureQueryReading, 'low' | 'high' | 'value'>,
): number {
  const reach = Math.max(reading.high - reading.value, reading.value - reading.low);
  if (reach <= 0) return distance === 0 ? 1 : 0;
  return Math.max(0, Math.min(1, 1 - distance / reach));
}

/** The rank score: words weigh as much as closeness when asked; a stated unit above an unstated one. */
export function scoreOf(f: RankFactors): number {
  const unit = f.unit === 'unstated' ? 0.5 : 1;
  const score =
    f.words === null ? 0.85 * f.closeness + 0.15 * unit : 0.45 * f.closeness + 0.45 * f.words + 0.1 * unit;
  return Math.round(score * 1e6) / 1e6;
}

/** The request's words found in the labels (full weight) and in the source's title only (half). */
export function wordsMatched(
  words: readonly string[],
  labels: readonly string[],
  sourceTitle: string | null,
): { matched: string[]; share: number | null } {
  if (words.length === 0) return { matched: [], share: null };
  const inLabels = new Set(labels.flatMap(queryWords));
  const inTitle = new Set(queryWords(sourceTitle ?? ''));
  let weight = 0;
  const matched: string[] = [];
  for (const word of words) {
    if (inLabels.has(word)) weight += 1;
    else if (inTitle.has(word)) weight += 0.5;
    else continue;
    matched.push(word);
  }
  return { matched, share: weight / words.length };
}

/** `POST /api/v2/figures/search`. */
export async function searchFigures(
  store: EvidenceStore,
  accountId: string,
  body: unknown,
): Promise<FigureSearchResponse> {
  const request = parseRequest(FigureSearchRequest, body);
  const query = readFigureQuery(request);
  const filters: SearchIndexFilters = indexFilters(request.filters);
  const { reading } = query;
  const found = await store.figuresByValue(
    accountId,
    { low: reading.low, high: reading.high, target: reading.value, unitClasses: query.unitClasses },
    filters,
    reading.words.length > 0
      ? FIGURE_CANDIDATES
      : Math.min(FIGURE_CANDIDATES, CANDIDATES_PER_RESULT * request.limit),
  );

  // Each unit once, all in one read: its figures and its tables place every candidate it holds.
  const units = new Map(
    (await store.loadUnits([...new Set(found.candidates.map((c) => c.unit_id))])).map((u) => [
      u.source_unit_id,
      u,
    ]),
  );
  const placed = found.candidates.map((candidate, order) => {
    const unit = units.get(candidate.unit_id);
    const at = unit?.figures[candidate.figure_index];
    const figure =
      at?.index === candidate.figure_index
        ? at
        : unit?.figures.find((f) => f.index === candidate.figure_index);
    if (!unit || !figure) return null;
    const place = placeOf(unit, figure);
    const match = unitMatch(reading, figure, place);
    if (match === null) return null;
    const distance = Math.abs(figure.value - reading.value);
    const words = wordsMatched(
      reading.words,
      [...place.rowLabels, ...place.columnHeaders, place.tableTitle ?? ''],
      candidate.title ?? candidate.filename,
    );
    const score = scoreOf({ closeness: closenessOf(distance, reading), words: words.share, unit: match });
    return { candidate, unit, figure, place, match, distance, words: words.matched, score, order };
  });
  // Ties: a figure that writes its unit itself ("4.7%") before one whose unit its headers give, then by
  // where it stands (its document's bytes, its page or sheet, its index), so equal figures rank alike in
  // every library, whatever ids the store gave them.
  const ownUnit = (x: { figure: { unit: string | null } }) => (x.figure.unit === null ? 1 : 0);
  const bytes = (a: { candidate: { sha256: string } }, b: { candidate: { sha256: string } }) =>
    a.candidate.sha256 < b.candidate.sha256 ? -1 : a.candidate.sha256 > b.candidate.sha256 ? 1 : 0;
  const ranked = placed
    .filter((x): x is NonNullable<typeof x> => x !== null)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.distance - b.distance ||
        ownUnit(a) - ownUnit(b) ||
        bytes(a, b) ||
        a.unit.index - b.unit.index ||
        a.figure.index - b.figure.index ||
        a.order - b.order,
    );
  const dropped = found.candidates.length - ranked.length;

  const figures: FigureMatch[] = ranked.slice(0, request.limit).map((x, i) => ({
    rank: i + 1,
    score: x.score,
    source_version_id: x.candidate.source_version_id,
    representation_id: x.candidate.representation_id,
    source_unit_id: x.unit.source_unit_id,
    figure_index: x.figure.index,
    source: {
      title: x.candidate.title,
      filename: x.candidate.filename,
      url: x.candidate.url,
      domain: x.candidate.domain,
      publication_year: x.candidate.publication_year,
      source_type: x.candidate.source_type,
    },
    unit: {
      kind: x.unit.kind,
      index: x.unit.index,
      label:
        x.unit.kind === 'sheet' ? (x.unit.sheet?.name ?? `sheet ${x.unit.index}`) : `page ${x.unit.index}`,
    },
    figure: {
      raw: x.figure.raw,
      value: x.figure.value,
      magnitude: x.figure.magnitude,
      scale: x.figure.scale,
      unit: x.figure.unit,
      unitClass: x.figure.unitClass,
    },
    position: x.figure.position,
    cell: x.place.cell,
    row_labels: x.place.rowLabels,
    column_headers: x.place.columnHeaders,
    table_title: x.place.tableTitle,
    distance: x.distance,
    unit_match: x.match,
    words_matched: x.words,
  }));
  return { query: reading, figures, total: Math.max(0, found.total - dropped), usage: { credits: 0 } };
}
