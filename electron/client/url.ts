// The address of a remote evidence service, in the one form the app keeps it in: http or https, no
// credentials, no query or fragment, no trailing slash. Settings store it in this form and the keychain is
// keyed by it, so the same service always finds the same key.

export type ServiceUrlResult = { ok: true; url: string } | { ok: false; problem: string };

export function normaliseServiceUrl(input: string): ServiceUrlResult {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, problem: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'the service URL must start with http:// or https://' };
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      problem: 'the service URL must not carry a user name or password (the API key goes in the keychain)',
    };
  if (url.search !== '' || url.hash !== '')
    return { ok: false, problem: 'the service URL must not carry a query or a fragment' };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
