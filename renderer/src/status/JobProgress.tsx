import { describeJob, percentOf, useRunningJobs } from './jobs';

/** The jobs running now, each with its progress; nothing when none runs. */
export function JobProgress() {
  const jobs = useRunningJobs();
  if (jobs.length === 0) return null;
  return (
    <ul data-testid="status-jobs" aria-label="Jobs running" className="flex min-w-0 items-center gap-3">
      {jobs.slice(0, 3).map((job) => {
        const percent = percentOf(job);
        const label = `${job.name ?? 'A document'}: ${describeJob(job)}`;
        return (
          <li key={job.taskId} data-testid="status-job" className="flex min-w-0 items-center gap-1.5">
            <span className="max-w-48 truncate" title={label}>
              {label}
            </span>
            {percent !== null && (
              <progress
                max={100}
                value={percent}
                aria-label={label}
                className="h-1.5 w-16 shrink-0 overflow-hidden rounded-full accent-indigo-600 dark:accent-indigo-400"
              />
            )}
          </li>
        );
      })}
      {jobs.length > 3 && <li className="shrink-0">and {jobs.length - 3} more</li>}
    </ul>
  );
}
