import { displaySafeSearch } from '../../../shared/api/display';
import { citationsOfResponse, rankWithPersonRatings } from '../../../shared/search/person-ratings';
import type { BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/**
 * Search of the evidence library; citation titles reach the renderer display-safe. The person's own
 * ratings and years (kept by the workbench) rank the results again and travel with them.
 */
export const searchHandlers = {
  'search.query': async (input, context) => {
    const client = await context.client();
    const response = displaySafeSearch(await serviceCall(() => client.search(input)));
    const ids = citationsOfResponse(response).flatMap((c) =>
      c.source_version_id ? [c.source_version_id] : [],
    );
    const annotations = context.annotations.of(ids);
    // Nothing said about the documents found: the service's answer goes as it came.
    if (Object.keys(annotations).length === 0) return response;
    return { ...rankWithPersonRatings(response, annotations), annotations };
  },
} satisfies Pick<BridgeHandlers, 'search.query'>;
