import type { ArticleClaimsInput } from '../../../shared/bridge';
import { BridgeCallError } from '../bridge';
import { fetchFailureText } from '../library/import-queue';

// A reading of an article in words: the step it is at, and why it failed, from the bridge's code and the
// service's own code, never from the wording of the message (the message is kept beside, as said).

/** The steps of reading an article given as a web address, in order. */
export const URL_STEPS = [
  { stage: 'fetch:downloading', words: 'Downloading the page' },
  { stage: 'fetch:stored', words: 'Adding it to your library' },
  { stage: 'claims:reading', words: 'Reading its text and listing its claims' },
] as const;

export type StepState = 'done' | 'now' | 'waiting';

/** Where each step of a web address stands, from the last step reported (null: none reported yet). */
export function urlStepStates(stage: string | null): StepState[] {
  const at = Math.max(
    0,
    URL_STEPS.findIndex((step) => step.stage === stage),
  );
  // `fetch:stored` ends its step; the next one starts with it.
  const now = stage === 'fetch:stored' ? at + 1 : at;
  return URL_STEPS.map((_, i) => (i < now ? 'done' : i === now ? 'now' : 'waiting'));
}

/** A reading stopped at the person's asking. */
export function isCancelled(error: unknown): boolean {
  return error instanceof BridgeCallError && error.code === 'cancelled';
}

/** What stopping a reading left behind, in words. */
export function cancelledWords(asked: ArticleClaimsInput | null, stage: string | null): string {
  if (asked === null || !('url' in asked)) return 'Stopped: the claims were not listed.';
  return stage === 'fetch:stored' || stage === 'claims:reading'
    ? 'Stopped: the page had been added to your library, but its claims were not listed.'
    : 'Stopped: the claims were not listed. If the page had finished downloading, it is in your library.';
}

/** Why an article's claims could not be read, in plain words a person can act on. */
export function readFailureWords(error: unknown, asked: ArticleClaimsInput | null): string {
  const code = error instanceof BridgeCallError ? error.code : null;
  const fields = error instanceof BridgeCallError ? error.fields : [];
  const message = error instanceof Error ? error.message : String(error);
  const fromUrl = asked !== null && 'url' in asked;
  switch (code) {
    case 'key_rejected':
      return 'The evidence service refused the API key. Set the key in Settings (Ctrl+,), then try again.';
    case 'no_key':
      return 'No API key is set for the evidence service. Set one in Settings (Ctrl+,), then try again.';
    case 'unreachable':
    case 'unavailable':
      return 'The evidence service is not answering. The status bar says which service is in use; try again in a moment.';
    case 'rate_limited':
      return 'The evidence service has had too many requests; wait a minute and try again.';
    case 'bridge_unavailable':
      return 'The workbench cannot be reached. Is it still running?';
    case 'not_kept':
      return 'The service did not keep the page, so its claims cannot be read. Try again, or add the page from the library.';
    case 'not_found':
      return fromUrl
        ? 'The page was added to your library but is no longer there; try again.'
        : 'This document is no longer in your library.';
  }
  if (code === 'invalid_request' && fields.includes('source_version_id'))
    return fromUrl
      ? 'The page was added to your library, but no text could be read from it, so it has no claims to list. Its library entry says why.'
      : 'No text could be read from this document, so it has no claims to list. Its library entry says why.';
  if (fromUrl) return fetchFailureText(error);
  if (code === 'timeout') return 'The evidence service did not answer in time; try again.';
  return message;
}

/** Whether reading the same article again could go otherwise: not when the address or input is refused. */
export function worthTryingAgain(error: unknown): boolean {
  if (!(error instanceof BridgeCallError)) return true;
  if (error.code === 'invalid_input') return false;
  if (error.serviceCode === 'invalid_asset_url' || error.serviceCode === 'empty_file') return false;
  return !(error.code === 'invalid_request' && error.fields.includes('source_version_id'));
}
