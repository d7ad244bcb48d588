import type { Basis } from './types';

// The wording table of the numeric check: every word or phrase the claim reader acts on, kept as data so
// that service/numeric/RULES.md and the code cannot drift. Patterns run on the claim lower-cased (same
// length, so figure offsets from shared/figures stay valid). Numbers themselves are read only by
// shared/figures; the words here are relation cues, hedges and the few quantities written as words
// ("doubled", "a quarter", "three times").

const words = (list: readonly string[]): string =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+'))
    .join('|');

/** Verbs and adverbs of a rise: the relation's value is read as positive. */
export const UP_WORDS = [
  'rose',
  'rise',
  'rises',
  'rising',
  'risen',
  'up',
  'increased',
  'increase',
  'increases',
  'increasing',
  'grew',
  'grow',
  'grows',
  'growing',
  'grown',
  'gained',
  'gain',
  'gains',
  'climbed',
  'climb',
  'climbs',
  'jumped',
  'jump',
  'jumps',
  'surged',
  'surge',
  'surges',
  'soared',
  'soar',
  'soars',
  'advanced',
  'expanded',
  'rebounded',
  'widened',
  'widen',
  'widens',
  'went up',
  'higher',
  'growth',
] as const;

/** Verbs and adverbs of a fall: the relation's value is read as negative. */
export const DOWN_WORDS = [
  'fell',
  'fall',
  'falls',
  'falling',
  'fallen',
  'down',
  'decreased',
  'decrease',
  'decreases',
  'decreasing',
  'declined',
  'decline',
  'declines',
  'declining',
  'dropped',
  'drop',
  'drops',
  'slipped',
  'slip',
  'slips',
  'plunged',
  'plunge',
  'plunges',
  'plummeted',
  'tumbled',
  'slumped',
  'slump',
  'sank',
  'shrank',
  'shrunk',
  'shrink',
  'shrinks',
  'lost',
  'lose',
  'loses',
  'narrowed',
  'narrow',
  'narrows',
  'contracted',
  'contraction',
  'eased',
  'dipped',
  'dip',
  'slid',
  'cut',
  'reduced',
  'reduction',
  'went down',
  'lower',
] as const;

/** Direction words that speak of a magnitude (a loss "widened"): computed on absolute values. */
export const MAGNITUDE_WORDS = ['widened', 'widen', 'widens', 'narrowed', 'narrow', 'narrows'] as const;

/** Change without a direction: the value keeps the sign it is written with ("changed by -3%"). */
export const NEUTRAL_CHANGE_WORDS = [
  'changed',
  'change',
  'changes',
  'year-on-year',
  'year on year',
  'yoy',
  'y/y',
];

const UP = words(UP_WORDS);
const DOWN = words(DOWN_WORDS);
const NEUTRAL = words(NEUTRAL_CHANGE_WORDS);

/** A direction or change word, then optionally "by", ending just before the quantity ("rose by"). */
export const DIRECTION_BEFORE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${UP})|(${DOWN})|(${NEUTRAL}))` +
    '(?:\\s+(?:of|by|was|were|is|are|at|stood\\s+at|came\\s+in\\s+at|reached|amounted\\s+to))*\\s*$',
  'u',
);
/** Nouns and adverbs of a rise or fall read after the quantity ("a 12% increase", "12% higher"). */
export const UP_AFTER_WORDS = [
  'increase',
  'increases',
  'rise',
  'rises',
  'gain',
  'gains',
  'jump',
  'jumps',
  'growth',
  'climb',
  'surge',
  'higher',
  'up',
  'improvement',
] as const;
export const DOWN_AFTER_WORDS = [
  'decline',
  'declines',
  'decrease',
  'decreases',
  'drop',
  'drops',
  'fall',
  'falls',
  'slump',
  'reduction',
  'cut',
  'contraction',
  'dip',
  'lower',
  'down',
] as const;

/** A direction noun or adverb right after the quantity ("a 12% increase", "12% higher", "12% y/y"). */
export const DIRECTION_AFTER = new RegExp(
  `^\\s*(?:(?:year[\\s-]+on[\\s-]+year|yoy|y/y)\\s+)?(?:(${words(UP_AFTER_WORDS)})|(${words(DOWN_AFTER_WORDS)})|(year[\\s-]+on[\\s-]+year|yoy|y/y))(?![\\p{L}\\p{N}])`,
  'u',
);
/** A direction word anywhere in the claim (for a change stated only by its end points). */
export const DIRECTION_ANYWHERE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${UP})|(${DOWN}))(?![\\p{L}\\p{N}])`,
  'u',
);

/** Words a comparative may put between itself and "than": the measure ("5,271 more handgun checks than"). */
const MEASURE_WORDS = String.raw`(?:\s+(?!than(?![\p{L}\p{N}]))[\p{L}\p{N}][\p{L}\p{N}'’&.-]*){0,6}?`;

/**
 * Words of what a quantity counts, between it and a comparative ("17 kWh less", "300 votes more", "17 kWh a
 * year less"): at most three and a rate, none a word that joins, scales, compares or names a change ("5% of
 * people more than 65" is no difference, nor is "5 times more" or "a 5% rise more than offset").
 */
const COUNTED_WORDS = String.raw`(?:\s+(?!(?:of|in|on|at|by|for|to|from|and|or|but|the|a|an|than|times|fold|percent|per|cent|points?|percentage|basis|more|less|fewer|higher|lower|greater|bigger|larger|smaller|above|below|was|were|is|are|be|been|had|has|have|who|which|that|this|these|those|each|every|also|still|even|${words(UP_AFTER_WORDS)}|${words(DOWN_AFTER_WORDS)})(?![\p{L}\p{N}]))\p{L}[\p{L}'’-]*){0,3}?(?:\s+(?:a|an|per|each)\s+(?:year|month|week|day|hour|head|person|capita|household))?`;

/**
 * A comparative after a quantity that makes it a difference: "$5m more than B", "5,271 more handgun checks
 * than B", "12% higher in 2019 than in 2018" (group 1: A > B, group 2: A < B); `than` marks where the claim
 * turns from the subject to the reference.
 */
export const DIFFERENCE_AFTER = new RegExp(
  String.raw`^\s*(?:(more|higher|greater|bigger|larger)|(less|lower|fewer|smaller))${MEASURE_WORDS}\s+than(?![\p{L}\p{N}])`,
  'u',
);
/**
 * The same comparative after words of what the quantity counts ("17 kWh less in 2008 than in 2007"), when
 * "than" is followed by no number: "900 females aged more than 80" is a band, not a difference.
 */
export const DIFFERENCE_AFTER_COUNTED = new RegExp(
  String.raw`^${COUNTED_WORDS}\s+(?:(more|higher|greater|bigger|larger)|(less|lower|fewer|smaller))${MEASURE_WORDS}\s+than(?![\p{L}\p{N}])(?!\s*[-−$€£¥]?\d)`,
  'u',
);
/** "$5m above B", "300 below B": a difference with no "than". */
export const DIFFERENCE_ABOVE = /^\s*(?:(above)|(below))(?![\p{L}\p{N}])/u;

/** Verbs that compare two things (group 1: the subject is larger, group 2: smaller). */
const COMPARE_VERBS_UP =
  'exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|outpac(?:e|es|ed|ing)|outstrip(?:s|ped|ping)?|' +
  'outperform(?:s|ed|ing)?|outnumber(?:s|ed|ing)?|outsold|outsell(?:s|ing)?|overt(?:ook|ake|akes|aken|aking)|' +
  'beat|beats|topped';
const COMPARE_VERBS_DOWN =
  'trail(?:s|ed|ing)?|lag(?:s|ged|ging)?(?:\\s+behind)?|(?:fell|falls?|falling|fallen)\\s+short\\s+of';

/**
 * Comparison cues: "A exceeds B", "A ran more handgun checks than B", "A trailed B". Group 1: A > B;
 * group 2: A < B. A comparative's "than" (or the verb) is where the claim turns to the reference.
 */
export const COMPARISON = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${COMPARE_VERBS_UP}|(?:higher|greater|larger|bigger|more)${MEASURE_WORDS}\\s+than|above)|` +
    `(${COMPARE_VERBS_DOWN}|(?:lower|less|smaller|fewer)${MEASURE_WORDS}\\s+than|below))` +
    '(?![\\p{L}\\p{N}])',
  'u',
);
/** A comparison verb written in the passive ("was exceeded by"): the subject is named after it. */
export const PASSIVE_BEFORE =
  /(?<![\p{L}\p{N}])(?:was|were|is|are|been|being|be|get|gets|got)(?:\s+\p{L}+ly)?\s*$/u;
export const PASSIVE_AFTER = /^\s*by(?![\p{L}\p{N}])/u;
/**
 * A comparison verb or comparative then "by" just before a quantity: "A exceeded B by 5,271", "A was higher
 * than B by 10%" (group 1: A > B, group 2: A < B).
 */
export const COMPARE_VERB = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${COMPARE_VERBS_UP}|(?:higher|more|greater|larger|bigger)\\s+than)|` +
    `(${COMPARE_VERBS_DOWN}|(?:lower|less|fewer|smaller)\\s+than))(?![\\p{L}\\p{N}])`,
  'gu',
);
/** "by" right before a quantity. */
export const BY_BEFORE = /(?:^|[^\p{L}])by\s*$/u;

/** "the difference between A and B", "the gap between": a difference whose sign the words do not give. */
export const BETWEEN =
  /(?<![\p{L}\p{N}])(?:difference|gap|spread)\s+(?:(?:of|was|is)\s+)?(?:[^,;]*?\s)?between\s/u;
/** "A minus B is N". */
export const MINUS = /(?<![\p{L}\p{N}])minus(?![\p{L}\p{N}])/u;

/** Sum cues: the quantity is A + B. */
export const SUM = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:together|combined|in\\s+total|a\\s+total\\s+of|total(?:l?ed|l?ing)|altogether|' +
    'sum\\s+of|add(?:s|ed)?\\s+up\\s+to|between\\s+them|in\\s+all)(?![\\p{L}\\p{N}])',
  'u',
);

/** Share cues before a percentage or fraction ("accounts for 40% of"). */
export const SHARE_BEFORE =
  /(?<![\p{L}\p{N}])(?:accounts?\s+for|accounted\s+for|accounting\s+for|makes?\s+up|made\s+up|making\s+up|represents?|represented|representing|comprises?|comprised|share\s+of)\s*$/u;
/** "Texas's share of all handgun checks was 8.5%": the whole is named between "share of" and the verb. */
export const SHARE_OF_BEFORE =
  /(?<![\p{L}\p{N}])share\s+of\s+([^,;]{1,80}?)\s+(?:was|is|were|are|stood\s+at|reached|came\s+to|amounted\s+to|rose\s+to|fell\s+to)\s*$/u;
/** "of" right after a percentage or fraction makes it a share ("25% of", "a quarter of"). */
export const SHARE_AFTER = /^\s+of(?![\p{L}\p{N}])/u;

/** "of" ends a share's whole at the first verb or mark: "8.5% of all handgun checks | were in Texas". */
export const WHOLE_ENDS =
  /(?<![\p{L}\p{N}])(?:was|were|is|are|came|come|comes|went|had|has|have|did|does|do|belonged|belong|belongs|accounted|made|represented)(?![\p{L}\p{N}])|[,;:()\u2014]|\.(?:\s|$)/u;

/** A total named in a claim ("of all …", "the total", "nationwide"): the whole of a share. */
export const TOTAL_CUE =
  /(?<![\p{L}\p{N}])(?:all|total|totals|overall|nationwide|national|nation(?:'s)?|countrywide|country(?:'s)?|entire|whole|combined|aggregate|worldwide|global|statewide)(?![\p{L}\p{N}])/gu;
/** A label that names a total row or column ("Total", "Total revenue", "All states", "Grand total"). */
export const TOTAL_LABEL =
  /^(?:grand\s+)?totals?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:totals?|all\s+\p{L}+|overall|nationwide|national\s+total|combined|aggregate)\s*$/iu;
/**
 * A column header that is only the whole of its row ("Total", "All ages", "Both sexes"), narrower than
 * TOTAL_LABEL: a column beside it ("Male", "18-64") is a part, named only with its part.
 */
export const TOTAL_COLUMN = /^\s*(?:total|all(?:\s+ages)?|both\s+sexes)\s*$/i;

/** "as many … as", "as large as": the second "as" is where a ratio turns to its reference. */
export const AS_AS = /^\s*(?:times\s+)?as\s+(?:[\p{L}\p{N}'’&.-]+\s+){0,6}?as(?![\p{L}\p{N}])/u;

/** "N times", "Nx", "N-fold" right after a number. */
export const MULTIPLE_AFTER = /^\s*(?:x|×|times|-?fold)(?![\p{L}\p{N}])/u;
/** Hedges: the tolerance is doubled; `side` also bounds the true value to one side of the stated one. */
export interface Hedge {
  words: readonly string[];
  side: 'below' | 'above' | null;
}
export const HEDGES: readonly Hedge[] = [
  {
    words: ['nearly', 'almost', 'just under', 'just below', 'just shy of', 'just short of', 'not quite'],
    side: 'below',
  },
  {
    words: [
      'just over',
      'just above',
      'just more than',
      'slightly more than',
      'slightly over',
      'a little over',
      'a little more than',
    ],
    side: 'above',
  },
  {
    words: [
      'about',
      'around',
      'roughly',
      'approximately',
      'approx.',
      'approx',
      'some',
      'circa',
      'c.',
      'close to',
      'near',
      'an estimated',
      'estimated',
      'more or less',
      'of the order of',
      'on the order of',
      'in the region of',
      '~',
      '≈',
    ],
    side: null,
  },
];
/** The factor a hedge applies to the precision tolerance. */
export const HEDGE_FACTOR = 2;

/** Bounds: the relation's result must lie on one side of the stated value (strictly or not). */
export type BoundKind = 'gt' | 'ge' | 'lt' | 'le';
export const BOUNDS: readonly { words: readonly string[]; kind: BoundKind }[] = [
  {
    words: ['at least', 'no less than', 'not less than', 'no fewer than', 'a minimum of', 'minimum of'],
    kind: 'ge',
  },
  {
    words: ['at most', 'no more than', 'not more than', 'up to', 'a maximum of', 'maximum of', 'as much as'],
    kind: 'le',
  },
  {
    words: [
      'more than',
      'over',
      'exceeded',
      'exceeds',
      'exceed',
      'surpassed',
      'surpasses',
      'topped',
      'above',
      'greater than',
      'higher than',
      'in excess of',
      'upwards of',
      'exceeding',
      'beyond',
    ],
    kind: 'gt',
  },
  { words: ['less than', 'under', 'below', 'fewer than', 'lower than', 'short of'], kind: 'lt' },
];

/** Phrases that read as a negation of the relation ("did not rise"); a negated claim is escalated. */
export const NEGATION =
  /(?<![\p{L}\p{N}])(?:not|never|no\s+longer|neither|nor|without|failed\s+to|fail\s+to)(?![\p{L}\p{N}])|n't(?![\p{L}\p{N}])/u;

/** Quantities written as words. `as`: how the value is compared (a percentage or a multiple). */
export interface WordQuantity {
  words: readonly string[];
  value: number;
  as: 'percent' | 'multiple';
  /** A verb that already says "changed by this multiple" ("doubled"): ratio B / A. */
  change?: boolean;
}
export const WORD_QUANTITIES: readonly WordQuantity[] = [
  { words: ['doubled', 'doubling'], value: 2, as: 'multiple', change: true },
  { words: ['tripled', 'trebled', 'tripling'], value: 3, as: 'multiple', change: true },
  { words: ['quadrupled'], value: 4, as: 'multiple', change: true },
  { words: ['halved', 'halving'], value: 0.5, as: 'multiple', change: true },
  { words: ['twice', 'double', 'two times', 'twofold', 'two-fold'], value: 2, as: 'multiple' },
  { words: ['one and a half times'], value: 1.5, as: 'multiple' },
  { words: ['three times', 'threefold', 'three-fold', 'triple'], value: 3, as: 'multiple' },
  { words: ['four times', 'fourfold', 'four-fold'], value: 4, as: 'multiple' },
  { words: ['five times', 'fivefold', 'five-fold'], value: 5, as: 'multiple' },
  { words: ['six times', 'sixfold'], value: 6, as: 'multiple' },
  { words: ['seven times'], value: 7, as: 'multiple' },
  { words: ['eight times'], value: 8, as: 'multiple' },
  { words: ['nine times'], value: 9, as: 'multiple' },
  { words: ['ten times', 'tenfold', 'ten-fold'], value: 10, as: 'multiple' },
  { words: ['a tenth', 'one tenth', 'one-tenth'], value: 10, as: 'percent' },
  { words: ['a fifth', 'one fifth', 'one-fifth'], value: 20, as: 'percent' },
  { words: ['a quarter', 'one quarter', 'one-quarter'], value: 25, as: 'percent' },
  { words: ['a third', 'one third', 'one-third'], value: 100 / 3, as: 'percent' },
  { words: ['half', 'a half', 'one half', 'one-half'], value: 50, as: 'percent' },
  { words: ['two thirds', 'two-thirds'], value: 200 / 3, as: 'percent' },
  { words: ['three quarters', 'three-quarters'], value: 75, as: 'percent' },
];
/** Relative tolerance of a quantity written as a word ("doubled" = 2 ± 5%, "a quarter" = 25% ± 1.25). */
export const WORD_TOLERANCE = 0.05;

/** Words naming a loss or deficit: a positive claim figure may restate a negative source figure. */
export const LOSS =
  /(?<![\p{L}\p{N}])(?:loss(?:es)?|deficits?|shortfalls?|outflows?|negative)(?![\p{L}\p{N}])/u;

/** Basis qualifiers in a claim (compared with OperandContext.basis). */
export const BASIS_WORDS: readonly { pattern: RegExp; basis: Basis }[] = [
  {
    pattern:
      /(?<![\p{L}\p{N}])(?:adjusted|underlying|non[\s-]?gaap|non[\s-]?ifrs|pro[\s-]forma|normali[sz]ed|like[\s-]for[\s-]like)(?![\p{L}\p{N}])/u,
    basis: 'adjusted',
  },
  {
    pattern: /(?<![\p{L}\p{N}-])(?:reported|statutory|gaap|ifrs)(?![\p{L}\p{N}])/u,
    basis: 'reported',
  },
];

/** Build a pattern that matches one of `list` ending exactly at the end of the text before a quantity. */
export function endingWith(list: readonly string[]): RegExp {
  return new RegExp(`(?:^|(?<=[^\\p{L}\\p{N}]))(?:${words(list)})\\s*$`, 'u');
}

/** Build a pattern that matches any of `list` as whole words. */
export function anyOf(list: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words(list)})(?![\\p{L}\\p{N}])`, 'gu');
}
