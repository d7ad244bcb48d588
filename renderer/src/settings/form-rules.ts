import type { ConnectionOutcome } from '../../../shared/bridge';
import { normaliseServiceUrl, type ServiceUrlFault } from '../../../shared/vocabulary/settings';

// What the settings form checks before it asks the main process (which checks again), and the headings
// of a connection test's outcomes.

/** Null when `text` can be a remote service's address, else what is wrong with it. */
export function serviceUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter the remote service’s address, starting with http:// or https://.';
  const result = normaliseServiceUrl(trimmed);
  return result.ok ? null : URL_FAULT_WORDS[result.fault](trimmed);
}

/** The settings schema's reasons (shared/vocabulary/settings.ts), in the form's words. */
const URL_FAULT_WORDS: Record<ServiceUrlFault, (text: string) => string> = {
  not_a_url: (text) => `“${text}” is not a web address. Enter one starting with http:// or https://.`,
  not_http: () => 'The address must start with http:// or https://.',
  credentials: () => 'The address must not carry a user name or password: the API key goes in its own field.',
  query_or_fragment: () => 'The address must not carry a query (?…) or a fragment (#…).',
};

/** Null when `text` is empty (the app's own folder) or an absolute path, else what is wrong with it. */
export function dataFolderProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\//.test(trimmed) || /^[A-Za-z]:[\\/]/.test(trimmed) || /^\\\\[^\\]+\\/.test(trimmed)) return null;
  return 'Enter the folder’s full path (for example /home/you/evidence or C:\\Evidence), not a relative one.';
}

export const OUTCOME_HEADING: Record<ConnectionOutcome, string> = {
  ok: 'Connected',
  invalid_url: 'Invalid address',
  no_key: 'No API key',
  unreachable: 'Unreachable',
  tls_failure: 'Secure connection failed',
  key_rejected: 'Key rejected',
  wrong_service: 'Not an evidence service',
  timeout: 'Timed out',
};
