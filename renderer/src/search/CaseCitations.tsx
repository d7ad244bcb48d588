import { useQueryClient } from '@tanstack/react-query';
import { displayText } from '../../../shared/text/display-name';
import type { CaseCitation } from '../../../shared/bridge';
import { representationQuery, useCase, useRepresentation } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { passageRange } from './highlight';

/**
 * Where a kept passage sits, as the document names it: "page 3", "sheet “Revenue”". Read from the
 * representation (cached, never changing); nothing while it loads or if it cannot be read, rather than a
 * bare index that says neither.
 */
function CitedPlace({ citation }: { citation: CaseCitation }) {
  const representation = useRepresentation(citation.representationId);
  const unit = representation.data?.units.find((u) => u.source_unit_id === citation.sourceUnitId);
  if (unit === undefined) return null;
  const place =
    unit.kind === 'sheet'
      ? unit.sheet?.name
        ? `sheet “${displayText(unit.sheet.name)}”`
        : `sheet ${unit.index}`
      : `page ${unit.index}`;
  return (
    <>
      {' · '}
      <bdi>{place}</bdi>
    </>
  );
}

/** The search results kept in the open case, each reopened at its passage. */
export function CaseCitations({ caseId }: { caseId: string | null }) {
  const theCase = useCase(caseId);
  const client = useQueryClient();
  const citations = theCase.data?.citations ?? [];
  if (caseId === null || citations.length === 0) return null;

  const reopen = async (citation: CaseCitation) => {
    const ui = useWorkbenchUi.getState();
    try {
      const representation = await client.fetchQuery(representationQuery(citation.representationId));
      const unit = representation.units.find((u) => u.source_unit_id === citation.sourceUnitId);
      ui.openDocument(citation.sourceVersionId, unit?.index ?? citation.unitIndex ?? 1);
      const range = unit ? passageRange(unit.markdown, citation.snippet) : null;
      if (unit && range) ui.lightPassage({ sourceUnitId: unit.source_unit_id, ranges: [range] });
    } catch {
      ui.openDocument(citation.sourceVersionId, citation.unitIndex ?? 1);
    }
  };

  return (
    <section aria-labelledby="case-citations-heading" data-testid="case-citations" className="mt-3 px-2">
      <h3
        id="case-citations-heading"
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        Kept passages ({citations.length})
      </h3>
      <ul className="mt-1 flex flex-col gap-1">
        {citations.map((citation) => (
          <li
            key={`${citation.sourceUnitId}-${citation.query}`}
            data-testid="case-citation"
            className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
          >
            <button
              type="button"
              onClick={() => void reopen(citation)}
              className="text-left font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200 dark:focus-visible:outline-indigo-400"
            >
              <bdi>{displayText(citation.title) || '(untitled document)'}</bdi>
              <CitedPlace citation={citation} />
            </button>
            <p className="line-clamp-2 text-slate-600 dark:text-slate-300">{citation.snippet}</p>
            <p className="text-slate-600 dark:text-slate-300">
              Found by “<bdi>{citation.query}</bdi>”, {new Date(citation.at).toLocaleString()}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
