import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BridgeCallError } from '../bridge';
import { ServiceStatus } from './ServiceStatus';
import { serviceQueryKeys, useHealth, useServiceConnection } from '../health';
import { JobProgress } from './JobProgress';
import { KeyStorage } from './KeyStorage';

/** Codes of a call that failed because the service did not answer or refused the key: ask it again at once. */
const SERVICE_TROUBLE = new Set(['unreachable', 'timeout', 'key_rejected', 'unavailable', 'no_key']);

function isServiceTrouble(error: unknown): boolean {
  return error instanceof BridgeCallError && SERVICE_TROUBLE.has(error.code);
}

/**
 * The bottom of the shell: the evidence service in use and its state, where the key is kept, and the jobs
 * running. A call that fails for want of the service re-asks the service at once; when a remote service
 * answers again after not answering, what failed meanwhile is asked again, so the work resumes.
 */
export function StatusBar() {
  const client = useQueryClient();
  const health = useHealth();
  const remote = health.isSuccess && health.data.service === 'remote';
  const connection = useServiceConnection(remote);
  const wasDown = useRef(false);

  useEffect(() => {
    const recheck = () => void client.invalidateQueries({ queryKey: serviceQueryKeys.connection });
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] === serviceQueryKeys.connection[0]) return;
      if (event.action.type === 'error' && isServiceTrouble(event.action.error)) recheck();
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isServiceTrouble(event.action.error))
        recheck();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client]);

  const up = connection.data?.outcome === 'ok';
  const known = connection.data !== undefined || connection.isError;
  useEffect(() => {
    if (!known) return;
    if (!up) {
      wasDown.current = true;
      return;
    }
    if (wasDown.current) {
      wasDown.current = false;
      // Back: everything that failed while it was away is asked again.
      void client.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== serviceQueryKeys.connection[0],
      });
    }
  }, [up, known, client]);

  return (
    <footer
      data-testid="status-bar"
      aria-label="Status bar"
      className="flex min-h-8 shrink-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 bg-white px-4 py-1.5 text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
    >
      <div
        role="status"
        aria-live="polite"
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1"
      >
        <ServiceStatus />
        <KeyStorage />
      </div>
      <JobProgress />
    </footer>
  );
}
