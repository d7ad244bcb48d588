import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { addFiles } from './import-queue';

/** The keyboard's way to add files (dropping is the pointer's): opens the file picker, several at once. */
export function AddFilesButton() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        data-testid="add-files"
        className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 4.5v15m7.5-7.5h-15" />
        </svg>
        Add files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="add-files-input"
        className="hidden"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared, so picking the same file again (after a failure) still fires a change.
          event.currentTarget.value = '';
          addFiles(files, client);
        }}
      />
    </>
  );
}
