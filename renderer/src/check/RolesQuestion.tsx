import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OperandRoleName } from '../../../shared/api/numeric';
import { useAssignRoles } from '../queries';
import type { FigureLabels } from '../ui-store';
import { labelsWording } from './figure-wording';
import { questionText, rolesForAnswer } from './role-wording';
import { FormActions } from '../ui/FormActions';
import { NoteField } from '../ui/NoteField';

const MAX_NOTE = 4000;

export interface RolesQuestionProps {
  caseId: string;
  question: { role: OperandRoleName; words: string | null };
  /** The check's figures in the case's operand order: as written, with their labels. */
  figures: readonly { raw: string; labels: FigureLabels | null }[];
  /** The figure the person named last time (a change of answer), or null. */
  current: number | null;
  onDone: () => void;
  onCancel?: () => void;
  /** Move focus into the question when it appears (opened to change an answer). */
  focusOnOpen?: boolean;
}

/**
 * "Which figure is “one kind”?": the claim's words could not tell the figures apart, so the person names
 * the figure, with an optional note. The answer is kept as their judgment and the check runs again with
 * the roles it gives (the chosen figure the question's role, the other its pair).
 */
export function RolesQuestion({
  caseId,
  question,
  figures,
  current,
  onDone,
  onCancel,
  focusOnOpen = false,
}: RolesQuestionProps) {
  const id = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  const [chosen, setChosen] = useState<number | null>(current);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const assign = useAssignRoles();
  useEffect(() => {
    if (!focusOnOpen) return;
    const inputs = choices.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const checked = [...(inputs ?? [])].find((input) => input.checked);
    (checked ?? inputs?.[0])?.focus();
  }, [focusOnOpen]);
  const missing = chosen === null;
  const text = questionText(question);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen === null || assign.isPending) return;
    const trimmed = note.trim();
    assign.mutate(
      {
        id: caseId,
        roles: rolesForAnswer(question.role, chosen, figures.length),
        ...(trimmed !== '' ? { note: trimmed } : {}),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="roles-question"
      className="flex flex-col gap-2 rounded-md border border-indigo-300 bg-indigo-50/60 p-2.5 dark:border-indigo-700 dark:bg-indigo-950/40"
    >
      <fieldset
        ref={choices}
        aria-describedby={`${id}-hint${tried && missing ? ` ${id}-error` : ''}`}
        className="flex flex-col gap-1.5"
      >
        <legend
          data-testid="roles-question-text"
          className="text-sm font-semibold break-words text-indigo-950 dark:text-indigo-50"
        >
          <bdi>{text}</bdi>
        </legend>
        <p id={`${id}-hint`} className="text-xs text-indigo-950/80 dark:text-indigo-100/80">
          The claim’s words do not say. Your answer is kept as your judgment, and the check runs again with
          it.
        </p>
        {figures.map((figure, index) => {
          const labels = labelsWording(figure.labels);
          return (
            <label
              key={index}
              data-testid="roles-choice"
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 has-checked:border-indigo-600 has-checked:ring-1 has-checked:ring-indigo-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-indigo-400 dark:has-checked:ring-indigo-400"
            >
              <input
                type="radio"
                name={`${id}-figure`}
                value={index}
                checked={chosen === index}
                onChange={() => setChosen(index)}
                className="mt-0.5 accent-indigo-700 dark:accent-indigo-400"
              />
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-medium">Figure {index + 1}</span>
                <span className="text-xs break-words text-slate-700 dark:text-slate-300">
                  {labels !== null && (
                    <>
                      <bdi>{labels}</bdi>,{' '}
                    </>
                  )}
                  <bdi className="font-mono">{figure.raw}</bdi>
                </span>
              </span>
            </label>
          );
        })}
        {tried && missing && (
          <p id={`${id}-error`} className="text-xs text-rose-800 dark:text-rose-300">
            Choose one of the figures.
          </p>
        )}
      </fieldset>
      <NoteField
        id={`${id}-note`}
        label="Note (optional: why)"
        value={note}
        onChange={setNote}
        maxLength={MAX_NOTE}
        small
      />
      <FormActions
        label="Answer and check again"
        pendingLabel="Checking again…"
        pending={assign.isPending}
        failure={assign.isError ? `Your answer was not recorded: ${assign.error.message}` : null}
        onCancel={onCancel}
      />
    </form>
  );
}
