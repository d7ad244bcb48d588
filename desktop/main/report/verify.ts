import { createHash } from 'node:crypto';
import type {
  ClaimListResponse,
  ExtractionResponse,
  NumericResponse,
  Representation,
  SourceVersion,
} from '../../../shared/api';
import type { ClaimSpan } from '../../../shared/bridge/article';
import type { Case, Judgment, KeptCheck, PersonVerdict } from '../../../shared/bridge/cases';
import { MAX_BUNDLE_CHARS } from '../../../shared/bridge/reports';
import {
  parseBundle,
  type ReportBundle,
  type ReportCase,
  type ReportCheck,
  type ReportCitation,
  type ReportOperand,
  type ReportUnit,
} from './model';
import type { VerifyItem, VerifyReport, VerifyStatus } from '../../../shared/bridge/verify-result';
import { CaseUnreadableError, type CaseStore } from '../cases/store';
import { ClientError, type EvidenceClient } from '../client/types';
import { checkSignature, publicKeyFromBase64, recomputeDigest } from './signing';

// Re-verification of a report bundle: the bundle is read strictly, its seal recomputed, its
// signature checked; then every retained source is re-read and hashed, every representation re-read (or
// published again), every figure compared, every check re-run, every citation found again, every article
// a case was made from read again with each claim found at its place, and, when the app's cases are at
// hand, every case compared with the one stored. One item per thing checked: `same`, or
// what differs and where. Content problems never throw: they are items. Only an abort throws.

export interface VerifyTarget {
  client: EvidenceClient;
  /** The app's cases, to compare claims, notes, kept checks, judgments and verdicts; null when not available. */
  cases: CaseStore | null;
}

export interface VerifyOptions {
  signal?: AbortSignal;
  /** Publish every representation again and compare it unit by unit and figure by figure. */
  republish?: boolean;
  /** Raw Ed25519 public keys (base64): a bundle must be signed by one of them. */
  trustedKeys?: readonly string[];
  /** Told of each item as it is settled, in the order of the report. */
  onItem?(item: VerifyItem): void;
  /**
   * Cases the store does not have are not compared (the app checking a colleague's bundle: its cases live
   * on another computer); by default a case missing from the store differs (`--cases DIR` asked for them).
   */
  onlyCasesKept?: boolean;
}

const MAX_SUBJECT = 1000;
const MAX_DETAIL = 4000;
/** The most differences one item lists. */
const MAX_DIFFERENCES = 12;
/** Service calls in flight at once (the remote service answers them in parallel). */
const CONCURRENCY = 4;

// --- showing values -------------------------------------------------------------------------------------

/** Characters that must not reach a terminal or a line of text as they are: controls, bidi overrides. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Text with every control and bidi character written as an escape, so one item stays one honest line. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A value as one short, safe piece of a line: plain words as they are, other text quoted. */
function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (typeof value === 'string')
    return /^[\w.:%+@/-]{1,80}$/.test(value) ? value : safeText(truncate(JSON.stringify(value), 100));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return safeText(truncate(JSON.stringify(value), 100));
}

/** An id in a subject: as it is when plain, quoted and escaped otherwise. */
function showId(id: string): string {
  return /^[\w.:-]{1,120}$/.test(id) ? id : show(id);
}

// --- comparing ------------------------------------------------------------------------------------------

/** Every path where `a` (the bundle's) and `b` (the other side's) differ, as "path: bundle x, side y". */
export function differences(a: unknown, b: unknown, side: string, path = '', out: string[] = []): string[] {
  if (out.length >= MAX_DIFFERENCES) return out;
  const at = path === '' ? '(value)' : path;
  const join = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: bundle has ${a.length}, ${side} ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], side, join(i), out);
    return out;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      if (a[key] === undefined && b[key] === undefined) continue;
      differences(a[key], b[key], side, join(key), out);
    }
    return out;
  }
  // Numbers compare as numbers (0 and -0 are one value in JSON); anything else by type and value.
  if (a !== b) out.push(`${at}: bundle ${show(a)}, ${side} ${show(b)}`);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listed(found: string[]): string {
  return found.length >= MAX_DIFFERENCES ? `${found.join('; ')}; …` : found.join('; ');
}

// --- service calls --------------------------------------------------------------------------------------

type Got<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Why a call failed, for an item: the service's message and code. */
function reasonOf(error: unknown): string {
  if (error instanceof ClientError) {
    const code = error.details.serviceCode ?? error.code;
    return `${error.message} (${code})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A service refusal of the request itself (the bundle's request is no longer valid), not a failure to read. */
function isRefusal(error: unknown): boolean {
  return error instanceof ClientError && (error.code === 'invalid_request' || error.code === 'conflict');
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  signal?.throwIfAborted();
  return results;
}

// --- the verifier ---------------------------------------------------------------------------------------

interface Located<T> {
  where: string;
  value: T;
}

function countChecks(bundle: ReportBundle): number {
  return bundle.cases.reduce((n, c) => n + c.checks.length, 0);
}

function checkName(c: ReportCase, index: number): string {
  const check = c.checks[index]!;
  return `case ${c.caseId} check ${index + 1}${check.checkId === null ? ' (current claim)' : ` (${check.checkId})`}`;
}

function positionName(figure: ReportOperand['figure']): string {
  const p = figure.position;
  const round = (n: number) => Math.round(n * 100) / 100;
  if (p.kind === 'cell') return `cell ${show(p.ref)}`;
  if (p.kind === 'box') return `box x ${round(p.x)}, y ${round(p.y)}, ${round(p.width)} × ${round(p.height)}`;
  return `characters ${figure.span.start}–${figure.span.end}`;
}

function unitName(unit: { kind: string; index: number }): string {
  return `${unit.kind} ${unit.index}`;
}

function sha256Prefixed(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * Re-verifies a report bundle (its JSON text, or the value parsed from it) against a service and,
 * optionally, the app's cases. Never throws for what the bundle or the service hold: each problem is an
 * item. Throws only when `signal` aborts.
 */
export async function verifyBundle(
  json: unknown,
  target: VerifyTarget,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const { signal } = options;
  signal?.throwIfAborted();
  const items: VerifyItem[] = [];
  const emit = (subject: string, status: VerifyStatus, detail: string) => {
    const item: VerifyItem = {
      subject: truncate(safeText(subject), MAX_SUBJECT),
      status,
      detail: truncate(safeText(detail), MAX_DETAIL),
    };
    items.push(item);
    options.onItem?.(item);
  };
  const finish = (signedBy: string | null): VerifyReport => ({
    ok: items.length > 0 && items.every((item) => item.status === 'same'),
    items,
    signedBy,
  });

  // 1. The bundle itself: JSON, schema (strict: nothing the schema lacks), digest, signature.
  let value = json;
  if (typeof json === 'string') {
    if (json.length > MAX_BUNDLE_CHARS) {
      emit('bundle: size', 'refused', `the bundle is over ${MAX_BUNDLE_CHARS / (1024 * 1024)} MB`);
      return finish(null);
    }
    try {
      value = JSON.parse(json);
    } catch (error) {
      emit('bundle: JSON', 'refused', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
      return finish(null);
    }
  }
  const parsed = parseBundle(value);
  if (!parsed.ok) {
    for (const problem of parsed.problems.slice(0, 50)) emit('bundle: schema', 'refused', problem);
    if (parsed.problems.length > 50)
      emit('bundle: schema', 'refused', `and ${parsed.problems.length - 50} more problems`);
    return finish(null);
  }
  const bundle = parsed.bundle;
  emit(
    'bundle: schema',
    'same',
    `a report bundle, version ${bundle.bundleVersion}: ${bundle.cases.length} case(s), ${countChecks(bundle)} check(s)`,
  );
  const digest = recomputeDigest(bundle);
  if (digest === bundle.integrity.digest) emit('bundle: content digest', 'same', `sha256 ${digest}`);
  else
    emit(
      'bundle: content digest',
      'differs',
      `the content was changed after it was sealed: bundle says sha256 ${bundle.integrity.digest}, the content hashes to ${digest}`,
    );
  const signedBy = verifySignature(bundle, options.trustedKeys, emit);

  // 2. Sources, representations: each read once, in parallel; items in the order of first mention.
  const sources = new Map<string, Located<SourceVersion>[]>();
  const representations = new Map<string, Located<{ sourceVersionId: string; extractorVersion: string }>[]>();
  const mention = <T>(map: Map<string, Located<T>[]>, id: string, where: string, v: T) => {
    const list = map.get(id);
    if (list) list.push({ where, value: v });
    else map.set(id, [{ where, value: v }]);
  };
  for (const c of bundle.cases) {
    c.checks.forEach((check, i) =>
      check.operands.forEach((operand, j) => {
        const where = `${checkName(c, i)} operand ${j + 1}`;
        mention(sources, operand.source.sourceVersionId, where, operand.source);
        mention(representations, operand.representationId, where, {
          sourceVersionId: operand.reference.source_version_id,
          extractorVersion: operand.extractorVersion,
        });
      }),
    );
    c.citations.forEach((citation, i) => {
      const where = `case ${c.caseId} citation ${i + 1}`;
      mention(sources, citation.source.sourceVersionId, where, citation.source);
      mention(representations, citation.representationId, where, {
        sourceVersionId: citation.sourceVersionId,
        extractorVersion: citation.extractorVersion,
      });
    });
  }

  const call = async <T>(run: () => Promise<T>): Promise<Got<T>> => {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      if (signal?.aborted) signal.throwIfAborted();
      return { ok: false, error };
    }
  };
  const callOptions = signal ? { signal } : {};
  const sourceIds = [...sources.keys()];
  const fetchedSources = await mapLimit(sourceIds, CONCURRENCY, signal, async (id) => ({
    registration: await call(() => target.client.getSource(id, callOptions)),
    // Hashed as soon as read, so that no more than CONCURRENCY sources' bytes are held at once.
    content: await call(async () => {
      const content = await target.client.getSourceContent(id, callOptions);
      return {
        hash: sha256Prefixed(content.bytes),
        byteLength: content.bytes.byteLength,
        sha256: content.sha256,
      };
    }),
  }));
  const representationIds = [...representations.keys()];
  const fetchedRepresentations = await mapLimit(representationIds, CONCURRENCY, signal, (id) =>
    call(() => target.client.getRepresentation(id, callOptions)),
  );
  const representationById = new Map<string, Got<Representation>>(
    representationIds.map((id, i) => [id, fetchedRepresentations[i]!]),
  );
  const serviceSources = new Map<string, Got<SourceVersion>>(
    sourceIds.map((id, i) => [id, fetchedSources[i]!.registration]),
  );

  sourceIds.forEach((id, i) => {
    const copies = sources.get(id)!;
    const { registration, content } = fetchedSources[i]!;
    const name = `source ${showId(id)}`;
    // Registration: every distinct copy the bundle holds of it, against the service's.
    if (!registration.ok) {
      emit(
        `${name}: registration`,
        'unreadable',
        `the service could not give it: ${reasonOf(registration.error)}`,
      );
    } else {
      const distinct = new Map<string, Located<SourceVersion>>();
      for (const copy of copies) {
        const key = JSON.stringify(copy.value);
        if (!distinct.has(key)) distinct.set(key, copy);
      }
      for (const copy of distinct.values()) {
        const found = differences(copy.value, registration.value, 'service');
        const subject =
          distinct.size === 1 ? `${name}: registration` : `${name}: registration (${copy.where})`;
        if (found.length === 0)
          emit(
            subject,
            'same',
            `${show(registration.value.sourceMetadata.filename)}, ${registration.value.bytesHash}, asset ${registration.value.assetId}`,
          );
        else emit(subject, 'differs', listed(found));
      }
    }
    // Retained bytes: read again and hashed here, against every hash the bundle gives them.
    if (!content.ok) {
      emit(
        `${name}: retained bytes`,
        'unreadable',
        `the service could not read them: ${reasonOf(content.error)}`,
      );
    } else {
      const { hash, byteLength } = content.value;
      const claimed = [...new Set(copies.map((copy) => copy.value.bytesHash))];
      const lengths = [...new Set(copies.map((copy) => copy.value.sourceMetadata.byte_length))];
      const problems: string[] = [];
      for (const h of claimed)
        if (h !== hash) problems.push(`bytesHash: bundle ${h}, the retained bytes hash to ${hash}`);
      for (const n of lengths)
        if (n !== byteLength) problems.push(`byte_length: bundle ${n}, the retained bytes are ${byteLength}`);
      if (`sha256:${content.value.sha256}` !== hash && content.value.sha256 !== hash)
        problems.push(`the service names them sha256 ${content.value.sha256}, they hash to ${hash}`);
      if (problems.length === 0)
        emit(`${name}: retained bytes`, 'same', `${byteLength} bytes read again, ${hash}`);
      else emit(`${name}: retained bytes`, 'differs', listed(problems));
    }
  });

  representationIds.forEach((id) => {
    const got = representationById.get(id)!;
    const name = `representation ${showId(id)}`;
    if (!got.ok) {
      emit(`${name}: read again`, 'unreadable', `the service could not give it: ${reasonOf(got.error)}`);
      return;
    }
    const rep = got.value;
    const mentions = representations.get(id)!;
    const problems: string[] = [];
    for (const sv of new Set(mentions.map((m) => m.value.sourceVersionId)))
      if (sv !== rep.source_version_id)
        problems.push(
          `source: the bundle gives it as of source ${show(sv)}, the service as of source ${show(rep.source_version_id)}`,
        );
    // The extractor version, where the service states it (a local extension; a remote service may not).
    if (rep.extractor_version !== undefined)
      for (const version of new Set(mentions.map((m) => m.value.extractorVersion)))
        if (version !== rep.extractor_version)
          problems.push(`extractor version: bundle ${show(version)}, service ${show(rep.extractor_version)}`);
    if (problems.length === 0)
      emit(
        `${name}: read again`,
        'same',
        `of source ${showId(rep.source_version_id)}, ${rep.units.length} unit(s), ${rep.extraction_method}, ${rep.state}, ${rep.extractor_version === undefined ? 'extractor version not stated by the service' : `extractor ${show(rep.extractor_version)}`}`,
      );
    else emit(`${name}: read again`, 'differs', listed(problems));
  });

  if (options.republish) {
    // Published again (the same bytes and extractor answer the same representation), and read again from
    // the retained bytes: the text each figure was found in must still say what the bundle says.
    const republished = await mapLimit(representationIds, 2, signal, async (id) => {
      const got = representationById.get(id)!;
      const sv = got.ok ? got.value.source_version_id : representations.get(id)![0]!.value.sourceVersionId;
      const published = await call(() => target.client.publishRepresentation(sv, callOptions));
      const registration = serviceSources.get(sv);
      const assetId = registration?.ok ? registration.value.assetId : null;
      const extracted =
        assetId === null ? null : await call(() => target.client.extract({ asset_id: assetId }, callOptions));
      return { published, extracted };
    });
    representationIds.forEach((id, i) => {
      republishItem(bundle, id, republished[i]!.published, emit);
      rereadItem(bundle, id, representationById.get(id)!, republished[i]!, emit);
    });
  }

  // 3. Every check: its operands against the representation, its answer against a re-run.
  const checks: { c: ReportCase; index: number; check: ReportCheck }[] = [];
  for (const c of bundle.cases) c.checks.forEach((check, index) => checks.push({ c, index, check }));
  const reruns = await mapLimit(checks, CONCURRENCY, signal, ({ check }) =>
    check.response === null
      ? Promise.resolve(null)
      : call(() =>
          'roles' in check.request
            ? target.client.verifyNumericWithRoles(check.request, callOptions)
            : target.client.verifyNumeric(check.request, callOptions),
        ),
  );
  checks.forEach(({ c, index, check }, k) => {
    const name = checkName(c, index);
    if (check.request.operands.length !== check.operands.length)
      emit(
        `${name}: operands`,
        'differs',
        `the request has ${check.request.operands.length} operand(s), the check lists ${check.operands.length}`,
      );
    check.operands.forEach((operand, j) =>
      operandItem(`${name} operand ${j + 1}`, operand, check.request.operands[j], representationById, emit),
    );
    const rerun = reruns[k]!;
    answerItem(name, check, rerun, emit);
    judgmentsItem(name, check, rerun !== null && rerun.ok ? rerun.value : check.response, emit);
    // The app takes a person's verdict on a kept check only, never on the claim being worked on.
    if (check.checkId === null && check.personVerdict != null)
      emit(
        `${name}: person's verdict`,
        'differs',
        'a verdict on the claim being worked on: the app gives verdicts to kept checks only',
      );
  });

  // 4. Citations: the source and the unit they cite, found again.
  for (const c of bundle.cases)
    c.citations.forEach((citation, i) =>
      citationItem(`case ${c.caseId} citation ${i + 1}`, citation, serviceSources, representationById, emit),
    );

  // 5. Articles: a pasted one hashed again from the text the bundle keeps; a library document's claims
  // listed again by the service, which answers the text their places index. Each claim must be found at
  // its place, since a place that no longer holds the claim's words cites something else.
  const articleIds = [
    ...new Set(
      bundle.cases.flatMap((c) =>
        c.article !== undefined && c.article.kind !== 'text' && c.article.sourceVersionId !== null
          ? [c.article.sourceVersionId]
          : [],
      ),
    ),
  ];
  const relisted = await mapLimit(articleIds, CONCURRENCY, signal, (id) =>
    call(() => target.client.listClaims({ source_version_id: id }, callOptions)),
  );
  const listedById = new Map(articleIds.map((id, i) => [id, relisted[i]!]));
  for (const c of bundle.cases) articleItems(c, listedById, emit);

  // 6. The app's cases, when at hand.
  if (target.cases)
    for (const c of bundle.cases) caseItems(c, target.cases, emit, options.onlyCasesKept === true);

  signal?.throwIfAborted();
  return finish(signedBy);
}

type Emit = (subject: string, status: VerifyStatus, detail: string) => void;

function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function placeName(span: ClaimSpan): string {
  return `characters ${span.start}–${span.end}`;
}

/** Where a text first differs from another, for an item. */
function textDifference(bundleText: string, serviceText: string): string {
  let i = 0;
  while (i < bundleText.length && i < serviceText.length && bundleText[i] === serviceText[i]) i++;
  return `from character ${i}: bundle ${show(bundleText.slice(i, i + 30))}, service ${show(serviceText.slice(i, i + 30))}`;
}

/**
 * A case's article read again, then each check's claim found at its place in it. The article item says
 * whether the text is the one the bundle names (its sha256); each place item names its claim.
 */
function articleItems(c: ReportCase, listedById: Map<string, Got<ClaimListResponse>>, emit: Emit): void {
  const placed = c.checks.flatMap((check, i) =>
    check.claimSpan === undefined ? [] : [{ name: checkName(c, i), check, span: check.claimSpan }],
  );
  const a = c.article;
  const subject = `case ${c.caseId}: article`;
  if (a === undefined) {
    for (const p of placed)
      emit(
        `${p.name}: place in the article`,
        'differs',
        `the claim ${show(p.check.request.claim)} is given ${placeName(p.span)} of an article, but the case names no article`,
      );
    return;
  }
  // The text each place is looked for in, and where it came from; or why no text could be had.
  let text: string | null = null;
  let from = '';
  let missing: { status: VerifyStatus; why: string } | null = null;
  const problems: string[] = [];
  if (a.kind === 'text') {
    from = 'the pasted text the bundle keeps';
    if (a.sourceVersionId !== null)
      problems.push(`pasted text, but it names the library's document ${show(a.sourceVersionId)}`);
    if (a.text === null) {
      missing = { status: 'differs', why: 'the bundle does not keep the pasted text' };
      problems.push('pasted text, but the bundle does not keep it: its sha256 cannot be found again');
    } else {
      text = a.text;
      const hash = sha256Text(a.text);
      if (hash !== a.sha256) problems.push(`sha256: bundle ${a.sha256}, its pasted text hashes to ${hash}`);
    }
    if (text !== null && problems.length === 0)
      emit(
        subject,
        'same',
        `pasted text of ${text.length} characters kept in the bundle, sha256 ${a.sha256}`,
      );
    else emit(subject, 'differs', listed(problems));
  } else if (a.sourceVersionId === null) {
    missing = { status: 'differs', why: 'the bundle names no document to read it from' };
    emit(
      subject,
      'differs',
      `${a.kind === 'url' ? 'a web address' : "a library's document"}, but the bundle names no source version`,
    );
  } else {
    const id = a.sourceVersionId;
    const got = listedById.get(id);
    const document = `document ${showId(id)}`;
    from = `the text the service reads from ${document}`;
    if (got === undefined || !got.ok) {
      const error = got?.ok === false ? got.error : null;
      const status: VerifyStatus = isRefusal(error) ? 'differs' : 'unreadable';
      const why = `the service could not list the claims of ${document} again: ${error === null ? 'not read' : reasonOf(error)}`;
      missing = { status, why };
      emit(subject, status, why);
    } else {
      const answered = got.value.article;
      text = answered.text;
      const hash = sha256Text(answered.text);
      if (answered.sha256 !== a.sha256)
        problems.push(
          `sha256: bundle ${a.sha256}, the text the service reads from ${document} now ${answered.sha256}`,
        );
      if (hash !== answered.sha256)
        problems.push(`the service names its text sha256 ${answered.sha256}, the text hashes to ${hash}`);
      if (a.text !== null && a.text !== answered.text)
        problems.push(`text: ${textDifference(a.text, answered.text)}`);
      if (problems.length === 0)
        emit(
          subject,
          'same',
          `${document}'s claims listed again: the text it reads (${answered.text.length} characters) is sha256 ${a.sha256}, as the bundle says`,
        );
      else emit(subject, 'differs', listed(problems));
    }
  }
  for (const p of placed) {
    const placeSubject = `${p.name}: place in the article`;
    const claim = p.check.request.claim;
    if (text === null) {
      emit(
        placeSubject,
        missing?.status ?? 'differs',
        `the claim ${show(claim)} was not looked for: ${missing?.why ?? 'no text'}`,
      );
      continue;
    }
    if (p.span.end > text.length) {
      emit(
        placeSubject,
        'differs',
        `the claim ${show(claim)} is given ${placeName(p.span)}, but ${from} has ${text.length} characters`,
      );
      continue;
    }
    const found = text.slice(p.span.start, p.span.end);
    if (found === claim)
      emit(placeSubject, 'same', `the claim ${show(claim)} found at ${placeName(p.span)} of ${from}`);
    else
      emit(
        placeSubject,
        'differs',
        `the claim ${show(claim)}: ${placeName(p.span)} of ${from} read ${show(found)}`,
      );
  }
}

function verifySignature(
  bundle: ReportBundle,
  trustedKeys: readonly string[] | undefined,
  emit: Emit,
): string | null {
  const signature = bundle.integrity.signature;
  const trusted = (trustedKeys ?? []).map((key) => key.trim()).filter((key) => key !== '');
  const state = checkSignature(bundle);
  if (state === 'unsigned' || signature === null) {
    if (trusted.length > 0)
      emit(
        'bundle: signature',
        'differs',
        'the bundle is not signed, but a signature by a trusted key was required',
      );
    else emit('bundle: signature', 'same', 'not signed (nothing to check)');
    return null;
  }
  if (state === 'invalid') {
    const why =
      publicKeyFromBase64(signature.publicKey) === null
        ? 'its public key is not an Ed25519 key'
        : 'it does not sign the content as it is now';
    emit('bundle: signature', 'differs', `invalid Ed25519 signature by key ${signature.publicKey}: ${why}`);
    return null;
  }
  if (trusted.length > 0 && !trusted.includes(signature.publicKey))
    emit(
      'bundle: signature',
      'differs',
      `a valid Ed25519 signature, but by key ${signature.publicKey}, which is not among the ${trusted.length} trusted key(s)`,
    );
  else
    emit(
      'bundle: signature',
      'same',
      `valid Ed25519 signature by key ${signature.publicKey}${trusted.length > 0 ? ' (trusted)' : ''}`,
    );
  return signature.publicKey;
}

function unitDifferences(bundleUnit: ReportUnit, unit: Representation['units'][number]): string[] {
  return differences(
    bundleUnit,
    {
      sourceUnitId: unit.source_unit_id,
      kind: unit.kind,
      index: unit.index,
      sheetName: unit.sheet?.name ?? null,
      extractionMethod: unit.extraction_method,
    },
    'source',
  ).map((d) => `unit ${d}`);
}

function operandItem(
  subject: string,
  operand: ReportOperand,
  requested: ReportOperand['reference'] | undefined,
  representationById: Map<string, Got<Representation>>,
  emit: Emit,
): void {
  const problems: string[] = [];
  const ref = operand.reference;
  // The operand must be what the request selected, and name itself consistently.
  if (requested === undefined) problems.push('the request does not select this operand');
  else problems.push(...differences(ref, requested, 'request').map((d) => `reference ${d}`));
  if (operand.source.sourceVersionId !== ref.source_version_id)
    problems.push(
      `source: the operand selects ${show(ref.source_version_id)}, its provenance names ${show(operand.source.sourceVersionId)}`,
    );
  if (operand.representationId !== ref.representation_id)
    problems.push(
      `representation: the operand selects ${show(ref.representation_id)}, its provenance names ${show(operand.representationId)}`,
    );
  if (operand.unit.sourceUnitId !== ref.source_unit_id)
    problems.push(
      `unit: the operand selects ${show(ref.source_unit_id)}, its provenance names ${show(operand.unit.sourceUnitId)}`,
    );
  if (operand.figure.index !== ref.figure_index)
    problems.push(
      `figure: the operand selects ${ref.figure_index}, its provenance names ${operand.figure.index}`,
    );
  const got = representationById.get(operand.representationId);
  if (got === undefined || !got.ok) {
    emit(
      subject,
      'unreadable',
      `representation ${show(operand.representationId)} could not be read${got && !got.ok ? `: ${reasonOf(got.error)}` : ''}${problems.length ? `; ${listed(problems)}` : ''}`,
    );
    return;
  }
  const rep = got.value;
  if (rep.source_version_id !== operand.source.sourceVersionId)
    problems.push(
      `source: representation ${show(rep.representation_id)} is of source ${show(rep.source_version_id)}, the bundle says ${show(operand.source.sourceVersionId)}`,
    );
  const unit = rep.units.find((u) => u.source_unit_id === operand.unit.sourceUnitId);
  if (!unit) {
    problems.push(
      `unit ${show(operand.unit.sourceUnitId)} is not in representation ${show(rep.representation_id)}`,
    );
  } else {
    problems.push(...unitDifferences(operand.unit, unit));
    const figure = unit.figures.find((f) => f.index === operand.figure.index);
    if (!figure) problems.push(`figure ${operand.figure.index} is not in ${unitName(unit)}`);
    else problems.push(...differences(operand.figure, figure, 'source').map((d) => `figure ${d}`));
  }
  if (problems.length === 0)
    emit(
      subject,
      'same',
      `${unitName(operand.unit)} figure ${operand.figure.index} (${show(operand.figure.raw)} = ${operand.figure.value}) at ${positionName(operand.figure)}, as representation ${showId(rep.representation_id)} has it`,
    );
  else emit(subject, 'differs', listed(problems));
}

function answerItem(name: string, check: ReportCheck, rerun: Got<NumericResponse> | null, emit: Emit): void {
  const subject = `${name}: service's answer`;
  if (check.response === null) {
    emit(subject, 'same', 'not checked in the bundle (unresolved): nothing to re-run');
    return;
  }
  if (rerun === null || !rerun.ok) {
    const error = rerun?.ok === false ? rerun.error : null;
    emit(
      subject,
      isRefusal(error) ? 'differs' : 'unreadable',
      `${isRefusal(error) ? 'the service refuses the request now' : 'the check could not be run again'}: ${reasonOf(error)}`,
    );
    return;
  }
  const found = differences(check.response, rerun.value, 'service');
  if (found.length === 0)
    emit(subject, 'same', `re-run: ${rerun.value.outcome}, the same response in every member`);
  else emit(subject, 'differs', listed(found));
}

/** A person's judgments stand only for what the service left to a person (as the app allows them). */
function judgmentsItem(name: string, check: ReportCheck, response: NumericResponse | null, emit: Emit): void {
  if (check.personJudgments.length === 0) return;
  const subject = `${name}: person's judgments`;
  const problems: string[] = [];
  const sent = 'roles' in check.request ? check.request.roles : null;
  check.personJudgments.forEach((j, i) => {
    if (j.facet === 'meaning') return;
    if (j.facet === 'roles') {
      // Which figure is which stands when the check was asked it, run with those roles.
      if (sent === null || JSON.stringify(sent) !== JSON.stringify(j.roles ?? null))
        problems.push(`judgment ${i + 1} (roles): the check was not run with the roles it gives`);
      else if (response?.roles?.state !== 'person')
        problems.push(`judgment ${i + 1} (roles): the service's answer does not use a person's roles`);
      return;
    }
    const facet = response?.comparability?.facets.find((f) => f.facet === j.facet);
    if (!facet) problems.push(`judgment ${i + 1} (${j.facet}): the service's answer has no ${j.facet} facet`);
    else if (facet.decidedBy !== 'judge')
      problems.push(
        `judgment ${i + 1} (${j.facet}): the service decided ${j.facet} itself, so no judgment of a person stands for it`,
      );
  });
  if (problems.length === 0)
    emit(
      subject,
      'same',
      `${check.personJudgments.length} judgment(s), each of what the service left to a person, kept apart from its answer`,
    );
  else emit(subject, 'differs', listed(problems));
}

function citationItem(
  subject: string,
  citation: ReportCitation,
  serviceSources: Map<string, Got<SourceVersion>>,
  representationById: Map<string, Got<Representation>>,
  emit: Emit,
): void {
  const problems: string[] = [];
  if (citation.source.sourceVersionId !== citation.sourceVersionId)
    problems.push(
      `source: the citation names ${show(citation.sourceVersionId)}, its provenance ${show(citation.source.sourceVersionId)}`,
    );
  if (citation.unit.sourceUnitId !== citation.sourceUnitId)
    problems.push(
      `unit: the citation names ${show(citation.sourceUnitId)}, its provenance ${show(citation.unit.sourceUnitId)}`,
    );
  if (citation.unitIndex !== undefined && citation.unitIndex !== citation.unit.index)
    problems.push(`unit index: the citation says ${citation.unitIndex}, its unit ${citation.unit.index}`);
  const source = serviceSources.get(citation.source.sourceVersionId);
  const rep = representationById.get(citation.representationId);
  const unreadable: string[] = [];
  if (!source || !source.ok)
    unreadable.push(
      `source ${show(citation.source.sourceVersionId)}: ${source && !source.ok ? reasonOf(source.error) : 'not read'}`,
    );
  else if (source.value.bytesHash !== citation.source.bytesHash)
    problems.push(`bytesHash: bundle ${citation.source.bytesHash}, service ${source.value.bytesHash}`);
  if (!rep || !rep.ok)
    unreadable.push(
      `representation ${show(citation.representationId)}: ${rep && !rep.ok ? reasonOf(rep.error) : 'not read'}`,
    );
  else {
    if (rep.value.source_version_id !== citation.sourceVersionId)
      problems.push(
        `source: representation ${show(rep.value.representation_id)} is of source ${show(rep.value.source_version_id)}, the citation says ${show(citation.sourceVersionId)}`,
      );
    const unit = rep.value.units.find((u) => u.source_unit_id === citation.sourceUnitId);
    if (!unit)
      problems.push(
        `unit ${show(citation.sourceUnitId)} is not in representation ${show(citation.representationId)}`,
      );
    else problems.push(...unitDifferences(citation.unit, unit));
  }
  if (problems.length > 0) emit(subject, 'differs', listed([...problems, ...unreadable]));
  else if (unreadable.length > 0) emit(subject, 'unreadable', listed(unreadable));
  else
    emit(
      subject,
      'same',
      `${unitName(citation.unit)} of source ${showId(citation.sourceVersionId)} (${citation.source.bytesHash}) found again`,
    );
}

function republishItem(bundle: ReportBundle, id: string, got: Got<Representation>, emit: Emit): void {
  const subject = `representation ${showId(id)}: published again`;
  if (!got.ok) {
    emit(
      subject,
      isRefusal(got.error) ? 'differs' : 'unreadable',
      `the service could not publish it again: ${reasonOf(got.error)}`,
    );
    return;
  }
  const rep = got.value;
  const problems: string[] = [];
  let compared = 0;
  const seen = new Set<string>();
  const compareUnit = (unit: ReportUnit, figure: ReportOperand['figure'] | null) => {
    const key = `${unitName(unit)}#${figure?.index ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const again = rep.units.find((u) => u.kind === unit.kind && u.index === unit.index);
    if (!again) {
      problems.push(`${unitName(unit)} is not in the representation published again`);
      return;
    }
    compared++;
    const { sourceUnitId: _id, ...shape } = unit;
    problems.push(
      ...differences(
        shape,
        {
          kind: again.kind,
          index: again.index,
          sheetName: again.sheet?.name ?? null,
          extractionMethod: again.extraction_method,
        },
        'published again',
      ).map((d) => `${unitName(unit)}: ${d}`),
    );
    if (figure) {
      const f = again.figures.find((x) => x.index === figure.index);
      if (!f)
        problems.push(
          `${unitName(unit)}: figure ${figure.index} is not in the representation published again`,
        );
      else
        problems.push(
          ...differences(figure, f, 'published again').map((d) => `${unitName(unit)} figure ${d}`),
        );
    }
  };
  for (const c of bundle.cases) {
    for (const check of c.checks)
      for (const operand of check.operands)
        if (operand.representationId === id) compareUnit(operand.unit, operand.figure);
    for (const citation of c.citations)
      if (citation.representationId === id) compareUnit(citation.unit, null);
  }
  const as =
    rep.representation_id === id
      ? 'the same representation'
      : `representation ${showId(rep.representation_id)}`;
  if (problems.length === 0)
    emit(
      subject,
      'same',
      `published again as ${as}; ${compared} unit(s) and figure(s) compared, all as the bundle has them`,
    );
  else emit(subject, 'differs', `published again as ${as}: ${listed(problems)}`);
}

/** Where two texts first differ, for an item: the character and a few on either side. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `from character ${i}: representation ${show(a.slice(i, i + 30))}, read again ${show(b.slice(i, i + 30))}`;
}

/**
 * The retained bytes extracted again: each unit the bundle cites must read as the representation has it,
 * and each figure's span must hold its raw text. Compared only when publishing again answered the same
 * representation (the same extractor): another extractor may read the same bytes differently.
 */
function rereadItem(
  bundle: ReportBundle,
  id: string,
  stored: Got<Representation>,
  again: { published: Got<Representation>; extracted: Got<ExtractionResponse> | null },
  emit: Emit,
): void {
  const subject = `representation ${showId(id)}: read from the retained bytes again`;
  if (!stored.ok || !again.published.ok) return; // said by "read again" and "published again"
  if (again.published.value.representation_id !== id) {
    emit(
      subject,
      'same',
      `not compared: the service now publishes these bytes as ${showId(again.published.value.representation_id)} (another extractor version)`,
    );
    return;
  }
  if (again.extracted === null || !again.extracted.ok) {
    emit(
      subject,
      'unreadable',
      `the service could not read the bytes again: ${again.extracted ? reasonOf(again.extracted.error) : 'its source is not readable'}`,
    );
    return;
  }
  const fresh = again.extracted.value.units ?? [];
  const problems: string[] = [];
  const seenUnits = new Set<string>();
  let figures = 0;
  const check = (unit: ReportUnit, figure: ReportOperand['figure'] | null) => {
    const name = unitName(unit);
    const storedUnit = stored.value.units.find((u) => u.source_unit_id === unit.sourceUnitId);
    const freshUnit = fresh.find((u) => u.kind === unit.kind && u.index === unit.index);
    if (!storedUnit) return; // said by the operand's item
    if (!freshUnit) {
      if (!seenUnits.has(name)) problems.push(`${name} is not in what the bytes read as now`);
      seenUnits.add(name);
      return;
    }
    if (!seenUnits.has(name) && freshUnit.markdown !== storedUnit.markdown)
      problems.push(`${name} text differs ${firstDifference(storedUnit.markdown, freshUnit.markdown)}`);
    seenUnits.add(name);
    if (figure) {
      figures++;
      const text = freshUnit.markdown.slice(figure.span.start, figure.span.end);
      if (text !== figure.raw)
        problems.push(
          `${name} figure ${figure.index}: characters ${figure.span.start}–${figure.span.end} read ${show(text)} now, the bundle says ${show(figure.raw)}`,
        );
    }
  };
  for (const c of bundle.cases) {
    for (const checkItem of c.checks)
      for (const operand of checkItem.operands)
        if (operand.representationId === id) check(operand.unit, operand.figure);
    for (const citation of c.citations) if (citation.representationId === id) check(citation.unit, null);
  }
  if (problems.length === 0)
    emit(
      subject,
      'same',
      `${seenUnits.size} unit(s) read the same from the bytes; ${figures} figure(s) found at their characters`,
    );
  else emit(subject, 'differs', listed(problems));
}

// --- the app's cases ------------------------------------------------------------------------------------

function judgmentName(j: Judgment, i: number): string {
  return `judgment ${i + 1} (${j.facet}, holds: ${j.holds ? 'yes' : 'no'}, ${j.at})`;
}

/** Who made a judgment, in words: the name, or that it is unknown. */
function authorWords(author: string | null): string {
  return author === null ? 'an unknown author' : show(author);
}

function judgmentDifferences(bundleJudgments: readonly Judgment[], stored: readonly Judgment[]): string[] {
  const problems: string[] = [];
  const strip = (j: Judgment) => ({ facet: j.facet, holds: j.holds, note: j.note, at: j.at });
  for (let i = 0; i < Math.max(bundleJudgments.length, stored.length); i++) {
    const a = bundleJudgments[i];
    const b = stored[i];
    if (a && !b) problems.push(`${judgmentName(a, i)} is in the bundle but not in the app's case`);
    else if (!a && b) problems.push(`${judgmentName(b, i)} is in the app's case but not in the bundle`);
    else if (a && b) {
      problems.push(
        ...differences(strip(a), strip(b), 'app').map((d) => `judgment ${i + 1} (${b.facet}) ${d}`),
      );
      // The author is kept with the judgment when it is made: a bundle naming anyone else was changed, or
      // names someone the app never recorded.
      const bundleAuthor = a.author ?? null;
      const storedAuthor = b.author ?? null;
      if (bundleAuthor !== storedAuthor)
        problems.push(
          `judgment ${i + 1} (${b.facet}) author: the bundle says it was made by ${authorWords(bundleAuthor)}, the app's case by ${authorWords(storedAuthor)}`,
        );
    }
  }
  return problems;
}

/** A verdict in words for a difference line: "False by Ana Ruiz at 2026-…", or "none". */
function verdictName(v: PersonVerdict | null): string {
  return v === null ? 'none' : `${v.verdict} by ${authorWords(v.author)} at ${v.at}`;
}

/** The bundle's verdict on a check against the app's: value, note, time and author, each said apart. */
function verdictDifferences(bundle: PersonVerdict | null, stored: PersonVerdict | null): string[] {
  if (bundle === null && stored === null) return [];
  if (bundle === null || stored === null)
    return [`person's verdict: the bundle has ${verdictName(bundle)}, the app's case ${verdictName(stored)}`];
  const problems = differences(
    { verdict: bundle.verdict, note: bundle.note, at: bundle.at },
    { verdict: stored.verdict, note: stored.note, at: stored.at },
    'app',
  ).map((d) => `person's verdict ${d}`);
  // The author is kept with the verdict when it is given: a bundle naming anyone else was changed.
  if (bundle.author !== stored.author)
    problems.push(
      `person's verdict author: the bundle says it was given by ${authorWords(bundle.author)}, the app's case by ${authorWords(stored.author)}`,
    );
  return problems;
}

function storedCheckDifferences(
  check: ReportCheck,
  stored: {
    claim: string;
    operands: unknown;
    check: NumericResponse | null;
    judgments: Judgment[];
    keptAt?: string;
    verdict?: PersonVerdict;
    claimSpan?: ClaimSpan;
  },
): string[] {
  return [
    ...differences(check.claimSpan ?? null, stored.claimSpan ?? null, 'app').map((d) =>
      d.startsWith('(value)') ? d.replace('(value)', 'place in the article') : `place in the article ${d}`,
    ),
    ...differences(check.request.claim, stored.claim, 'app').map((d) => d.replace('(value)', 'claim')),
    ...differences(check.request.operands, stored.operands, 'app').map((d) => `operands ${d}`),
    ...differences(check.response, stored.check, 'app').map((d) => `response ${d}`),
    ...(stored.keptAt !== undefined && check.keptAt !== stored.keptAt
      ? [`keptAt: bundle ${show(check.keptAt)}, app ${show(stored.keptAt)}`]
      : []),
    ...judgmentDifferences(check.personJudgments, stored.judgments),
    ...verdictDifferences(check.personVerdict ?? null, stored.verdict ?? null),
  ];
}

function caseItems(c: ReportCase, store: CaseStore, emit: Emit, onlyCasesKept: boolean): void {
  const subject = `case ${c.caseId}: in the app`;
  let stored: Case | null;
  try {
    stored = store.get(c.caseId);
  } catch (error) {
    emit(
      subject,
      'unreadable',
      error instanceof CaseUnreadableError
        ? `the app's case file could not be read: ${error.message}`
        : `the app's cases could not be read: ${reasonOf(error)}`,
    );
    return;
  }
  if (stored === null) {
    if (onlyCasesKept) return;
    emit(
      subject,
      'differs',
      "the app has no such case (it was removed, or the bundle's case id was changed)",
    );
    return;
  }
  const caseProblems = [
    ...differences(c.title, stored.title, 'app').map((d) => d.replace('(value)', 'title')),
    ...differences(c.notes, stored.notes ?? '', 'app').map((d) => d.replace('(value)', 'notes')),
    ...differences(c.createdAt, stored.createdAt, 'app').map((d) => d.replace('(value)', 'createdAt')),
    ...differences(c.article ?? null, stored.article ?? null, 'app').map((d) =>
      d.startsWith('(value)') ? d.replace('(value)', 'article') : `article ${d}`,
    ),
    ...differences(
      c.citations.map(({ source: _s, extractorVersion: _e, unit: _u, ...kept }) => kept),
      stored.citations ?? [],
      'app',
    ).map((d) => `citations ${d}`),
  ];
  const kept = new Map<string, KeptCheck>((stored.kept ?? []).map((k) => [k.id, k]));
  const inBundle = new Set(c.checks.map((check) => check.checkId).filter((id) => id !== null));
  for (const k of stored.kept ?? [])
    if (!inBundle.has(k.id))
      caseProblems.push(`kept check ${k.id} is in the app's case but not in the bundle`);
  const current = c.checks.find((check) => check.checkId === null);
  if (!current && (stored.check !== null || stored.operands.length > 0))
    caseProblems.push("the app's case has a current claim that the bundle does not");
  const sameAsThen =
    stored.updatedAt === c.updatedAt
      ? ''
      : ` (the app's case was last changed ${stored.updatedAt}, the bundle's ${c.updatedAt})`;
  if (caseProblems.length === 0)
    emit(
      subject,
      'same',
      `title, notes, citations${c.article === undefined ? '' : ', article'} and list of checks as the app keeps them${sameAsThen}`,
    );
  else emit(subject, 'differs', `${listed(caseProblems)}${sameAsThen}`);

  c.checks.forEach((check, i) => {
    const name = `${checkName(c, i)}: in the app`;
    let problems: string[];
    if (check.checkId === null) {
      problems = storedCheckDifferences(check, stored);
    } else {
      const k = kept.get(check.checkId);
      if (!k) {
        emit(
          name,
          'differs',
          "the app's case does not keep this check (it was removed, or its id was changed)",
        );
        return;
      }
      problems = storedCheckDifferences(check, { ...k, check: k.check });
    }
    if (problems.length === 0)
      emit(
        name,
        'same',
        `claim, figures, the service's answer, ${check.personJudgments.length} judgment(s) and the person's verdict (${verdictName(check.personVerdict ?? null)}) as the app keeps them`,
      );
    else emit(name, 'differs', listed(problems));
  });
}

/** One item as one line of text: `same  subject — detail` (status upper-cased when it is not `same`). */
export function verifyItemLine(item: VerifyItem): string {
  const label = item.status === 'same' ? 'same' : item.status.toUpperCase();
  return `${label.padEnd(10)} ${safeText(item.subject)} — ${safeText(item.detail)}`;
}
