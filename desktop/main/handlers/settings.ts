import type { BridgeHandlers } from '../bridge/router';
import { BridgeFailure } from '../bridge/router';

/** Settings and the API key. The key goes in through `key.set` and never comes back out. */
export const settingsHandlers = {
  'settings.get': (_input, context) => context.settings.get(),
  'settings.set': async (input, context) => {
    try {
      return await context.settings.set(input);
    } catch (error) {
      // The settings module names the field it refuses; that message is for the person.
      throw new BridgeFailure('invalid_settings', error instanceof Error ? error.message : String(error));
    }
  },
  'settings.testConnection': (input, context) => context.connection.test(input),
  'key.status': (_input, context) => context.keys.status(),
  'key.set': async (input, context) => {
    const settings = await context.settings.get();
    if (settings.mode !== 'remote' || settings.baseUrl === null)
      throw new BridgeFailure(
        'no_remote_service',
        'The workbench uses its own local evidence service, which needs no key. Choose a remote service first.',
      );
    return context.keys.set(input.key);
  },
  'key.remove': (_input, context) => context.keys.remove(),
} satisfies Pick<
  BridgeHandlers,
  'settings.get' | 'settings.set' | 'settings.testConnection' | 'key.status' | 'key.set' | 'key.remove'
>;
