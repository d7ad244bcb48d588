import { describe, expect, it } from 'vitest';
import {
  changeWordings,
  isPriorYear,
  pairWordings,
  parsePeriodLabel,
  percentile,
  pick,
  renderPeriod,
  seedOf,
  wordChange,
  wordPair,
  type ChangeForm,
  type PairForm,
  type Wording,
} from '../../scripts/eval-numeric-wording';
import {
  choose,
  FAMILIES,
  halfOf,
  inSentence,
  isPlural,
  namesPeriods,
  namingsFor,
  wordClaim,
  wordingsOf,
  wordingSpec,
  type ClaimText,
  type Family,
  type Naming,
  type Thing,
} from '../../scripts/eval-numeric-families';
import {
  decimalsFor,
  displaysFor,
  movedValue,
  toleranceOf,
  writeAmount,
  writePercent,
  type AmountStyle,
} from '../../scripts/eval-numeric-numbers';
import { planClaims, type CellFacts, type PairOf } from '../../scripts/eval-numeric-plan';

// The wording helpers of `npm run eval:numeric`: deterministic, and each form names the periods it says.

const change = (form: ChangeForm, style: Wording<ChangeForm>['style'] = 'label'): Wording<ChangeForm> => ({
  form,
  style,
  namesPeriods: form !== 'none' && form !== 'relative',
});
const pair = (form: PairForm, style: Wording<PairForm>['style'] = 'label'): Wording<PairForm> => ({
  form,
  style,
  namesPeriods: form !== 'none' && form !== 'relative',
});
const revenue = (earlier: string, later: string) => ({
  subject: 'Revenue',
  amount: '5.2%',
  percent: true,
  up: true,
  earlier,
  later,
});

describe('eval-numeric wording', () => {
  it('reads and writes the context’s period labels', () => {
    expect(parsePeriodLabel('FY2019')).toEqual({ kind: 'fiscal', year: 2019, n: 0 });
    expect(parsePeriodLabel('2019/20')).toEqual({ kind: 'split', year: 2020, n: 0 });
    expect(parsePeriodLabel('Q3 2019')).toEqual({ kind: 'quarter', year: 2019, n: 3 });
    expect(parsePeriodLabel('December 2019')).toBeNull();
    expect(renderPeriod('FY2019', 'short')).toBe('FY19');
    expect(renderPeriod('FY2019', 'words')).toBe('fiscal 2019');
    expect(renderPeriod('H1 2019', 'words')).toBe('the first half of 2019');
    expect(renderPeriod('2019-03', 'label')).toBe('March 2019');
    expect(renderPeriod('2019', 'short')).toBe('2019');
    expect(isPriorYear('2018', '2019')).toBe(true);
    expect(isPriorYear('FY2018', 'FY2019')).toBe(true);
    expect(isPriorYear('2017', '2019')).toBe(false);
    expect(isPriorYear('FY2018', '2019')).toBe(false);
  });

  it('picks the same wording for the same uid on every run', () => {
    const options = changeWordings('2018', '2019');
    const uid = '38bfd292-e881-4558-89f8-5139010db8cf';
    expect(pick(seedOf(uid), options)).toEqual(pick(seedOf(uid), options));
    expect(seedOf(uid)).toBe(seedOf(uid));
    expect(seedOf('a')).not.toBe(seedOf('b'));
    // Over many uids, every wording is used.
    const used = new Set(
      Array.from({ length: 400 }, (_, i) => pick(seedOf(`q-${i}`), options)).map(
        (w) => `${w.form}/${w.style}`,
      ),
    );
    expect(used.size).toBe(options.length);
  });

  it('offers forms by what the operands show', () => {
    expect(changeWordings(null, '2019').map((w) => w.form)).toEqual(['none']);
    const consecutive = changeWordings('2018', '2019').map((w) => w.form);
    expect(consecutive).toContain('year-on-year');
    expect(consecutive).toContain('relative');
    expect(changeWordings('2017', '2019').map((w) => w.form)).not.toContain('year-on-year');
    expect(changeWordings('FY2018', 'FY2019').some((w) => w.style === 'short')).toBe(true);
    expect(changeWordings('2018', '2019').some((w) => w.style !== 'label')).toBe(false);
    expect(pairWordings('2019', '2019').map((w) => w.form)).toContain('lead');
    for (const w of [...changeWordings('2018', '2019'), ...pairWordings('2019', '2018')])
      expect(w.namesPeriods).toBe(w.form !== 'none' && w.form !== 'relative');
  });

  it('words a change in each form', () => {
    const c = revenue('2018', '2019');
    expect(wordChange(c, change('from-to'))).toBe('Revenue rose 5.2% from 2018 to 2019');
    expect(wordChange(c, change('compared-with'))).toBe('Revenue rose 5.2% in 2019 compared with 2018');
    expect(wordChange(c, change('versus'))).toBe('Revenue rose 5.2% in 2019 versus 2018');
    expect(wordChange(c, change('parenthesised'))).toBe('Revenue (2019) rose 5.2% over revenue (2018)');
    expect(wordChange(c, change('year-on-year'))).toBe('Revenue rose 5.2% year on year in 2019');
    expect(wordChange(c, change('none'))).toBe('Revenue rose 5.2%');
    expect(wordChange({ ...c, up: false }, change('relative'))).toBe('Revenue was 5.2% lower than last year');
    expect(wordChange(revenue('FY2018', 'FY2019'), change('from-to', 'short'))).toBe(
      'Revenue rose 5.2% from FY18 to FY19',
    );
    expect(
      wordChange(
        { ...revenue('FY2018', 'FY2019'), amount: '$3 million', percent: false },
        change('versus', 'words'),
      ),
    ).toBe('Revenue rose by $3 million in fiscal 2019 versus fiscal 2018');
  });

  it('words a claim over two figures with each one’s period', () => {
    const a = { label: 'Revenue', period: '2019' };
    const b = { label: 'Costs', period: '2018' };
    const body = (x: string, y: string) => `${x} was 3 times ${y}`;
    expect(wordPair(a, b, pair('in'), body)).toBe('Revenue in 2019 was 3 times Costs in 2018');
    expect(wordPair(a, b, pair('parenthesised'), body)).toBe('Revenue (2019) was 3 times Costs (2018)');
    expect(wordPair(a, b, pair('none'), body)).toBe('Revenue was 3 times Costs');
    expect(wordPair(a, b, pair('relative'), body)).toBe('Revenue this year was 3 times Costs last year');
    const c = { label: 'Costs', period: '2019' };
    expect(wordPair(a, c, pair('lead'), body)).toBe('In 2019, revenue was 3 times Costs');
    expect(wordPair(a, c, pair('relative'), body)).toBe('This year, revenue was 3 times Costs');
  });

  it('takes percentiles by nearest rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
  });
});

// --- wording families ---------------------------------------------------------------------------------

const revenue2019: Thing = { label: 'Revenue', period: '2019' };
const cost2019: Thing = { label: 'Cost of sales', period: '2019' };
const each: Naming = { form: 'each', style: 'label' };

/** A claim over revenue (X) and cost of sales (Y) in 2019, named "in 2019" after each. */
function says(family: Family, wording: string, value: string, extra: Partial<ClaimText> = {}): string {
  return wordClaim({
    family,
    wording,
    x: revenue2019,
    y: cost2019,
    value,
    kind: 'amount',
    naming: each,
    flipped: false,
    swapped: false,
    ...extra,
  });
}

const restated = { x: '$12.0 million', y: '$6.8 million' };
const products: Thing = { label: 'Product sales', period: '2019' };
const totalRevenue: Thing = { label: 'Total revenue', period: '2019' };
const shareOf = (wording: string, extra: Partial<ClaimText> = {}) =>
  says('share', wording, '25.0%', { x: products, y: totalRevenue, ...extra });
const revenueChange = (wording: string, value: string, extra: Partial<ClaimText> = {}) =>
  says('change', wording, value, {
    x: { label: 'Revenue', period: '2018' },
    y: { label: 'Revenue', period: '2019' },
    rising: true,
    ...extra,
  });

/** Every wording's true claim, as a fact-checker would write it. */
const TRUE_CLAIMS: Readonly<Record<Family, Readonly<Record<string, string>>>> = {
  difference: {
    'more than': says('difference', 'more than', '$5.2 million'),
    'higher than': says('difference', 'higher than', '$5.2 million'),
    'had more': says('difference', 'had more', '$5.2 million', {
      x: { label: 'APAC', period: 'FY2019' },
      y: { label: 'EMEA', period: 'FY2019' },
      measure: 'net sales',
      naming: { form: 'trailing', style: 'label' },
    }),
    'had N <measure> more': says('difference', 'had N <measure> more', '$5.2 million', {
      x: { label: 'APAC', period: 'FY2019' },
      y: { label: 'EMEA', period: 'FY2019' },
      measure: 'net sales',
      naming: { form: 'trailing', style: 'label' },
    }),
    'exceeded by': says('difference', 'exceeded by', '$5.2 million'),
    'outstripped by': says('difference', 'outstripped by', '$5.2 million'),
    'trailed by': says('difference', 'trailed by', '$5.2 million'),
    'lagged by': says('difference', 'lagged by', '$5.2 million'),
    'less than': says('difference', 'less than', '$5.2 million'),
    'lower than': says('difference', 'lower than', '$5.2 million'),
    'the gap between': says('difference', 'the gap between', '$5.2 million'),
    'the difference between': says('difference', 'the difference between', '$5.2 million'),
    minus: says('difference', 'minus', '$5.2 million'),
  },
  'percent difference': {
    'percent higher than': says('percent difference', 'percent higher than', '76.5%'),
    'percent more than': says('percent difference', 'percent more than', '76.5%'),
    'percent lower than': says('percent difference', 'percent lower than', '43.3%'),
    'exceeded by percent': says('percent difference', 'exceeded by percent', '76.5%'),
  },
  ratio: {
    times: says('ratio', 'times', '1.76'),
    'times as large as': says('ratio', 'times as large as', '1.76'),
    'twice as large as': says('ratio', 'twice as large as', 'twice'),
    'half as large as': says('ratio', 'half as large as', 'half'),
  },
  'times more': {
    'times more than': says('times more', 'times more than', '1.8'),
    'times higher than': says('times more', 'times higher than', '0.8'),
  },
  share: {
    'accounted for': shareOf('accounted for'),
    'made up': shareOf('made up'),
    represented: shareOf('represented'),
    'percent of … was': shareOf('percent of … was'),
    'percent of … came from': shareOf('percent of … came from'),
    'of the total': shareOf('of the total', { y: { label: 'Total', period: '2019' } }),
  },
  comparison: {
    exceeded: says('comparison', 'exceeded', ''),
    'higher than': says('comparison', 'higher than', ''),
    'greater than': says('comparison', 'greater than', ''),
    'larger than': says('comparison', 'larger than', ''),
    outnumbered: says('comparison', 'outnumbered', '', {
      x: { label: 'Employees', period: '2019' },
      y: { label: 'Contractors', period: '2019' },
      kind: 'count',
    }),
    'lower than': says('comparison', 'lower than', ''),
    'less than': says('comparison', 'less than', ''),
    trailed: says('comparison', 'trailed', ''),
    lagged: says('comparison', 'lagged', ''),
    'was exceeded by': says('comparison', 'was exceeded by', ''),
  },
  change: {
    'rose/fell P%': revenueChange('rose/fell P%', '5.2%'),
    'increased/decreased by P%': revenueChange('increased/decreased by P%', '5.2%'),
    'grew/declined P%': revenueChange('grew/declined P%', '5.2%'),
    'was up/down P%': revenueChange('was up/down P%', '5.2%'),
    'rose/fell P% in p2 compared with p1': revenueChange('rose/fell P% in p2 compared with p1', '5.2%'),
    'was up/down P% year on year': revenueChange('was up/down P% year on year', '5.2%'),
    'rose/fell by N': revenueChange('rose/fell by N', '$3.0 million'),
    'rose/fell from A to B': revenueChange('rose/fell from A to B', '', {
      restated: { x: '$57.7 million', y: '$60.7 million' },
    }),
  },
  restated: {
    'X (A) exceeded Y (B)': says('restated', 'X (A) exceeded Y (B)', '', { restated }),
    'Y (B) trailed X (A)': says('restated', 'Y (B) trailed X (A)', '', { restated }),
    'X, at A, was N more than Y at B': says('restated', 'X, at A, was N more than Y at B', '$5.2 million', {
      restated,
    }),
    'Y, at B, was N less than X at A': says('restated', 'Y, at B, was N less than X at A', '$5.2 million', {
      restated,
    }),
  },
  sum: {
    'together totalled': says('sum', 'together totalled', '$18.8 million'),
    'combined came to': says('sum', 'combined came to', '$18.8 million'),
    'came to a total of': says('sum', 'came to a total of', '$18.8 million'),
    'added up to': says('sum', 'added up to', '$18.8 million'),
  },
};

describe('eval-numeric wording families', () => {
  it('words every wording of every family as a fact-checker would', () => {
    expect(TRUE_CLAIMS).toEqual({
      difference: {
        'more than': 'Revenue in 2019 was $5.2 million more than cost of sales in 2019',
        'higher than': 'Revenue in 2019 was $5.2 million higher than cost of sales in 2019',
        'had more': 'APAC had $5.2 million more net sales than EMEA in FY2019',
        'had N <measure> more': 'APAC had $5.2 million net sales more than EMEA in FY2019',
        'exceeded by': 'Revenue in 2019 exceeded cost of sales in 2019 by $5.2 million',
        'outstripped by': 'Revenue in 2019 outstripped cost of sales in 2019 by $5.2 million',
        'trailed by': 'Cost of sales in 2019 trailed revenue in 2019 by $5.2 million',
        'lagged by': 'Cost of sales in 2019 lagged revenue in 2019 by $5.2 million',
        'less than': 'Cost of sales in 2019 was $5.2 million less than revenue in 2019',
        'lower than': 'Cost of sales in 2019 was $5.2 million lower than revenue in 2019',
        'the gap between': 'The gap between revenue in 2019 and cost of sales in 2019 was $5.2 million',
        'the difference between':
          'The difference between revenue in 2019 and cost of sales in 2019 was $5.2 million',
        minus: 'Revenue in 2019 minus cost of sales in 2019 is $5.2 million',
      },
      'percent difference': {
        'percent higher than': 'Revenue in 2019 was 76.5% higher than cost of sales in 2019',
        'percent more than': 'Revenue in 2019 was 76.5% more than cost of sales in 2019',
        'percent lower than': 'Cost of sales in 2019 was 43.3% lower than revenue in 2019',
        'exceeded by percent': 'Revenue in 2019 exceeded cost of sales in 2019 by 76.5%',
      },
      ratio: {
        times: 'Revenue in 2019 was 1.76 times cost of sales in 2019',
        'times as large as': 'Revenue in 2019 was 1.76 times as large as cost of sales in 2019',
        'twice as large as': 'Revenue in 2019 was twice as large as cost of sales in 2019',
        'half as large as': 'Cost of sales in 2019 was half as large as revenue in 2019',
      },
      'times more': {
        'times more than': 'Revenue in 2019 was 1.8 times more than cost of sales in 2019',
        'times higher than': 'Revenue in 2019 was 0.8 times higher than cost of sales in 2019',
      },
      share: {
        'accounted for': 'Product sales in 2019 accounted for 25.0% of total revenue in 2019',
        'made up': 'Product sales in 2019 made up 25.0% of total revenue in 2019',
        represented: 'Product sales in 2019 represented 25.0% of total revenue in 2019',
        'percent of … was': '25.0% of total revenue in 2019 was product sales in 2019',
        'percent of … came from': '25.0% of total revenue in 2019 came from product sales in 2019',
        'of the total': 'Product sales in 2019 were 25.0% of the total in 2019',
      },
      comparison: {
        exceeded: 'Revenue in 2019 exceeded cost of sales in 2019',
        'higher than': 'Revenue in 2019 was higher than cost of sales in 2019',
        'greater than': 'Revenue in 2019 was greater than cost of sales in 2019',
        'larger than': 'Revenue in 2019 was larger than cost of sales in 2019',
        outnumbered: 'Employees in 2019 outnumbered contractors in 2019',
        'lower than': 'Cost of sales in 2019 was lower than revenue in 2019',
        'less than': 'Cost of sales in 2019 was less than revenue in 2019',
        trailed: 'Cost of sales in 2019 trailed revenue in 2019',
        lagged: 'Cost of sales in 2019 lagged revenue in 2019',
        'was exceeded by': 'Cost of sales in 2019 was exceeded by revenue in 2019',
      },
      change: {
        'rose/fell P%': 'Revenue rose 5.2% from 2018 to 2019',
        'increased/decreased by P%': 'Revenue increased by 5.2% from 2018 to 2019',
        'grew/declined P%': 'Revenue grew 5.2% from 2018 to 2019',
        'was up/down P%': 'Revenue was up 5.2% from 2018 to 2019',
        'rose/fell P% in p2 compared with p1': 'Revenue rose 5.2% in 2019 compared with 2018',
        'was up/down P% year on year': 'Revenue was up 5.2% year on year in 2019',
        'rose/fell by N': 'Revenue rose by $3.0 million from 2018 to 2019',
        'rose/fell from A to B': 'Revenue rose from $57.7 million in 2018 to $60.7 million in 2019',
      },
      restated: {
        'X (A) exceeded Y (B)':
          'Revenue in 2019 ($12.0 million) exceeded cost of sales in 2019 ($6.8 million)',
        'Y (B) trailed X (A)': 'Cost of sales in 2019 ($6.8 million) trailed revenue in 2019 ($12.0 million)',
        'X, at A, was N more than Y at B':
          'Revenue in 2019, at $12.0 million, was $5.2 million more than cost of sales in 2019 at $6.8 million',
        'Y, at B, was N less than X at A':
          'Cost of sales in 2019, at $6.8 million, was $5.2 million less than revenue in 2019 at $12.0 million',
      },
      sum: {
        'together totalled': 'Revenue in 2019 and cost of sales in 2019 together totalled $18.8 million',
        'combined came to': 'Revenue in 2019 and cost of sales in 2019 combined came to $18.8 million',
        'came to a total of': 'Revenue in 2019 and cost of sales in 2019 came to a total of $18.8 million',
        'added up to': 'Revenue in 2019 and cost of sales in 2019 added up to $18.8 million',
      },
    });
    // The table above covers every wording there is.
    for (const family of FAMILIES)
      expect(Object.keys(TRUE_CLAIMS[family]).sort()).toEqual(
        wordingsOf(family)
          .map((w) => w.id)
          .sort(),
      );
  });

  it('names periods in each form and style, or not at all', () => {
    const named = (form: Naming['form'], style: Naming['style'] = 'label') =>
      says('difference', 'more than', '$5.2 million', { naming: { form, style } });
    expect(named('parenthesised')).toBe('Revenue (2019) was $5.2 million more than cost of sales (2019)');
    expect(named('lead')).toBe('In 2019, revenue was $5.2 million more than cost of sales');
    expect(named('trailing')).toBe('Revenue was $5.2 million more than cost of sales in 2019');
    expect(named('none')).toBe('Revenue was $5.2 million more than cost of sales');
    const fiscal = { x: { label: 'Revenue', period: 'FY2019' }, y: { label: 'Revenue', period: 'FY2018' } };
    expect(says('ratio', 'times', '1.76', { ...fiscal, naming: { form: 'each', style: 'short' } })).toBe(
      'Revenue in FY19 was 1.76 times revenue in FY18',
    );
    expect(
      revenueChange('rose/fell P%', '5.2%', {
        x: { label: 'Revenue', period: 'Q3 2018' },
        y: { label: 'Revenue', period: 'Q3 2019' },
        naming: { form: 'each', style: 'words' },
      }),
    ).toBe('Revenue rose 5.2% from the third quarter of 2018 to the third quarter of 2019');
    expect(revenueChange('rose/fell P%', '5.2%', { naming: { form: 'none', style: 'label' } })).toBe(
      'Revenue rose 5.2%',
    );
    expect(
      revenueChange('was up/down P% year on year', '5.2%', { naming: { form: 'none', style: 'label' } }),
    ).toBe('Revenue was up 5.2% year on year');

    // Which namings a pair can take: one period allows once-for-both; none when a period is not shown.
    const forms = (x: Thing, y: Thing, family: Family, wording: string) =>
      namingsFor(x, y, wordingSpec(family, wording)).map((n) => `${n.form}/${n.style}`);
    expect(forms(revenue2019, cost2019, 'difference', 'more than')).toEqual([
      'each/label',
      'parenthesised/label',
      'lead/label',
      'trailing/label',
      'none/label',
    ]);
    expect(forms(revenue2019, { label: 'Revenue', period: '2018' }, 'sum', 'together totalled')).toEqual([
      'each/label',
      'parenthesised/label',
      'none/label',
    ]);
    expect(forms(revenue2019, cost2019, 'restated', 'X (A) exceeded Y (B)')).not.toContain(
      'parenthesised/label',
    );
    expect(
      forms(
        { label: 'Revenue', period: 'FY2018' },
        { label: 'Revenue', period: 'FY2019' },
        'change',
        'rose/fell P%',
      ),
    ).toEqual(['each/label', 'each/short', 'each/words', 'none/label']);
    expect(forms(revenue2019, { label: 'Other', period: null }, 'difference', 'more than')).toEqual([
      'none/label',
    ]);
    expect(namesPeriods(each, revenue2019, cost2019)).toBe(true);
    expect(namesPeriods({ form: 'none', style: 'label' }, revenue2019, cost2019)).toBe(false);
  });

  it('flips the direction word and keeps everything else', () => {
    const flipped = { flipped: true };
    expect(says('difference', 'more than', '$5.2 million', flipped)).toBe(
      'Revenue in 2019 was $5.2 million less than cost of sales in 2019',
    );
    expect(says('difference', 'exceeded by', '$5.2 million', flipped)).toBe(
      'Revenue in 2019 trailed cost of sales in 2019 by $5.2 million',
    );
    expect(says('difference', 'trailed by', '$5.2 million', flipped)).toBe(
      'Cost of sales in 2019 exceeded revenue in 2019 by $5.2 million',
    );
    expect(says('percent difference', 'percent lower than', '43.3%', flipped)).toBe(
      'Cost of sales in 2019 was 43.3% higher than revenue in 2019',
    );
    expect(says('comparison', 'was exceeded by', '', flipped)).toBe(
      'Cost of sales in 2019 was trailed by revenue in 2019',
    );
    expect(revenueChange('grew/declined P%', '5.2%', flipped)).toBe(
      'Revenue declined 5.2% from 2018 to 2019',
    );
    // A fall, as the data has it, and its flipped claim.
    expect(revenueChange('was up/down P%', '5.2%', { rising: false })).toBe(
      'Revenue was down 5.2% from 2018 to 2019',
    );
    expect(revenueChange('was up/down P%', '5.2%', { rising: false, flipped: true })).toBe(
      'Revenue was up 5.2% from 2018 to 2019',
    );
    expect(
      says('difference', 'less than', '1,200', { kind: 'count', x: { label: 'Employees', period: '2019' } }),
    ).toBe('Cost of sales in 2019 was 1,200 fewer than employees in 2019');
  });

  it('swaps the two things’ names for false-roles, every number left in place', () => {
    const swapped = { swapped: true };
    expect(says('difference', 'more than', '$5.2 million', swapped)).toBe(
      'Cost of sales in 2019 was $5.2 million more than revenue in 2019',
    );
    expect(says('ratio', 'half as large as', 'half', swapped)).toBe(
      'Revenue in 2019 was half as large as cost of sales in 2019',
    );
    expect(shareOf('accounted for', swapped)).toBe(
      'Total revenue in 2019 accounted for 25.0% of product sales in 2019',
    );
    expect(shareOf('of the total', { ...swapped, y: { label: 'Total', period: '2019' } })).toBe(
      'The total in 2019 was 25.0% of product sales in 2019',
    );
    expect(says('restated', 'X (A) exceeded Y (B)', '', { restated, ...swapped })).toBe(
      'Cost of sales in 2019 ($12.0 million) exceeded revenue in 2019 ($6.8 million)',
    );
    // A change's things are its periods: from the later to the earlier.
    expect(revenueChange('rose/fell P%', '5.2%', swapped)).toBe('Revenue rose 5.2% from 2019 to 2018');
    expect(
      revenueChange('rose/fell from A to B', '', {
        restated: { x: '$57.7 million', y: '$60.7 million' },
        ...swapped,
      }),
    ).toBe('Revenue rose from $57.7 million in 2019 to $60.7 million in 2018');
    // Symmetric wordings have no roles to swap; every other one does.
    const symmetric = FAMILIES.flatMap((f) => wordingsOf(f))
      .filter((w) => w.symmetric)
      .map((w) => `${w.family}: ${w.id}`);
    expect(symmetric).toEqual([
      'difference: the gap between',
      'difference: the difference between',
      'change: was up/down P% year on year',
      'sum: together totalled',
      'sum: combined came to',
      'sum: came to a total of',
      'sum: added up to',
    ]);
  });

  it('writes row labels within a sentence as a reporter would', () => {
    expect(inSentence('Cost of sales')).toBe('cost of sales');
    expect(inSentence('Total BCE operating revenues')).toBe('total BCE operating revenues');
    expect(inSentence('Non-Swiss')).toBe('non-Swiss');
    for (const name of [
      'United Kingdom',
      'Rest of World',
      'Net Income',
      'EMEA',
      'Australia',
      'Canadian operations',
    ])
      expect(inSentence(name)).toBe(name);
    for (const plural of [
      'Net sales',
      'Dividends paid',
      'Deferred tax assets, net',
      'Indirect taxes receivable',
    ])
      expect(isPlural(plural)).toBe(true);
    for (const singular of [
      'Revenue',
      'Property, plant and equipment',
      'Research and development',
      'Business',
      'Total',
    ])
      expect(isPlural(singular)).toBe(false);
    expect(says('difference', 'more than', '$5 million', { x: { label: 'Net sales', period: '2019' } })).toBe(
      'Net sales in 2019 were $5 million more than cost of sales in 2019',
    );
  });

  it('splits tables into dev and held-out halves, stably and about evenly', () => {
    const uids = Array.from({ length: 2000 }, (_, i) => `${seedOf(`t${i}`).toString(16)}-4558-89f8-${i}`);
    const halves = uids.map(halfOf);
    expect(uids.map(halfOf)).toEqual(halves);
    const dev = halves.filter((h) => h === 'dev').length;
    expect(dev / uids.length).toBeGreaterThan(0.45);
    expect(dev / uids.length).toBeLessThan(0.55);
    expect(halfOf('3ffd9053-a45d-491c-957a-1b2fa0af0570')).toBe(
      halfOf('3ffd9053-a45d-491c-957a-1b2fa0af0570'),
    );
    // Drawn the same way on every run.
    expect(choose('a key', ['x', 'y', 'z'])).toBe(choose('a key', ['x', 'y', 'z']));
  });
});

// --- numbers ------------------------------------------------------------------------------------------

const usdMillions: AmountStyle = { unit: 'currency', currency: 'USD', scale: 1e6, decimals: 1 };

describe('eval-numeric numbers', () => {
  it('writes amounts in the figures’ currency and scale', () => {
    expect(writeAmount(5.2e6, usdMillions, { scale: 1e6, decimals: 1 })).toBe('$5.2 million');
    expect(
      writeAmount(5_234_000, { ...usdMillions, scale: 1e3, decimals: 0 }, { scale: 1e3, decimals: 0 }),
    ).toBe('$5,234 thousand');
    expect(writeAmount(9.34e8, { ...usdMillions, currency: 'EUR' }, { scale: 1e6, decimals: 0 })).toBe(
      '€934 million',
    );
    expect(writeAmount(5.2e6, { ...usdMillions, currency: 'SGD' }, { scale: 1e6, decimals: 1 })).toBe(
      'SGD 5.2 million',
    );
    const points: AmountStyle = { unit: 'points', currency: null, scale: 1, decimals: 0 };
    expect(writeAmount(1, points, { scale: 1, decimals: 0 })).toBe('1 percentage point');
    expect(writeAmount(2.1, points, { scale: 1, decimals: 1 })).toBe('2.1 percentage points');
    expect(
      writeAmount(
        21659e3,
        { unit: 'plain', currency: null, scale: 1e3, decimals: 0 },
        { scale: 1e3, decimals: 0 },
      ),
    ).toBe('21,659 thousand');
    expect(writePercent(12.5, 1)).toBe('12.5%');
    // Money of a million or more may be written in millions, rounded as a reporter would.
    expect(displaysFor([5_234_000], { ...usdMillions, scale: 1e3, decimals: 0 })).toEqual([
      { scale: 1e3, decimals: 0 },
      { scale: 1e6, decimals: 1 },
      { scale: 1e6, decimals: 2 },
    ]);
    expect(displaysFor([5_234_000], { unit: 'plain', currency: null, scale: 1e3, decimals: 0 })).toHaveLength(
      1,
    );
  });

  it('states percentages at a precision that keeps two digits and avoids rounding edges and three decimals', () => {
    expect(decimalsFor(43.33, 1)).toBe(1);
    expect(decimalsFor(4.3, 0)).toBe(1);
    expect(decimalsFor(0.56, 0)).toBe(2);
    expect(decimalsFor(21.875, 2)).toBe(1);
    expect(decimalsFor(12.25, 1)).toBe(2);
    expect(decimalsFor(185.004, 2)).toBe(1);
    for (let i = 1; i < 2000; i++) {
      const d = decimalsFor(i / 37, i % 3);
      expect(d === null || (d >= 0 && d <= 2)).toBe(true);
    }
  });

  it('moves a false number well beyond the tolerance its precision gives', () => {
    for (const [stated, decimals, max] of [
      [12.5, 1, undefined],
      [0.6, 1, undefined],
      [80, 0, 100],
      [99.9, 1, 100],
      [5.2, 1, undefined],
    ] as const) {
      const moved = movedValue(stated, decimals, max)!;
      expect(Math.abs(moved - stated)).toBeGreaterThan(4 * toleranceOf(decimals));
      if (max !== undefined) expect(moved).toBeLessThan(max);
    }
    expect(movedValue(0.1, 1, 0.15)).toBeNull();
  });
});

// --- plans --------------------------------------------------------------------------------------------

function cellFacts(
  label: string,
  period: string | null,
  value: number,
  extra: Partial<CellFacts> = {},
): CellFacts {
  return {
    label,
    period,
    value,
    style: usdMillions,
    kind: 'amount',
    total: false,
    measure: null,
    row: 1,
    col: 2,
    ...extra,
  };
}

const pairOf = (a: CellFacts, b: CellFacts, shape: PairOf<CellFacts>['shape']): PairOf<CellFacts> => ({
  table: 'table-1',
  a,
  b,
  shape,
  source: 'structure',
});

/** The first number a claim states (as written, without separators). */
function statedNumber(text: string, after: RegExp): number {
  const m = new RegExp(after.source + String.raw`\$?([\d,]+(?:\.\d+)?)`).exec(text);
  return Number(m![1]!.replace(/,/g, ''));
}

describe('eval-numeric plans', () => {
  const revenue = cellFacts('Revenue', '2019', 12.0e6, { row: 2 });
  const cost = cellFacts('Cost of sales', '2019', 6.8e6, { row: 3 });

  it('computes each claim’s number from the cells and labels its variants', () => {
    const plan = planClaims(pairOf(cost, revenue, 'rows'), 'difference', 'less than', 'key-1')!;
    expect(plan.x).toBe(revenue);
    expect(plan.claims.map((c) => [c.truth, c.first])).toEqual([
      ['true', 'y'],
      ['false-moved', 'y'],
      ['false-direction', 'y'],
      ['false-roles', 'x'],
    ]);
    const [truth, moved] = plan.claims;
    expect(truth!.text).toMatch(/^(In 2019, cost|Cost) of sales.* was \$5\.2 million less than revenue/);
    expect(statedNumber(moved!.text, /was /)).toBeGreaterThan(5.2 + 4 * 0.05);

    const sum = planClaims(pairOf(revenue, cost, 'parts'), 'sum', 'together totalled', 'key-2')!;
    expect(sum.claims.map((c) => c.truth)).toEqual(['true', 'false-moved']);
    expect(sum.claims[0]!.text).toMatch(
      /together totalled \$18\.8 million$|together totalled \$18\.8 million in 2019$/,
    );
  });

  it('words percentages true within the precision they state, on the base after "than"', () => {
    for (let i = 0; i < 300; i++) {
      const x = 1e6 * (10 + ((i * 7919) % 900) / 7);
      const y = 1e6 * (5 + ((i * 104729) % 400) / 11);
      if (x <= y * 1.01) continue;
      const big = cellFacts('Revenue', '2019', x, { row: 2 });
      const small = cellFacts('Cost of sales', '2019', y, { row: 3 });
      const lower = planClaims(
        pairOf(small, big, 'rows'),
        'percent difference',
        'percent lower than',
        `k${i}`,
      );
      if (lower) {
        const m = /([\d.]+)% lower/.exec(lower.claims[0]!.text)!;
        const decimals = m[1]!.split('.')[1]?.length ?? 0;
        expect(Math.abs(Number(m[1]) - ((x - y) / x) * 100)).toBeLessThanOrEqual(
          toleranceOf(decimals) + 1e-9,
        );
        const moved = Number(/([\d.]+)% lower/.exec(lower.claims[1]!.text)![1]);
        expect(Math.abs(moved - ((x - y) / x) * 100)).toBeGreaterThan(3 * toleranceOf(decimals));
      }
      const share = planClaims(
        pairOf(small, { ...big, total: true, label: 'Total revenue' }, 'share'),
        'share',
        'accounted for',
        `s${i}`,
      );
      if (share) {
        const m = /accounted for ([\d.]+)%/.exec(share.claims[0]!.text)!;
        const decimals = m[1]!.split('.')[1]?.length ?? 0;
        expect(Math.abs(Number(m[1]) - (y / x) * 100)).toBeLessThanOrEqual(toleranceOf(decimals) + 1e-9);
      }
    }
  });

  it('words "had more" about a measure the table holds, and once about one it does not', () => {
    const apac = cellFacts('APAC', '2019', 12.0e6, { row: 2, measure: 'net sales' });
    const emea = cellFacts('EMEA', '2019', 6.8e6, { row: 3, measure: 'net sales' });
    const plan = planClaims(pairOf(apac, emea, 'rows'), 'difference', 'had more', 'key-m')!;
    const texts = Object.fromEntries(plan.claims.map((c) => [c.truth, c.text]));
    expect(texts.true).toMatch(/had \$5\.2 million more net sales than/);
    expect(texts['other-measure']).toMatch(
      /had \$5\.2 million more (?:patients|customers|employees|visitors|deaths|subscribers) than/,
    );
    // A wording that does not say the measure has no variant about another.
    const more = planClaims(pairOf(apac, emea, 'rows'), 'difference', 'more than', 'key-m')!;
    expect(more.claims.map((c) => c.truth)).not.toContain('other-measure');
  });

  it('words a change from the earlier period to the later, whichever the pair lists first', () => {
    const before = cellFacts('Revenue', '2018', 57.7e6, { col: 3 });
    const after = cellFacts('Revenue', '2019', 60.7e6, { col: 2 });
    const plan = planClaims(pairOf(after, before, 'periods'), 'change', 'rose/fell from A to B', 'key-3')!;
    expect(plan.x).toBe(before);
    const texts = Object.fromEntries(plan.claims.map((c) => [c.truth, c.text]));
    expect(texts.true).toMatch(
      /^Revenue rose from \$57\.7\d? million in 2018 to \$60\.7\d? million in 2019$/,
    );
    expect(texts['false-direction']).toMatch(/^Revenue fell from/);
    expect(texts['false-roles']).toMatch(/in 2019 to .* in 2018$/);
    expect(texts['false-moved']).toMatch(/^Revenue rose from \$57\.7\d? million in 2018 to /);
    expect(texts['false-moved']).not.toBe(texts.true);
  });

  it('words "N times more than" as ambiguous, and the word quantities only where they fit', () => {
    const big = cellFacts('Revenue', '2019', 25e6, { row: 2 });
    const small = cellFacts('Cost of sales', '2019', 10e6, { row: 3 });
    const times = planClaims(pairOf(big, small, 'rows'), 'times more', 'times more than', 'key-4')!;
    expect(times.claims.map((c) => c.truth)).toEqual(['ambiguous', 'false-moved', 'false-roles']);
    const n = statedNumber(times.claims[0]!.text, /was /);
    expect(times.claims[0]!.reading === '×N' ? n : n + 1).toBeCloseTo(2.5, 5);
    expect(planClaims(pairOf(big, small, 'rows'), 'ratio', 'twice as large as', 'key-5')).toBeNull();
    const double = cellFacts('Revenue', '2019', 20.5e6, { row: 2 });
    const twice = planClaims(pairOf(small, double, 'rows'), 'ratio', 'twice as large as', 'key-6')!;
    expect(twice.claims.map((c) => c.text.replace(/^In 2019, r|^R/, 'R'))).toEqual(
      expect.arrayContaining([
        expect.stringContaining('was twice as large as'),
        expect.stringContaining('three times'),
      ]),
    );
    // A ratio too close to 1 to word as "times" is not planned.
    expect(
      planClaims(pairOf(revenue, cellFacts('Costs', '2019', 11e6), 'rows'), 'ratio', 'times', 'k'),
    ).toBeNull();
  });
});
