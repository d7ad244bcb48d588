import type { BridgeHandlers } from '../bridge/router';

/** The app itself: is the main process up, which version, which evidence service. */
export const appHandlers = {
  health: (_input, context) => ({
    status: 'ok',
    version: context.version,
    // The only service today is the one embedded in the app; a remote one comes with settings.
    service: 'embedded',
  }),
} satisfies Pick<BridgeHandlers, 'health'>;
