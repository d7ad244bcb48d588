import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CSP_DIRECTIVES } from '../../../../desktop/main/security/csp';

function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('renderer Content-Security-Policy', () => {
  const policy = parseCsp(CONTENT_SECURITY_POLICY);

  it('allows no eval and no inline script anywhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|wasm-unsafe-eval|unsafe-hashes/);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('denies by default, and denies plugins, <base> and framing', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('reaches no other origin: every source is self, none, data: or blob:, and fetch the app’s own sources', () => {
    for (const [name, sources] of policy) {
      const allowed = [
        "'self'",
        "'none'",
        'data:',
        'blob:',
        ...(name === 'connect-src' ? ['evidence-source:'] : []),
      ];
      for (const source of sources) expect(allowed, name).toContain(source);
    }
  });

  it('lets the viewer fetch a source’s original bytes from main (evidence-source:), and nothing else new', () => {
    expect(policy.get('connect-src')).toEqual(["'self'", 'evidence-source:']);
    expect(policy.get('img-src')).not.toContain('evidence-source:');
  });

  it('is the meta tag of renderer/index.html too (minus frame-ancestors, which a meta cannot carry)', () => {
    const html = readFileSync(new URL('../../../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta).not.toBeNull();
    const expected = Object.fromEntries(
      Object.entries(CSP_DIRECTIVES).filter(([name]) => name !== 'frame-ancestors'),
    );
    expect(Object.fromEntries(parseCsp(meta![1]!))).toEqual(expected);
  });
});
