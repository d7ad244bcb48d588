import { serviceStateOf, useHealth, useServiceConnection, useSettings } from '../health';

const STATE_TEXT = {
  ok: 'ok',
  'not-answering': 'not answering',
  'key-rejected': 'key rejected',
  'no-key': 'no API key set',
} as const;

/**
 * The evidence service in use (the app's own, or the remote URL) and its state: ok, not answering, key
 * rejected. A remote service is asked every couple of seconds; an error is shown, never hidden.
 */
export function ServiceStatus() {
  const health = useHealth();
  const remote = health.isSuccess && health.data.service === 'remote';
  const settings = useSettings();
  const connection = useServiceConnection(remote);

  let dot = 'bg-amber-400';
  let text = 'Local evidence service: connecting…';
  let detail: string | null = null;
  let state: keyof typeof STATE_TEXT | 'checking' = 'checking';
  if (health.isError) {
    dot = 'bg-rose-500';
    text = 'Local evidence service: unavailable';
    // A refused launch token comes with what to do, in the words of the command that started the host.
    detail = health.error.message;
  } else if (health.isSuccess && !remote) {
    dot = 'bg-emerald-500';
    text = 'Local evidence service: ready';
    detail = `v${health.data.version}`;
    state = 'ok';
  } else if (remote) {
    const url = settings.data?.baseUrl ?? connection.data?.serviceUrl ?? 'remote';
    text = `Remote evidence service: ${url}`;
    if (connection.isError) {
      state = 'not-answering';
      detail = connection.error.message;
    } else if (connection.data) {
      state = serviceStateOf(connection.data.outcome);
      detail = state === 'ok' ? null : connection.data.message;
    }
    dot =
      state === 'ok'
        ? 'bg-emerald-500'
        : state === 'checking' || state === 'no-key'
          ? 'bg-amber-400'
          : 'bg-rose-500';
  }

  return (
    <span
      data-testid="service-status"
      data-service-state={state}
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5"
      title={detail ?? undefined}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dot}`} />
      <span
        data-testid="service-status-text"
        className="max-w-full shrink-0 truncate font-medium text-slate-700 dark:text-slate-200"
      >
        {text}
      </span>
      {remote && state !== 'checking' && (
        <span
          data-testid="service-state"
          className={
            state === 'ok'
              ? 'shrink-0 text-emerald-700 dark:text-emerald-300'
              : 'shrink-0 font-medium text-rose-700 dark:text-rose-300'
          }
        >
          {STATE_TEXT[state]}
        </span>
      )}
      {detail !== null && (!remote || state !== 'ok') && (
        <span
          data-testid="service-status-detail"
          className={
            health.isError || (remote && state !== 'ok')
              ? 'min-w-0 flex-1 basis-64 truncate text-rose-700 dark:text-rose-300'
              : 'text-slate-600 dark:text-slate-300'
          }
        >
          {detail}
        </span>
      )}
    </span>
  );
}
