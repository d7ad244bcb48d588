import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBundle } from '../../../../desktop/main/report/verify';
import { buildLibrary, type Library } from './fixtures';

// Property: any single-byte change to a bundle's content is either refused (not JSON, not
// UTF-8, or outside the schema) or reported as a difference. Run against the full verifier and a real
// embedded service. The bundle is its compact JSON, where every byte is content: whitespace between the
// tokens of a pretty-printed file is not content, and changing it changes nothing.

let lib: Library;
let bytes: Uint8Array;
beforeAll(async () => {
  lib = await buildLibrary();
  bytes = new TextEncoder().encode(JSON.stringify(lib.bundle));
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

const decode = (b: Uint8Array): string | null => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return null;
  }
};

describe('verifyBundle: single-byte changes', () => {
  it('the bundle as it is verifies (the property starts from a good bundle)', async () => {
    const report = await verifyBundle(decode(bytes), { client: lib.client, cases: lib.cases });
    expect(report.ok).toBe(true);
  });

  it('any single-byte change is refused or reported as a difference', async () => {
    const outcomes = { notUtf8: 0, refused: 0, differs: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, delta) => {
          const changed = bytes.slice();
          const i = at % changed.length;
          changed[i] = (changed[i]! + delta) % 256;
          const text = decode(changed);
          if (text === null) {
            outcomes.notUtf8++; // the script refuses it before the verifier (readBundleFile)
            return;
          }
          const report = await verifyBundle(text, { client: lib.client, cases: lib.cases });
          expect(report.ok).toBe(false);
          const statuses = new Set(report.items.map((item) => item.status));
          if (statuses.has('refused')) {
            expect([...statuses]).toEqual(['refused']);
            outcomes.refused++;
          } else {
            expect(report.items.some((item) => item.status === 'differs')).toBe(true);
            outcomes.differs++;
          }
        },
      ),
      { numRuns: 150 },
    );
    // Both branches were exercised.
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.differs).toBeGreaterThan(0);
  }, 120_000);
});
