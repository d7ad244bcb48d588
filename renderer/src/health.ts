import { useQuery } from '@tanstack/react-query';
import { callBridge } from './bridge';

/** The main process and its evidence service, through the bridge. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: () => callBridge('health', {}),
    // A failure is shown as it is: no silent retries that look like "still loading".
    retry: false,
    staleTime: 30_000,
  });
}

/** The API key's status for a remote service (never the key): what the person must know about it. */
export function useKeyStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['key.status'],
    queryFn: () => callBridge('key.status', {}),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}
