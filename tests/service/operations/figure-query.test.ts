import { describe, expect, it } from 'vitest';
import { FigureSearchRequest, type FigureSearchRequestInput } from '../../../shared/api';
import { ServiceError } from '../../../service/operations/errors';
import {
  closenessOf,
  readFigureQuery,
  readUnit,
  scoreOf,
  searchPrecision,
  statedUnit,
  unitMatch,
  wordsMatched,
  type FigurePlace,
} from '../../../service/operations/figures';

// How figures.search reads a stated number (unit, scale, precision, hedge) into a range of values in base
// units, and how it ranks what the range holds.

const read = (input: FigureSearchRequestInput) => readFigureQuery(FigureSearchRequest.parse(input));

function refusal(input: FigureSearchRequestInput): ServiceError {
  try {
    read(input);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the stated number as a range in base units', () => {
  it('reads "4.7 per cent" as 4.7% ± 0.05', () => {
    const { reading, unitClasses } = read({ value: 4.7, unit: 'per cent' });
    expect(reading).toMatchObject({ value: 4.7, unit: '%', unitClass: 'percent', hedge: null });
    expect(reading.low).toBeCloseTo(4.65, 12);
    expect(reading.high).toBeCloseTo(4.75, 12);
    expect(unitClasses).toEqual(['percent', 'none']);
    expect(read({ value: 4.7, unit: '%' }).reading.unit).toBe('%');
  });

  it('reads "$1.2bn" as 1,200,000,000 US dollars ± 50 million, written or given by fields', () => {
    const written = read({ value: 1.2, tolerance: { written: '$1.2bn' } }).reading;
    const fields = read({ value: 1.2, unit: '$', scale: 'billion' }).reading;
    for (const reading of [written, fields]) {
      expect(reading).toMatchObject({ value: 1.2e9, unit: 'USD', unitClass: 'currency' });
      expect(reading.low).toBeCloseTo(1.15e9, 0);
      expect(reading.high).toBeCloseTo(1.25e9, 0);
    }
    expect(read({ value: 1200, unit: 'USD', scale: 'million' }).reading.value).toBe(1.2e9);
  });

  it('reads "almost 57,000" and "57k" as reaching 56,941, "almost" from below only', () => {
    const almost = read({ value: 57000, tolerance: { written: 'almost 57,000' } }).reading;
    expect(almost).toMatchObject({ value: 57000, low: 56000, high: 57000, hedge: 'almost' });
    const k = read({ value: 57, scale: 'thousand', tolerance: { written: '57k' } }).reading;
    expect(k).toMatchObject({ value: 57000, low: 56500, high: 57500, hedge: null });
    expect(k.low).toBeLessThanOrEqual(56941);
    const over = read({ value: 57000, tolerance: { written: 'just over 57,000' } }).reading;
    expect(over).toMatchObject({ low: 57000, high: 58000 });
  });

  it('reads the precision the claim writes, and an absolute tolerance in the request’s terms', () => {
    expect(searchPrecision(4.7, 1)).toBeCloseTo(0.05, 12);
    expect(searchPrecision(57000, 0)).toBe(500);
    expect(searchPrecision(56941, 0)).toBe(0.5);
    expect(read({ value: 56941 }).reading).toMatchObject({ low: 56940.5, high: 56941.5 });
    expect(read({ value: 1.5, scale: 'million', tolerance: { absolute: 0.1 } }).reading).toMatchObject({
      low: 1.4e6,
      high: 1.6e6,
    });
    expect(read({ value: 4.7, tolerance: { written: 'about 4.70%' } }).reading).toMatchObject({
      hedge: 'about',
      unit: '%',
    });
  });

  it('takes a unit word as words to match, for figures without a unit', () => {
    const { reading, unitClasses } = read({ value: 56941, unit: 'handgun checks', words: 'Texas' });
    expect(reading.unitClass).toBe('none');
    expect(reading.words.sort()).toEqual(['check', 'handgun', 'texa']);
    expect(unitClasses).toEqual(['none']);
    expect(readUnit('people')).toBeNull();
    expect(readUnit('£')).toMatchObject({ unit: 'GBP', unitClass: 'currency' });
    expect(readUnit('percentage points')).toMatchObject({ unit: 'pp', unitClass: 'percentage_point' });
  });

  it('refuses a written number that is not the value, or none, naming the field', () => {
    const other = refusal({ value: 4.7, tolerance: { written: '4.8' } });
    expect(other.code).toBe('invalid_request');
    expect(other.details?.[0]?.path).toBe('tolerance.written');
    expect(refusal({ value: 4.7, tolerance: { written: 'almost' } }).details?.[0]?.path).toBe(
      'tolerance.written',
    );
    expect(refusal({ value: 1, unit: 'million dollars', scale: 'billion' }).details?.[0]?.path).toBe('unit');
  });
});

const place = (over: Partial<FigurePlace> = {}): FigurePlace => ({
  cell: null,
  rowLabels: [],
  columnHeaders: [],
  tableTitle: null,
  tableCurrency: null,
  ...over,
});

describe('units a figure states, and ranking', () => {
  const percent = read({ value: 4.7, unit: '%' }).reading;
  const dollars = read({ value: 1.2, unit: '$', scale: 'billion' }).reading;

  it('matches a figure of the unit asked, or one whose headers state it, never another unit', () => {
    expect(unitMatch(percent, { unit: '%', unitClass: 'percent' }, place())).toBe('same');
    expect(
      unitMatch(percent, { unit: null, unitClass: 'none' }, place({ columnHeaders: ['Rate (%)'] })),
    ).toBe('same');
    expect(unitMatch(percent, { unit: null, unitClass: 'none' }, place())).toBe('unstated');
    expect(unitMatch(percent, { unit: 'USD', unitClass: 'currency' }, place())).toBeNull();
    expect(unitMatch(percent, { unit: 'pp', unitClass: 'percentage_point' }, place())).toBeNull();
    expect(unitMatch(dollars, { unit: 'GBP', unitClass: 'currency' }, place())).toBeNull();
    expect(
      unitMatch(dollars, { unit: null, unitClass: 'none' }, place({ tableTitle: '£ million' })),
    ).toBeNull();
    expect(
      unitMatch(dollars, { unit: null, unitClass: 'none' }, place({ columnHeaders: ['$ million'] })),
    ).toBe('same');
    expect(statedUnit(['US$ thousands'])).toEqual({ unit: 'USD', unitClass: 'currency' });
  });

  it('ranks closer values higher, and matching labels above closeness', () => {
    const almost = read({ value: 57000, tolerance: { written: 'almost 57,000' } }).reading;
    expect(closenessOf(59, almost)).toBeCloseTo(0.941, 3);
    expect(closenessOf(0, almost)).toBe(1);
    const words = read({ value: 57000, words: 'Texas handgun' }).reading.words;
    const texas = wordsMatched(words, ['Texas', 'Handgun'], 'NICS checks');
    const ohio = wordsMatched(words, ['Ohio', 'Handgun'], 'NICS checks');
    expect(texas).toEqual({ matched: words, share: 1 });
    expect(ohio).toEqual({ matched: ['handgun'], share: 0.5 });
    const far = scoreOf({ closeness: 0.9, words: texas.share, unit: 'not_asked' });
    const near = scoreOf({ closeness: 1, words: ohio.share, unit: 'not_asked' });
    expect(far).toBeGreaterThan(near);
    expect(wordsMatched(words, ['Handgun'], 'Texas report').share).toBe(1 / 2 + 1 / 4);
    expect(scoreOf({ closeness: 1, words: null, unit: 'same' })).toBeGreaterThan(
      scoreOf({ closeness: 1, words: null, unit: 'unstated' }),
    );
  });
});
