import { useQuery } from '@tanstack/react-query';
import type { ConnectionOutcome } from '../../shared/bridge';
import { callBridge } from './bridge';

/** The query keys of what the status bar and the settings dialog show; a settings change refreshes them all. */
export const serviceQueryKeys = {
  health: ['health'] as const,
  keyStatus: ['key.status'] as const,
  settings: ['settings'] as const,
  connection: ['service.connection'] as const,
};

/** How often a remote service is asked whether it still answers: a service that stops shows within this. */
export const REMOTE_POLL_MS = 2_000;

/** The main process and its evidence service, through the bridge. */
export function useHealth() {
  return useQuery({
    queryKey: serviceQueryKeys.health,
    queryFn: () => callBridge('health', {}),
    // A failure is shown as it is: no silent retries that look like "still loading".
    retry: false,
    staleTime: 30_000,
  });
}

/** The API key's status for a remote service (never the key): what the person must know about it. */
export function useKeyStatus(enabled: boolean) {
  return useQuery({
    queryKey: serviceQueryKeys.keyStatus,
    queryFn: () => callBridge('key.status', {}),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

/** The settings in force (never the app's own data folder). */
export function useSettings() {
  return useQuery({
    queryKey: serviceQueryKeys.settings,
    queryFn: () => callBridge('settings.get', {}),
    retry: false,
  });
}

/**
 * Does the service in use answer, and take the key? Asked every couple of seconds while it is remote (and
 * at once after a call fails for want of it: see the status bar), once for the app's own service.
 */
export function useServiceConnection(remote: boolean) {
  return useQuery({
    queryKey: serviceQueryKeys.connection,
    queryFn: () => callBridge('settings.testConnection', {}),
    retry: false,
    refetchInterval: remote ? REMOTE_POLL_MS : false,
    refetchIntervalInBackground: true,
    staleTime: remote ? 0 : 30_000,
  });
}

/** What the status bar says of a connection's outcome, in three states a person can act on. */
export function serviceStateOf(
  outcome: ConnectionOutcome,
): 'ok' | 'not-answering' | 'key-rejected' | 'no-key' {
  switch (outcome) {
    case 'ok':
      return 'ok';
    case 'key_rejected':
      return 'key-rejected';
    case 'no_key':
      return 'no-key';
    default:
      return 'not-answering';
  }
}
