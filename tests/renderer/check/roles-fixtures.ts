import {
  NumericResponse,
  Representation as RepresentationSchema,
  type OperandReference,
  type OperandRoleName,
  type Representation,
} from '../../../shared/api';
import type { Case, CaseAssignRolesInput } from '../../../shared/bridge';
import type { PickedOperand } from '../../../renderer/src/ui-store';
import { figureIn } from '../viewer/fixtures';
import { CASE_ID, LIMITATION } from './fixtures';

// A state's background checks for one month ("State,Handgun,Long Gun / Texas,56941,51670"), and the
// service's answers about which figure is which: bound by the claim's words, unclear, and set by a person.

const SHEET = '| State | Handgun | Long Gun |\n| Texas | 56941 | 51670 |';
const HANDGUN_FIGURE = figureIn(SHEET, '56941', 0, { kind: 'cell', ref: 'B2' });
const LONG_GUN_FIGURE = figureIn(SHEET, '51670', 1, { kind: 'cell', ref: 'C2' });

export const CHECKS_REPRESENTATION: Representation = RepresentationSchema.parse({
  representation_id: 'rep_checks',
  source_version_id: 'sv_checks',
  format: 'csv',
  state: 'complete',
  code: null,
  reason: null,
  extraction_method: 'spreadsheet_cells',
  units: [
    {
      source_unit_id: 'unit_checks',
      kind: 'sheet',
      index: 1,
      extraction_method: 'spreadsheet_cells',
      markdown: SHEET,
      sheet: {
        name: 'Sheet1',
        merges: [],
        cells: [
          { ref: 'A1', value: 'State', text: 'State' },
          { ref: 'B1', value: 'Handgun', text: 'Handgun' },
          { ref: 'C1', value: 'Long Gun', text: 'Long Gun' },
          { ref: 'A2', value: 'Texas', text: 'Texas' },
          { ref: 'B2', value: 56941, text: '56941' },
          { ref: 'C2', value: 51670, text: '51670' },
        ],
      },
      figures: [HANDGUN_FIGURE, LONG_GUN_FIGURE],
    },
  ],
});

const ref = (figureIndex: number): OperandReference => ({
  source_version_id: 'sv_checks',
  representation_id: 'rep_checks',
  source_unit_id: 'unit_checks',
  figure_index: figureIndex,
});
export const HANDGUN_REF = ref(0);
export const LONG_GUN_REF = ref(1);

const picked = (figure: typeof HANDGUN_FIGURE, column: string): PickedOperand => ({
  ref: ref(figure.index),
  figure,
  sourceTitle: 'checks.csv',
  unitKind: 'sheet',
  unitIndex: 1,
  sheetName: 'Sheet1',
  extractionMethod: 'spreadsheet_cells',
  labels: { row: 'Texas', column, period: null },
});
export const PICKED_HANDGUN = picked(HANDGUN_FIGURE, 'Handgun');
export const PICKED_LONG_GUN = picked(LONG_GUN_FIGURE, 'Long Gun');

export const BOUND_CLAIM = 'Texas ran 5,271 more handgun checks than long gun checks';
export const UNCLEAR_CLAIM = 'Texas ran 5,271 more checks of one kind than the other';

const echo = (figure: typeof HANDGUN_FIGURE) => {
  const { ambiguous: _a, span: _s, position: _p, ...rest } = figure;
  return {
    binding: 'retained_source_slice' as const,
    source: {
      source_version_id: 'sv_checks',
      representation_id: 'rep_checks',
      source_unit_id: 'unit_checks',
    },
    figure: rest,
  };
};

const comparability = {
  verdict: 'unknown' as const,
  facets: [
    { facet: 'unit' as const, decidedBy: 'code' as const, passed: true, p: 1 },
    { facet: 'scale' as const, decidedBy: 'code' as const, passed: true, p: 1 },
    { facet: 'entity' as const, decidedBy: 'code' as const, passed: true, p: 1 },
    { facet: 'period' as const, decidedBy: 'judge' as const, passed: null, p: null },
    { facet: 'basis' as const, decidedBy: 'code' as const, passed: true, p: 1 },
  ],
  reason: "period: left to a judge (the structure does not show both operands' periods).",
};

const LINE = 'Handgun 56,941 − long gun 51,670 = 5,271; the claim says 5,271 (±0.5): holds';

/** The claim's words bind the figures, sent handgun first (or long gun first with `reversed`). */
export function boundResponse(reversed = false): NumericResponse {
  const handgun = {
    ...echo(HANDGUN_FIGURE),
    role: { role: 'subject' as const, words: 'handgun checks', by: 'claim_words' as const },
  };
  const longGun = {
    ...echo(LONG_GUN_FIGURE),
    role: { role: 'reference' as const, words: 'long gun checks', by: 'claim_words' as const },
  };
  return NumericResponse.parse({
    outcome: 'escalate',
    arithmetic: {
      verdict: 'holds',
      computed: 5271,
      tolerance: 0.5,
      reason: `${LINE}. The claim holds exactly.`,
      holds_only_by_rounding: false,
      line: LINE,
    },
    comparability,
    reason: `The arithmetic holds, but comparability is unknown (left to a judge: period); left to a person. ${LINE}.`,
    scope: 'arithmetic_only',
    limitation: LIMITATION,
    operands: reversed ? [longGun, handgun] : [handgun, longGun],
    roles: {
      state: 'bound',
      reason: "the claim's words bind them: “handgun checks” is Texas · Handgun (56941)",
      question: null,
      readings: [],
    },
  });
}

const UNCLEAR_REASON =
  "Not computed: the claim's words do not say which figure is which (the claim's words do not name either " +
  'figure). Which figure is ‹one kind›? Read with Texas · Handgun, 56941 as the subject: 56,941 − 51,670 = ' +
  '5,271; with Texas · Long Gun, 51670 as the subject: 51,670 − 56,941 = −5,271. The claim says 5,271.';

/** The claim's words cannot tell the figures apart: both readings, their verdicts not for showing. */
export const UNCLEAR: NumericResponse = NumericResponse.parse({
  outcome: 'escalate',
  arithmetic: {
    verdict: 'not_computable',
    computed: null,
    tolerance: 0,
    reason: UNCLEAR_REASON,
    holds_only_by_rounding: false,
  },
  comparability,
  reason: `The arithmetic could not be computed; left to a person. ${UNCLEAR_REASON}`,
  scope: 'arithmetic_only',
  limitation: LIMITATION,
  operands: [echo(HANDGUN_FIGURE), echo(LONG_GUN_FIGURE)],
  roles: {
    state: 'unclear',
    reason: "the claim's words do not name either figure",
    question: { role: 'subject', words: 'one kind' },
    readings: [
      {
        roles: ['subject', 'reference'],
        verdict: 'holds',
        computed: 5271,
        reason: '56,941 − 51,670 = 5,271',
      },
      {
        roles: ['reference', 'subject'],
        verdict: 'fails',
        computed: -5271,
        reason: '51,670 − 56,941 = −5,271',
      },
    ],
  },
});

/** The check run again with the roles a person gave (in operand order: handgun, long gun). */
export function personResponse(roles: readonly OperandRoleName[]): NumericResponse {
  const handgunFirst = roles[0] === 'subject';
  const line = handgunFirst
    ? '56,941 − 51,670 = 5,271; the claim says 5,271 (±0.5): holds'
    : '51,670 − 56,941 = −5,271; the claim says 5,271 (±0.5): fails';
  return NumericResponse.parse({
    outcome: 'escalate',
    arithmetic: {
      verdict: handgunFirst ? 'holds' : 'fails',
      computed: handgunFirst ? 5271 : -5271,
      tolerance: 0.5,
      reason: `${line}.`,
      holds_only_by_rounding: false,
      line,
    },
    comparability,
    reason: `${line}.`,
    scope: 'arithmetic_only',
    limitation: LIMITATION,
    operands: [
      { ...echo(HANDGUN_FIGURE), role: { role: roles[0], words: null, by: 'person' } },
      { ...echo(LONG_GUN_FIGURE), role: { role: roles[1], words: null, by: 'person' } },
    ],
    roles: {
      state: 'person',
      reason: 'a person said which figure is which',
      question: { role: 'subject', words: 'one kind' },
      readings: [],
    },
  });
}

export function checksCase(check: NumericResponse | null, overrides: Partial<Case> = {}): Case {
  return {
    id: CASE_ID,
    title: UNCLEAR_CLAIM,
    claim: UNCLEAR_CLAIM,
    operands: [HANDGUN_REF, LONG_GUN_REF],
    check,
    judgments: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** What the main process does with an answer: the judgment kept, the check run again with its roles. */
export function answerRoles(stored: Case, input: CaseAssignRolesInput): Case {
  const roles = input.roles;
  const note =
    input.note ??
    roles
      .map((role, i) => {
        const raw = stored.check?.operands[i]?.figure.raw ?? '';
        const figure = `${i === 0 ? 'Figure' : 'figure'} ${i + 1} (${raw})`;
        return role === 'subject' ? `${figure} is ‹one kind› (the subject)` : `${figure} is the ${role}`;
      })
      .join('; ')
      .concat('.');
  return {
    ...stored,
    check: personResponse(roles),
    judgments: [
      ...stored.judgments.filter((j) => j.facet !== 'roles'),
      { facet: 'roles', holds: true, roles: [...roles], note, at: '2026-11-20T11:00:00.000Z' },
    ],
  };
}
