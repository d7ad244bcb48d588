import { SOURCE_SCHEME } from '../../../shared/bridge/names';

/**
 * The renderer's Content-Security-Policy, sent as a header by both hosts (the `app://` protocol and the
 * loopback web host). No inline script and no eval: every script is a file of the renderer build.
 * `renderer/index.html` repeats it as a meta tag (minus `frame-ancestors`, which a meta tag cannot carry);
 * a test keeps the two equal.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // evidence-source: the viewer's original bytes in the Electron host (pdf.js fetches them with Range);
  // on the web host they are same-origin already.
  'connect-src': ["'self'", `${SOURCE_SCHEME}:`],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export function formatCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export const CONTENT_SECURITY_POLICY = formatCsp(CSP_DIRECTIVES);

/** Headers every renderer response carries, on both hosts. */
export const RENDERER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};
