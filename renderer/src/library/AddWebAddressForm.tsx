import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { addWebAddress, webAddressRefusal } from './import-queue';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/**
 * "Paste a web address": the service downloads the document (public web addresses only) and keeps it
 * like an added file; it then goes through the same progress list. Only http(s) addresses are sent.
 */
export function AddWebAddressForm() {
  const client = useQueryClient();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refusal = webAddressRefusal(address);
    if (refusal !== null) {
      setProblem(refusal);
      return;
    }
    addWebAddress(address, client);
    setAddress('');
    setProblem(null);
  }

  return (
    <form noValidate onSubmit={submit} data-testid="add-web-address" className="px-5 pb-3">
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        Paste a web address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://…/report.pdf"
          value={address}
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            if (problem !== null) setProblem(null);
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem !== null ? problemId : undefined}
          className={`min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-xs text-slate-900 placeholder:text-slate-500 ${FOCUS} dark:border-slate-600 dark:text-slate-100 dark:placeholder:text-slate-400`}
        />
        <button
          type="submit"
          className={`shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 ${FOCUS} dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800`}
        >
          Add
        </button>
      </div>
      {problem !== null && (
        <p
          id={problemId}
          role="alert"
          data-testid="web-address-problem"
          className="mt-1 text-xs text-rose-800 dark:text-rose-300"
        >
          {problem}
        </p>
      )}
    </form>
  );
}
