import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Citation, Unit } from '../../../shared/api';
import type { Case } from '../../../shared/bridge';
import { callBridge } from '../bridge';
import { queryKeys, representationQuery } from '../queries';
import { useWorkbenchUi } from '../ui-store';
import { passageRange } from './highlight';

// Opening a result: its document in the viewer at the cited unit, the passage lit in the unit's text; and
// keeping a result in the open case (a new case named after the query when none is open).

/** The cited unit of a result, read from its representation (cached: representations never change). */
export async function citedUnit(client: QueryClient, citation: Citation): Promise<Unit> {
  if (citation.representation_id === undefined || citation.source_unit_id === undefined)
    throw new Error('This result does not name a document in your library, so it cannot be opened here.');
  const representation = await client.fetchQuery(representationQuery(citation.representation_id));
  const unit = representation.units.find((u) => u.source_unit_id === citation.source_unit_id);
  if (unit === undefined)
    throw new Error('The page or sheet this result cites is no longer in the document’s reading.');
  return unit;
}

export function useOpenResult() {
  const client = useQueryClient();
  return useCallback(
    async (citation: Citation) => {
      const unit = await citedUnit(client, citation);
      const ui = useWorkbenchUi.getState();
      ui.closeOverlay();
      ui.openDocument(citation.source_version_id!, unit.index);
      const range = passageRange(unit.markdown, citation.snippet);
      if (range !== null) ui.lightPassage({ sourceUnitId: unit.source_unit_id, ranges: [range] });
      return unit;
    },
    [client],
  );
}

/** Keeps the result in the open case, or in a new case named after the query; returns the case. */
export function useAddToCase() {
  const client = useQueryClient();
  return useCallback(
    async (citation: Citation, query: string): Promise<Case> => {
      const unit = await citedUnit(client, citation);
      const ui = useWorkbenchUi.getState();
      let caseId = ui.activeCaseId;
      if (caseId === null) {
        const created = await callBridge('cases.save', {
          title: query.slice(0, 500),
          claim: query,
          operands: [],
        });
        caseId = created.id;
        ui.setActiveCase(created.id);
        ui.setClaimDraft(created.claim);
      }
      const cited = await callBridge('cases.cite', {
        id: caseId,
        citation: {
          sourceVersionId: citation.source_version_id!,
          representationId: citation.representation_id!,
          sourceUnitId: unit.source_unit_id,
          unitIndex: unit.index,
          title: citation.title.slice(0, 2000),
          snippet: citation.snippet.slice(0, 2000),
          query: query.slice(0, 10000),
        },
      });
      client.setQueryData(queryKeys.case(cited.id), cited);
      void client.invalidateQueries({ queryKey: queryKeys.cases });
      return cited;
    },
    [client],
  );
}
