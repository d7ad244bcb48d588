import { useEffect } from 'react';
import { create } from 'zustand';
import type { ProgressEvent, UnitRead } from '../../../shared/bridge';
import { bridge } from '../bridge';

export interface ReadingProgress {
  done: number;
  total: number | null;
  /** The pages read so far, by index, as the local service published them (none from a remote one). */
  units: ReadonlyMap<number, UnitRead>;
}

/** Documents whose pages read so far are kept: the latest ones read (a page holds its text and figures). */
const KEPT_DOCUMENTS = 3;

interface Readings {
  /** By the source version being read (the `extract:*` events' task id), oldest first. */
  byTask: ReadonlyMap<string, ReadingProgress>;
  record(event: ProgressEvent): void;
}

/**
 * How far each document has been read, from its first `extract:*` event on, whether or not it is open: a
 * document opened halfway through its reading shows the pages read before it was opened.
 */
export const useReadings = create<Readings>((set) => ({
  byTask: new Map(),
  record: (event) =>
    set((state) => {
      const byTask = new Map(state.byTask);
      const before = byTask.get(event.taskId);
      byTask.delete(event.taskId);
      let units = before?.units ?? new Map<number, UnitRead>();
      if (event.unit !== undefined) {
        const next = new Map(units);
        next.set(event.unit.index, event.unit);
        units = next;
      }
      byTask.set(event.taskId, { done: event.done, total: event.total, units });
      for (const oldest of byTask.keys()) {
        if (byTask.size <= KEPT_DOCUMENTS) break;
        byTask.delete(oldest);
      }
      return { byTask };
    }),
}));

/** Records every document's reading progress for as long as the component using it is mounted (the viewer). */
export function useFollowReadings(): void {
  useEffect(
    () =>
      bridge().on('progress', (event) => {
        if (event.stage.startsWith('extract:')) useReadings.getState().record(event);
      }),
    [],
  );
}

/** How far the main process has read a document (its `extract:*` progress events), or null. */
export function useReadingProgress(sourceVersionId: string | null): ReadingProgress | null {
  return useReadings((state) =>
    sourceVersionId === null ? null : (state.byTask.get(sourceVersionId) ?? null),
  );
}
