import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '../../../service/claims/sentences';

// Sentences keep a claim in its place: a full stop inside a number or an abbreviation must not cut one.

const sentences = (text: string) => sentenceSpans(text).map((s) => text.slice(s.start, s.end));

describe('sentenceSpans', () => {
  it('ends a sentence at a stop, a question mark or an exclamation mark before a capital', () => {
    expect(sentences('Revenue rose. Profit fell! Why? Because.')).toEqual([
      'Revenue rose.',
      'Profit fell!',
      'Why?',
      'Because.',
    ]);
  });

  it('keeps decimals and a scale closing a sentence', () => {
    expect(sentences('Inflation was 4.7 per cent. Debt reached $1.2bn. Then it fell.')).toEqual([
      'Inflation was 4.7 per cent.',
      'Debt reached $1.2bn.',
      'Then it fell.',
    ]);
  });

  it('does not end a sentence at a title, an initial or "e.g."', () => {
    expect(
      sentences('Mr. Smith and Dr. J. Jones said costs, e.g. Rent, rose 5%. No. 5 was next. Sales fell.'),
    ).toEqual([
      'Mr. Smith and Dr. J. Jones said costs, e.g. Rent, rose 5%.',
      'No. 5 was next.',
      'Sales fell.',
    ]);
  });

  it('ends at "Inc." or "U.S." only where a new sentence opens', () => {
    expect(
      sentences('The U.S. economy grew 2%. Shares of Apple Inc. The deal closed. Apple Inc. Shares rose.'),
    ).toEqual([
      'The U.S. economy grew 2%.',
      'Shares of Apple Inc.',
      'The deal closed.',
      'Apple Inc. Shares rose.',
    ]);
  });

  it('keeps a closing quote or bracket with its sentence and splits at a blank line', () => {
    expect(sentences('He said "sales rose 5%." (It did.) Next\n\nHeading without a stop\n\nBody.')).toEqual([
      'He said "sales rose 5%."',
      '(It did.)',
      'Next',
      'Heading without a stop',
      'Body.',
    ]);
  });

  it('ends a list item at the next bullet, and keeps a line wrapped inside a sentence', () => {
    expect(
      sentences('Highlights:\n- Revenue up 5%\n• Profit down 3%\n2. Costs flat\nacross the\nGroup.'),
    ).toEqual(['Highlights:', '- Revenue up 5%', '• Profit down 3%', '2. Costs flat\nacross the\nGroup.']);
  });

  it('gives spans that cover the sentence exactly, without the blanks around it', () => {
    const text = '  Revenue rose 5%.   Profit fell 3%.  ';
    const spans = sentenceSpans(text);
    expect(spans).toEqual([
      { start: 2, end: 18 },
      { start: 21, end: 36 },
    ]);
  });
});
