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
