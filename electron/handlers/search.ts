import type { BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/** Search of the evidence library. */
export const searchHandlers = {
  'search.query': async (input, context) => {
    const client = await context.client();
    return serviceCall(() => client.search(input));
  },
} satisfies Pick<BridgeHandlers, 'search.query'>;
