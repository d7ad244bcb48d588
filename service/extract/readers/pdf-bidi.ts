// Right-to-left text on a PDF page. A page in Hebrew or Arabic draws its letters right to left, and a
// reader gives each letter drawn against the flow as an item of its own; set left to right by where they
// stand, "תוצר" would read "רצות". These helpers put a line's items in the order a person reads them: the
// line's direction from its letters (Latin letters against Hebrew or Arabic ones; digits are neither), runs
// of the other direction kept whole inside it, and numbers read left to right wherever they stand.

/** A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/gu;
/** A letter of a left-to-right script (Latin, Greek, Cyrillic, …): any letter that is not right-to-left. */
const LTR_LETTERS = /(?![\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc])\p{L}/gu;

export interface Positioned {
  text: string;
  x0: number;
  x1: number;
}

type Direction = 'rtl' | 'ltr' | 'number' | 'neutral';

function directionOf(text: string): Direction {
  if (RTL_LETTER.test(text)) return 'rtl';
  if (/\p{L}/u.test(text)) return 'ltr';
  return /\d/u.test(text) ? 'number' : 'neutral';
}

/** Whether any item holds a right-to-left letter (most pages: none, and nothing here runs). */
export function hasRightToLeft(items: readonly Positioned[]): boolean {
  return items.some((item) => RTL_LETTER.test(item.text));
}

/** Whether text reads right to left: more right-to-left letters than left-to-right ones. */
export function readsRightToLeft(text: string): boolean {
  const rtl = text.match(RTL_LETTERS)?.length ?? 0;
  return rtl > 0 && rtl >= (text.match(LTR_LETTERS)?.length ?? 0);
}

/**
 * The items with the letters of each right-to-left glyph turned round. A glyph that stands for several
 * letters (the lam-alef ligature "لا") is given as one item per letter, all at the glyph's place, in their
 * reading order; right-to-left text is read by turning its items round, which would turn those letters
 * round too ("ال"). Turned round here first, they come out in their own order.
 */
function glyphsTurned<T extends Positioned>(items: readonly T[]): T[] {
  const out: T[] = [];
  let k = 0;
  while (k < items.length) {
    let end = k;
    const at = items[k]!;
    if (RTL_LETTER.test(at.text))
      while (
        end + 1 < items.length &&
        RTL_LETTER.test(items[end + 1]!.text) &&
        Math.abs(items[end + 1]!.x0 - at.x0) < SAME_PLACE &&
        Math.abs(items[end + 1]!.x1 - at.x1) < SAME_PLACE
      )
        end++;
    for (let j = end; j >= k; j--) out.push(items[j]!);
    k = end + 1;
  }
  return out;
}

/** Items whose ends are closer than this (points) stand on one glyph. */
const SAME_PLACE = 0.01;

/**
 * Runs of a line's items (given left to right) read one way: a stretch of items against the line's
 * direction (with the neutral items between them) is one run; every other item is a run of its own.
 */
function runsOf<T extends Positioned>(items: readonly T[], rtl: boolean): { items: T[]; against: boolean }[] {
  const against: Direction = rtl ? 'ltr' : 'rtl';
  const dirs = items.map((item) => directionOf(item.text));
  const runs: { items: T[]; against: boolean }[] = [];
  let k = 0;
  while (k < items.length) {
    if (dirs[k] !== against) {
      runs.push({ items: [items[k]!], against: false });
      k++;
      continue;
    }
    // Against the line: up to the last item of that direction before one of the line's own.
    let end = k;
    for (let j = k + 1; j < items.length && dirs[j] !== (rtl ? 'rtl' : 'ltr'); j++)
      if (dirs[j] === against) end = j;
    runs.push({ items: items.slice(k, end + 1), against: true });
    k = end + 1;
  }
  return runs;
}

/**
 * A line's items (left to right on the page) in reading order: for a right-to-left line, right to left
 * with runs of Latin text left to right inside it; for a left-to-right line, left to right with runs of
 * Hebrew or Arabic right to left inside it. Items keep their own text: a number reads as it is drawn.
 */
export function itemsInReadingOrder<T extends Positioned>(given: readonly T[]): T[] {
  if (!hasRightToLeft(given)) return [...given];
  const items = glyphsTurned(given);
  const rtl = readsRightToLeft(items.map((i) => i.text).join(' '));
  const runs = runsOf(items, rtl);
  const ordered = rtl ? runs.reverse() : runs;
  return ordered.flatMap((run) => (run.against && !rtl ? [...run.items].reverse() : run.items));
}

/**
 * A line's items with each stretch of right-to-left items (and the neutral items between them) made one
 * item whose text is in reading order, a space where its letters stand apart: what table cells are read
 * from, so "סך הכל" is one label, not "לכה ךס".
 */
export function joinRightToLeft<T extends Positioned>(
  given: readonly T[],
  merge: (run: readonly T[], text: string) => T,
  spaced: (left: T, right: T) => boolean,
  apart: (left: T, right: T) => boolean,
): T[] {
  if (!hasRightToLeft(given)) return [...given];
  const items = glyphsTurned(given);
  // Stretches of right-to-left items and the marks between them, never over a cell's gap; on a
  // right-to-left line, the marks at a stretch's ends too (a closing bracket drawn at its left end) and a
  // number set close inside it ("לנפש(2)").
  const rtlLine = readsRightToLeft(items.map((i) => i.text).join(' '));
  const dirs = items.map((item) => directionOf(item.text));
  const blank = (j: number) => items[j]!.text.trim() === '';
  const touches = (j: number, k: number) =>
    k >= 0 &&
    k < items.length &&
    !blank(k) &&
    dirs[k] !== 'number' &&
    !spaced(items[Math.min(j, k)]!, items[Math.max(j, k)]!);
  // On a right-to-left line, Latin words with its letters on both sides, no cell's gap between, are part
  // of its sentence ("اسمي Jeremy في الانجليزية"), read left to right inside it.
  const embedded = new Set<number>();
  if (rtlLine)
    for (let j = 0; j < items.length; j++) {
      if (dirs[j] !== 'ltr' || embedded.has(j)) continue;
      let from = j;
      while (from - 1 >= 0 && dirs[from - 1] !== 'rtl' && !apart(items[from - 1]!, items[from]!)) from--;
      let to = j;
      while (to + 1 < items.length && dirs[to + 1] !== 'rtl' && !apart(items[to]!, items[to + 1]!)) to++;
      const inside =
        from - 1 >= 0 &&
        to + 1 < items.length &&
        !apart(items[from - 1]!, items[from]!) &&
        !apart(items[to]!, items[to + 1]!);
      // Digits beside the Latin words read with them ("2019 Q1"), as the bidi algorithm reads them.
      if (inside)
        for (let k = from; k <= to; k++) if (dirs[k] === 'ltr' || dirs[k] === 'number') embedded.add(k);
      j = to;
    }
  const latin = new Set([...embedded].map((j) => items[j]!));
  const joins = (j: number) =>
    dirs[j] === 'rtl' ||
    dirs[j] === 'neutral' ||
    embedded.has(j) ||
    (rtlLine && dirs[j] === 'number' && (touches(j, j - 1) || touches(j, j + 1)));
  const runs: { items: T[]; against: boolean }[] = [];
  let k = 0;
  while (k < items.length) {
    if (!joins(k)) {
      runs.push({ items: [items[k]!], against: false });
      k++;
      continue;
    }
    let end = k;
    while (end + 1 < items.length && joins(end + 1) && !apart(items[end]!, items[end + 1]!)) end++;
    let from = k;
    let to = end;
    const edge = (j: number) => dirs[j] === 'neutral' && (!rtlLine || blank(j));
    while (from <= to && edge(from)) from++;
    while (to >= from && edge(to)) to--;
    for (let j = k; j < from; j++) runs.push({ items: [items[j]!], against: false });
    if (from <= to)
      runs.push({ items: items.slice(from, to + 1), against: dirs.slice(from, to + 1).includes('rtl') });
    for (let j = to + 1; j <= end; j++) runs.push({ items: [items[j]!], against: false });
    k = end + 1;
  }
  const out: T[] = [];
  for (const run of runs) {
    if (!run.against || run.items.length === 1) {
      out.push(...run.items);
      continue;
    }
    // Right to left, item by item, but a stretch of embedded Latin words (with the marks between them)
    // left to right, as it reads.
    let text = '';
    for (let k = run.items.length - 1; k >= 0;) {
      let first = k;
      if (latin.has(run.items[k]!))
        for (let j = k - 1; j >= 0; j--) {
          const item = run.items[j]!;
          if (latin.has(item)) first = j;
          else if (directionOf(item.text) !== 'neutral') break;
        }
      let piece = '';
      for (let j = first; j <= k; j++) {
        const item = run.items[j]!;
        if (j > first && spaced(run.items[j - 1]!, item) && !/\s$/.test(piece) && !/^\s/.test(item.text))
          piece += ' ';
        piece += item.text;
      }
      const right = run.items[k + 1];
      if (right !== undefined && spaced(run.items[k]!, right) && !/\s$/.test(text) && !/^\s/.test(piece))
        text += ' ';
      text += piece;
      k = first - 1;
    }
    out.push(merge(run.items, text.replace(/\s+/g, ' ').trim()));
  }
  return out;
}
