import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_ASSET_BYTES } from '../../../shared/api/common';
import { useWorkbenchUi } from '../ui-store';
import { humanSize } from './file-size';
import { addFiles } from './import-queue';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Files dropped anywhere on the window go to the library. While files are dragged over it the window
 * says so; a drop anywhere else never makes the page navigate to the file.
 */
export function WindowDrop() {
  const client = useQueryClient();
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: count them, so the overlay does not flicker.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) && (event.dataTransfer?.files.length ?? 0) === 0) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      // Show the library, so the person sees each file's progress.
      if (!useWorkbenchUi.getState().libraryOpen) useWorkbenchUi.getState().toggleLibrary();
      addFiles(files, client);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [client]);

  if (!dragging) return null;
  return (
    <div
      data-testid="drop-overlay"
      className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-8"
    >
      <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-indigo-400 bg-white px-10 py-8 text-center shadow-lg dark:bg-slate-900">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-10 text-indigo-600 dark:text-indigo-300"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5"
          />
        </svg>
        <p className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Drop to add to the library
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          PDF, spreadsheets, Word, web pages, images, text · up to {humanSize(MAX_ASSET_BYTES)} each
        </p>
      </div>
    </div>
  );
}
