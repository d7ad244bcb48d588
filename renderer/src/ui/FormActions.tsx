// A person's answer form's foot: why the last try was not recorded, then its submit button (its label
// while the answer is sent) and, when the form can be left, Cancel.

const SUBMIT =
  'rounded-md bg-indigo-700 px-3 py-1 text-sm font-semibold text-white hover:bg-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:focus-visible:outline-indigo-400';
const CANCEL =
  'rounded-md px-3 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

export function FormActions({
  label,
  pendingLabel,
  pending,
  failure,
  onCancel,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** Said when the last try failed: "Your judgment was not recorded: …". */
  failure: string | null;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      {failure !== null && (
        <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={SUBMIT}>
          {pending ? pendingLabel : label}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={CANCEL}>
            Cancel
          </button>
        )}
      </div>
    </>
  );
}
