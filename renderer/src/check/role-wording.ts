import type {
  AssessedOperand,
  NumericResponse,
  OperandRoleName,
  RoleReading,
  RoleSource,
} from '../../../shared/api/numeric';
import { ROLE_MEANING } from '../../../shared/text/roles';

export { ROLE_MEANING };

// Which figure is which, in a fact-checker's words: each figure's role in the claim, how it was given,
// the question asked when the claim's words cannot tell the figures apart, and the roles an answer gives.

/** A role as a short label beside the figure ("compared", "compared with", "from", "to"). */
export const ROLE_WORDING: Record<OperandRoleName, string> = {
  subject: 'compared',
  reference: 'compared with',
  from: 'from',
  to: 'to',
  part: 'part',
  whole: 'whole',
  term: 'term',
  value: 'stated',
  unused: 'not used',
};

/** How a figure got its role, in words; null when nothing needs saying. */
export const BY_WORDING: Record<RoleSource, string | null> = {
  claim_words: 'by the claim’s words',
  periods: 'by its period',
  restated_numbers: 'the claim states this number',
  total: 'the claim names it as the total',
  elimination: 'the other figure',
  only_operand: 'the only figure',
  person: 'set by you',
  no_roles_needed: null,
};

/** The role the other figure takes: subject and reference, from and to, part and whole, value and unused. */
export const PAIRED_ROLE: Record<OperandRoleName, OperandRoleName> = {
  subject: 'reference',
  reference: 'subject',
  from: 'to',
  to: 'from',
  part: 'whole',
  whole: 'part',
  term: 'term',
  value: 'unused',
  unused: 'value',
};

/** The first role of each pair: the one a claim names first and a fallback question asks about. */
const FIRST_ROLES: ReadonlySet<OperandRoleName> = new Set(['subject', 'from', 'part', 'value', 'term']);

/** The question asked, "Which figure is “one kind”?", or in plain words when the claim gave none. */
export function questionText(question: { role: OperandRoleName; words: string | null }): string {
  if (question.words !== null && question.words.trim() !== '') return `Which figure is “${question.words}”?`;
  return `Which figure is ${ROLE_MEANING[question.role]}?`;
}

/** The roles an answer gives, in the case's operand order: the chosen figure takes the question's role. */
export function rolesForAnswer(role: OperandRoleName, chosen: number, count: number): OperandRoleName[] {
  return Array.from({ length: count }, (_, i) => (i === chosen ? role : PAIRED_ROLE[role]));
}

/**
 * The question to ask, or ask again when a person changes their answer: the one the check asked (kept with
 * a person's answer), or, where a check does not carry one, one built from the roles.
 */
export function questionToChange(
  response: NumericResponse,
): { role: OperandRoleName; words: string | null } | null {
  if (response.roles?.question) return response.roles.question;
  const first = response.operands.find((o) => o.role !== undefined && FIRST_ROLES.has(o.role.role));
  if (first?.role === undefined) return null;
  return { role: first.role.role, words: first.role.words };
}

/** Figures with a role, in the order the claim's relation reads them (compared, then compared with). */
export function operandsByRole(
  operands: readonly AssessedOperand[],
): { operand: AssessedOperand; index: number }[] {
  return operands
    .map((operand, index) => ({ operand, index }))
    .filter(({ operand }) => operand.role !== undefined)
    .sort((a, b) => rank(a.operand) - rank(b.operand) || a.index - b.index);
}

function rank(operand: AssessedOperand): number {
  const role = operand.role?.role;
  return role === undefined ? 2 : FIRST_ROLES.has(role) ? 0 : 1;
}

/**
 * Which way a reading takes the figures, for its label: the figure that takes the question's role (or,
 * without a question, the first role), by its index in operand order.
 */
export function readingFigure(
  reading: RoleReading,
  question: { role: OperandRoleName } | null,
): { index: number; role: OperandRoleName } | null {
  const role = question?.role ?? reading.roles.find((r) => FIRST_ROLES.has(r));
  if (role === undefined) return null;
  const index = reading.roles.indexOf(role);
  return index < 0 ? null : { index, role };
}

/** One reading of unclear roles as the card lists it: which way it takes the figures, and its computation. */
export interface ReadingInWords {
  /** "If figure 1 (Texas · Handgun) is “one kind”". */
  label: string;
  /** The service's computation, without a verdict ("56,941 − 51,670 = 5,271"). */
  computation: string;
}

/**
 * The readings of a check whose roles are unclear, each labelled by the figure it takes for the question's
 * role. Never their verdicts: which reading the claim means is the person's answer.
 */
export function readingsInWords(
  response: NumericResponse,
  figureName: (index: number) => string,
): ReadingInWords[] {
  const binding = response.roles;
  if (binding?.state !== 'unclear') return [];
  return binding.readings.map((reading) => {
    const taken = readingFigure(reading, binding.question);
    let label = 'One reading';
    if (taken !== null) {
      const figure = `figure ${taken.index + 1} (${figureName(taken.index)})`;
      const words = binding.question?.role === taken.role ? binding.question.words : null;
      label =
        words !== null && words.trim() !== ''
          ? `If ${figure} is “${words}”`
          : `If ${figure} is ${ROLE_MEANING[taken.role]}`;
    }
    return { label, computation: reading.reason };
  });
}
