import { BRIDGE_ERROR } from '../../../shared/bridge';
import { BridgeCallError } from '../bridge';
import { useHealth, useKeyStatus } from '../health';

function errorText(error: Error): string {
  if (error instanceof BridgeCallError && error.code === BRIDGE_ERROR.unauthorized) {
    return `${error.message} Open the address printed by "npm run web" again.`;
  }
  return error.message;
}

/** The evidence service's state as the main process reports it; an error is shown, never hidden. */
export function ServiceStatus() {
  const health = useHealth();
  const remote = health.isSuccess && health.data.service === 'remote';
  const key = useKeyStatus(remote);

  let dot = 'bg-amber-400';
  let text = 'Local evidence service: connecting…';
  let detail: string | null = null;
  if (health.isError) {
    dot = 'bg-rose-500';
    text = 'Local evidence service: unavailable';
    detail = errorText(health.error);
  } else if (health.isSuccess) {
    dot = 'bg-emerald-500';
    // The main process answers for itself; a remote service is only reached by the calls that need it.
    text =
      health.data.service === 'remote'
        ? 'Remote evidence service: selected'
        : 'Local evidence service: ready';
    detail = `v${health.data.version}`;
  }

  // For a remote service, what the person must know about its API key: missing, or kept for this session only.
  let keyNote: string | null = null;
  if (remote && key.isSuccess) {
    if (!key.data.hasKey) keyNote = `No API key is set for ${key.data.serviceUrl ?? 'the remote service'}.`;
    if (key.data.storage === 'session-only' && key.data.reason)
      keyNote = `${keyNote ?? ''} ${key.data.reason}`.trim();
  } else if (remote && key.isError) keyNote = `The API key's state is unknown: ${key.error.message}`;

  return (
    <div className="flex flex-col items-end gap-1">
      <div
        role="status"
        aria-live="polite"
        data-testid="service-status"
        className="flex max-w-md items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm"
      >
        <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dot}`} />
        <span data-testid="service-status-text" className="font-medium text-slate-700">
          {text}
        </span>
        {detail !== null && (
          <span
            data-testid="service-status-detail"
            className={health.isError ? 'truncate text-rose-700' : 'text-slate-600'}
            title={detail}
          >
            {detail}
          </span>
        )}
      </div>
      {keyNote !== null && (
        <p data-testid="key-status" role="note" className="max-w-md text-right text-xs text-amber-800">
          {keyNote}
        </p>
      )}
    </div>
  );
}
