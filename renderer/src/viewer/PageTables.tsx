import { useContext, useId, useState } from 'react';
import type { PageTable, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { saveBytes } from '../reports/save-file';
import { ViewerDocumentContext } from './document-context';
import { csvOfTable, tableFile } from './table-export';

const BUTTON =
  'rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Table 1: Handgun permits by state — 4 rows × 4 columns". */
export function tableSummary(table: PageTable): string {
  const title = table.title !== null && table.title.trim() !== '' ? table.title.trim() : 'untitled';
  // A title that numbers the table itself ("Table 2. Revenue") is not numbered again.
  const named = /^(?:table|tab\.)\s*\d+/i.test(title) ? title : `Table ${table.index + 1}: ${title}`;
  return `${named} — ${count(table.rows, 'row', 'rows')} × ${count(table.cols, 'column', 'columns')}`;
}

/** Whether the host saves a file itself (a browser's downloads) or asks where (Electron's dialog). */
function asksWhere(): boolean {
  try {
    return bridge().host === 'electron';
  } catch {
    return false;
  }
}

type Outcome = { tone: 'done' | 'failed'; words: string };

/**
 * The tables read on a page, listed with the page's text: each by its number, title and size (and the
 * reader's doubt), with its cells to copy as CSV or save as CSV or Excel, under their provenance. What the
 * table grid shows on the page, said for the keyboard and screen readers.
 */
export function PageTables({ unit }: { unit: Unit | UnitRead }) {
  const headingId = useId();
  const tables = unit.page?.tables ?? [];
  if (unit.kind !== 'page' || tables.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="page-tables"
      className="mx-4 mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-800/60"
    >
      <h3 id={headingId} className="text-xs font-semibold break-words text-slate-800 dark:text-slate-100">
        Tables on this page
      </h3>
      <ul className="mt-1 flex flex-col gap-2">
        {tables.map((table) => (
          <li key={table.index}>
            <TableItem unit={unit} table={table} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TableItem({ unit, table }: { unit: Unit | UnitRead; table: PageTable }) {
  const document = useContext(ViewerDocumentContext);
  const summary = tableSummary(table);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const name = `Table ${table.index + 1}`;

  const report = (next: Outcome) => {
    setOutcome(next);
    document?.announce(next.words);
  };

  const copy = async () => {
    if (document === null) return;
    try {
      if (typeof navigator.clipboard?.writeText !== 'function')
        throw new Error('this window has no clipboard to write to');
      await navigator.clipboard.writeText(csvOfTable(document.entry, document.representation, unit, table));
      report({ tone: 'done', words: `${name} copied as CSV.` });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report({ tone: 'failed', words: `${name} could not be copied: ${reason}. Save it as CSV instead.` });
    }
  };

  const save = (format: 'csv' | 'xlsx') => {
    if (document === null) return;
    try {
      const file = tableFile(document.entry, document.representation, unit, table, format);
      saveBytes(file.filename, file.mediaType, file.bytes);
      report({
        tone: 'done',
        words: asksWhere()
          ? `${name} is ready as ${file.filename}: choose where to save it in the window that opened.`
          : `${name} saved as ${file.filename} in your browser’s downloads.`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report({ tone: 'failed', words: `${name} could not be saved: ${reason}.` });
    }
  };

  return (
    <div
      role="group"
      aria-label={table.unsure ? `${summary}, read with doubt` : summary}
      data-testid="page-table"
      data-table-index={table.index}
    >
      <p className="text-sm break-words text-slate-800 dark:text-slate-200">
        <bdi>{summary}</bdi>
        {table.unsure && (
          <span
            data-testid="table-unsure"
            className="ml-2 rounded-sm border border-dashed border-amber-700 bg-amber-50 px-1 text-xs font-medium whitespace-nowrap text-amber-950 dark:border-amber-400 dark:bg-amber-950/40 dark:text-amber-100"
          >
            read with doubt
          </span>
        )}
      </p>
      {table.unsure && (
        <p className="mt-0.5 text-xs break-words text-amber-950 dark:text-amber-100">
          The reader was not sure of its rows, columns or headers, so no check uses them: compare every cell
          with the page.
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-1.5">
        <button type="button" className={BUTTON} onClick={() => void copy()}>
          Copy as CSV
        </button>
        <button type="button" className={BUTTON} onClick={() => save('csv')}>
          Save CSV
        </button>
        <button type="button" className={BUTTON} onClick={() => save('xlsx')}>
          Save Excel (.xlsx)
        </button>
      </div>
      {outcome !== null && (
        <p
          data-testid="table-export-outcome"
          data-tone={outcome.tone}
          className={`mt-1 text-xs break-words ${
            outcome.tone === 'done'
              ? 'text-emerald-800 dark:text-emerald-300'
              : 'text-rose-800 dark:text-rose-300'
          }`}
        >
          {outcome.words}
        </p>
      )}
    </div>
  );
}
