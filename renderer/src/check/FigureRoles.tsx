import { useEffect, useRef, useState } from 'react';
import type { NumericResponse } from '../../../shared/api/numeric';
import type { FigureLabels } from '../ui-store';
import { figureWithLabels } from './figure-wording';
import { BY_WORDING, operandsByRole, questionToChange, ROLE_MEANING, ROLE_WORDING } from './role-wording';
import { RolesQuestion } from './RolesQuestion';

const capitalised = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

export interface FigureRolesProps {
  response: NumericResponse;
  /** The case the check belongs to, to answer the question; null shows the question without a form. */
  caseId: string | null;
  /** Each operand's labels, in the case's operand order (null where none are known). */
  labels: readonly (FigureLabels | null)[];
}

/**
 * Which figure is which: each figure as the claim names it ("handgun checks" — Texas · Handgun, 56,941)
 * with its role and how it got it; or, when the claim's words cannot tell, the question to the person.
 * A person's answer is shown as theirs, with a way to change it.
 */
export function FigureRoles({ response, caseId, labels }: FigureRolesProps) {
  const binding = response.roles;
  const [editing, setEditing] = useState(false);
  // After an answer, focus goes to "Change your answer", beside the result it gave.
  const [answered, setAnswered] = useState(false);
  const change = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!answered || change.current === null) return;
    change.current.focus();
    setAnswered(false);
  }, [answered, response]);

  const withRoles = operandsByRole(response.operands);
  if (binding === undefined && withRoles.length === 0) return null;
  const figures = response.operands.map((o, i) => ({ raw: o.figure.raw, labels: labels[i] ?? null }));
  const question = questionToChange(response);
  const onAnswered = () => {
    setEditing(false);
    setAnswered(true);
  };

  let body;
  if (binding?.state === 'unclear') {
    body =
      caseId !== null && question !== null ? (
        <RolesQuestion
          // A new case or a new question starts with nothing chosen.
          key={`${caseId} ${question.role} ${question.words ?? ''}`}
          caseId={caseId}
          question={question}
          figures={figures}
          current={null}
          onDone={onAnswered}
        />
      ) : (
        <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">
          The claim’s words do not say which figure is which.
        </p>
      );
  } else {
    const byPerson = binding?.state === 'person';
    const current =
      question === null ? -1 : response.operands.findIndex((o) => o.role?.role === question.role);
    body = (
      <>
        <ul className="mt-1 flex flex-col gap-2">
          {withRoles.map(({ operand, index }) => {
            const role = operand.role!;
            const by = BY_WORDING[role.by];
            const figure = figureWithLabels(operand.figure.raw, labels[index] ?? null);
            // A figure the person named answers to the question's words.
            const words =
              role.words ??
              (byPerson && question !== null && question.role === role.role ? question.words : null);
            return (
              <li
                key={index}
                data-testid="figure-role"
                data-role={role.role}
                data-by={role.by}
                className="text-sm text-slate-900 dark:text-slate-100"
              >
                <p className="text-xs">
                  <span
                    title={ROLE_MEANING[role.role]}
                    className="font-semibold text-slate-800 dark:text-slate-200"
                  >
                    {capitalised(ROLE_WORDING[role.role])}
                  </span>
                  {by !== null && (
                    <span
                      className={
                        role.by === 'person'
                          ? 'text-indigo-800 dark:text-indigo-200'
                          : 'text-slate-600 dark:text-slate-400'
                      }
                    >
                      {' · '}
                      {by}
                    </span>
                  )}
                </p>
                <p className="font-medium break-words">
                  {words !== null ? (
                    <>
                      “<bdi>{words}</bdi>”
                    </>
                  ) : (
                    `Figure ${index + 1}`
                  )}
                </p>
                <p className="text-xs break-words text-slate-700 dark:text-slate-300">
                  <bdi>{figure}</bdi>
                </p>
              </li>
            );
          })}
        </ul>
        {byPerson && (
          <div className="mt-2 flex flex-col items-start gap-1.5">
            <p
              id="roles-by-person"
              data-testid="roles-by-person"
              className="text-xs text-indigo-950 dark:text-indigo-100"
            >
              You said which figure is which; the check ran again with your answer.
            </p>
            {editing && caseId !== null && question !== null ? (
              <RolesQuestion
                caseId={caseId}
                question={question}
                figures={figures}
                current={current < 0 ? null : current}
                onDone={onAnswered}
                onCancel={() => {
                  setEditing(false);
                  setAnswered(true);
                }}
                focusOnOpen
              />
            ) : (
              caseId !== null &&
              question !== null && (
                <button
                  ref={change}
                  type="button"
                  onClick={() => setEditing(true)}
                  aria-describedby="roles-by-person"
                  className="rounded px-1.5 py-0.5 text-xs text-indigo-800 underline hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-200 dark:hover:bg-indigo-900/60 dark:focus-visible:outline-indigo-400"
                >
                  Change your answer
                </button>
              )
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="figure-roles-heading" data-testid="figure-roles" data-state={binding?.state}>
      <h4
        id="figure-roles-heading"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        Which figure is which
      </h4>
      {body}
    </section>
  );
}
