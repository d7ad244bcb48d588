import { useHealth, useKeyStatus } from '../health';

/** Where the remote service's API key is kept (never the key): the OS keychain, or this session only and why. */
export function KeyStorage() {
  const health = useHealth();
  const remote = health.isSuccess && health.data.service === 'remote';
  const key = useKeyStatus(remote);
  if (!remote) return null;
  let text: string;
  let warn = false;
  if (key.isError) {
    text = `The API key's state is unknown: ${key.error.message}`;
    warn = true;
  } else if (!key.isSuccess) return null;
  else if (!key.data.hasKey) {
    text = `No API key is set for ${key.data.serviceUrl ?? 'the remote service'}.`;
    if (key.data.storage === 'session-only' && key.data.reason)
      text += ` A key would be kept for this session only: ${key.data.reason}`;
    warn = true;
  } else if (key.data.storage === 'os-keychain') text = 'Key: in the OS keychain';
  else {
    text = `Key: kept for this session only${key.data.reason ? ` (${key.data.reason})` : ''}`;
    warn = true;
  }
  return (
    <span
      data-testid="key-status"
      className={`truncate ${warn ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}
      title={text}
    >
      {text}
    </span>
  );
}
