import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { VERDICT_WORDING, VERDICTS, type KeptCheck, type VerdictValue } from '../../../shared/bridge';
import { useSetVerdict } from '../queries';
import { FormActions } from '../ui/FormActions';
import { NoteField } from '../ui/NoteField';

// The fact-checker's own verdict on a kept check: shown as theirs, in the person's colours (never the
// service's "supported" green), beside the service's answer, which it never changes.

const MAX_NOTE = 4000;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const LINK =
  'rounded px-1.5 py-0.5 text-xs text-indigo-800 underline hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-indigo-200 dark:hover:bg-indigo-900/60 dark:focus-visible:outline-indigo-400';

export interface KeptCheckVerdictProps {
  caseId: string;
  check: KeptCheck;
  /** The check's 1-based number in the case, to name it ("check 2"). */
  number: number;
}

/** "Your verdict: False — the note (by Ada, 20 Nov 2026, 10:12)", with Change and Clear; or the form. */
export function KeptCheckVerdict({ caseId, check, number }: KeptCheckVerdictProps) {
  const [editing, setEditing] = useState(false);
  // After saving, cancelling or clearing, focus goes back to the button that opens the form.
  const [returnFocus, setReturnFocus] = useState(false);
  const clear = useSetVerdict();
  const opener = useRef<HTMLButtonElement>(null);
  const current = check.verdict;
  const settle = () => {
    setEditing(false);
    setReturnFocus(true);
  };

  if (editing)
    return <VerdictForm caseId={caseId} check={check} number={number} onDone={settle} onCancel={settle} />;

  return (
    <div
      data-testid="kept-check-verdict"
      className="rounded-md border-l-4 border-indigo-500 bg-indigo-50/60 p-2 text-sm text-indigo-950 dark:bg-indigo-950/40 dark:text-indigo-100"
    >
      {current === undefined ? (
        <p className="text-xs text-indigo-900/80 dark:text-indigo-200/80">
          Your verdict: none given. It is yours, kept beside the service’s result, which it never changes.
        </p>
      ) : (
        <p
          data-testid="person-verdict"
          data-verdict={current.verdict}
          className="break-words whitespace-pre-wrap"
        >
          <span className="font-semibold">Your verdict:</span>{' '}
          <span data-testid="person-verdict-value" className="font-semibold">
            {VERDICT_WORDING[current.verdict]}
          </span>
          {current.note !== null && (
            <>
              {' '}
              — <bdi>{current.note}</bdi>
            </>
          )}{' '}
          <span className="text-xs text-indigo-900/80 dark:text-indigo-200/80">
            (
            {current.author !== null && (
              <>
                by <bdi>{current.author}</bdi>,{' '}
              </>
            )}
            <time dateTime={current.at}>{when(current.at)}</time>)
          </span>
        </p>
      )}
      {clear.isError && (
        <p role="alert" className="text-xs text-rose-800 dark:text-rose-300">
          Your verdict was not cleared: {clear.error.message}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          ref={opener}
          type="button"
          autoFocus={returnFocus}
          onClick={() => setEditing(true)}
          aria-label={`${current === undefined ? 'Give your verdict' : 'Change your verdict'} on check ${number}`}
          className={LINK}
        >
          {current === undefined ? 'Give your verdict' : 'Change'}
        </button>
        {current !== undefined && (
          <button
            type="button"
            disabled={clear.isPending}
            // Cleared, the Clear button goes: focus stays on the button that gives a verdict again.
            onClick={() =>
              clear.mutate(
                { id: caseId, checkId: check.id, verdict: null },
                { onSuccess: () => opener.current?.focus() },
              )
            }
            aria-label={`Clear your verdict on check ${number}`}
            className={LINK}
          >
            {clear.isPending ? 'Clearing…' : 'Clear'}
          </button>
        )}
      </div>
    </div>
  );
}

interface VerdictFormProps extends KeptCheckVerdictProps {
  onDone: () => void;
  onCancel: () => void;
}

/** The four verdicts as one radio group (arrow keys move and choose), an optional note, Save and Cancel. */
function VerdictForm({ caseId, check, number, onDone, onCancel }: VerdictFormProps) {
  const id = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  const [verdict, setVerdict] = useState<VerdictValue | null>(check.verdict?.verdict ?? null);
  const [note, setNote] = useState(check.verdict?.note ?? '');
  const [tried, setTried] = useState(false);
  const save = useSetVerdict();
  const missing = verdict === null;
  const tooLong = note.length > MAX_NOTE;
  useEffect(() => {
    const inputs = choices.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const checked = [...(inputs ?? [])].find((input) => input.checked);
    (checked ?? inputs?.[0])?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (verdict === null || tooLong) return;
    save.mutate(
      { id: caseId, checkId: check.id, verdict, ...(note.trim() === '' ? {} : { note: note.trim() }) },
      { onSuccess: onDone },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="verdict-form"
      aria-label={`Your verdict on check ${number}`}
      className="flex flex-col gap-2 rounded-md border-l-4 border-indigo-500 bg-indigo-50/60 p-2 dark:bg-indigo-950/40"
    >
      <fieldset ref={choices} aria-describedby={tried && missing ? `${id}-missing` : undefined}>
        <legend className="text-sm font-medium text-indigo-950 dark:text-indigo-100">
          Your verdict on check {number}
        </legend>
        <p className="text-xs text-indigo-900/80 dark:text-indigo-200/80">
          Yours, shown beside the service’s result; it never changes it.
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-900 dark:text-slate-100">
          {VERDICTS.map((value) => (
            <label key={value} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name={`${id}-verdict`}
                value={value}
                checked={verdict === value}
                onChange={() => setVerdict(value)}
                className="accent-indigo-600 dark:accent-indigo-400"
              />
              {VERDICT_WORDING[value]}
            </label>
          ))}
        </div>
        {tried && missing && (
          <p id={`${id}-missing`} className="mt-1 text-xs text-rose-800 dark:text-rose-300">
            Choose a verdict: true, false, misleading or unproven.
          </p>
        )}
      </fieldset>
      <NoteField
        id={`${id}-note`}
        label="Note (optional)"
        value={note}
        onChange={setNote}
        error={
          tried && tooLong
            ? `Shorten the note to ${MAX_NOTE.toLocaleString('en-US')} characters or fewer.`
            : null
        }
      />
      <FormActions
        label="Save verdict"
        pendingLabel="Saving…"
        pending={save.isPending}
        failure={save.isError ? `Your verdict was not saved: ${save.error.message}` : null}
        onCancel={onCancel}
      />
    </form>
  );
}
