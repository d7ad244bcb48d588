import { useId, useState } from 'react';
import type { Case } from '../../../shared/bridge';
import { formatNumber } from '../check/figure-wording';
import { useSaveNotes } from '../queries';

/** The most characters a case's notes hold (shared/bridge/cases.ts, CaseNotes). */
export const MAX_NOTES = 20_000;
/** The counter shows from here on, so a long note sees the limit coming. */
const COUNT_FROM = 18_000;

/**
 * The person's notes on the case, printed in its reports: saved when the field is left or with Save,
 * with the case's title, claim and figures as stored (so the check is kept). Remount per case (`key`).
 */
export function CaseNotes({ theCase }: { theCase: Case }) {
  const id = useId();
  const saved = theCase.notes ?? '';
  const [text, setText] = useState(saved);
  const save = useSaveNotes();
  const over = text.length - MAX_NOTES;
  const changed = text !== saved;

  const onSave = () => {
    if (!changed || over > 0 || save.isPending) return;
    save.mutate({
      id: theCase.id,
      title: theCase.title,
      claim: theCase.claim,
      operands: theCase.operands,
      notes: text,
    });
  };

  let state: { words: string; tone: string; alert?: boolean };
  if (over > 0)
    state = {
      words: `Not saved: the notes are ${formatNumber(over)} ${over === 1 ? 'character' : 'characters'} over the limit of ${formatNumber(MAX_NOTES)}.`,
      tone: 'text-rose-800 dark:text-rose-300',
      alert: true,
    };
  else if (save.isPending) state = { words: 'Saving…', tone: 'text-slate-600 dark:text-slate-300' };
  else if (save.isError && changed)
    state = {
      words: `Not saved: ${save.error.message}`,
      tone: 'text-rose-800 dark:text-rose-300',
      alert: true,
    };
  else if (changed) state = { words: 'Not saved yet', tone: 'text-amber-900 dark:text-amber-200' };
  else if (save.isSuccess) state = { words: 'Saved', tone: 'text-emerald-800 dark:text-emerald-300' };
  else state = { words: saved === '' ? '' : 'Saved', tone: 'text-slate-600 dark:text-slate-300' };

  return (
    <section aria-labelledby={`${id}-label`} data-testid="case-notes" className="flex flex-col gap-1.5">
      <label
        id={`${id}-label`}
        htmlFor={`${id}-field`}
        className="text-sm font-semibold text-slate-900 dark:text-slate-100"
      >
        Notes
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
        Your own notes on this case; they are printed in its reports.
      </p>
      <textarea
        id={`${id}-field`}
        data-testid="case-notes-field"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={onSave}
        rows={4}
        aria-invalid={over > 0}
        aria-describedby={`${id}-hint ${id}-state${text.length >= COUNT_FROM ? ` ${id}-count` : ''}`}
        className={`w-full resize-y rounded-md border bg-white px-2.5 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:bg-slate-950 dark:text-slate-100 dark:focus-visible:outline-indigo-400 ${over > 0 ? 'border-rose-500' : 'border-slate-300 dark:border-slate-600'}`}
      />
      {text.length >= COUNT_FROM && (
        <p
          id={`${id}-count`}
          data-testid="case-notes-count"
          className={`text-xs ${over > 0 ? 'text-rose-800 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {formatNumber(text.length)} / {formatNumber(MAX_NOTES)} characters
        </p>
      )}
      <div className="flex items-center justify-between gap-2 text-xs">
        <p
          id={`${id}-state`}
          role={state.alert ? 'alert' : 'status'}
          data-testid="case-notes-state"
          className={state.tone}
        >
          {state.words}
        </p>
        <button
          type="button"
          onClick={onSave}
          disabled={!changed || over > 0 || save.isPending}
          className="shrink-0 rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
        >
          Save notes
        </button>
      </div>
    </section>
  );
}
