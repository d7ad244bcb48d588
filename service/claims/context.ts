import type { Representation } from '../../shared/api';
import { findFigures } from '../../shared/figures';
import { labelWords } from '../numeric/mentions';
import { writtenDecimals } from '../numeric/tolerance';
import { searchPrecision } from '../operations/figures';
import type { ClaimNumber } from './detect';

// What the article around a claim says about where its figures come from. An article rests on a few
// sources: the document whose figures restate several of the article's other numbers, and whose labels
// use the article's words, is more likely the one a claim's figure comes from than another document that
// happens to print the same value. Read once per request from the text the caller gives (the article, or
// the words of its other claims); a document's fit is computed from its newest representation.

/** A number the article states, as a range of magnitudes in base units. */
export interface ContextNumber {
  raw: string;
  /** Its magnitude in base units. */
  size: number;
  /** Half a unit of its last digit (hedges ignored: the article's own rounding), in base units. */
  reach: number;
  /** Written without scale or unit: may be printed in a table's own units ("1,234" in thousands). */
  bare: boolean;
}

export interface ArticleContext {
  numbers: readonly ContextNumber[];
  /** The article's words, as labels are compared (lower case, singular, no stop words). */
  words: ReadonlySet<string>;
  /** The article's most frequent words, for a text search of the documents that speak of the same. */
  query: string;
}

/** Words of a text search for the context: the search uses at most this many. */
const QUERY_WORDS = 24;

/**
 * The article's numbers and words. A bare whole number under 100 ("12 stores", "3 segments") is in most
 * tables by chance, so it says nothing about which document the article rests on.
 */
export function readContext(text: string): ArticleContext {
  const known = READ.get(text);
  if (known !== undefined) return known;
  const read = readText(text);
  READ.set(text, read);
  // Each claim of one article is asked in its own request with the same text: the last few are kept.
  if (READ.size > READ_MAX) READ.delete(READ.keys().next().value!);
  return read;
}

const READ = new Map<string, ArticleContext>();
const READ_MAX = 8;

function readText(text: string): ArticleContext {
  const numbers: ContextNumber[] = [];
  for (const f of findFigures(text)) {
    if (f.ambiguous || f.magnitude === 0) continue;
    const bare = f.unit === null && f.scale === 1;
    if (bare && Number.isInteger(f.magnitude) && f.magnitude < 100) continue;
    const reach = searchPrecision(f.magnitude, writtenDecimals(f.raw, f.magnitude)) * f.scale;
    numbers.push({ raw: f.raw, size: Math.abs(f.value), reach, bare });
  }
  const counts = new Map<string, number>();
  for (const line of text.split(/\n+/))
    for (const w of labelWords(line)) if (/\p{L}/u.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const query = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_WORDS)
    .map(([w]) => w)
    .join(' ');
  return { numbers, words: new Set(counts.keys()), query };
}

/** How a document fits the article: the article's other numbers it holds, and the share of its words the article uses. */
export interface DocumentFit {
  /** Distinct numbers of the article (other than the claim's own) that one of its figures states. */
  numbers: number;
  /** 0 to 1: the share of the document's label words the article uses. */
  words: number;
  /** 0 to 1, both together. */
  fit: number;
}

/** Numbers of the article that a document holding two of them is taken to rest on. */
const NUMBERS_FOR_FULL_FIT = 2;

/** The magnitudes of a representation's figures, sorted, as printed and in a table's own units. */
interface DocumentIndex {
  sizes: Float64Array;
  /** A scaled figure's magnitude in the units its table prints ("1,234" of a table in thousands). */
  printed: Float64Array;
  words: ReadonlySet<string>;
}

function indexOf(rep: Representation): DocumentIndex {
  const sizes: number[] = [];
  const printed: number[] = [];
  const words = new Set<string>();
  for (const unit of rep.units) {
    for (const f of unit.figures) {
      if (f.ambiguous) continue;
      sizes.push(Math.abs(f.value));
      if (f.scale !== 1) printed.push(Math.abs(f.value) / f.scale);
    }
    for (const line of unit.markdown.split(/\n+/))
      for (const w of labelWords(line)) if (/\p{L}/u.test(w)) words.add(w);
  }
  const sorted = (xs: number[]) => Float64Array.from(xs).sort();
  return { sizes: sorted(sizes), printed: sorted(printed), words };
}

/** Whether a sorted array holds a value in [low, high]. */
function holds(sorted: Float64Array, low: number, high: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo]! <= high;
}

const within = (n: ContextNumber, size: number, reach: number) =>
  Math.abs(n.size - size) <= Math.max(n.reach, reach) * (1 + 1e-9);

/**
 * Documents' indexes kept between requests, the most recently used last. A representation never changes
 * once published, so its index is its own for good; it is only ever asked for by id of a figure the
 * caller's own searches found.
 */
const INDEXED = new Map<string, DocumentIndex>();
const INDEXED_MAX = 512;

function remember(representationId: string, index: DocumentIndex): DocumentIndex {
  INDEXED.delete(representationId);
  INDEXED.set(representationId, index);
  if (INDEXED.size > INDEXED_MAX) INDEXED.delete(INDEXED.keys().next().value!);
  return index;
}

/**
 * The fit of documents to one article, each document read once however many claims ask. The claim's own
 * numbers are left out of the count: the article states them too, and every candidate holds them.
 */
export class ContextFit {
  private readonly documents = new Map<string, Promise<DocumentIndex | null>>();

  constructor(
    readonly context: ArticleContext,
    private readonly load: (representationId: string) => Promise<Representation>,
  ) {}

  private index(representationId: string): Promise<DocumentIndex | null> {
    let found = this.documents.get(representationId);
    if (found === undefined) {
      const known = INDEXED.get(representationId);
      found =
        known !== undefined
          ? Promise.resolve(remember(representationId, known))
          : this.load(representationId).then(
              (rep) => remember(representationId, indexOf(rep)),
              () => null,
            );
      this.documents.set(representationId, found);
    }
    return found;
  }

  async of(representationId: string, claimNumbers: readonly ClaimNumber[]): Promise<DocumentFit> {
    const index = await this.index(representationId);
    if (index === null) return { numbers: 0, words: 0, fit: 0 };
    const own = claimNumbers.map((n) => ({ size: Math.abs(n.value), reach: n.precision }));
    const seen = new Set<number>();
    let numbers = 0;
    for (const n of this.context.numbers) {
      if (seen.has(n.size) || own.some((o) => within(n, o.size, o.reach))) continue;
      seen.add(n.size);
      const [low, high] = [n.size - n.reach * (1 + 1e-9), n.size + n.reach * (1 + 1e-9)];
      if (holds(index.sizes, low, high) || (n.bare && holds(index.printed, low, high))) numbers++;
    }
    let shared = 0;
    for (const w of index.words) if (this.context.words.has(w)) shared++;
    const words = index.words.size === 0 ? 0 : shared / index.words.size;
    const fit = 0.6 * Math.min(1, numbers / NUMBERS_FOR_FULL_FIT) + 0.4 * words;
    return { numbers, words, fit };
  }
}
