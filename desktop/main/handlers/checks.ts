import type { BridgeHandlers } from '../bridge/router';
import { serviceCall } from './failures';

/** Numeric checks: the operands are exactly what the person selected; nothing is filled in here. */
export const checkHandlers = {
  'checks.verify': async (input, context) => {
    const client = await context.client();
    return serviceCall(() => client.verifyNumeric(input));
  },
} satisfies Pick<BridgeHandlers, 'checks.verify'>;
