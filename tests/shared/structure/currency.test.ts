import { describe, expect, it } from 'vitest';
import { currenciesNamed, isCurrencyColumn, rowCurrency } from '../../../shared/structure/currency';

// A column that says each row's currency: which texts name currencies, when a column is one, and the one
// currency a row's cell names.

describe('currenciesNamed', () => {
  it.each([
    ['US$', false, ['USD']],
    ['¥Japan', false, ['JPY']],
    ['¥Japan US$', false, ['JPY', 'USD']],
    ['EUR', false, ['EUR']],
    ['euros', false, ['EUR']],
    ['GHS', true, ['GHS']],
    ['£', false, ['GBP']],
  ] as const)('%s (under a currency heading: %s) names %j', (text, headed, codes) => {
    expect(currenciesNamed(text, headed)).toEqual(codes);
  });

  it.each([
    ['GHS', false],
    ['AAA', false],
    ['US$ 12', true],
    ['Completed', true],
    ['', true],
  ] as const)('%s (under a currency heading: %s) names none', (text, headed) => {
    expect(currenciesNamed(text, headed)).toBeNull();
  });
});

describe('isCurrencyColumn', () => {
  it('a column headed as currency, or of known currencies only, says each row its currency', () => {
    expect(isCurrencyColumn('Contract Currency', ['GHS', 'US$', '', 'GHS'])).toBe(true);
    expect(isCurrencyColumn('', ['USD', 'EUR', 'GBP'])).toBe(true);
  });

  it("a column of one symbol, as accounts print '$' beside the first row and the total, does not", () => {
    expect(isCurrencyColumn('', ['$', '', '$'])).toBe(false);
    expect(isCurrencyColumn('', ['USD', 'USD', 'US$'])).toBe(false);
  });

  it('a column of codes that are no currency, a single text, or words besides currencies, does not', () => {
    expect(isCurrencyColumn('Type', ['AAA', 'BAW', 'AAA'])).toBe(false);
    expect(isCurrencyColumn('Method', ['USD', 'ICB', 'NCB'])).toBe(false);
    expect(isCurrencyColumn('Currency', ['', ' '])).toBe(false);
  });
});

describe('rowCurrency', () => {
  it('is the one currency the cell names, else none', () => {
    expect(rowCurrency('GHS', 'Currency')).toBe('GHS');
    expect(rowCurrency('GHS', 'Type')).toBeNull();
    expect(rowCurrency('¥Japan US$', 'Currency')).toBeNull();
    expect(rowCurrency('US$ USD', 'Currency')).toBe('USD');
    expect(rowCurrency(undefined, 'Currency')).toBeNull();
  });
});
