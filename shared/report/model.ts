import { z } from 'zod';
import {
  ExtractionMethod,
  FigureWithPosition,
  Id,
  NumericRequest,
  NumericResponse,
  OperandReference,
  type Representation,
  SourceVersion,
  UnitKind,
} from '../api';
import { Case, CaseCitation, CaseId, Judgment } from '../bridge/cases';

// The contents of a report (issue 17): everything an editor reads and a verifier needs to re-check one or
// more cases. The service's checks are kept verbatim (request and response); the person's judgments sit
// in their own member, `personJudgments`, and are never merged into the service's result.

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

/** One check as the service answered it: the request sent and the response received, verbatim. */
export const ReportCheck = z.strictObject({
  request: NumericRequest,
  response: NumericResponse,
});
export type ReportCheck = z.infer<typeof ReportCheck>;

/** A search result kept in the case, as kept, with the source and unit it cites. */
export const ReportCitation = CaseCitation.extend({
  source: SourceVersion,
  extractorVersion: z.string().min(1),
  unit: ReportUnit,
});
export type ReportCitation = z.infer<typeof ReportCitation>;

/** A judgment by the person (never the service's), with its author as set in settings. */
export const PersonJudgment = Judgment.extend({
  author: z.string().nullable(),
});
export type PersonJudgment = z.infer<typeof PersonJudgment>;

export const ReportCase = z.strictObject({
  caseId: CaseId,
  title: Case.shape.title,
  claim: Case.shape.claim,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  operands: z.array(ReportOperand).max(2),
  /** The service's checks, verbatim; empty when the case was never checked. */
  checks: z.array(ReportCheck),
  citations: z.array(ReportCitation),
  /** The person's judgments: theirs, not the service's. */
  personJudgments: z.array(PersonJudgment),
});
export type ReportCase = z.infer<typeof ReportCase>;

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
});
export type ReportBundle = z.infer<typeof ReportBundle>;

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

async function buildCase(c: Case, lookup: ReportLookup, authorName: string | null): Promise<ReportCase> {
  const operands: ReportOperand[] = [];
  for (const [i, reference] of c.operands.entries()) {
    const r = await resolve(lookup, c.id, `operand ${i + 1}`, {
      sourceVersionId: reference.source_version_id,
      representationId: reference.representation_id,
      sourceUnitId: reference.source_unit_id,
    });
    const figure = r.unit.figures.find((f) => f.index === reference.figure_index);
    if (!figure)
      throw new ReportBuildError(
        `case ${c.id}, operand ${i + 1}: figure ${reference.figure_index} is missing from unit ${reference.source_unit_id}`,
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
  // The check answered the case's claim and operands as they are: a change of either clears it.
  const checks: ReportCheck[] =
    c.check === null ? [] : [{ request: { claim: c.claim, operands: c.operands }, response: c.check }];
  return {
    caseId: c.id,
    title: c.title,
    claim: c.claim,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    operands,
    checks,
    citations,
    personJudgments: c.judgments.map((j) => ({ ...j, author: authorName })),
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
  for (const c of cases) built.push(await buildCase(Case.parse(c), lookup, meta.authorName));
  const bundle: ReportBundle = {
    bundleVersion: REPORT_BUNDLE_VERSION,
    generatedAt: meta.generatedAt ?? new Date().toISOString(),
    appVersion: meta.appVersion,
    extractorVersion: meta.extractorVersion,
    authorName: meta.authorName,
    title: meta.title,
    cases: built,
  };
  const checked = ReportBundle.safeParse(bundle);
  if (!checked.success)
    throw new ReportBuildError(`the report does not match its schema: ${z.prettifyError(checked.error)}`);
  return checked.data;
}
