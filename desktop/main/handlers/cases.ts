import { randomBytes } from 'node:crypto';
import type { NumericResponse, OperandRoleName } from '../../../shared/api';
import { caseSummary, MAX_KEPT_CHECKS, personRoles, type Case } from '../../../shared/bridge';
import { ROLE_MEANING } from '../../../shared/text/roles';
import { BridgeFailure, type BridgeHandlers } from '../bridge/router';
import { CaseUnreadableError } from '../cases/store';
import type { HandlerContext } from './context';
import { serviceCall } from './failures';

// Cases: a claim, the figures the person selected, the service's check exactly as it answered, and the
// person's own judgments of what the service left to a judge, stored beside the check and never in it.

function load(context: HandlerContext, id: string): Case {
  let value: Case | null;
  try {
    value = context.cases.get(id);
  } catch (error) {
    if (error instanceof CaseUnreadableError) throw new BridgeFailure('case_unreadable', error.message);
    throw error;
  }
  if (!value) throw new BridgeFailure('not_found', `There is no case ${id}.`);
  return value;
}

const now = () => new Date().toISOString();

/** The name set in Settings now: kept with a judgment as its author, so an export never has to guess. */
async function authorNow(context: HandlerContext): Promise<string | null> {
  return (await context.settings.get()).authorName;
}

/**
 * The person's answer in words, naming the figure they chose and what it is in the claim ("Figure 2
 * (56,941) is ‹handgun checks›, the figure the claim compares; figure 1 (51,670) is the figure it is
 * compared with."), then their own note.
 */
function rolesNote(
  check: NumericResponse,
  roles: readonly OperandRoleName[],
  note: string | undefined,
): string {
  const question = check.roles?.question ?? null;
  const said = roles
    .map((role, i) => {
      const figure = `figure ${i + 1} (${check.operands[i]?.figure.raw ?? '?'})`;
      const words = question !== null && question.role === role ? `‹${question.words}›, ` : '';
      return `${figure} is ${words}${ROLE_MEANING[role]}`;
    })
    .sort((a, b) => (a.includes('‹') === b.includes('‹') ? 0 : a.includes('‹') ? -1 : 1))
    .join('; ');
  const answer = `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
  return note === undefined || note.trim() === '' ? answer : `${answer} ${note.trim()}`;
}

export const caseHandlers = {
  'cases.list': (_input, context) => context.cases.list().map(caseSummary),
  'cases.get': (input, context) => load(context, input.id),
  'cases.save': (input, context) => {
    const at = now();
    if (input.claimSpan !== undefined && input.article === undefined && input.id === undefined)
      throw new BridgeFailure('no_article', 'A claim’s place in an article needs the article it is from.');
    if (input.id === undefined)
      return context.cases.put({
        id: context.cases.newId(),
        // CaseSaveInput refuses a new case without a title.
        title: input.title!,
        claim: input.claim,
        operands: input.operands,
        check: null,
        judgments: [],
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.article !== undefined ? { article: input.article } : {}),
        ...(input.claimSpan !== undefined ? { claimSpan: input.claimSpan } : {}),
        createdAt: at,
        updatedAt: at,
      });
    const current = load(context, input.id);
    // A case checks one article: its spans would point into another text.
    if (input.article !== undefined && current.article?.sha256 !== input.article.sha256)
      throw new BridgeFailure(
        'another_article',
        current.article === undefined
          ? 'This case was not made from an article; start a new case for it.'
          : 'This case checks another article; start a new case for this one.',
      );
    if (input.claimSpan !== undefined && current.article === undefined)
      throw new BridgeFailure('no_article', 'A claim’s place in an article needs the article it is from.');
    // A different claim or different figures make the old check, and the judgments of it, stale.
    const same =
      current.claim === input.claim && JSON.stringify(current.operands) === JSON.stringify(input.operands);
    // A claim edited away from the article's words is no longer at its place in the article.
    const claimSpan =
      input.claimSpan !== undefined
        ? input.claimSpan
        : current.claim === input.claim
          ? (current.claimSpan ?? null)
          : null;
    const { claimSpan: _previous, ...rest } = current;
    // The title is the person's: a save that does not name one (a re-run with the next claim) keeps it.
    return context.cases.put({
      ...rest,
      ...(claimSpan !== null ? { claimSpan } : {}),
      title: input.title ?? current.title,
      claim: input.claim,
      operands: input.operands,
      check: same ? current.check : null,
      judgments: same ? current.judgments : [],
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      updatedAt: at,
    });
  },
  'cases.check': async (input, context) => {
    const current = load(context, input.id);
    if (current.operands.length === 0)
      throw new BridgeFailure('no_operands', 'Select one or two figures from your sources before checking.');
    const client = await context.client();
    // Which figure is which, as the person said when the claim's words could not tell.
    const roles = personRoles(current.judgments);
    const request = { claim: current.claim, operands: current.operands };
    const check = await serviceCall(() =>
      roles === null ? client.verifyNumeric(request) : client.verifyNumericWithRoles({ ...request, roles }),
    );
    return context.cases.put({ ...current, check, updatedAt: now() });
  },
  'cases.assignRoles': async (input, context) => {
    const current = load(context, input.id);
    if (current.check === null)
      throw new BridgeFailure(
        'not_checked',
        'Check the claim first; the check says when it cannot tell the figures apart.',
      );
    const state = current.check.roles?.state;
    if (state !== 'unclear' && state !== 'person')
      throw new BridgeFailure(
        'roles_not_asked',
        "The claim's words already say which figure is which; there is nothing to answer.",
      );
    if (input.roles.length !== current.operands.length)
      throw new BridgeFailure(
        'roles_do_not_fit',
        `Give one role for each of the ${current.operands.length} figures of the check.`,
      );
    const client = await context.client();
    const check = await serviceCall(() =>
      client.verifyNumericWithRoles({ claim: current.claim, operands: current.operands, roles: input.roles }),
    );
    const at = now();
    const note = rolesNote(current.check, input.roles, input.note);
    const author = await authorNow(context);
    const judgment = { facet: 'roles' as const, holds: true, note, at, roles: input.roles, author };
    return context.cases.put({
      ...current,
      check,
      judgments: [...current.judgments.filter((j) => j.facet !== 'roles'), judgment],
      updatedAt: at,
    });
  },
  'cases.judge': async (input, context) => {
    const current = load(context, input.id);
    if (current.check === null)
      throw new BridgeFailure(
        'not_checked',
        'Check the claim first; a judgment answers what the check left open.',
      );
    if (input.facet !== 'meaning') {
      const facet = current.check.comparability?.facets.find((f) => f.facet === input.facet);
      if (!facet || facet.decidedBy !== 'judge')
        throw new BridgeFailure(
          'not_left_to_judge',
          `The service decided "${input.facet}" itself; only facets it left to a person take a judgment.`,
        );
    }
    const author = await authorNow(context);
    const judgment = { facet: input.facet, holds: input.holds, note: input.note, at: now(), author };
    return context.cases.put({
      ...current,
      judgments: [...current.judgments.filter((j) => j.facet !== input.facet), judgment],
      updatedAt: judgment.at,
    });
  },
  'cases.cite': (input, context) => {
    const current = load(context, input.id);
    const kept = { ...input.citation, at: now() };
    const others = (current.citations ?? []).filter(
      (c) => !(c.sourceUnitId === kept.sourceUnitId && c.query === kept.query),
    );
    return context.cases.put({ ...current, citations: [...others, kept], updatedAt: kept.at });
  },
  'cases.keepCheck': (input, context) => {
    const current = load(context, input.id);
    if (current.check === null)
      throw new BridgeFailure(
        'not_checked',
        'Check the claim first; a case keeps checks the service answered.',
      );
    const kept = current.kept ?? [];
    if (kept.length >= MAX_KEPT_CHECKS)
      throw new BridgeFailure(
        'too_many_checks',
        `A case keeps at most ${MAX_KEPT_CHECKS} checks; start another case for more.`,
      );
    const at = now();
    // The kept check is frozen with its judgments; the claim stays for the person to change into the next one.
    return context.cases.put({
      ...current,
      kept: [
        ...kept,
        {
          id: `check_${randomBytes(8).toString('hex')}`,
          claim: current.claim,
          operands: current.operands,
          check: current.check,
          judgments: current.judgments,
          keptAt: at,
          ...(current.claimSpan !== undefined ? { claimSpan: current.claimSpan } : {}),
        },
      ],
      operands: [],
      check: null,
      judgments: [],
      updatedAt: at,
    });
  },
  'cases.unkeep': (input, context) => {
    const current = load(context, input.id);
    const kept = current.kept ?? [];
    if (!kept.some((k) => k.id === input.checkId))
      throw new BridgeFailure('not_found', `The case keeps no check ${input.checkId}.`);
    return context.cases.put({
      ...current,
      kept: kept.filter((k) => k.id !== input.checkId),
      updatedAt: now(),
    });
  },
  'cases.setVerdict': async (input, context) => {
    const current = load(context, input.id);
    const kept = current.kept ?? [];
    // A verdict for a check the case does not keep is refused: nothing is stored, nothing else changes.
    if (!kept.some((k) => k.id === input.checkId))
      throw new BridgeFailure(
        'not_found',
        `The case keeps no check ${input.checkId}; keep the check before giving it your verdict.`,
      );
    const note = input.note?.trim() ?? '';
    if (input.verdict === null && note !== '')
      throw new BridgeFailure('verdict_missing', 'Choose a verdict to keep a note with it.');
    const at = now();
    const verdict =
      input.verdict === null
        ? undefined
        : { verdict: input.verdict, note: note === '' ? null : note, at, author: await authorNow(context) };
    return context.cases.put({
      ...current,
      // The service's answer (`check`) is left exactly as it is: the verdict sits beside it.
      kept: kept.map((k) => {
        if (k.id !== input.checkId) return k;
        const { verdict: _replaced, ...rest } = k;
        return verdict === undefined ? rest : { ...rest, verdict };
      }),
      updatedAt: at,
    });
  },
  'cases.delete': (input, context) => ({ deleted: context.cases.delete(input.id) }),
} satisfies Pick<
  BridgeHandlers,
  | 'cases.list'
  | 'cases.get'
  | 'cases.save'
  | 'cases.check'
  | 'cases.judge'
  | 'cases.assignRoles'
  | 'cases.cite'
  | 'cases.keepCheck'
  | 'cases.unkeep'
  | 'cases.setVerdict'
  | 'cases.delete'
>;
