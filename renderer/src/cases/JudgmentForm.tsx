import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Judgment } from '../../../shared/bridge';
import { useJudge } from '../queries';
import { judgedQuestion } from './judgment-wording';
import { FormActions } from '../ui/FormActions';
import { NoteField } from '../ui/NoteField';

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
      <NoteField
        id={`${id}-note`}
        label="Note (why; required)"
        value={note}
        onChange={setNote}
        required
        error={
          !tried || !(noteMissing || noteTooLong)
            ? null
            : noteMissing
              ? 'Write a note saying why: a judgment without its reason cannot be checked by an editor.'
              : `Shorten the note to ${MAX_NOTE.toLocaleString('en-US')} characters or fewer.`
        }
      />
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
