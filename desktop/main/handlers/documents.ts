import type { BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/** Documents: a retained source read into units and figures (a representation). */
export const documentHandlers = {
  'documents.publish': async (input, context) => {
    const client = await context.client();
    return serviceCall(() => client.publishRepresentation(input.sourceVersionId));
  },
  'documents.get': async (input, context) => {
    const client = await context.client();
    return serviceCall(() => client.getRepresentation(input.representationId));
  },
} satisfies Pick<BridgeHandlers, 'documents.publish' | 'documents.get'>;
