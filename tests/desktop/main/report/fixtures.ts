import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { createCaseStore, type CaseStore } from '../../../../desktop/main/cases/store';
import { createEmbeddedClient } from '../../../../desktop/main/client/embedded';
import type { EvidenceClient } from '../../../../desktop/main/client/types';
import type { OperandReference, Representation } from '../../../../shared/api';
import type { Case } from '../../../../shared/bridge/cases';
import {
  buildReport,
  canonicalJson,
  type ReportBundle,
  type ReportLookup,
} from '../../../../desktop/main/report/model';
import { createHash } from 'node:crypto';

// A real library for the verifier's tests, built from nothing: a one-page PDF and an xlsx written here,
// uploaded to an embedded service on a temp folder and published; two cases stored in the app's case
// store (one supported check kept, one escalated claim with a person's judgment), and their report bundle.

/** The extractor version a report names when the service does not state one (a placeholder). */
export const EXTRACTOR = 'ew-extract-4;ocr=off';

/** A one-page PDF with lines of Helvetica text. */
export function tinyPdf(lines: readonly string[]): Uint8Array {
  const escape = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = `BT /F1 12 Tf 14 TL 72 720 Td\n${lines.map((l) => `(${escape(l)}) Tj T*`).join('\n')}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** An xlsx of one sheet, "Revenue", with a header row and rows of [label, ...numbers]. */
export function tinyXlsx(
  header: readonly string[],
  rows: readonly (readonly [string, ...number[]])[],
): Uint8Array {
  const col = (i: number) => String.fromCharCode(65 + i);
  const inline = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
  const sheetRows = [
    `<row r="1">${header.map((h, i) => inline(`${col(i)}1`, h)).join('')}</row>`,
    ...rows.map(
      ([label, ...values], r) =>
        `<row r="${r + 2}">${inline(`A${r + 2}`, label)}${values.map((v, i) => `<c r="${col(i + 1)}${r + 2}" s="1"><v>${v}</v></c>`).join('')}</row>`,
    ),
  ];
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const ns = 'http://schemas.openxmlformats.org';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${xml}<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Revenue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      `${xml}<styleSheet xmlns="${ns}/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="3"/></cellXfs></styleSheet>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xml}<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
  });
}

/** A lookup over the service, as the app's main process feeds the builder. */
export function clientLookup(client: EvidenceClient): ReportLookup {
  return {
    sourceVersion: (id) => client.getSource(id),
    representation: async (id) => {
      const representation = await client.getRepresentation(id);
      return { representation, extractorVersion: representation.extractor_version ?? EXTRACTOR };
    },
  };
}

export interface Library {
  root: string;
  dataDir: string;
  appDir: string;
  client: EvidenceClient;
  cases: CaseStore;
  pdf: { sv: string; sha256: string; byteLength: number; rep: Representation };
  xlsx: { sv: string; sha256: string; byteLength: number; rep: Representation };
  other: { sv: string; rep: Representation };
  supportedCase: Case;
  escalatedCase: Case;
  bundle: ReportBundle;
  close(): Promise<void>;
}

export function operandOf(
  rep: Representation,
  find: (raw: string, ref: string | null) => boolean,
): OperandReference {
  for (const unit of rep.units)
    for (const figure of unit.figures)
      if (find(figure.raw, figure.position.kind === 'cell' ? figure.position.ref : null))
        return {
          source_version_id: rep.source_version_id,
          representation_id: rep.representation_id,
          source_unit_id: unit.source_unit_id,
          figure_index: figure.index,
        };
  throw new Error('fixture: no such figure');
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Builds the library on a fresh temp folder. */
export async function buildLibrary(): Promise<Library> {
  const root = mkdtempSync(join(tmpdir(), 'ew-verify-'));
  const dataDir = join(root, 'service');
  const appDir = join(root, 'app');
  const client = await createEmbeddedClient({ dataDir, ocr: 'off' });
  const pdfBytes = tinyPdf(['Ministry of Health annual report', 'Total spending in 2024 was 1,200 euros.']);
  const xlsxBytes = tinyXlsx(
    ['Item', '2022', '2023'],
    [
      ['Revenue', 1000, 1120],
      ['Spending', 1000, 1100],
    ],
  );
  const otherBytes = new TextEncoder().encode('Item,2022,2023\nRevenue,"1,000","1,120"\n');
  const upload = async (bytes: Uint8Array, filename: string, title: string) => {
    const up = await client.uploadAsset({ bytes, filename, title });
    const rep = await client.publishRepresentation(up.source_version_id!);
    return { sv: up.source_version_id!, sha256: sha256(bytes), byteLength: bytes.byteLength, rep };
  };
  const pdf = await upload(pdfBytes, 'health-2024.pdf', 'Ministry of Health annual report 2024');
  const xlsx = await upload(xlsxBytes, 'revenue.xlsx', 'Revenue table');
  const other = await upload(otherBytes, 'revenue-copy.csv', 'Revenue table (copy)');

  const cases = createCaseStore(appDir);
  const b2 = operandOf(xlsx.rep, (_raw, ref) => ref === 'B2');
  const c2 = operandOf(xlsx.rep, (_raw, ref) => ref === 'C2');
  const pdfSpend = operandOf(pdf.rep, (raw) => raw.includes('1,200'));
  const b3 = operandOf(xlsx.rep, (_raw, ref) => ref === 'B3');
  const supportedClaim = 'Revenue rose 12% from 2022 to 2023.';
  const supported = await client.verifyNumeric({ claim: supportedClaim, operands: [b2, c2] });
  if (supported.outcome !== 'supported')
    throw new Error(`fixture: expected supported, got ${supported.outcome}`);
  const escalatedClaim = 'The ministry spent 20% more.';
  const escalated = await client.verifyNumeric({ claim: escalatedClaim, operands: [b3, pdfSpend] });
  const judged = escalated.comparability?.facets.find((f) => f.decidedBy === 'judge' && f.facet === 'entity');
  if (escalated.outcome !== 'escalate' || !judged)
    throw new Error(
      `fixture: expected escalate with entity left to a judge, got ${JSON.stringify(escalated)}`,
    );
  // A claim whose words do not say which figure is which: a person said, and the check ran with it.
  const rolesClaim = 'One figure was 120 more than the other.';
  const rolesOperands = [c2, b2];
  const unclear = await client.verifyNumeric({ claim: rolesClaim, operands: rolesOperands });
  if (unclear.roles?.state !== 'unclear')
    throw new Error(`fixture: expected unclear roles, got ${JSON.stringify(unclear.roles)}`);
  const answered = await client.verifyNumericWithRoles({
    claim: rolesClaim,
    operands: rolesOperands,
    roles: ['subject', 'reference'],
  });
  const pdfUnit = pdf.rep.units[0]!;
  const xlsxUnit = xlsx.rep.units[0]!;
  const supportedCase = cases.put({
    id: 'case_supported0000000a',
    title: 'Revenue up 12%',
    claim: 'Next claim to check.',
    operands: [],
    check: null,
    judgments: [],
    kept: [
      {
        id: 'check_kept0001',
        claim: supportedClaim,
        operands: [b2, c2],
        check: supported,
        judgments: [],
        keptAt: '2026-11-24T10:00:00.000Z',
      },
      {
        id: 'check_kept0002',
        claim: rolesClaim,
        operands: rolesOperands,
        check: answered,
        judgments: [
          {
            facet: 'roles',
            holds: true,
            roles: ['subject', 'reference'],
            note: 'Figure 1 (1,120) is the 2023 revenue, the subject.',
            at: '2026-11-24T10:10:00.000Z',
            author: 'Ana Ruiz',
          },
        ],
        keptAt: '2026-11-24T10:15:00.000Z',
        // The person's own verdict, beside the service's answer: compared with the app's case on verify.
        verdict: {
          verdict: 'misleading',
          note: 'True of revenue, but the claim says profit.',
          at: '2026-11-24T10:20:00.000Z',
          author: 'Bea Editor',
        },
      },
    ],
    citations: [
      {
        sourceVersionId: xlsx.sv,
        representationId: xlsx.rep.representation_id,
        sourceUnitId: xlsxUnit.source_unit_id,
        unitIndex: xlsxUnit.index,
        title: 'Revenue table',
        snippet: 'Revenue 1,000 1,120',
        query: 'revenue 2023',
        at: '2026-11-24T09:00:00.000Z',
      },
    ],
    notes: 'Checked against the revenue table.',
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
  });
  const escalatedCase = cases.put({
    id: 'case_escalated000000b',
    title: 'Ministry spending up 20%',
    claim: escalatedClaim,
    operands: [b3, pdfSpend],
    check: escalated,
    judgments: [
      {
        facet: 'entity',
        holds: true,
        note: 'Both figures are the ministry’s total spending.',
        at: '2026-11-24T11:00:00.000Z',
        author: 'Ana Ruiz',
      },
    ],
    citations: [
      {
        sourceVersionId: pdf.sv,
        representationId: pdf.rep.representation_id,
        sourceUnitId: pdfUnit.source_unit_id,
        unitIndex: pdfUnit.index,
        title: 'Ministry of Health annual report 2024',
        snippet: 'Total spending in 2024 was 1,200 euros.',
        query: 'ministry spending',
        at: '2026-11-24T10:30:00.000Z',
      },
    ],
    notes: '',
    createdAt: '2026-11-24T08:30:00.000Z',
    updatedAt: '2026-11-24T11:00:00.000Z',
  });
  const bundle = await buildReport([supportedCase, escalatedCase], clientLookup(client), {
    title: 'Budget claims',
    authorName: 'Ana Ruiz',
    appVersion: '0.1.0',
    extractorVersion: EXTRACTOR,
    generatedAt: '2026-11-24T12:00:00.000Z',
  });
  return {
    root,
    dataDir,
    appDir,
    client,
    cases,
    pdf,
    xlsx,
    other: { sv: other.sv, rep: other.rep },
    supportedCase,
    escalatedCase,
    bundle,
    close: async () => {
      await client.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The pasted article of the article cases: its second claim is checked first. */
export const PASTED_ARTICLE =
  'Spending reached 1,200 euros in 2024, the ministry said. Revenue rose 12% from 2022 to 2023.';

/** A statement kept in the library as a text document, read as an article. */
export const STATEMENT_TEXT =
  'Ministry statement\n\nRevenue rose 12% from 2022 to 2023. Spending grew by 10% in 2023.\n';

export interface ArticleCases {
  /** Made from pasted text: its claims kept out of the article's order, and a check not read from it. */
  pasted: Case;
  /** Made from a text document of the library. */
  statement: Case;
  statementSv: string;
  /** The report of both cases. */
  bundle: ReportBundle;
}

/**
 * Two cases made from articles, stored in the library's case store beside its other cases, and their
 * report: one from pasted text (the revenue claim kept first, then the spending claim the person judged,
 * then a claim typed by hand), one from a statement uploaded to the library. Each claim's place is the
 * one the service listed it at, and its check the service's answer to the claim as listed.
 */
export async function buildArticleCases(lib: Library): Promise<ArticleCases> {
  const { client } = lib;
  const b2 = operandOf(lib.xlsx.rep, (_raw, ref) => ref === 'B2');
  const c2 = operandOf(lib.xlsx.rep, (_raw, ref) => ref === 'C2');
  const b3 = operandOf(lib.xlsx.rep, (_raw, ref) => ref === 'B3');
  const pdfSpend = operandOf(lib.pdf.rep, (raw) => raw.includes('1,200'));
  const claimOf = (listed: Awaited<ReturnType<EvidenceClient['listClaims']>>, words: string) => {
    const found = listed.claims.find((c) => c.text.includes(words));
    if (!found) throw new Error(`fixture: no listed claim with ${words}`);
    return found;
  };
  const pastedList = await client.listClaims({ text: PASTED_ARTICLE });
  const revenue = claimOf(pastedList, '12%');
  const spending = claimOf(pastedList, '1,200');
  const revenueCheck = await client.verifyNumeric({ claim: revenue.text, operands: [b2, c2] });
  const spendingCheck = await client.verifyNumeric({ claim: spending.text, operands: [pdfSpend] });
  if (revenueCheck.outcome !== 'supported' || spendingCheck.outcome !== 'escalate')
    throw new Error(`fixture: got ${revenueCheck.outcome} and ${spendingCheck.outcome}`);
  const typedClaim = 'The ministry spent 20% more.';
  const typedCheck = await client.verifyNumeric({ claim: typedClaim, operands: [b3, pdfSpend] });
  const pasted = lib.cases.put({
    id: 'case_pastedarticle0000c',
    title: 'What the ministry said',
    claim: 'Next claim to check.',
    operands: [],
    check: null,
    judgments: [],
    kept: [
      {
        id: 'check_article01',
        claim: revenue.text,
        operands: [b2, c2],
        check: revenueCheck,
        judgments: [],
        keptAt: '2026-11-25T10:00:00.000Z',
        verdict: { verdict: 'true', note: null, at: '2026-11-25T10:05:00.000Z', author: 'Ana Ruiz' },
        claimSpan: revenue.span,
      },
      {
        id: 'check_article02',
        claim: spending.text,
        operands: [pdfSpend],
        check: spendingCheck,
        judgments: [],
        keptAt: '2026-11-25T10:10:00.000Z',
        // The person's "true" on a check the service left unresolved: theirs, never the service's outcome.
        verdict: {
          verdict: 'true',
          note: 'The ministry confirmed the total by phone.',
          at: '2026-11-25T10:15:00.000Z',
          author: 'Bea Editor',
        },
        claimSpan: spending.span,
      },
      {
        id: 'check_article03',
        claim: typedClaim,
        operands: [b3, pdfSpend],
        check: typedCheck,
        judgments: [],
        keptAt: '2026-11-25T10:20:00.000Z',
      },
    ],
    citations: [],
    notes: '',
    article: {
      kind: 'text',
      sourceVersionId: null,
      url: null,
      title: null,
      sha256: pastedList.article.sha256,
      text: pastedList.article.text,
    },
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T10:20:00.000Z',
  });
  const up = await client.uploadAsset({
    bytes: new TextEncoder().encode(STATEMENT_TEXT),
    filename: 'statement.txt',
    title: 'Ministry statement',
  });
  const statementSv = up.source_version_id!;
  const statementList = await client.listClaims({ source_version_id: statementSv });
  const statementClaim = claimOf(statementList, '12%');
  const statement = lib.cases.put({
    id: 'case_statementarticle0d',
    title: 'The ministry statement',
    claim: statementClaim.text,
    operands: [b2, c2],
    check: await client.verifyNumeric({ claim: statementClaim.text, operands: [b2, c2] }),
    judgments: [],
    claimSpan: statementClaim.span,
    kept: [],
    citations: [],
    notes: '',
    article: {
      kind: 'source',
      sourceVersionId: statementSv,
      url: null,
      title: 'Ministry statement',
      sha256: statementList.article.sha256,
      text: null,
    },
    createdAt: '2026-11-25T11:00:00.000Z',
    updatedAt: '2026-11-25T11:00:00.000Z',
  });
  const bundle = await buildReport([pasted, statement], clientLookup(client), {
    title: 'What the ministry said',
    authorName: 'Ana Ruiz',
    appVersion: '0.1.0',
    extractorVersion: EXTRACTOR,
    generatedAt: '2026-11-25T12:00:00.000Z',
  });
  return { pasted, statement, statementSv, bundle };
}

/** A deep copy of the bundle changed by `change`, resealed with the digest of its new content. */
export function tampered(
  bundle: ReportBundle,
  change: (copy: ReportBundle) => void,
  reseal = true,
): ReportBundle {
  const copy = structuredClone(bundle);
  change(copy);
  if (reseal) {
    const { integrity: _seal, ...content } = copy;
    copy.integrity = {
      ...copy.integrity,
      digest: createHash('sha256').update(canonicalJson(content)).digest('hex'),
    };
  }
  return copy;
}
