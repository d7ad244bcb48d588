// Numbers that name rather than measure: a person's age, a street address, a reference to a page, section or
// standard, a rank, a number inside a quoted title. shared/figures already leaves out dates, times, years,
// phone numbers, ordinals and capitalised references; these are what a sentence's words add around a figure
// it did read.

/** Why a number in a sentence is no claim's number. */
export type NamingKind = 'age' | 'address' | 'reference' | 'code' | 'rank' | 'term' | 'title';

/** A number of the sentence that names something, with the stretch of words that shows it. */
export interface NamingNumber {
  kind: NamingKind;
  start: number;
  end: number;
}

/** A number as the sentence writes it, and whether it carries a unit or a scale. */
export interface WrittenNumber {
  start: number;
  end: number;
  value: number;
  /** No unit and no scale: a bare count, or a number that may be a name. */
  bare: boolean;
}

const AGE_BEFORE = /(?<![\p{L}])(?:aged?|ages|age\s+of|aged\s+between)\s*$/iu;
const AGE_AFTER = /^(?:\s*|-)(?:years?|yrs?)(?:\s+|-)(?:old|of\s+age)(?![\p{L}])|^-year-old/iu;
/** "John Smith, 45, said": a bare number between commas right after a capitalised name. */
const AGE_APPOSITION_BEFORE = /\p{Lu}[\p{L}'’-]+,\s*$/u;
const AGE_APPOSITION_AFTER = /^\s*,/;

const STREET_WORDS =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Court|Ct|Square|Sq|Parkway|Pkwy|Highway|Hwy|Terrace|Plaza|Circle|Row|Crescent|Close|Alley';
const STREET_AFTER = new RegExp(
  `^\\s+(?:[NSEW]\\.?\\s+)?(?:\\p{Lu}[\\p{L}'’.-]*\\s+){1,3}(?:${STREET_WORDS})\\b`,
  'u',
);
const ADDRESS_BEFORE =
  /(?<![\p{L}])(?:suite|ste\.?|floor|fl\.?|room|rm\.?|unit|apt\.?|apartment|p\.?\s*o\.?\s+box|box|building|bldg\.?|route|interstate|zip(?:\s+code)?|postcode)\s*$/iu;
/** A US zip code after a state's two letters ("CA 94043"). */
const ZIP_BEFORE = /(?<![\p{L}])[A-Z]{2}\s+$/u;

/** Lower-case references shared/figures reads as words ("table 3"): in an article they point, not measure. */
const REFERENCE_BEFORE =
  /(?<![\p{L}])(?:pages?|p\.|pp\.|sections?|chapters?|figures?|fig\.|tables?|notes?|items?|paragraphs?|lines?|exhibits?|appendix|annex|schedules?|clauses?|articles?|parts?|volumes?|vol\.|issues?|episodes?|seasons?|steps?|questions?|rules?|footnotes?|slides?|boxes|verses?)\s*$/iu;
/** A standard, a form or a numbered class: "ASC 606", "IFRS 16", "Form 10-K", "Topic 842", "Phase 3". */
const CODE_BEFORE =
  /(?:(?<![\p{L}])[A-Z]{2,6}|(?<![\p{L}])(?:Topic|Subtopic|Form|Rule|Regulation|Statement|Opinion|Release|Bulletin|Code|Act|Title|Class|Series|Phase|Stage|Model|Version|Type|Grade|Region|District|Ward|Flight|Gate|Channel|Track|Platform|Division|Unit|Group|Plan|Fund|Article|Section|Item|Note|Notes|Level|Tier))\s*$/u;
/** A number glued to a letter after a hyphen or a letter: "10-K", "7A", "401(k)". */
const CODE_AFTER = /^(?:-[A-Z]{1,2}\b|\([a-z]\)|[A-Z]\b)/u;

/** "the 10 largest", "top 5", "ranked 3": a place in an order, not an amount. */
const RANK_BEFORE = /(?<![\p{L}])(?:top|ranked|ranks|ranking|number|no\.)\s*$/iu;
const RANK_AFTER =
  /^\s+(?:largest|biggest|greatest|highest|lowest|smallest|best|worst|most|least|leading|top|richest|poorest|fastest|slowest)(?![\p{L}])/iu;

/** A list marker at the sentence's start: "(1) Includes …", "1) …". */
const MARKER = /^\s*\(?\s*$/;
/** A heading's or a footnote's number: "27 Financial risk management", "Notes: 1 Excludes …", "24.". */
const HEADING_BEFORE = /^\s*(?:notes?\s*:\s*)?$/i;
const HEADING_AFTER = /^(?:\s+[\p{Lu}(]|\.?\s*$)/u;
/** A term written as one word with its length: "a 15-year period", "a 30-day average". */
const TERM_AFTER = /^-(?:years?|months?|weeks?|days?|hours?|minutes?|quarters?)(?![\p{L}])/iu;
/** A stretch of time a sentence is set in: "over the past 12 months", "within 30 days", "the next 5 years". */
const SPAN_BEFORE = /(?<![\p{L}])(?:past|last|next|previous|coming|following|first|within)\s+$/iu;
const SPAN_AFTER = /^\s+(?:years?|months?|weeks?|days?|hours?|quarters?)(?![\p{L}])/iu;
/** Words a title leaves in lower case. */
const TITLE_SMALL = new Set([
  'than',
  'of',
  'and',
  'the',
  'in',
  'for',
  'to',
  'a',
  'an',
  'on',
  'at',
  'by',
  'or',
  'with',
  'from',
  'per',
  'over',
  'under',
  'into',
]);

/** Where the text quotes a title: a quoted stretch that a title word introduces or that is in Title Case. */
export function quotedTitles(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const quote = /"([^"\n]{1,120})"|“([^”\n]{1,120})”|‘([^’\n]{1,120})’(?![\p{L}])/gu;
  for (const m of text.matchAll(quote)) {
    const inner = m[1] ?? m[2] ?? m[3] ?? '';
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const introduced =
      /(?<![\p{L}])(?:titled|entitled|called|named|dubbed|book|film|movie|song|album|report|show|series|article|play|novel|headline|paper|study|programme|program|campaign|chapter|episode|law|bill)[\s,:]*$/iu.test(
        before,
      );
    const words = inner.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
    const long = words.filter((w) => w.length >= 4 && !TITLE_SMALL.has(w.toLowerCase()));
    const titleCase =
      words.length >= 2 &&
      long.length > 0 &&
      long.every((w) => /^\p{Lu}/u.test(w)) &&
      !/[.!?]\s*$/.test(inner);
    if (introduced || titleCase) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** The numbers of `sentence` that name something, each with its kind. */
export function namingNumbers(sentence: string, numbers: readonly WrittenNumber[]): NamingNumber[] {
  const titles = quotedTitles(sentence);
  const out: NamingNumber[] = [];
  for (const n of numbers) {
    const before = sentence.slice(Math.max(0, n.start - 40), n.start);
    const after = sentence.slice(n.end, n.end + 60);
    const whole = Number.isInteger(n.value) && n.value >= 0;
    const kind = ((): NamingKind | null => {
      if (titles.some(([s, e]) => n.start >= s && n.end <= e)) return 'title';
      if (!n.bare) return null;
      if (whole && n.value <= 130 && (AGE_BEFORE.test(before) || AGE_AFTER.test(after))) return 'age';
      if (
        whole &&
        n.value >= 16 &&
        n.value <= 110 &&
        AGE_APPOSITION_BEFORE.test(before) &&
        AGE_APPOSITION_AFTER.test(after)
      )
        return 'age';
      if (whole && (STREET_AFTER.test(after) || ADDRESS_BEFORE.test(before))) return 'address';
      if (ZIP_BEFORE.test(before) && /^\d{5}$/.test(sentence.slice(n.start, n.end))) return 'address';
      if (REFERENCE_BEFORE.test(before)) return 'reference';
      if (n.start === 0 || MARKER.test(sentence.slice(0, n.start))) {
        if (/^\s*\)/.test(after) || /^\.\s/.test(after)) return 'reference';
      }
      const small = n.value < 1000 && sentence.slice(n.start, n.end).length <= 5;
      if (small && HEADING_BEFORE.test(sentence.slice(0, n.start)) && HEADING_AFTER.test(after))
        return 'reference';
      if (whole && (TERM_AFTER.test(after) || (SPAN_BEFORE.test(before) && SPAN_AFTER.test(after))))
        return 'term';
      if (CODE_BEFORE.test(before) || CODE_AFTER.test(after)) return 'code';
      if (whole && (RANK_BEFORE.test(before) || RANK_AFTER.test(after))) return 'rank';
      return null;
    })();
    if (kind !== null) out.push({ kind, start: n.start, end: n.end });
  }
  return out;
}
