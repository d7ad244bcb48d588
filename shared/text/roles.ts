import type { OperandRoleName } from '../api/numeric';

/** A figure's role in a claim, in a sentence ("the figure the claim compares"). */
export const ROLE_MEANING: Readonly<Record<OperandRoleName, string>> = {
  subject: 'the figure the claim compares',
  reference: 'the figure it is compared with',
  from: 'the figure the change runs from',
  to: 'the figure the change runs to',
  part: 'the part',
  whole: 'the whole',
  term: 'a term of the sum or difference',
  value: 'the figure the claim’s number states',
  unused: 'a figure the claim says nothing about',
};
