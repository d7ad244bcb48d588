import { describe, expect, it } from 'vitest';
import { namingNumbersOf } from '../../../service/claims/detect';
import { sentenceSpans } from '../../../service/claims/sentences';

// Numbers that name rather than measure, each with the kind a person is told; a measured number beside
// them keeps its place as the claim's number.

const naming = (text: string) => {
  const [sentence] = sentenceSpans(text);
  return namingNumbersOf(text, sentence!).map((n) => [text.slice(n.start, n.end), n.kind]);
};

describe('namingNumbersOf', () => {
  it.each([
    ['At age 45 he left.', [['45', 'age']]],
    ['Write to Mountain View, CA 94043 today.', [['94043', 'address']]],
    [
      'It is in the top 5 and ranked 3 overall.',
      [
        ['5', 'rank'],
        ['3', 'rank'],
      ],
    ],
    [
      'Phase 3 and Topic 842 apply.',
      [
        ['3', 'code'],
        ['842', 'code'],
      ],
    ],
    ['A 30-day average was used.', [['30', 'term']]],
    ['The book called "Catch 22" sold well.', [['22', 'title']]],
    ['17 Impairment of Goodwill', [['17', 'reference']]],
    ['Notes: 1 Excludes gains.', [['1', 'reference']]],
  ])('%s', (text, expected) => {
    expect(naming(text)).toEqual(expected);
  });

  it('leaves a measured number alone beside a naming one', () => {
    expect(naming('At age 45 he earned $45,000 in 12 stores.')).toEqual([['45', 'age']]);
  });

  it('a quotation that is no title keeps its numbers', () => {
    expect(naming('He said "sales rose 5% to 3,000 units this year."')).toEqual([]);
  });
});
