import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Judgment } from '../../../shared/bridge';
import { useJudge } from '../queries';
import { judgedQuestion } from './judgment-wording';
import { FormActions } from '../ui/FormActions';

const MAX_NOTE = 4000;

export interface JudgmentFormProps {
  caseId: string;
  facet: Exclude<Judgment['facet'], 'roles'>;
  /** The judgment being changed, to start from; null for a first one. */
  current: Judgment | null;
  onDone: () => void;
  onCancel?: () => void;
  /** Move focus into the form when it appears (opened with Change, so focus is not lost). */
  focusOnOpen?: boolean;
}

/** Records the person's yes or no on one facet the service left to them, with the note that says why. */
export function JudgmentForm({
  caseId,
  facet,
  current,
  onDone,
  onCancel,
  focusOnOpen = false,
}: JudgmentFormProps) {
  const id = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focusOnOpen) return;
    const inputs = choices.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const checked = [...(inputs ?? [])].find((input) => input.checked);
    (checked ?? inputs?.[0])?.focus();
  }, [focusOnOpen]);
  const [holds, setHolds] = useState<boolean | null>(current?.holds ?? null);
  const [note, setNote] = useState(current?.note ?? '');
  const [tried, setTried] = useState(false);
  const judge = useJudge();
  const answerMissing = holds === null;
  const noteMissing = note.trim() === '';
  const noteTooLong = note.length > MAX_NOTE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (holds === null || noteMissing || noteTooLong) return;
    judge.mutate({ id: caseId, facet, holds, note: note.trim() }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`judgment-form-${facet}`} className="flex flex-col gap-2">
      <fieldset ref={choices} aria-describedby={tried && answerMissing ? `${id}-answer-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {judgedQuestion(facet)}
        </legend>
        <div className="mt-1 flex gap-4 text-sm">
          <label className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-holds`}
              checked={holds === true}
              onChange={() => setHolds(true)}
            />
            Yes
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-holds`}
              checked={holds === false}
              onChange={() => setHolds(false)}
            />
            No
          </label>
        </div>
        {tried && answerMissing && (
          <p id={`${id}-answer-error`} className="mt-1 text-xs text-rose-800 dark:text-rose-300">
            Choose yes or no.
          </p>
        )}
      </fieldset>
      <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        Note (why; required)
      </label>
      <textarea
        id={`${id}-note`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={2}
        required
        aria-invalid={tried && (noteMissing || noteTooLong)}
        aria-describedby={tried && (noteMissing || noteTooLong) ? `${id}-note-error` : undefined}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:focus-visible:outline-indigo-400"
      />
      {tried && (noteMissing || noteTooLong) && (
        <p id={`${id}-note-error`} className="text-xs text-rose-800 dark:text-rose-300">
          {noteMissing
            ? 'Write a note saying why: a judgment without its reason cannot be checked by an editor.'
            : `Shorten the note to ${MAX_NOTE.toLocaleString('en-US')} characters or fewer.`}
        </p>
      )}
      <FormActions
        label="Record your judgment"
        pendingLabel="Recording…"
        pending={judge.isPending}
        failure={judge.isError ? `Your judgment was not recorded: ${judge.error.message}` : null}
        onCancel={onCancel}
      />
    </form>
  );
}
