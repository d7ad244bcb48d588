import { displaySafeSearch } from '../../shared/api/display';
import type { BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/** Search of the evidence library; citation titles reach the renderer display-safe. */
export const searchHandlers = {
  'search.query': async (input, context) => {
    const client = await context.client();
    return displaySafeSearch(await serviceCall(() => client.search(input)));
  },
} satisfies Pick<BridgeHandlers, 'search.query'>;
