import { useEffect, useState } from 'react';
import { bridge } from '../bridge';

export interface ReadingProgress {
  done: number;
  total: number | null;
}

/** How far the main process has read a document (its `extract:*` progress events), or null. */
export function useReadingProgress(sourceVersionId: string | null): ReadingProgress | null {
  const [progress, setProgress] = useState<{ id: string; value: ReadingProgress } | null>(null);
  useEffect(() => {
    if (sourceVersionId === null) return;
    return bridge().on('progress', (event) => {
      if (event.taskId === sourceVersionId && event.stage.startsWith('extract:'))
        setProgress({ id: sourceVersionId, value: { done: event.done, total: event.total } });
    });
  }, [sourceVersionId]);
  return progress !== null && progress.id === sourceVersionId ? progress.value : null;
}
