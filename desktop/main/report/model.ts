import { z } from 'zod';
import {
  ExtractionMethod,
  FigureWithPosition,
  Id,
  NumericRequest,
  NumericResponse,
  NumericRolesRequest,
  OperandReference,
  type Representation,
  SourceVersion,
  UnitKind,
} from '../../../shared/api';
import {
  Case,
  CaseCitation,
  CaseId,
  CaseNotes,
  Judgment,
  KeptCheckId,
  PersonVerdict,
  personRoles,
} from '../../../shared/bridge/cases';
import { CaseArticle, ClaimSpan } from '../../../shared/bridge/article';

// The contents of a report: everything an editor reads and a verifier needs to re-check one or
// more cases. The service's checks are kept verbatim (request and response); the person's judgments and
// verdict sit in their own members of each check, `personJudgments` and `personVerdict`, and are never
// merged into the service's result. A
// bundle is sealed by the SHA-256 of its canonical content (and optionally an Ed25519 signature of it).

export const REPORT_BUNDLE_VERSION = 1;

/** The page or sheet a figure or a citation comes from, as the representation read it. */
export const ReportUnit = z.strictObject({
  sourceUnitId: Id,
  kind: UnitKind,
  /** 1-based page or sheet index. */
  index: z.number().int().min(1),
  /** The sheet's name as stored (show it through displayText); null for a page. */
  sheetName: z.string().nullable(),
  /** How this unit was read (text layer, OCR, spreadsheet cells). */
  extractionMethod: ExtractionMethod,
});
export type ReportUnit = z.infer<typeof ReportUnit>;

/** One operand of a case with its full provenance: document, bytes, representation, unit, figure. */
export const ReportOperand = z.strictObject({
  /** The operand exactly as the case selected it. */
  reference: OperandReference,
  /** The retained source version: ids, bytes hash, title, file name, URL (metadata as the service gave it). */
  source: SourceVersion,
  representationId: Id,
  /** The extractor that produced the representation. */
  extractorVersion: z.string().min(1),
  unit: ReportUnit,
  /** The figure as the representation has it, with its page box, sheet cell or text span. */
  figure: FigureWithPosition,
});
export type ReportOperand = z.infer<typeof ReportOperand>;

/** A search result kept in the case, as kept, with the source and unit it cites. */
export const ReportCitation = CaseCitation.extend({
  source: SourceVersion,
  extractorVersion: z.string().min(1),
  unit: ReportUnit,
});
export type ReportCitation = z.infer<typeof ReportCitation>;

/**
 * A judgment by the person (never the service's), with its author as the app stored it when the judgment
 * was made; null: unknown (no name was set then, or it was made before authors were kept).
 */
export const PersonJudgment = Judgment.extend({
  author: z.string().nullable(),
});
export type PersonJudgment = z.infer<typeof PersonJudgment>;

/**
 * One check of a case: the claim and figures as checked, the request sent and the service's response
 * verbatim (null when the claim was never checked: unresolved), and the person's judgments of it.
 */
export const ReportCheck = z.strictObject({
  /** The kept check's id; null for the claim the case is working on now. */
  checkId: KeptCheckId.nullable(),
  /** When the check was kept in the case; null for the current one. */
  keptAt: z.iso.datetime().nullable(),
  /** The request as sent; with `roles` when a person said which figure is which. */
  request: z.union([NumericRolesRequest, NumericRequest]),
  /** The service's answer verbatim; null: not checked. */
  response: NumericResponse.nullable(),
  operands: z.array(ReportOperand).max(2),
  /** The person's judgments of this check: theirs, not the service's. */
  personJudgments: z.array(PersonJudgment),
  /**
   * The person's own verdict on the check (true, false, misleading, unproven), with its note, author and
   * time as the case stored them: theirs, beside the service's response and never in it. null: none given
   * (a claim being worked on has none); absent in bundles exported before verdicts existed.
   */
  personVerdict: PersonVerdict.nullable().optional(),
  /**
   * Where the check's claim stands in its case's article (`[start, end)` of the article's text), so the
   * report can list the article's claims in its order and a verifier can find the claim there again.
   * Absent: the claim was not read from the article, or the bundle was exported before articles were kept.
   */
  claimSpan: ClaimSpan.optional(),
});
export type ReportCheck = z.infer<typeof ReportCheck>;

export const ReportCase = z.strictObject({
  caseId: CaseId,
  title: Case.shape.title,
  notes: CaseNotes,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Kept checks oldest first, then the claim being worked on (when checked, or with figures). */
  checks: z.array(ReportCheck),
  citations: z.array(ReportCitation),
  /**
   * The article the case checks, claim by claim: where it came from, the sha256 of the text its claims'
   * spans index, and that text when it was pasted (it is nowhere else to be read again). Absent: the case
   * was not made from an article, or the bundle was exported before articles were kept.
   */
  article: CaseArticle.optional(),
});
export type ReportCase = z.infer<typeof ReportCase>;

/** The Ed25519 signature of a bundle's digest, with the public key that verifies it. */
export const ReportSignature = z.strictObject({
  algorithm: z.literal('ed25519'),
  /** The raw 32-byte public key, base64. */
  publicKey: z.base64().length(44),
  /** The 64-byte signature of `signedText(digest)`, base64. */
  value: z.base64().length(88),
});
export type ReportSignature = z.infer<typeof ReportSignature>;

/**
 * What seals a bundle: the SHA-256 of the canonical JSON of every other member (keys sorted, no space),
 * and optionally its signature. Any change to the content changes the digest.
 */
export const ReportIntegrity = z.strictObject({
  algorithm: z.literal('sha256'),
  digest: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
  signature: ReportSignature.nullable(),
});
export type ReportIntegrity = z.infer<typeof ReportIntegrity>;

export const ReportBundle = z.strictObject({
  bundleVersion: z.literal(REPORT_BUNDLE_VERSION),
  generatedAt: z.iso.datetime(),
  appVersion: z.string().min(1),
  /** The extractor the app runs now; each operand and citation names the one that read it. */
  extractorVersion: z.string().min(1),
  /** The author's name as set in settings; null when none is set. */
  authorName: z.string().nullable(),
  title: z.string().trim().min(1).max(500),
  cases: z.array(ReportCase).min(1),
  integrity: ReportIntegrity,
});
export type ReportBundle = z.infer<typeof ReportBundle>;

/** A bundle's content: everything but its seal. */
export type ReportContent = Omit<ReportBundle, 'integrity'>;

/** Keys sorted at every level, no whitespace: the bytes the digest is taken of. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('canonicalJson: a value JSON cannot hold');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of a bundle's content (its `integrity` member left out), hex. */
export async function contentDigest(bundle: ReportContent | ReportBundle): Promise<string> {
  const { integrity: _seal, ...content } = bundle as ReportBundle;
  const bytes = new TextEncoder().encode(canonicalJson(content));
  return hex(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/** The text an Ed25519 signature signs: the format's name and the content digest. */
export function signedText(digest: string): string {
  return `evidence-workbench-report-v${REPORT_BUNDLE_VERSION}:sha256:${digest}`;
}

/** A representation as the lookup finds it, with the extractor version that produced it. */
export interface LookedUpRepresentation {
  representation: Representation;
  extractorVersion: string;
}

type Maybe<T> = T | null | undefined;

/** Where the builder finds retained sources and representations (the main process feeds it). */
export interface ReportLookup {
  sourceVersion(id: string): Maybe<SourceVersion> | Promise<Maybe<SourceVersion>>;
  representation(id: string): Maybe<LookedUpRepresentation> | Promise<Maybe<LookedUpRepresentation>>;
}

export interface ReportMeta {
  title: string;
  authorName: string | null;
  appVersion: string;
  extractorVersion: string;
  /** ISO date-time; now when absent. */
  generatedAt?: string;
}

/** A report that cannot be built in full: nothing is produced. */
export class ReportBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportBuildError';
  }
}

interface Resolved {
  source: SourceVersion;
  representation: Representation;
  extractorVersion: string;
  unit: Representation['units'][number];
}

async function resolve(
  lookup: ReportLookup,
  caseId: string,
  what: string,
  ids: { sourceVersionId: string; representationId: string; sourceUnitId: string },
): Promise<Resolved> {
  const where = `case ${caseId}, ${what}`;
  const source = await lookup.sourceVersion(ids.sourceVersionId);
  if (!source) throw new ReportBuildError(`${where}: source version ${ids.sourceVersionId} is missing`);
  if (source.sourceVersionId !== ids.sourceVersionId)
    throw new ReportBuildError(
      `${where}: the lookup answered another source version for ${ids.sourceVersionId}`,
    );
  const found = await lookup.representation(ids.representationId);
  if (!found) throw new ReportBuildError(`${where}: representation ${ids.representationId} is missing`);
  const { representation, extractorVersion } = found;
  if (representation.representation_id !== ids.representationId)
    throw new ReportBuildError(
      `${where}: the lookup answered another representation for ${ids.representationId}`,
    );
  if (representation.source_version_id !== ids.sourceVersionId)
    throw new ReportBuildError(
      `${where}: representation ${ids.representationId} is not of source version ${ids.sourceVersionId}`,
    );
  const unit = representation.units.find((u) => u.source_unit_id === ids.sourceUnitId);
  if (!unit)
    throw new ReportBuildError(
      `${where}: unit ${ids.sourceUnitId} is missing from representation ${ids.representationId}`,
    );
  return { source, representation, extractorVersion, unit };
}

function reportUnit(unit: Representation['units'][number]): ReportUnit {
  return {
    sourceUnitId: unit.source_unit_id,
    kind: unit.kind,
    index: unit.index,
    sheetName: unit.sheet?.name ?? null,
    extractionMethod: unit.extraction_method,
  };
}

async function reportOperands(
  lookup: ReportLookup,
  caseId: string,
  what: string,
  references: readonly OperandReference[],
): Promise<ReportOperand[]> {
  const operands: ReportOperand[] = [];
  for (const [i, reference] of references.entries()) {
    const where = `${what}, operand ${i + 1}`;
    const r = await resolve(lookup, caseId, where, {
      sourceVersionId: reference.source_version_id,
      representationId: reference.representation_id,
      sourceUnitId: reference.source_unit_id,
    });
    const figure = r.unit.figures.find((f) => f.index === reference.figure_index);
    if (!figure)
      throw new ReportBuildError(
        `case ${caseId}, ${where}: figure ${reference.figure_index} is missing from unit ${reference.source_unit_id}`,
      );
    operands.push({
      reference: { ...reference },
      source: r.source,
      representationId: r.representation.representation_id,
      extractorVersion: r.extractorVersion,
      unit: reportUnit(r.unit),
      figure,
    });
  }
  return operands;
}

/** The request a check was sent as: with the person's roles when they said which figure is which. */
function requestOf(
  claim: string,
  operands: readonly OperandReference[],
  judgments: readonly Judgment[],
): ReportCheck['request'] {
  const roles = personRoles(judgments);
  return roles === null ? { claim, operands: [...operands] } : { claim, operands: [...operands], roles };
}

async function buildCase(c: Case, lookup: ReportLookup): Promise<ReportCase> {
  // The author stored with each judgment: the name in Settings at export is the report's author, not theirs.
  const judged = (judgments: readonly Judgment[]): PersonJudgment[] =>
    judgments.map((j) => ({ ...j, author: j.author ?? null }));
  const checks: ReportCheck[] = [];
  for (const [i, kept] of (c.kept ?? []).entries()) {
    checks.push({
      checkId: kept.id,
      keptAt: kept.keptAt,
      request: requestOf(kept.claim, kept.operands, kept.judgments),
      response: kept.check,
      operands: await reportOperands(lookup, c.id, `check ${i + 1}`, kept.operands),
      personJudgments: judged(kept.judgments),
      personVerdict: kept.verdict ?? null,
      ...(kept.claimSpan !== undefined ? { claimSpan: kept.claimSpan } : {}),
    });
  }
  // The claim being worked on: in the report when checked, when it has figures, or when it is all there is.
  // Its check answered the claim and figures as they are (a change of either clears it).
  if (c.check !== null || c.operands.length > 0 || checks.length === 0)
    checks.push({
      checkId: null,
      keptAt: null,
      request: requestOf(c.claim, c.operands, c.judgments),
      response: c.check,
      operands: await reportOperands(lookup, c.id, `check ${checks.length + 1}`, c.operands),
      personJudgments: judged(c.judgments),
      personVerdict: null,
      ...(c.claimSpan !== undefined ? { claimSpan: c.claimSpan } : {}),
    });
  const citations: ReportCitation[] = [];
  for (const [i, citation] of (c.citations ?? []).entries()) {
    const r = await resolve(lookup, c.id, `citation ${i + 1}`, citation);
    citations.push({
      ...citation,
      source: r.source,
      extractorVersion: r.extractorVersion,
      unit: reportUnit(r.unit),
    });
  }
  return {
    caseId: c.id,
    title: c.title,
    notes: c.notes ?? '',
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    checks,
    citations,
    // Absent rather than null for a case without one, so its bundle is as it was before articles were kept.
    ...(c.article !== undefined ? { article: c.article } : {}),
  };
}

/**
 * The report bundle of one or more cases. Every cited source, representation, unit and figure must be
 * found: otherwise it throws a ReportBuildError naming what is missing, and nothing is produced.
 */
export async function buildReport(
  cases: readonly Case[],
  lookup: ReportLookup,
  meta: ReportMeta,
): Promise<ReportBundle> {
  if (cases.length === 0) throw new ReportBuildError('a report needs at least one case');
  const built: ReportCase[] = [];
  for (const c of cases) built.push(await buildCase(Case.parse(c), lookup));
  const content: ReportContent = {
    bundleVersion: REPORT_BUNDLE_VERSION,
    generatedAt: meta.generatedAt ?? new Date().toISOString(),
    appVersion: meta.appVersion,
    extractorVersion: meta.extractorVersion,
    authorName: meta.authorName,
    title: meta.title,
    cases: built,
  };
  const bundle: ReportBundle = {
    ...content,
    integrity: { algorithm: 'sha256', digest: await contentDigest(content), signature: null },
  };
  const checked = ReportBundle.safeParse(bundle);
  if (!checked.success)
    throw new ReportBuildError(`the report does not match its schema: ${z.prettifyError(checked.error)}`);
  const repeated = repeatedIds(checked.data);
  if (repeated.length > 0)
    throw new ReportBuildError(`the report names a thing twice: ${repeated.join('; ')}`);
  return checked.data;
}

/**
 * Every case, kept check, operand or citation a bundle holds more than once, as "path: why". A copy of a
 * check counts it twice in a report and still matches the app's case, so each is refused instead: a case
 * by its id, a kept check by its id (and one claim being worked on per case), an operand by the figure it
 * names within its check, a citation by its unit and query within its case (as a case keeps it once).
 */
export function repeatedIds(content: ReportContent): string[] {
  const problems: string[] = [];
  const firstAt = <K>(seen: Map<K, string>, key: K, path: string): string | null => {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, path);
    return first ?? null;
  };
  const cases = new Map<string, string>();
  const checks = new Map<string, string>();
  content.cases.forEach((c, i) => {
    const casePath = `cases.${i}`;
    const sameCase = firstAt(cases, c.caseId, casePath);
    if (sameCase !== null)
      problems.push(
        `${casePath}.caseId: case ${c.caseId} is also ${sameCase}; a report holds each case once`,
      );
    let current: string | null = null;
    c.checks.forEach((check, j) => {
      const checkPath = `${casePath}.checks.${j}`;
      if (check.checkId === null) {
        if (current !== null)
          problems.push(
            `${checkPath}: a second claim being worked on in case ${c.caseId} (the first is ${current}); a case has one`,
          );
        current ??= checkPath;
      } else {
        const sameCheck = firstAt(checks, check.checkId, checkPath);
        if (sameCheck !== null)
          problems.push(
            `${checkPath}.checkId: check ${check.checkId} is also ${sameCheck}; a report holds each check once`,
          );
      }
      const figures = new Map<string, string>();
      check.operands.forEach((operand, k) => {
        const r = operand.reference;
        const key = canonicalJson([
          r.source_version_id,
          r.representation_id,
          r.source_unit_id,
          r.figure_index,
        ]);
        const sameFigure = firstAt(figures, key, `${checkPath}.operands.${k}`);
        if (sameFigure !== null)
          problems.push(
            `${checkPath}.operands.${k}: figure ${r.figure_index} of unit ${r.source_unit_id} is also ${sameFigure}; a check's operands are different figures`,
          );
      });
    });
    const citations = new Map<string, string>();
    c.citations.forEach((citation, j) => {
      const citationPath = `${casePath}.citations.${j}`;
      const sameCitation = firstAt(
        citations,
        canonicalJson([citation.sourceUnitId, citation.query]),
        citationPath,
      );
      if (sameCitation !== null)
        problems.push(
          `${citationPath}: unit ${citation.sourceUnitId} found by the query ${JSON.stringify(citation.query)} is also ${sameCitation}; a case keeps each citation once`,
        );
    });
  });
  return problems;
}

/** A bundle as read from a file: the bundle, or every reason it is refused. */
export type ParsedBundle = { ok: true; bundle: ReportBundle } | { ok: false; problems: string[] };

/**
 * Reads a bundle strictly: it must match the schema, nothing may be dropped on the way (the service's
 * responses are open objects in the API, so a member added to one, a judgment slipped into a response,
 * would otherwise be stripped silently instead of refused), and nothing may be in it twice (repeatedIds).
 */
export function parseBundle(json: unknown): ParsedBundle {
  const parsed = ReportBundle.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.length === 0 ? '(bundle)' : issue.path.join('.')}: ${issue.message}`,
      ),
    };
  if (canonicalJson(parsed.data) !== canonicalJson(json))
    return {
      ok: false,
      problems: [
        `${firstExtra(json, parsed.data, []) ?? '(bundle)'}: a member the bundle's schema does not have`,
      ],
    };
  const repeated = repeatedIds(parsed.data);
  if (repeated.length > 0) return { ok: false, problems: repeated };
  return { ok: true, bundle: parsed.data };
}

/** The path of the first member of `raw` that `kept` lacks. */
function firstExtra(raw: unknown, kept: unknown, path: (string | number)[]): string | null {
  if (raw === null || typeof raw !== 'object' || kept === null || typeof kept !== 'object') return null;
  if (Array.isArray(raw)) {
    for (const [i, item] of raw.entries()) {
      const found = firstExtra(item, (kept as unknown[])[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!(key in (kept as Record<string, unknown>))) return [...path, key].join('.');
    const found = firstExtra(value, (kept as Record<string, unknown>)[key], [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
