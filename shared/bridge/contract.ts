import { z } from 'zod';
import {
  NumericRequest,
  NumericResponse,
  Representation,
  SearchRequest,
  SourceVersion,
  UploadResponse,
} from '../api';
import { Id, MAX_ASSET_BYTES, Sha256Hex } from '../api/common';
import {
  checkUnitKind,
  ExtractionCode,
  ExtractionMethod,
  ExtractionState,
  extractionUnitShape,
  LostPart,
} from '../api/extract';
import { FigureWithPosition } from '../api/representations';
import { ServiceMode, SettingsPatch, SettingsView } from '../vocabulary/settings';
import {
  Case,
  CaseCiteInput,
  CaseId,
  CaseAssignRolesInput,
  CaseJudgeInput,
  CaseOfArticle,
  CaseOfArticleInput,
  CaseKeepInput,
  CaseSaveInput,
  CaseSummary,
  CaseUnkeepInput,
  CaseVerdictInput,
} from './cases';
import { VerifyReport } from './verify-result';
import {
  ReportCancelInput,
  ReportCancelOutput,
  ReportExportInput,
  ReportExportOutput,
  ReportVerifyInput,
} from './reports';
import {
  ArticleCancelInput,
  ArticleCancelOutput,
  ArticleCandidates,
  ArticleCandidatesInput,
  ArticleClaims,
  ArticleClaimsInput,
  FiguresByValue,
  FiguresByValueInput,
} from './article';
import { AnnotateInput, DocumentAnnotation, WorkbenchSearchResponse } from './annotations';
import type { BridgeChannel, BridgeEvent } from './names';

/** A bridge error crosses as a value: a stable snake_case code and a message for people. */
export const BridgeError = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case'),
  message: z.string(),
  /** A refusal of the evidence service: its own code (shared/api/errors.ts), to branch on. */
  serviceCode: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'snake_case')
    .optional(),
  /** The request fields the service named (`claim`, `operands.0.figure_index`), to show the error beside. */
  fields: z.array(z.string().max(200)).max(50).optional(),
});
export type BridgeError = z.infer<typeof BridgeError>;

/** `{ ok: true, value } | { ok: false, error }`: results cross the bridge as values, never as throws. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** The envelope schema around one channel's output schema. */
export function bridgeResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), value }),
    z.strictObject({ ok: z.literal(false), error: BridgeError }),
  ]);
}

/** The envelope with any value: what a transport can check before it knows the channel's schema. */
export const AnyBridgeResult = bridgeResultSchema(z.unknown());

// ---- channels --------------------------------------------------------------------------------------

export const HealthInput = z.strictObject({});
export type HealthInput = z.infer<typeof HealthInput>;

/** Strict: a filesystem path or anything else beyond these three fields is refused on the way out. */
export const HealthOutput = z.strictObject({
  status: z.literal('ok'),
  version: z.string().min(1),
  service: ServiceMode,
});
export type HealthOutput = z.infer<typeof HealthOutput>;

/** The app's settings as the renderer sees them, and a change to them: shared/vocabulary/settings.ts. */
export { SettingsPatch, SettingsView };

/** What the renderer may know about the API key: never the key itself. */
export const KeyStatusView = z.strictObject({
  hasKey: z.boolean(),
  storage: z.enum(['os-keychain', 'session-only']),
  backend: z.string(),
  reason: z.string().nullable(),
  /** The service URL the key is for; null in embedded mode (no key is needed). */
  serviceUrl: z.string().nullable(),
});
export type KeyStatusView = z.infer<typeof KeyStatusView>;

/** The key travels renderer → main once, in this input; it never travels back. */
export const KeySetInput = z.strictObject({ key: z.string().trim().min(8).max(4096) });

/** Base64 of at most MAX_ASSET_BYTES bytes. */
const MAX_BASE64 = Math.ceil(MAX_ASSET_BYTES / 3) * 4;

/** A file the fact-checker dropped in, with what they know about it. */
export const UploadInput = z.strictObject({
  /** An id the page chooses for this upload, so it can follow its progress events. */
  taskId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -')
    .optional(),
  filename: z.string().min(1).max(255),
  mediaType: z.string().min(1).max(255).optional(),
  dataBase64: z
    .string()
    .min(1)
    .max(MAX_BASE64, 'the file is over the 50 MB ceiling')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
  title: z.string().min(1).max(1000).optional(),
  url: z.string().url().max(2000).optional(),
  publication_year: z.number().int().min(1000).max(9999).optional(),
  source_type: z.string().min(1).max(100).optional(),
  is_primary_source: z.boolean().optional(),
});
export type UploadInput = z.infer<typeof UploadInput>;

/** A public web address of a document the fact-checker pasted: the service downloads and retains it. */
export const FetchUrlInput = z.strictObject({
  url: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//i.test(u), 'an http or https URL'),
  /** As `UploadInput.taskId`: the page follows the download's progress events with it. */
  taskId: UploadInput.shape.taskId,
});
export type FetchUrlInput = z.infer<typeof FetchUrlInput>;

/**
 * The fields of an upload without its bytes: what travels beside a streamed body (web host) or an
 * ArrayBuffer over IPC (Electron), never a base64 string.
 */
export const UploadMeta = UploadInput.omit({ dataBase64: true });
export type UploadMeta = z.infer<typeof UploadMeta>;

/** How a document of the library was last read: its newest representation, or null when never read. */
export const LibraryReading = z.strictObject({
  representationId: Id,
  state: ExtractionState,
  code: ExtractionCode.nullable(),
  reason: z.string().nullable(),
  extractionMethod: ExtractionMethod,
  unitCount: z.number().int().nonnegative(),
  /** Pages or sheets that could not be read, each with its own code. */
  lost: z.array(LostPart),
});
export type LibraryReading = z.infer<typeof LibraryReading>;

/** One document of the library: a retained source version, display-safe names, and how it was read. */
export const LibraryEntry = z.strictObject({
  sourceVersionId: Id,
  assetId: Id,
  title: z.string().nullable(),
  filename: z.string(),
  mediaType: z.string(),
  byteLength: z.number().int().positive(),
  sha256: Sha256Hex,
  url: z.string().nullable(),
  addedAt: z.string().min(1),
  reading: LibraryReading.nullable(),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;

/** Remove a document; when cases cite it, the call fails `cited_by_cases` (naming them) unless `force`. */
export const LibraryRemoveInput = z.strictObject({ sourceVersionId: Id, force: z.boolean().default(false) });
export const LibraryRemoveOutput = z.strictObject({
  removed: z.boolean(),
  /** Titles of the cases that cite the document (they keep their references; the figures are gone). */
  citedBy: z.array(z.string()),
});

/** The cases that cite a document (its figures in a check, kept or current, or a kept passage of it). */
export const LibraryCitedByOutput = z.strictObject({
  /** Their titles, display-safe, in the order the cases are listed. */
  cases: z.array(z.string()),
});

/**
 * "Test connection": the remote service at `baseUrl` (default: the one in use) tried with `key` (default:
 * the key kept for that address). The key travels renderer → main only; the answer never carries it.
 */
export const ConnectionTestInput = z.strictObject({
  baseUrl: z.string().min(1).max(2000).optional(),
  key: z.string().trim().min(1).max(4096).optional(),
});
export type ConnectionTestInput = z.infer<typeof ConnectionTestInput>;

/** What a connection test found: a typed outcome to branch on, and a message for people. */
export const ConnectionOutcome = z.enum([
  'ok',
  'invalid_url',
  'no_key',
  'unreachable',
  'tls_failure',
  'key_rejected',
  'wrong_service',
  'timeout',
]);
export type ConnectionOutcome = z.infer<typeof ConnectionOutcome>;

export const ConnectionTestOutput = z.strictObject({
  outcome: ConnectionOutcome,
  message: z.string(),
  /** The service tried (normalised), or null for the app's own local service. */
  serviceUrl: z.string().nullable(),
});
export type ConnectionTestOutput = z.infer<typeof ConnectionTestOutput>;

interface ChannelSchemas {
  input: z.ZodType;
  output: z.ZodType;
}

/** Every channel of the bridge: its input schema and its output schema. */
export const bridgeChannels = {
  health: { input: HealthInput, output: HealthOutput },
  'settings.get': { input: z.strictObject({}), output: SettingsView },
  'settings.set': { input: SettingsPatch, output: SettingsView },
  'settings.testConnection': { input: ConnectionTestInput, output: ConnectionTestOutput },
  'key.status': { input: z.strictObject({}), output: KeyStatusView },
  'key.set': { input: KeySetInput, output: KeyStatusView },
  'key.remove': { input: z.strictObject({}), output: KeyStatusView },
  'library.upload': { input: UploadInput, output: UploadResponse },
  /** A document at a public web address, downloaded by the service and retained like an upload. */
  'library.fetchUrl': { input: FetchUrlInput, output: UploadResponse },
  'library.source': { input: z.strictObject({ sourceVersionId: Id }), output: SourceVersion },
  /** Every document in the library, newest first. */
  'library.list': { input: z.strictObject({}), output: z.array(LibraryEntry) },
  'library.remove': { input: LibraryRemoveInput, output: LibraryRemoveOutput },
  /** Which cases cite a document, asked before removing it so the first question names them. */
  'library.citedBy': { input: z.strictObject({ sourceVersionId: Id }), output: LibraryCitedByOutput },
  /** The person's own credibility rating (and reason) or year of a document, kept by the workbench. */
  'library.annotate': { input: AnnotateInput, output: DocumentAnnotation },
  'documents.publish': { input: z.strictObject({ sourceVersionId: Id }), output: Representation },
  'documents.get': { input: z.strictObject({ representationId: Id }), output: Representation },
  'checks.verify': { input: NumericRequest, output: NumericResponse },
  /** The service's search, ranked again with the person's own ratings, and what they said of each document. */
  'search.query': { input: SearchRequest, output: WorkbenchSearchResponse },
  /** The figures of the library with the value a search names ("56,941", "10.2%", "$1.2bn"). */
  'figures.byValue': { input: FiguresByValueInput, output: FiguresByValue },
  /**
   * The numeric claims of an article: pasted text, a document of the library, or a web address (added to
   * the library first, through the service's guarded download), with the text their spans index.
   */
  'article.claims': { input: ArticleClaimsInput, output: ArticleClaims },
  /** The library's figures that could back one claim: suggestions, decided by the same numeric check. */
  'article.candidates': { input: ArticleCandidatesInput, output: ArticleCandidates },
  /** Stops a reading of `article.claims` started with a task id (a page still downloading, say). */
  'article.cancel': { input: ArticleCancelInput, output: ArticleCancelOutput },
  /** The case that keeps an article's checks, found among all cases by the article's text and origin. */
  'article.case': { input: CaseOfArticleInput, output: CaseOfArticle },
  'cases.list': { input: z.strictObject({}), output: z.array(CaseSummary) },
  'cases.get': { input: z.strictObject({ id: CaseId }), output: Case },
  'cases.save': { input: CaseSaveInput, output: Case },
  'cases.check': { input: z.strictObject({ id: CaseId }), output: Case },
  'cases.judge': { input: CaseJudgeInput, output: Case },
  /** Says which figure is which when the check could not tell (a judgment), and checks again with it. */
  'cases.assignRoles': { input: CaseAssignRolesInput, output: Case },
  /** Keeps a search result (source version, representation, unit, snippet, query) in a case. */
  'cases.cite': { input: CaseCiteInput, output: Case },
  /** Keeps the current check (claim, figures, answer, judgments) in the case and starts the next claim. */
  'cases.keepCheck': { input: CaseKeepInput, output: Case },
  'cases.unkeep': { input: CaseUnkeepInput, output: Case },
  /** Gives, replaces or clears the person's own verdict on a kept check (beside the service's answer). */
  'cases.setVerdict': { input: CaseVerdictInput, output: Case },
  'cases.delete': { input: z.strictObject({ id: CaseId }), output: z.strictObject({ deleted: z.boolean() }) },
  /** A report of one or more cases in one format, built whole before it is answered (progress: `report:*`). */
  'reports.export': { input: ReportExportInput, output: ReportExportOutput },
  'reports.cancel': { input: ReportCancelInput, output: ReportCancelOutput },
  /** Re-verifies a report bundle against the service in use and the cases on this computer. */
  'reports.verify': { input: ReportVerifyInput, output: VerifyReport },
} as const satisfies { [C in BridgeChannel]: ChannelSchemas };

export type BridgeInput<C extends BridgeChannel> = z.input<(typeof bridgeChannels)[C]['input']>;
export type BridgeOutput<C extends BridgeChannel> = z.output<(typeof bridgeChannels)[C]['output']>;

// ---- events ----------------------------------------------------------------------------------------

/**
 * A page or sheet as read, before the document's representation is published: the unit and its figures
 * as the representation will hold them, without ids yet (so nothing of it can be cited or picked).
 */
export const UnitRead = z
  .strictObject({ ...extractionUnitShape, figures: z.array(FigureWithPosition) })
  .superRefine(checkUnitKind);
export type UnitRead = z.infer<typeof UnitRead>;

/**
 * Progress of a long task. `taskId`: the id the page gave the call (`library.upload`), or the source
 * version being read (`documents.publish`). Stages: `upload:received`, `upload:stored` (an upload, done
 * of 2); `fetch:downloading`, `fetch:stored` (`library.fetchUrl`, and `article.claims` of a web address,
 * done of 1); `claims:reading`, then one of `claims:listed`, `claims:failed`, `claims:stopped`
 * (`article.claims`: the document read and its claims listed, and how it ended; done of 1); `extract:page` / `extract:sheet` (each unit read, done of total); `report:build` (cases, done of
 * total), `report:crops` (figures cropped, done of total), `report:write` (done of 1) for `reports.export`.
 * An `extract:page` of a PDF or multi-page image read by the local service carries the page just read
 * (`unit`, absent when the page was lost), so the viewer shows the pages read so far.
 */
export const ProgressEvent = z.strictObject({
  taskId: z.string().min(1),
  stage: z.string().min(1),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  unit: UnitRead.optional(),
});
export type ProgressEvent = z.infer<typeof ProgressEvent>;

/**
 * A command chosen in the Electron host's application menu (`add-files`, `zoom-in`, `theme-dark`, …):
 * the renderer runs it as if its key had been pressed, and ignores a name it does not know.
 */
export const MenuCommandEvent = z.strictObject({
  command: z.string().min(1).max(100),
});
export type MenuCommandEvent = z.infer<typeof MenuCommandEvent>;

/** Every event the main process may push to the renderer, with its payload schema. */
export const bridgeEvents = {
  progress: ProgressEvent,
  menu: MenuCommandEvent,
} as const satisfies { [E in BridgeEvent]: z.ZodType };

export type BridgeEventPayload<E extends BridgeEvent> = z.output<(typeof bridgeEvents)[E]>;

// ---- web host --------------------------------------------------------------------------------------

/** The JSON body of `POST /bridge/invoke` on the loopback web host. */
export const WebBridgeRequest = z.strictObject({
  channel: z.string().min(1).max(200),
  input: z.unknown(),
});
export type WebBridgeRequest = z.infer<typeof WebBridgeRequest>;
