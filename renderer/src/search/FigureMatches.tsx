import { useQuery } from '@tanstack/react-query';
import type { FigureMatch } from '../../../shared/api';
import type { ValueQuery } from '../../../shared/search/value-query';
import { callBridge } from '../bridge';
import { useWorkbenchUi } from '../ui-store';

const FOCUS =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/** "Texas › Handgun · November 2015": where the figure stands, as its table labels it. */
function labelsOf(match: FigureMatch): string {
  return [match.row_labels.join(' › '), match.column_headers.join(' › '), match.table_title ?? '']
    .filter((p) => p.trim() !== '')
    .join(' · ');
}

/** Opens the figure's document at its page or sheet, the keyboard on the figure itself. */
function openAtPlace(match: FigureMatch): void {
  const ui = useWorkbenchUi.getState();
  ui.closeOverlay();
  ui.openDocument(match.source_version_id, match.unit.index);
  ui.focusFigure({ sourceUnitId: match.source_unit_id, index: match.figure_index }, 'text');
}

/**
 * A search typed as a number ("56,941", "10.2%", "$1.2bn"): the figures of the library with that value,
 * within the precision it is written to, each openable where it was read. Listed above the passages.
 */
export function FigureMatches({ query }: { query: ValueQuery }) {
  const found = useQuery({
    queryKey: ['figures.byValue', query.written] as const,
    queryFn: () => callBridge('figures.byValue', { query: query.written }),
    staleTime: 5_000,
    retry: false,
  });

  let body;
  if (found.isPending)
    body = <p className="text-sm text-slate-600 dark:text-slate-300">Looking for figures with this value…</p>;
  else if (found.isError)
    body = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        Figures could not be looked for: {found.error.message}
      </p>
    );
  else if (found.data.figures.length === 0)
    body = (
      <p data-testid="figure-matches-empty" className="text-sm text-slate-700 dark:text-slate-200">
        No figure in your library has this value.
      </p>
    );
  else
    body = (
      <ol className="flex flex-col gap-1.5" aria-label="Figures with this value">
        {found.data.figures.map((match) => {
          const title = match.source.title ?? match.source.filename;
          const labels = labelsOf(match);
          return (
            <li
              key={`${match.source_unit_id}:${match.figure_index}`}
              data-testid="figure-match"
              className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="text-sm text-slate-900 dark:text-slate-100">
                  <span className="font-mono font-semibold">{match.figure.raw}</span>
                  {labels !== '' && <span className="text-slate-700 dark:text-slate-300"> · {labels}</span>}
                </p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-300">
                  <bdi>{title}</bdi>,{' '}
                  {match.unit.kind === 'sheet' ? `sheet ${match.unit.label}` : match.unit.label}
                  {match.cell?.ref ? `, cell ${match.cell.ref}` : ''}
                </p>
              </div>
              <button
                type="button"
                onClick={() => openAtPlace(match)}
                aria-label={`Open ${match.figure.raw} in ${title}`}
                className={`shrink-0 rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 ${FOCUS}`}
              >
                Open
              </button>
            </li>
          );
        })}
      </ol>
    );

  return (
    <section
      aria-labelledby="figure-matches-heading"
      data-testid="figure-matches"
      className="mb-3 flex flex-col gap-2"
    >
      <h3
        id="figure-matches-heading"
        className="px-1 text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300"
      >
        Figures with this value
      </h3>
      {body}
    </section>
  );
}
