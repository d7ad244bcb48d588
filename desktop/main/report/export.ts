import type { Representation, SourceVersion } from '../../../shared/api';
import type { Case, ReportFormat } from '../../../shared/bridge';
import { citationsCsv, operandsCsv } from './csv';
import { reportHtml } from './html';
import { reportMarkdown } from './markdown';
import {
  buildReport,
  ReportBuildError,
  type LookedUpRepresentation,
  type ReportBundle,
  type ReportLookup,
} from './model';
import { BridgeFailure } from '../bridge/router';
import { CaseUnreadableError, type CaseStore } from '../cases/store';
import { ClientError, type EvidenceClient } from '../client/types';
import { makeCrops } from './crops';
import { reportSigningKey, signBundle } from './signing';

// The report export of the main process: loads the cases, builds the bundle over the service
// client (every cited source and representation read once), then writes it in one format, whole, in
// memory. Nothing is written to disk here: the page saves the bytes it is answered (or, in the web host,
// opens the one-time print page), so a failed or cancelled export leaves no file anywhere.

/** What a representation's extractor is called when the service does not say (a remote service may not). */
export const EXTRACTOR_NOT_STATED = 'not stated by the service';

/** The private key `signBundle` signs with (Ed25519). */
export type ReportSigningKey = Parameters<typeof signBundle>[1];

/** This computer's report key, from the OS keychain (made and kept there on first use). */
const keychainSigningKey = async (): Promise<ReportSigningKey> => (await reportSigningKey()).privateKey;

export interface ExportDeps {
  client: EvidenceClient;
  cases: Pick<CaseStore, 'get'>;
  /** The author's name from settings; null: none set. */
  authorName: string | null;
  /** The app's version (HandlerContext.version). */
  appVersion: string;
  /**
   * The extractor the service runs now (the embedded service's version and OCR setting); null when the
   * service does not say (a remote one): the bundle then names the representations' own.
   */
  serviceExtractorVersion: string | null;
  /** The key a bundle is signed with when asked (default: this computer's report key in the OS keychain). */
  signingKey?: () => Promise<ReportSigningKey>;
  /** Prints HTML to PDF bytes (the Electron host); without it a PDF export answers the HTML to print. */
  printToPdf?: (html: string, signal?: AbortSignal) => Promise<Uint8Array>;
  /** The moment the report is generated (tests fix it). */
  now?: () => Date;
}

export interface ExportRequest {
  caseIds: readonly string[];
  format: ReportFormat;
  title?: string | undefined;
  sign?: boolean | undefined;
}

export type ExportStage = 'report:build' | 'report:crops' | 'report:write';

export interface ExportOptions {
  signal?: AbortSignal;
  onProgress?: (stage: ExportStage, done: number, total: number) => void;
}

/** A finished file, whole; or, for a PDF where the host cannot print, the HTML to print elsewhere. */
export type ExportResult =
  { filename: string; mediaType: string; bytes: Uint8Array } | { print: string; filename: string };

const MEDIA_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  markdown: 'text/markdown; charset=utf-8',
  json: 'application/json',
  'csv-figures': 'text/csv; charset=utf-8',
  'csv-citations': 'text/csv; charset=utf-8',
};

const ENDINGS: Record<ReportFormat, string> = {
  html: '.html',
  pdf: '.pdf',
  markdown: '.md',
  json: '.report.json',
  'csv-figures': '-figures.csv',
  'csv-citations': '-citations.csv',
};

/** Service calls in flight at once while the cited sources and representations are read. */
const PREFETCH_CONCURRENCY = 4;

/** The most characters of a title a filename keeps. */
const SLUG_CHARS = 60;

/**
 * A filename safe on every system: the title in lower-case ASCII letters and digits joined by hyphens
 * (accents dropped, anything else a separator), the date (UTC) and the format's ending.
 */
export function reportFilename(title: string, format: ReportFormat, at: Date): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_CHARS)
      .replace(/^-+|-+$/g, '') || 'report';
  return `${slug}-${at.toISOString().slice(0, 10)}${ENDINGS[format]}`;
}

/** The default title: the one case's title, or how many cases the report holds. */
export function defaultTitle(cases: readonly Case[]): string {
  if (cases.length === 1) {
    const title = cases[0]!.title.trim();
    if (title.length > 0) return title.slice(0, 500);
  }
  return `Report on ${cases.length} cases`;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  if (error instanceof ClientError) return error.code === 'cancelled';
  return error instanceof Error && error.name === 'AbortError';
}

const cancelled = () => new BridgeFailure('cancelled', 'The export was cancelled; nothing was written.');

/** A service client's refusal as a failure the person can act on (as handlers/failures.ts does). */
function serviceFailure(error: ClientError): BridgeFailure {
  const { serviceCode, fields } = error.details;
  return new BridgeFailure(error.code, error.message, {
    ...(serviceCode !== undefined ? { serviceCode } : {}),
    ...(fields !== undefined && fields.length > 0 ? { fields: fields.slice(0, 50) } : {}),
  });
}

function loadCases(store: Pick<CaseStore, 'get'>, ids: readonly string[]): Case[] {
  const cases: Case[] = [];
  for (const id of new Set(ids)) {
    let found: Case | null;
    try {
      found = store.get(id);
    } catch (error) {
      if (error instanceof CaseUnreadableError)
        throw new BridgeFailure(
          'case_unreadable',
          `The case ${id} could not be read (its file was left as it is); nothing was exported.`,
        );
      throw error;
    }
    if (!found) throw new BridgeFailure('not_found', `There is no case ${id}; nothing was exported.`);
    cases.push(found);
  }
  return cases;
}

/**
 * The builder's lookup over the service client: each source version and representation is asked once
 * (the answer, or its absence, is kept); "not found" is an absence the builder names, anything else fails.
 */
function clientLookup(client: EvidenceClient, signal: AbortSignal | undefined) {
  const sources = new Map<string, Promise<SourceVersion | null>>();
  const representations = new Map<string, Promise<Representation | null>>();
  const absentIfNotFound = <T>(work: Promise<T>): Promise<T | null> =>
    work.catch((error: unknown) => {
      if (error instanceof ClientError && error.code === 'not_found') return null;
      throw error;
    });
  const source = (id: string) => {
    let found = sources.get(id);
    if (!found) {
      found = absentIfNotFound(client.getSource(id, signal ? { signal } : {}));
      sources.set(id, found);
    }
    return found;
  };
  const representation = (id: string) => {
    let found = representations.get(id);
    if (!found) {
      found = absentIfNotFound(client.getRepresentation(id, signal ? { signal } : {}));
      representations.set(id, found);
    }
    return found;
  };
  const lookup: ReportLookup = {
    sourceVersion: source,
    async representation(id): Promise<LookedUpRepresentation | null> {
      const found = await representation(id);
      return found === null
        ? null
        : { representation: found, extractorVersion: found.extractor_version ?? EXTRACTOR_NOT_STATED };
    },
  };
  /**
   * Every source and representation a case cites, read ahead (so progress can follow the cases), a few
   * at a time (a remote service limits its callers).
   */
  const prefetch = async (c: Case) => {
    const refs = [
      ...(c.kept ?? []).flatMap((k) => k.operands),
      ...c.operands,
      ...(c.citations ?? []).map((cit) => ({
        source_version_id: cit.sourceVersionId,
        representation_id: cit.representationId,
      })),
    ];
    const work = [
      ...[...new Set(refs.map((r) => r.source_version_id))].map((id) => () => source(id)),
      ...[...new Set(refs.map((r) => r.representation_id))].map((id) => () => representation(id)),
    ];
    const next = async (): Promise<void> => {
      for (let job = work.shift(); job; job = work.shift()) await job();
    };
    await Promise.all(Array.from({ length: PREFETCH_CONCURRENCY }, next));
  };
  return { lookup, prefetch, representation, cited: () => representations.values() };
}

/** The bundle-level extractor: the service's own, else the one every cited representation names. */
async function bundleExtractorVersion(
  cited: Iterable<Promise<Representation | null>>,
  service: string | null,
): Promise<string> {
  if (service !== null) return service;
  const named = new Set<string>();
  for (const found of await Promise.all(cited)) named.add(found?.extractor_version ?? EXTRACTOR_NOT_STATED);
  named.delete(EXTRACTOR_NOT_STATED);
  return named.size === 1 ? [...named][0]! : EXTRACTOR_NOT_STATED;
}

const text = (value: string) => new TextEncoder().encode(value);

/**
 * Exports one or more cases in one format, whole. Fails with a BridgeFailure: `not_found` /
 * `case_unreadable` (a case), `report_incomplete` (a cited source, representation, unit or figure is
 * missing: the message names it), `cancelled`, `signing_unavailable`, `print_failed`, or the service
 * client's code.
 */
export async function exportReport(
  request: ExportRequest,
  deps: ExportDeps,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { signal, onProgress } = options;
  try {
    return await run(request, deps, signal, onProgress);
  } catch (error) {
    if (error instanceof BridgeFailure && error.code !== 'cancelled') throw error;
    if (isAbort(error, signal)) throw cancelled();
    if (error instanceof BridgeFailure) throw error;
    if (error instanceof ReportBuildError)
      throw new BridgeFailure(
        'report_incomplete',
        `The report cannot be built in full, so nothing was exported: ${error.message}.`,
      );
    if (error instanceof ClientError) throw serviceFailure(error);
    throw error;
  }
}

async function run(
  request: ExportRequest,
  deps: ExportDeps,
  signal: AbortSignal | undefined,
  onProgress: ExportOptions['onProgress'],
): Promise<ExportResult> {
  const progress = (stage: ExportStage, done: number, total: number) => {
    signal?.throwIfAborted();
    onProgress?.(stage, done, total);
  };
  const cases = loadCases(deps.cases, request.caseIds);
  const at = deps.now?.() ?? new Date();
  const title = request.title?.trim() || defaultTitle(cases);
  const filename = reportFilename(title, request.format, at);

  // Build: every cited source and representation, case by case, then the bundle.
  const reader = clientLookup(deps.client, signal);
  progress('report:build', 0, cases.length);
  for (const [i, c] of cases.entries()) {
    await reader.prefetch(c);
    progress('report:build', i + 1, cases.length);
  }
  let bundle = await buildReport(cases, reader.lookup, {
    title,
    authorName: deps.authorName,
    appVersion: deps.appVersion,
    extractorVersion: await bundleExtractorVersion(reader.cited(), deps.serviceExtractorVersion),
    generatedAt: at.toISOString(),
  });
  signal?.throwIfAborted();
  if (request.sign === true) bundle = await signed(bundle, deps);
  signal?.throwIfAborted();

  const { format } = request;
  const file = (bytes: Uint8Array): ExportResult => {
    progress('report:write', 1, 1);
    return { filename, mediaType: MEDIA_TYPES[format], bytes };
  };
  if (format !== 'html' && format !== 'pdf') {
    progress('report:write', 0, 1);
    if (format === 'json') return file(text(`${JSON.stringify(bundle, null, 2)}\n`));
    if (format === 'markdown') return file(text(reportMarkdown(bundle)));
    if (format === 'csv-figures') return file(text(operandsCsv(bundle)));
    return file(text(citationsCsv(bundle)));
  }

  // HTML and PDF: a crop of every cited figure, drawn from the retained bytes.
  const crops = await makeCrops(
    bundle,
    {
      content: async (sourceVersionId, cropSignal) => {
        const content = await deps.client.getSourceContent(sourceVersionId, {
          ...((cropSignal ?? signal) ? { signal: cropSignal ?? signal } : {}),
        });
        return { bytes: content.bytes, mediaType: content.mediaType };
      },
      representation: async (id) => {
        const found = await reader.representation(id);
        if (found === null)
          throw new ReportBuildError(`representation ${id} went missing while its figures were cropped`);
        return found;
      },
    },
    {
      ...(signal ? { signal } : {}),
      // Told of, never thrown into: the abort is seen by makeCrops itself and just after it.
      onProgress: (done, total) => {
        if (!signal?.aborted) onProgress?.('report:crops', done, total);
      },
    },
  );
  signal?.throwIfAborted();
  progress('report:write', 0, 1);
  const html = reportHtml(bundle, crops);
  if (format === 'html') return file(text(html));
  if (!deps.printToPdf) {
    progress('report:write', 1, 1);
    return { print: html, filename };
  }
  let pdf: Uint8Array;
  try {
    pdf = await deps.printToPdf(html, signal);
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new BridgeFailure(
      'print_failed',
      `The report could not be printed to PDF (${error instanceof Error ? error.message : String(error)}); nothing was written.`,
    );
  }
  return file(pdf);
}

async function signed(bundle: ReportBundle, deps: ExportDeps): Promise<ReportBundle> {
  let key: ReportSigningKey;
  try {
    key = await (deps.signingKey ?? keychainSigningKey)();
  } catch (error) {
    throw new BridgeFailure(
      'signing_unavailable',
      `The report key could not be read from the OS keychain (${error instanceof Error ? error.message : String(error)}); export it unsigned, or try again.`,
    );
  }
  return signBundle(bundle, key);
}
