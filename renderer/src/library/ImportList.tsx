import { clearFinished, useImportQueue } from './import-queue';
import { ImportItem } from './ImportItem';

/** The files being added and the documents being read, newest first, each with its own progress. */
export function ImportList() {
  const tasks = useImportQueue((queue) => queue.tasks);
  if (tasks.length === 0) return null;
  const finished = tasks.some((t) => t.phase === 'done' || t.phase === 'refused');
  return (
    <section
      aria-labelledby="imports-heading"
      data-testid="import-list"
      className="border-b border-slate-200 px-4 pb-3 dark:border-slate-700"
    >
      <div className="flex items-baseline justify-between pb-1.5">
        <h3 id="imports-heading" className="text-xs font-semibold text-slate-600 dark:text-slate-300">
          Adding and reading
        </h3>
        {finished && (
          <button
            type="button"
            onClick={clearFinished}
            className="rounded text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:focus-visible:outline-indigo-400"
          >
            Clear finished
          </button>
        )}
      </div>
      <ul className="max-h-40 space-y-1.5 overflow-y-auto">
        {tasks.map((task) => (
          <ImportItem key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}
