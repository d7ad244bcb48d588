import { useEffect, useState } from 'react';
import type { UnitRead } from '../../../shared/bridge';
import { bridge } from '../bridge';

export interface ReadingProgress {
  done: number;
  total: number | null;
  /** The pages read so far, by index, as the local service published them (none from a remote one). */
  units: ReadonlyMap<number, UnitRead>;
}

/** How far the main process has read a document (its `extract:*` progress events), or null. */
export function useReadingProgress(sourceVersionId: string | null): ReadingProgress | null {
  const [progress, setProgress] = useState<{ id: string; value: ReadingProgress } | null>(null);
  useEffect(() => {
    if (sourceVersionId === null) return;
    return bridge().on('progress', (event) => {
      if (event.taskId !== sourceVersionId || !event.stage.startsWith('extract:')) return;
      setProgress((previous) => {
        const before = previous?.id === sourceVersionId ? previous.value.units : new Map<number, UnitRead>();
        let units = before;
        if (event.unit !== undefined) {
          const next = new Map(before);
          next.set(event.unit.index, event.unit);
          units = next;
        }
        return { id: sourceVersionId, value: { done: event.done, total: event.total, units } };
      });
    });
  }, [sourceVersionId]);
  return progress !== null && progress.id === sourceVersionId ? progress.value : null;
}
