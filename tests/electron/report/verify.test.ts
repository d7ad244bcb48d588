import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBundle, verifyItemLine } from '../../../electron/report/verify';
import type { VerifyReport } from '../../../shared/report/verify-result';
import { buildLibrary, tampered, type Library } from './fixtures';

// Re-verification of a report bundle against a real embedded service on a temp folder (issue 17).

let lib: Library;
beforeAll(async () => {
  lib = await buildLibrary();
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

const verify = (json: unknown, options: Parameters<typeof verifyBundle>[2] = {}) =>
  verifyBundle(json, { client: lib.client, cases: lib.cases }, options);

/** The items that are not `same`. */
const problems = (report: VerifyReport) => report.items.filter((item) => item.status !== 'same');

describe('verifyBundle: round trip', () => {
  it('a bundle as exported verifies: every item same, from its JSON text or its value', async () => {
    const seen: string[] = [];
    const report = await verify(JSON.stringify(lib.bundle, null, 2), {
      onItem: (item) => seen.push(item.subject),
    });
    expect(problems(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.signedBy).toBeNull();
    expect(seen).toEqual(report.items.map((item) => item.subject));
    const subjects = report.items.map((item) => item.subject);
    expect(subjects).toContain('bundle: schema');
    expect(subjects).toContain('bundle: content digest');
    expect(subjects).toContain(`source ${lib.pdf.sv}: retained bytes`);
    expect(subjects).toContain(`source ${lib.xlsx.sv}: registration`);
    expect(subjects).toContain(`representation ${lib.pdf.rep.representation_id}: read again`);
    expect(subjects).toContain("case case_supported0000000a check 1 (check_kept0001): service's answer");
    expect(subjects).toContain('case case_escalated000000b check 1 (current claim) operand 2');
    expect(subjects).toContain("case case_escalated000000b check 1 (current claim): person's judgments");
    expect(subjects).toContain('case case_escalated000000b citation 1');
    expect(subjects).toContain('case case_escalated000000b check 1 (current claim): in the app');
    expect((await verify(lib.bundle)).ok).toBe(true);
    for (const item of report.items) expect(verifyItemLine(item)).toMatch(/^same {7}\S.* — /);
  });

  it('with republish, every representation published again compares the same', async () => {
    const report = await verify(lib.bundle, { republish: true });
    expect(problems(report)).toEqual([]);
    expect(report.items.filter((i) => i.subject.endsWith('published again'))).toHaveLength(2);
  });

  it('a changed outcome differs (smoke)', async () => {
    const bad = tampered(lib.bundle, (b) => {
      b.cases[0]!.checks[0]!.response!.outcome = 'contradicted';
    });
    const report = await verify(bad);
    expect(report.ok).toBe(false);
    expect(problems(report).map(verifyItemLine)).toMatchInlineSnapshot(`
      [
        "DIFFERS    case case_supported0000000a check 1 (check_kept0001): service's answer — outcome: bundle contradicted, service supported",
        "DIFFERS    case case_supported0000000a check 1 (check_kept0001): in the app — response outcome: bundle contradicted, app supported",
      ]
    `);
  });
});
