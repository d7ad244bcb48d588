// A person's note on an answer form: its label, the text box, and why it cannot be saved yet (said only
// once the person tried to save), tied to the box for screen readers.

const BOX =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:outline-indigo-400';

export function NoteField({
  id,
  label,
  value,
  onChange,
  error = null,
  required = false,
  maxLength,
  small = false,
}: {
  /** The box's id; the error's is `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the note cannot be saved, shown when not null. */
  error?: string | null;
  required?: boolean;
  maxLength?: number;
  /** A label in the smaller type of a form inside a card. */
  small?: boolean;
}) {
  return (
    <>
      <label
        htmlFor={id}
        className={`${small ? 'text-xs' : 'text-sm'} font-medium text-slate-900 dark:text-slate-100`}
      >
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        required={required}
        maxLength={maxLength}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        className={BOX}
      />
      {error !== null && (
        <p id={`${id}-error`} className="text-xs text-rose-800 dark:text-rose-300">
          {error}
        </p>
      )}
    </>
  );
}
