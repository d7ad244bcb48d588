import { useEffect, useState } from 'react';
import type { ProgressEvent } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { ARTICLE_TASK_PREFIX } from '../article/use-article';
import { useImportQueue } from '../library/import-queue';
import { describeExportProgress } from '../reports/report-wording';

// The jobs the main process reports on (the `progress` event): uploads, downloads, readings. What the
// status bar shows of each: its name when the import queue knows it, and how far it got.

export interface RunningJob {
  taskId: string;
  /** The file's name when the page started it, else null. */
  name: string | null;
  stage: string;
  done: number;
  total: number | null;
}

/** A finished job stays a moment so its end is seen; a silent one is dropped after a while. */
const FINISHED_SHOWN_MS = 1_500;
const SILENT_DROPPED_MS = 60_000;

function finished(event: ProgressEvent): boolean {
  return event.total !== null && event.done >= event.total;
}

/** The jobs running now, from the bridge's progress events. */
export function useRunningJobs(): RunningJob[] {
  const [jobs, setJobs] = useState<Map<string, ProgressEvent>>(() => new Map());
  const tasks = useImportQueue((queue) => queue.tasks);

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const drop = (taskId: string, after: number) => {
      clearTimeout(timers.get(taskId));
      timers.set(
        taskId,
        setTimeout(() => {
          timers.delete(taskId);
          setJobs((current) => {
            const next = new Map(current);
            next.delete(taskId);
            return next;
          });
        }, after),
      );
    };
    const client = bridge() as ReturnType<typeof bridge> | undefined;
    const off = client?.on('progress', (event) => {
      setJobs((current) => new Map(current).set(event.taskId, event));
      drop(event.taskId, finished(event) ? FINISHED_SHOWN_MS : SILENT_DROPPED_MS);
    });
    return () => {
      off?.();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  return [...jobs.values()].map((event) => {
    const task = tasks.find((t) => t.id === event.taskId || t.sourceVersionId === event.taskId);
    const name = event.stage.startsWith('report:')
      ? 'Report'
      : event.taskId.startsWith(ARTICLE_TASK_PREFIX)
        ? 'Article'
        : null;
    return { ...event, name: task?.name ?? name };
  });
}

/** "Uploading", "Reading page 3 of 12", …: a job's progress in words. */
export function describeJob(job: RunningJob): string {
  const of = job.total !== null ? ` ${job.done} of ${job.total}` : job.done > 0 ? ` ${job.done}` : '';
  if (job.stage.startsWith('upload:')) return job.stage === 'upload:stored' ? 'Stored' : 'Uploading';
  if (job.stage.startsWith('fetch:')) return job.stage === 'fetch:stored' ? 'Downloaded' : 'Downloading';
  if (job.stage.startsWith('report:')) return describeExportProgress(job);
  if (job.stage === 'claims:reading') return 'Listing its claims';
  if (job.stage === 'claims:listed') return 'Claims listed';
  if (job.stage === 'claims:failed') return 'Could not be read';
  if (job.stage === 'claims:stopped') return 'Stopped';
  if (job.stage === 'extract:page') return `Reading page${of}`;
  if (job.stage === 'extract:sheet') return `Reading sheet${of}`;
  return `${job.stage}${of}`;
}

/** 0–100, or null when the total is unknown (or the job ended without its work done: no full bar). */
export function percentOf(job: RunningJob): number | null {
  if (job.stage === 'claims:failed' || job.stage === 'claims:stopped') return null;
  if (job.total === null || job.total === 0) return null;
  return Math.min(100, Math.round((job.done / job.total) * 100));
}
