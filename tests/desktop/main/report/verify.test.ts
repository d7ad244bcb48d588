import { createHash, generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicKeyBase64, signBundle } from '../../../../desktop/main/report/signing';
import { verifyBundle, verifyItemLine } from '../../../../desktop/main/report/verify';
import type { ReportBundle } from '../../../../desktop/main/report/model';
import type { VerifyItem, VerifyReport } from '../../../../shared/bridge/verify-result';
import { buildArticleCases, buildLibrary, tampered, type ArticleCases, type Library } from './fixtures';

// Re-verification of a report bundle against a real embedded service on a temp folder: a
// bundle as exported is the same in every item; each tampering is caught by an item that names it.

let lib: Library;
beforeAll(async () => {
  lib = await buildLibrary();
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

const verify = (json: unknown, options: Parameters<typeof verifyBundle>[2] = {}, withCases = true) =>
  verifyBundle(json, { client: lib.client, cases: withCases ? lib.cases : null }, options);

/** The items that are not `same`. */
const problems = (report: VerifyReport) => report.items.filter((item) => item.status !== 'same');
/** The one item with this subject. */
const item = (report: VerifyReport, subject: string): VerifyItem => {
  const found = report.items.filter((i) => i.subject === subject);
  expect(found, `${subject} in ${report.items.map((i) => i.subject).join('\n')}`).toHaveLength(1);
  return found[0]!;
};

const SUPPORTED = 'case case_supported0000000a check 1 (check_kept0001)';
const ROLES = 'case case_supported0000000a check 2 (check_kept0002)';
const ESCALATED = 'case case_escalated000000b check 1 (current claim)';
const supportedCheck = (b: ReportBundle) => b.cases[0]!.checks[0]!;
const rolesCheck = (b: ReportBundle) => b.cases[0]!.checks[1]!;
const escalatedCheck = (b: ReportBundle) => b.cases[1]!.checks[0]!;

describe('verifyBundle: round trip', () => {
  it('a bundle as exported verifies: every item same, from its JSON text or its value', async () => {
    const seen: string[] = [];
    const report = await verify(JSON.stringify(lib.bundle, null, 2), {
      onItem: (i) => seen.push(i.subject),
    });
    expect(problems(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.signedBy).toBeNull();
    expect(seen).toEqual(report.items.map((i) => i.subject));
    for (const subject of [
      'bundle: schema',
      'bundle: content digest',
      'bundle: signature',
      `source ${lib.pdf.sv}: registration`,
      `source ${lib.pdf.sv}: retained bytes`,
      `source ${lib.xlsx.sv}: registration`,
      `source ${lib.xlsx.sv}: retained bytes`,
      `representation ${lib.pdf.rep.representation_id}: read again`,
      `representation ${lib.xlsx.rep.representation_id}: read again`,
      `${SUPPORTED} operand 1`,
      `${SUPPORTED} operand 2`,
      `${SUPPORTED}: service's answer`,
      `${ESCALATED} operand 2`,
      `${ESCALATED}: service's answer`,
      `${ESCALATED}: person's judgments`,
      'case case_escalated000000b citation 1',
      'case case_supported0000000a: in the app',
      `${ESCALATED}: in the app`,
    ])
      item(report, subject);
    expect(item(report, `source ${lib.pdf.sv}: retained bytes`).detail).toContain(`sha256:${lib.pdf.sha256}`);
    expect(item(report, `${SUPPORTED}: service's answer`).detail).toContain('supported');
    expect((await verify(lib.bundle)).ok).toBe(true);
    for (const i of report.items) expect(verifyItemLine(i)).toMatch(/^same {7}\S.* — \S/);
  });

  it('with republish, every representation is published again and compares the same', async () => {
    const report = await verify(lib.bundle, { republish: true });
    expect(problems(report)).toEqual([]);
    expect(item(report, `representation ${lib.pdf.rep.representation_id}: published again`).detail).toMatch(
      /compared/,
    );
  });

  it('with republish, bytes that now read otherwise than the representation: the figure is named', async () => {
    // A service whose extraction of the retained bytes no longer says what its representation does.
    const client = {
      ...lib.client,
      extract: async (...args: Parameters<typeof lib.client.extract>) => {
        const read = await lib.client.extract(...args);
        return {
          ...read,
          units: read.units?.map((u) => ({ ...u, markdown: u.markdown.replace('1,200', '1,900') })),
        };
      },
    };
    const report = await verifyBundle(lib.bundle, { client, cases: null }, { republish: true });
    const reread = item(
      report,
      `representation ${lib.pdf.rep.representation_id}: read from the retained bytes again`,
    );
    expect(reread.status).toBe('differs');
    expect(reread.detail).toMatch(
      /^page 1 text differs from character \d+: representation "200 euros\.", read again "900 euros\."/,
    );
    expect(reread.detail).toMatch(
      /page 1 figure 0: characters \d+–\d+ read "1,900 euros" now, the bundle says "1,200 euros"/,
    );
    expect(
      item(report, `representation ${lib.xlsx.rep.representation_id}: read from the retained bytes again`)
        .status,
    ).toBe('same');
  });

  it('without the app’s cases, the service alone: all same, and no case items', async () => {
    const report = await verify(lib.bundle, {}, false);
    expect(report.ok).toBe(true);
    expect(report.items.some((i) => i.subject.endsWith('in the app'))).toBe(false);
  });

  it('an aborted verification throws; content problems never do', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(verify(lib.bundle, { signal: controller.signal })).rejects.toThrow();
    const late = new AbortController();
    const running = verify(lib.bundle, { signal: late.signal, onItem: () => late.abort() });
    await expect(running).rejects.toThrow();
    for (const junk of [null, 42, 'not json', '[]', {}, { bundleVersion: 2 }])
      expect((await verify(junk)).ok).toBe(false);
  });
});

describe('verifyBundle: the bundle itself', () => {
  it('not JSON, or not the schema: refused, and nothing else is checked', async () => {
    const notJson = await verify('{"bundleVersion": 1,');
    expect(notJson.items).toEqual([expect.objectContaining({ subject: 'bundle: JSON', status: 'refused' })]);
    const extra = await verify({ ...lib.bundle, verdict: 'all fine' });
    expect(extra.items.every((i) => i.status === 'refused')).toBe(true);
    expect(extra.items[0]!.detail).toContain('"verdict"');
  });

  it('any change after sealing: the content digest differs', async () => {
    const bad = tampered(lib.bundle, (b) => (b.title = 'Budget claims (final)'), false);
    const report = await verify(bad);
    expect(item(report, 'bundle: content digest')).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining(`bundle says sha256 ${lib.bundle.integrity.digest}`),
    });
  });
});

describe('verifyBundle: tampering, each caught by its own item', () => {
  it('a changed hash: the source registration and the retained bytes differ', async () => {
    const fake = `sha256:${'0'.repeat(64)}`;
    const change = (b: ReportBundle) => {
      for (const c of b.cases) {
        for (const check of c.checks)
          for (const o of check.operands)
            if (o.source.sourceVersionId === lib.pdf.sv) o.source.bytesHash = fake;
        for (const cit of c.citations)
          if (cit.source.sourceVersionId === lib.pdf.sv) cit.source.bytesHash = fake;
      }
    };
    expect(item(await verify(tampered(lib.bundle, change, false)), 'bundle: content digest').status).toBe(
      'differs',
    );
    const report = await verify(tampered(lib.bundle, change));
    expect(item(report, 'bundle: content digest').status).toBe('same');
    expect(item(report, `source ${lib.pdf.sv}: registration`)).toMatchObject({
      status: 'differs',
      detail: `bytesHash: bundle ${fake}, service sha256:${lib.pdf.sha256}`,
    });
    expect(item(report, `source ${lib.pdf.sv}: retained bytes`)).toMatchObject({
      status: 'differs',
      detail: `bytesHash: bundle ${fake}, the retained bytes hash to sha256:${lib.pdf.sha256}`,
    });
    expect(item(report, 'case case_escalated000000b citation 1').detail).toContain('bytesHash: bundle');
    expect(report.ok).toBe(false);
  });

  it('a figure value: the operand names the field and both values', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        escalatedCheck(b).operands[1]!.figure.value = 1201;
      }),
    );
    expect(item(report, `${ESCALATED} operand 2`)).toMatchObject({
      status: 'differs',
      detail: 'figure value: bundle 1201, source 1200',
    });
    // Its position too, and the cell a sheet figure sits in.
    const moved = await verify(
      tampered(lib.bundle, (b) => {
        supportedCheck(b).operands[0]!.figure.position = { kind: 'cell', ref: 'B9' };
      }),
    );
    expect(item(moved, `${SUPPORTED} operand 1`).detail).toBe('figure position.ref: bundle B9, source B2');
  });

  it('an outcome: the re-run differs, naming the path; so does the app’s case', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        supportedCheck(b).response!.outcome = 'contradicted';
      }),
    );
    expect(item(report, `${SUPPORTED}: service's answer`)).toMatchObject({
      status: 'differs',
      detail: 'outcome: bundle contradicted, service supported',
    });
    expect(item(report, `${SUPPORTED}: in the app`).detail).toBe(
      'response outcome: bundle contradicted, app supported',
    );
    expect(problems(report)).toHaveLength(2);
  });

  it('a removed judgment: caught by the digest, and resealed, by the app’s case', async () => {
    const remove = (b: ReportBundle) => {
      escalatedCheck(b).personJudgments = [];
    };
    const unsealed = await verify(tampered(lib.bundle, remove, false), {}, false);
    expect(problems(unsealed).map((i) => i.subject)).toEqual(['bundle: content digest']);
    const report = await verify(tampered(lib.bundle, remove));
    expect(item(report, 'bundle: content digest').status).toBe('same');
    expect(item(report, `${ESCALATED}: in the app`)).toMatchObject({
      status: 'differs',
      detail:
        "judgment 1 (entity, holds: yes, 2026-11-24T11:00:00.000Z) is in the app's case but not in the bundle",
    });
    // An altered one is named with the field that changed.
    const altered = await verify(
      tampered(lib.bundle, (b) => {
        escalatedCheck(b).personJudgments[0]!.holds = false;
      }),
    );
    expect(item(altered, `${ESCALATED}: in the app`).detail).toBe(
      'judgment 1 (entity) holds: bundle false, app true',
    );
  });

  it('a judgment passed off as the service’s: rewritten into the answer, it differs on re-run', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        const check = escalatedCheck(b);
        const response = check.response!;
        const entity = response.comparability!.facets.find((f) => f.facet === 'entity')!;
        entity.decidedBy = 'code';
        entity.passed = true;
        entity.p = 1;
        response.outcome = 'supported';
        check.personJudgments = [];
      }),
      {},
      false,
    );
    const answer = item(report, `${ESCALATED}: service's answer`);
    expect(answer.status).toBe('differs');
    expect(answer.detail).toContain('outcome: bundle supported, service escalate');
    expect(answer.detail).toMatch(/comparability\.facets\.\d\.decidedBy: bundle code, service judge/);
    expect(answer.detail).toMatch(/comparability\.facets\.\d\.passed: bundle true, service null/);
  });

  it('a judgment moved into the service’s response: refused by the schema, even resealed', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        const check = escalatedCheck(b);
        (check.response as unknown as Record<string, unknown>)['personJudgment'] = check.personJudgments[0];
        check.personJudgments = [];
      }),
    );
    expect(report.ok).toBe(false);
    expect(report.items).toEqual([
      {
        subject: 'bundle: schema',
        status: 'refused',
        detail: "cases.1.checks.0.response.personJudgment: a member the bundle's schema does not have",
      },
    ]);
  });

  it("a person's roles: the check is run again with them; taken out of the request, it differs", async () => {
    const clean = await verify(lib.bundle);
    expect(item(clean, `${ROLES}: service's answer`).status).toBe('same');
    expect(item(clean, `${ROLES}: person's judgments`).status).toBe('same');
    expect(rolesCheck(lib.bundle).response?.roles?.state).toBe('person');
    const report = await verify(
      tampered(lib.bundle, (b) => {
        const check = rolesCheck(b);
        check.request = { claim: check.request.claim, operands: check.request.operands };
      }),
      {},
      false,
    );
    // Without the person's roles the service cannot tell the figures apart, and the answer differs.
    expect(item(report, `${ROLES}: service's answer`).status).toBe('differs');
    expect(item(report, `${ROLES}: person's judgments`)).toMatchObject({
      status: 'differs',
      detail: 'judgment 1 (roles): the check was not run with the roles it gives',
    });
  });

  it('a judgment of what the service decided itself: the judgments item says it cannot stand', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        escalatedCheck(b).personJudgments.push({
          facet: 'scale',
          holds: true,
          note: 'Same scale.',
          at: '2026-11-24T11:05:00.000Z',
          author: 'Ana Ruiz',
        });
      }),
      {},
      false,
    );
    expect(item(report, `${ESCALATED}: person's judgments`)).toMatchObject({
      status: 'differs',
      detail:
        'judgment 2 (scale): the service decided scale itself, so no judgment of a person stands for it',
    });
  });

  it('a swapped source: an operand pointing at another source version', async () => {
    // Only its source version: the representation it names is of another source.
    const swapped = await verify(
      tampered(lib.bundle, (b) => {
        const check = supportedCheck(b);
        check.operands[0]!.reference.source_version_id = lib.other.sv;
        check.request.operands[0]!.source_version_id = lib.other.sv;
      }),
      {},
      false,
    );
    expect(item(swapped, `${SUPPORTED} operand 1`)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining(
        `source: the operand selects ${lib.other.sv}, its provenance names ${lib.xlsx.sv}`,
      ),
    });
    expect(item(swapped, `${SUPPORTED}: service's answer`).status).not.toBe('same');

    // All of its provenance, consistently, to a real source with the same figures: the service's answer,
    // kept verbatim, still names the source it was given, and the app's case the figures it selected.
    const otherSource = await lib.client.getSource(lib.other.sv);
    const unit = lib.other.rep.units[0]!;
    const figure = (ref: string) =>
      unit.figures.find((f) => f.position.kind === 'cell' && f.position.ref === ref)!;
    const full = await verify(
      tampered(lib.bundle, (b) => {
        const check = supportedCheck(b);
        check.operands.forEach((o, i) => {
          const f = figure(i === 0 ? 'B2' : 'C2');
          o.reference = {
            source_version_id: lib.other.sv,
            representation_id: lib.other.rep.representation_id,
            source_unit_id: unit.source_unit_id,
            figure_index: f.index,
          };
          check.request.operands[i] = { ...o.reference };
          o.source = otherSource;
          o.representationId = lib.other.rep.representation_id;
          o.unit = {
            sourceUnitId: unit.source_unit_id,
            kind: unit.kind,
            index: unit.index,
            sheetName: unit.sheet?.name ?? null,
            extractionMethod: unit.extraction_method,
          };
          o.figure = f;
        });
      }),
    );
    expect(item(full, `${SUPPORTED} operand 1`).status).toBe('same');
    expect(item(full, `${SUPPORTED}: service's answer`)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining(
        `operands.0.source.source_version_id: bundle ${lib.xlsx.sv}, service ${lib.other.sv}`,
      ),
    });
    expect(item(full, `${SUPPORTED}: in the app`).detail).toContain(
      `operands 0.source_version_id: bundle ${lib.other.sv}, app ${lib.xlsx.sv}`,
    );
  });

  it('a changed retained file in the data folder: its bytes are unreadable, with the service’s reason', async () => {
    const blob = join(lib.dataDir, 'blobs', lib.pdf.sha256.slice(0, 2), lib.pdf.sha256);
    const original = readFileSync(blob);
    try {
      const changed = Buffer.from(original);
      changed[changed.length - 10] = changed[changed.length - 10]! ^ 0x01;
      writeFileSync(blob, changed);
      const report = await verify(lib.bundle);
      expect(item(report, `source ${lib.pdf.sv}: retained bytes`)).toMatchObject({
        status: 'unreadable',
        detail: expect.stringMatching(/fail their hash check.*asset_store_failure/),
      });
      expect(report.ok).toBe(false);
      expect(problems(report)).toHaveLength(1);
      rmSync(blob);
      const gone = await verify(lib.bundle);
      expect(item(gone, `source ${lib.pdf.sv}: retained bytes`).status).toBe('unreadable');
    } finally {
      writeFileSync(blob, original);
    }
    expect((await verify(lib.bundle)).ok).toBe(true);
  });

  it('text from the bundle cannot forge a line: controls and bidi overrides are escaped', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        escalatedCheck(b).operands[1]!.figure.raw = '1,200\nsame       bundle: all fine \u202e';
      }),
    );
    const bad = item(report, `${ESCALATED} operand 2`);
    expect(bad.status).toBe('differs');
    const line = verifyItemLine(bad);
    expect(line.split('\n')).toHaveLength(1);
    // eslint-disable-next-line no-control-regex
    expect(line).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
    expect(line).toContain('\\n');
    expect(line).toContain('\\u202e');
  });

  it("a judgment's author changed, or named where the app never knew it: the app's case says who made it", async () => {
    const changed = await verify(
      tampered(lib.bundle, (b) => {
        escalatedCheck(b).personJudgments[0]!.author = 'Someone Else';
        rolesCheck(b).personJudgments[0]!.author = null;
      }),
    );
    expect(item(changed, `${ESCALATED}: in the app`)).toEqual({
      subject: `${ESCALATED}: in the app`,
      status: 'differs',
      detail:
        'judgment 1 (entity) author: the bundle says it was made by "Someone Else", the app\'s case by "Ana Ruiz"',
    });
    expect(item(changed, `${ROLES}: in the app`).detail).toBe(
      'judgment 1 (roles) author: the bundle says it was made by an unknown author, the app\'s case by "Ana Ruiz"',
    );
    expect(problems(changed).map((i) => i.subject)).toEqual([
      `${ROLES}: in the app`,
      `${ESCALATED}: in the app`,
    ]);
    // Without the app's cases nobody can tell who made a judgment: the author is not compared.
    expect(
      (
        await verify(
          tampered(lib.bundle, (b) => (escalatedCheck(b).personJudgments[0]!.author = 'X')),
          {},
          false,
        )
      ).ok,
    ).toBe(true);
  });

  it("a person's verdict changed, its author or note changed, or removed: the app's case says what it is", async () => {
    expect(rolesCheck(lib.bundle).personVerdict).toMatchObject({
      verdict: 'misleading',
      author: 'Bea Editor',
    });
    const changed = await verify(
      tampered(lib.bundle, (b) => {
        rolesCheck(b).personVerdict!.verdict = 'true';
        rolesCheck(b).personVerdict!.author = 'Someone Else';
        rolesCheck(b).personVerdict!.note = 'True.';
      }),
    );
    expect(problems(changed)).toEqual([
      {
        subject: `${ROLES}: in the app`,
        status: 'differs',
        detail:
          "person's verdict verdict: bundle true, app misleading; " +
          'person\'s verdict note: bundle True., app "True of revenue, but the claim says profit."; ' +
          'person\'s verdict author: the bundle says it was given by "Someone Else", the app\'s case by "Bea Editor"',
      },
    ]);
    // The author alone, the seal made again: only the app's case knows who gave the verdict.
    const reauthored = await verify(
      tampered(lib.bundle, (b) => (rolesCheck(b).personVerdict!.author = 'Mallory Editor')),
    );
    expect(problems(reauthored).map((i) => i.detail)).toEqual([
      'person\'s verdict author: the bundle says it was given by "Mallory Editor", the app\'s case by "Bea Editor"',
    ]);
    // Taken out, or slipped onto a check the person gave none: differs with the app's case.
    const removed = await verify(tampered(lib.bundle, (b) => (rolesCheck(b).personVerdict = null)));
    expect(problems(removed).map((i) => i.detail)).toEqual([
      'person\'s verdict: the bundle has none, the app\'s case misleading by "Bea Editor" at 2026-11-24T10:20:00.000Z',
    ]);
    const added = await verify(
      tampered(lib.bundle, (b) => {
        supportedCheck(b).personVerdict = { ...rolesCheck(b).personVerdict! };
      }),
    );
    expect(problems(added).map((i) => i.subject)).toEqual([`${SUPPORTED}: in the app`]);
    // On the claim being worked on, the app never takes one: said even without the app's cases.
    const current = await verify(
      tampered(lib.bundle, (b) => (escalatedCheck(b).personVerdict = { ...rolesCheck(b).personVerdict! })),
      {},
      false,
    );
    expect(problems(current)).toEqual([
      {
        subject: `${ESCALATED}: person's verdict`,
        status: 'differs',
        detail: 'a verdict on the claim being worked on: the app gives verdicts to kept checks only',
      },
    ]);
    // Without resealing, the digest alone catches any change to it.
    const unsealed = tampered(lib.bundle, (b) => (rolesCheck(b).personVerdict!.verdict = 'true'), false);
    expect(item(await verify(unsealed, {}, false), 'bundle: content digest').status).toBe('differs');
  });

  it('a case the app no longer has, and a claim reworded: differs', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        b.cases[0]!.caseId = 'case_nosuchcase00000000';
        b.cases[1]!.checks[0]!.request.claim = 'The ministry spent 25% more.';
      }),
      {},
    );
    expect(item(report, 'case case_nosuchcase00000000: in the app').detail).toMatch(/no such case/);
    expect(item(report, `${ESCALATED}: in the app`).detail).toContain(
      'claim: bundle "The ministry spent 25% more.", app "The ministry spent 20% more."',
    );
  });
});

describe('verifyBundle: signatures', () => {
  const keyA = generateKeyPairSync('ed25519').privateKey;
  const keyB = generateKeyPairSync('ed25519').privateKey;

  it('a signed bundle verifies, and names its key', async () => {
    const signed = signBundle(lib.bundle, keyA);
    const report = await verify(signed, { trustedKeys: [publicKeyBase64(keyA)] });
    expect(problems(report)).toEqual([]);
    expect(report.signedBy).toBe(publicKeyBase64(keyA));
    expect(item(report, 'bundle: signature').detail).toMatch(
      /^valid Ed25519 signature by key .* \(trusted\)$/,
    );
  });

  it('any change to a signed bundle makes its signature invalid, even resealed', async () => {
    const signed = signBundle(lib.bundle, keyA);
    const changes: ((b: ReportBundle) => void)[] = [
      (b) => (escalatedCheck(b).personJudgments = []),
      (b) => (b.authorName = 'Someone Else'),
      (b) => (supportedCheck(b).operands[0]!.figure.value = 1001),
    ];
    for (const change of changes) {
      const report = await verify(tampered(signed, change), {}, false);
      expect(item(report, 'bundle: signature')).toMatchObject({
        status: 'differs',
        detail: expect.stringMatching(
          /^invalid Ed25519 signature by key .*: it does not sign the content as it is now$/,
        ),
      });
      expect(report.signedBy).toBeNull();
    }
    // The signature itself, or the key it names.
    const value = Buffer.from(signed.integrity.signature!.value, 'base64');
    value[0] = value[0]! ^ 0x80;
    const forged = tampered(signed, (b) => (b.integrity.signature!.value = value.toString('base64')), false);
    expect(item(await verify(forged), 'bundle: signature').status).toBe('differs');
    const otherKey = tampered(
      signed,
      (b) => (b.integrity.signature!.publicKey = publicKeyBase64(keyB)),
      false,
    );
    expect(item(await verify(otherKey), 'bundle: signature').status).toBe('differs');
  });

  it('an untrusted key is flagged; an unsigned bundle fails when a trusted key is required', async () => {
    const report = await verify(signBundle(lib.bundle, keyB), { trustedKeys: [publicKeyBase64(keyA)] });
    expect(item(report, 'bundle: signature')).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining('which is not among the 1 trusted key(s)'),
    });
    expect(report.signedBy).toBe(publicKeyBase64(keyB));
    expect(report.ok).toBe(false);
    const unsigned = await verify(lib.bundle, { trustedKeys: [publicKeyBase64(keyA)] });
    expect(item(unsigned, 'bundle: signature')).toMatchObject({ status: 'differs' });
  });
});

describe('verifyBundle: the article a case was made from', () => {
  let articles: ArticleCases;
  beforeAll(async () => {
    articles = await buildArticleCases(lib);
  }, 60_000);

  const PASTED = 'case case_pastedarticle0000c';
  const STATEMENT = 'case case_statementarticle0d';
  const place = (caseId: string, n: number, id: string) =>
    `${caseId} check ${n} (${id}): place in the article`;
  const REVENUE_PLACE = place(PASTED, 1, 'check_article01');
  const SPENDING_PLACE = place(PASTED, 2, 'check_article02');
  const STATEMENT_PLACE = `${STATEMENT} check 1 (current claim): place in the article`;

  it('as exported: the pasted text hashes again, the document is read again, each claim is at its place', async () => {
    const report = await verify(articles.bundle);
    expect(problems(report)).toEqual([]);
    expect(item(report, `${PASTED}: article`).detail).toContain(articles.pasted.article!.sha256);
    expect(item(report, `${STATEMENT}: article`).detail).toContain(`document ${articles.statementSv}`);
    expect(item(report, REVENUE_PLACE).detail).toContain('"Revenue rose 12% from 2022 to 2023."');
    item(report, SPENDING_PLACE);
    item(report, STATEMENT_PLACE);
    // The claim typed by hand has no place to find.
    expect(report.items.some((i) => i.subject.includes('check_article03): place'))).toBe(false);
    expect(item(report, `${PASTED}: in the app`).detail).toContain('article');
  });

  it('a bundle exported before articles were kept still verifies, with no article items', async () => {
    expect(JSON.stringify(lib.bundle)).not.toMatch(/"article"|"claimSpan"/);
    const report = await verify(JSON.stringify(lib.bundle));
    expect(report.ok).toBe(true);
    expect(report.items.some((i) => /article/.test(i.subject))).toBe(false);
  });

  it('a moved place: the check differs, naming its claim and what the place holds', async () => {
    const report = await verify(
      tampered(articles.bundle, (b) => {
        b.cases[0]!.checks[0]!.claimSpan = { start: 0, end: 35 };
      }),
    );
    expect(item(report, 'bundle: content digest').status).toBe('same');
    expect(item(report, REVENUE_PLACE)).toMatchObject({
      status: 'differs',
      detail: expect.stringMatching(
        /^the claim "Revenue rose 12% from 2022 to 2023\.": characters 0–35 of the pasted text .* read "Spending reached/,
      ),
    });
    expect(item(report, SPENDING_PLACE).status).toBe('same');
    // The app's case keeps the place it was read at.
    expect(item(report, `${PASTED} check 1 (check_article01): in the app`).detail).toContain(
      'place in the article start: bundle 0',
    );
    // Past the end of the text: said so.
    const beyond = await verify(
      tampered(articles.bundle, (b) => {
        b.cases[1]!.checks[0]!.claimSpan = { start: 20, end: 5000 };
      }),
    );
    expect(item(beyond, STATEMENT_PLACE)).toMatchObject({
      status: 'differs',
      detail: expect.stringMatching(
        /characters 20–5000, but the text the service reads .* has \d+ characters/,
      ),
    });
  });

  it('changed pasted text: its sha256 no longer holds, and a claim reworded in it is not at its place', async () => {
    const report = await verify(
      tampered(articles.bundle, (b) => {
        const a = b.cases[0]!.article!;
        a.text = a.text!.replace('12%', '15%');
      }),
    );
    expect(item(report, `${PASTED}: article`)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining(
        `sha256: bundle ${articles.pasted.article!.sha256}, its pasted text hashes to`,
      ),
    });
    expect(item(report, REVENUE_PLACE)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining('read "Revenue rose 15% from 2022 to 2023."'),
    });
    expect(report.ok).toBe(false);
    // The text and its sha256 changed together: the claim still is not where the check says.
    const rehashed = await verify(
      tampered(articles.bundle, (b) => {
        const a = b.cases[0]!.article!;
        a.text = a.text!.replace('12%', '15%');
        a.sha256 = createHash('sha256').update(a.text, 'utf8').digest('hex');
      }),
    );
    expect(item(rehashed, `${PASTED}: article`).status).toBe('same');
    expect(item(rehashed, REVENUE_PLACE).status).toBe('differs');
    expect(item(rehashed, `${PASTED}: in the app`).detail).toContain('article sha256');
  });

  it("a library document's sha256 changed: differs against the text the service reads", async () => {
    const fake = 'f'.repeat(64);
    const report = await verify(
      tampered(articles.bundle, (b) => {
        b.cases[1]!.article!.sha256 = fake;
      }),
    );
    expect(item(report, `${STATEMENT}: article`)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining(`sha256: bundle ${fake}, the text the service reads from document`),
    });
  });

  it('a document the service does not have: the article and its claims are not read, and say why', async () => {
    const report = await verify(
      tampered(articles.bundle, (b) => {
        b.cases[1]!.article!.sourceVersionId = 'sv_missing0000000000000';
      }),
      {},
      false,
    );
    expect(item(report, `${STATEMENT}: article`)).toMatchObject({
      status: 'unreadable',
      detail: expect.stringContaining('does not exist'),
    });
    expect(item(report, STATEMENT_PLACE).status).toBe('unreadable');
    expect(report.ok).toBe(false);
  });

  it('a place given without an article: differs', async () => {
    const report = await verify(
      tampered(lib.bundle, (b) => {
        b.cases[0]!.checks[0]!.claimSpan = { start: 0, end: 10 };
      }),
      {},
      false,
    );
    expect(item(report, `${SUPPORTED}: place in the article`)).toMatchObject({
      status: 'differs',
      detail: expect.stringContaining('the case names no article'),
    });
  });
});
