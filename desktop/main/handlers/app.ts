import type { BridgeHandlers } from '../bridge/router';

/** The app itself: is the main process up, which version, which evidence service. */
export const appHandlers = {
  health: async (_input, context) => ({
    status: 'ok',
    version: context.version,
    service: (await context.settings.get()).mode,
  }),
} satisfies Pick<BridgeHandlers, 'health'>;
