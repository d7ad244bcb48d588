import { describe, expect, it } from 'vitest';
import {
  inArticleOrder,
  listClaims,
  namingNumbersOf,
  type ListedClaim,
} from '../../../service/claims/detect';
import { sentenceSpans } from '../../../service/claims/sentences';

// Claims listed from text: a sentence is a claim when it states a number that measures something, read as
// the numeric check reads a claim; dates, ages, addresses, references, phone numbers, ordinals, times and
// quoted titles are not. Compound sentences split into their claims.

const texts = (text: string) => inArticleOrder(listClaims(text)).map((c) => c.text);
const only = (text: string): ListedClaim => {
  const claims = listClaims(text);
  expect(claims).toHaveLength(1);
  return claims[0]!;
};

describe('what is not a claim', () => {
  it.each([
    ['a date', 'The board met on March 3, 2019.'],
    ['a year alone', 'In 2019 the company moved to Leeds.'],
    ['an age', 'She joined the board at age 45.'],
    ['an age in years old', 'The chairman is 67 years old.'],
    ['an age as an adjective', 'A 45-year-old man was arrested.'],
    ['an age between commas', 'John Smith, 45, was arrested.'],
    ['a street address', 'The office is at 221 Baker Street.'],
    ['a suite number', 'Write to Suite 400 for details.'],
    ['a page number', 'The figures are on page 12.'],
    ['a section number', 'The rules are set out in section 4.1 of the act.'],
    ['a chapter number', 'See chapter 3 for the method.'],
    ['a figure and a table', 'Figure 2 and table 3 show the method.'],
    ['a phone number', 'Call 555-123-4567 or +44 20 7946 0958 for a copy.'],
    ['an ordinal', 'He came 3rd, after finishing first last year.'],
    ['a time of day', 'The polls opened at 10:30 and closed at 9 pm.'],
    ['a number in a quoted title', 'The film "Ocean\'s 11" opened in Leeds.'],
    ['a number in a titled report', 'The report titled "Top 100 Companies" was published.'],
    ['a standard', 'The group adopted ASC 606 and IFRS 16.'],
    ['a heading number', '27 Financial risk management'],
    ['a footnote marker', '(1) Includes deferred costs.'],
    ['a term', 'It is spread over a 15-year period.'],
    ['a stretch of time', 'Over the past 12 months, we hired staff.'],
    ['a rank', 'It is one of the 10 largest banks.'],
  ])('%s', (_kind, text) => {
    expect(listClaims(text)).toEqual([]);
  });

  it('says why a number names rather than measures', () => {
    const text = 'John Smith, 45, lives at 221 Baker Street; see page 12 and section 4.';
    const [sentence] = sentenceSpans(text);
    const kinds = namingNumbersOf(text, sentence!).map((n) => [text.slice(n.start, n.end), n.kind]);
    expect(kinds).toEqual([
      ['45', 'age'],
      ['221', 'address'],
      ['4', 'reference'],
    ]);
  });

  it('keeps the claim in a sentence that also holds an age, an address or a date', () => {
    const claim = only('Smith, 45, said on March 3, 2019 that the office at 221 Baker Street has 300 staff.');
    expect(claim.numbers.map((n) => n.raw)).toEqual(['300']);
    expect(claim.statements).toMatchObject([{ relation: 'level', engine: 'equals', number: { value: 300 } }]);
  });
});

describe('what is a claim', () => {
  it('a change with its end point and period', () => {
    const claim = only('Revenue rose 10.2% to $1.2bn in 2019.');
    expect(claim.relation).toBe('change');
    expect(claim.statements).toMatchObject([
      { relation: 'change', engine: 'change_percent', direction: 1, number: { raw: '10.2%', value: 10.2 } },
    ]);
    const [rate, amount] = claim.numbers;
    expect(rate).toMatchObject({ unit: '%', unitClass: 'percent', scale: 1, decimals: 1, precision: 0.05 });
    expect(amount).toMatchObject({ raw: '$1.2bn', value: 1.2e9, unit: 'USD', scale: 1e9, scaled: true });
    expect(amount!.precision).toBeCloseTo(0.05e9);
    expect(claim.names.words).toEqual(['Revenue']);
    expect(claim.names.periods.map((p) => p.label)).toEqual(['2019']);
  });

  it('a count of things, naming what it counts', () => {
    const claim = only('Texas ran 56,941 handgun checks.');
    expect(claim.relation).toBe('level');
    expect(claim.numbers).toMatchObject([{ raw: '56,941', value: 56941, unit: null, precision: 0.5 }]);
    expect(claim.names.words).toEqual(['Texas', 'handgun', 'checks']);
  });

  it('a change over a stretch of time, whose length is no number of the claim', () => {
    const claim = only('Prices rose 5% over the past 12 months.');
    expect(claim.numbers.map((n) => n.raw)).toEqual(['5%']);
    expect(claim.relation).toBe('change');
  });

  it('names neither relation words nor months', () => {
    expect(only('Crime is down 20 percent since 2019, according to the FBI.').names.words).toEqual([
      'Crime',
      'FBI',
    ]);
    expect(only('Covid-19 killed over 1 million people on Nov. 3.').names.words).toEqual([
      'Covid',
      'killed',
      'people',
    ]);
  });

  it('a fiscal period', () => {
    const claim = only('In fiscal 2019 the company sold 4.7 million phones.');
    expect(claim.names.periods.map((p) => [p.text, p.label])).toEqual([['fiscal 2019', 'FY2019']]);
    expect(claim.numbers).toMatchObject([{ value: 4.7e6, scale: 1e6 }]);
  });
});

describe('hedges and bounds', () => {
  it.each([
    ['Almost 57,000 people came.', { hedge: 'almost', side: 'below', bound: null }],
    ['About 57,000 people came.', { hedge: 'about', bound: null }],
    ['More than 57,000 people came.', { hedge: null, bound: 'gt' }],
    ['At least 57,000 people came.', { hedge: null, bound: 'ge' }],
    ['Some 57,000 people came.', { hedge: 'some', bound: null }],
  ])('%s', (text, modifier) => {
    const claim = only(text);
    expect(claim.numbers[0]!.modifier).toMatchObject(modifier);
    expect(claim.statements[0]!.number!.modifier).toMatchObject(modifier);
  });

  it('a number without a hedge has none', () => {
    expect(only('57,000 people came.').numbers[0]!.modifier).toEqual({
      hedge: null,
      side: null,
      bound: null,
      boundWords: null,
    });
  });
});

describe('relations', () => {
  it.each([
    ['Texas ran 56,941 handgun checks.', 'level', 'equals'],
    ['Revenue fell 3% in 2019.', 'change', 'change_percent'],
    ['Revenue rose by $5m.', 'change', 'change_absolute'],
    ['The jobless rate fell 0.3 percentage points.', 'change', 'change_points'],
    ['Texas ran 5,271 more handgun checks than Ohio.', 'difference', 'difference'],
    ['The gap between Texas and Ohio was 5,271 checks.', 'difference', 'difference'],
    ['Rent made up 40% of costs.', 'share', 'share'],
    ['Half of the board left.', 'share', 'share'],
    ['Exports were three times imports.', 'ratio', 'ratio'],
    ['Revenue doubled to $10m.', 'ratio', 'ratio'],
    ['Texas ran 4 times more handgun checks than Ohio.', 'ratio', 'ratio'],
  ])('%s → %s', (text, relation, engine) => {
    const claim = only(text);
    expect(claim.relation).toBe(relation);
    expect(claim.statements[0]).toMatchObject({ relation, engine });
  });

  it('a comparison with its numbers stated', () => {
    const claim = only('Texas, at 56,941, ran more handgun checks than Ohio, at 51,670.');
    expect(claim.relation).toBe('comparison');
    expect(claim.statements).toMatchObject([{ relation: 'comparison', engine: 'comparison', number: null }]);
    expect(claim.numbers.map((n) => n.value)).toEqual([56941, 51670]);
  });

  it('what code cannot read stays listed, with its problem and a lower score', () => {
    const negated = only('Revenue did not rise 5% in 2019.');
    const plain = only('Revenue rose 5% in 2019.');
    expect(negated.problem?.code).toBe('negated');
    expect(only('Growth was between 10 and 12% in 2019.').problem?.code).toBe('range');
    expect(negated.checkability).toBeLessThan(plain.checkability);
  });
});

describe('compound sentences', () => {
  it('splits into its claims, each with its own span', () => {
    const text = 'Revenue rose 5% to $10m and profit fell 3%.';
    const claims = inArticleOrder(listClaims(text));
    expect(claims.map((c) => c.text)).toEqual(['Revenue rose 5% to $10m', 'profit fell 3%.']);
    expect(claims.map((c) => c.relation)).toEqual(['change', 'change']);
    expect(claims.map((c) => c.statements[0]!.direction)).toEqual([1, -1]);
    expect(claims.map((c) => c.sentence)).toEqual([
      { start: 0, end: text.length },
      { start: 0, end: text.length },
    ]);
    expect(claims[1]!.numbers[0]).toMatchObject({ raw: '3%', start: text.indexOf('3%') });
  });

  it.each([
    ['Sales rose 4% while costs fell 2%.', ['Sales rose 4%', 'costs fell 2%.']],
    [
      'The company had revenue of $5m, but profit of $1m.',
      ['The company had revenue of $5m', 'profit of $1m.'],
    ],
    ['Almost 57,000 people came; more than 300 left.', ['Almost 57,000 people came', 'more than 300 left.']],
  ])('%s', (text, parts) => {
    expect(texts(text)).toEqual(parts);
  });

  it.each([
    'Sales were $5m in 2019 and $4m in 2018.',
    'Growth was between 10 and 12% last year.',
    'Revenue and profit rose 5% and 3%, respectively.',
    'It rose 5%, as much as $6m.',
  ])('keeps one claim where the join does not start a new one: %s', (text) => {
    expect(texts(text)).toEqual([text]);
  });
});

describe('spans and order', () => {
  const article =
    'The board met on March 3, 2019. Texas ran 56,941 handgun checks. Mr. Smith, 45, said the U.S. ' +
    'economy grew 2.1% in Q3 2019. Revenue rose 10.2% to $1.2bn in 2019 and profit fell 3%. Call ' +
    '555-123-4567. Half of the board left.';

  it('every span is the claim text, inside its sentence', () => {
    const claims = listClaims(article);
    expect(claims).toHaveLength(5);
    for (const c of claims) {
      expect(article.slice(c.span.start, c.span.end)).toBe(c.text);
      expect(c.span.start).toBeGreaterThanOrEqual(c.sentence.start);
      expect(c.span.end).toBeLessThanOrEqual(c.sentence.end);
      for (const n of c.numbers) expect(article.slice(n.start, n.end)).toBe(n.raw);
      for (const p of c.names.periods) expect(article.slice(p.start, p.end)).toBe(p.text);
    }
  });

  it('lists the most checkable first, and keeps the article order', () => {
    const claims = listClaims(article);
    const scores = claims.map((c) => c.checkability);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(claims[0]!.text).toBe('Mr. Smith, 45, said the U.S. economy grew 2.1% in Q3 2019.');
    expect(inArticleOrder(claims).map((c) => c.text)).toEqual([
      'Texas ran 56,941 handgun checks.',
      'Mr. Smith, 45, said the U.S. economy grew 2.1% in Q3 2019.',
      'Revenue rose 10.2% to $1.2bn in 2019',
      'profit fell 3%.',
      'Half of the board left.',
    ]);
    expect(inArticleOrder(claims).map((c) => c.order)).toEqual([0, 1, 2, 3, 4]);
  });

  it('scores a figure with a unit, a period and a named measure above a bare count', () => {
    const [first, second] = listClaims(
      'Texas ran 56,941 handgun checks. Revenue rose 10.2% to $1.2bn in 2019.',
    );
    expect(first!.text).toBe('Revenue rose 10.2% to $1.2bn in 2019.');
    expect(first!.checkability).toBeGreaterThan(second!.checkability);
  });
});
