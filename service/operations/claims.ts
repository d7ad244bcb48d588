import { createHash } from 'node:crypto';
import {
  ClaimCandidatesRequest,
  ClaimListRequest,
  type ClaimCandidate,
  type ClaimCandidatesResponse,
  type ClaimListResponse,
  type ExtractionState,
  type ListedClaim as ApiClaim,
} from '../../shared/api';
import { candidatesFor, libraryOf, type Candidate } from '../claims/candidates';
import { ContextFit, readContext } from '../claims/context';
import { listClaims, type ListedClaim } from '../claims/detect';
import type { AccountService } from './service';
import { ServiceError, parseRequest } from './errors';

// `POST /api/v2/claims/list` and `POST /api/v2/claims/candidates` (local extensions): service/claims read
// for a caller. The list reads a text as given, or the newest representation of a source version of the
// caller's (published first when it has none, as the viewer would); candidates are looked for in the
// caller's library only, through the same operations a person's own search and check use.

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The text of a representation as an article: its units' text, a blank line between them. */
function articleText(units: readonly { markdown: string }[]): string {
  return units.map((u) => u.markdown.trim()).join('\n\n');
}

/** A listed claim as the API answers it. */
export function apiClaim(claim: ListedClaim): ApiClaim {
  return {
    order: claim.order,
    sentence: claim.sentence,
    span: claim.span,
    text: claim.text,
    numbers: claim.numbers.map((n) => ({
      raw: n.raw,
      span: { start: n.start, end: n.end },
      value: n.value,
      unit: n.unit,
      unitClass: n.unitClass,
      scale: n.scale,
      precision: n.precision,
      hedge: n.modifier.hedge,
      bound: n.modifier.boundWords,
    })),
    relation: claim.relation,
    names: {
      words: claim.names.words,
      periods: claim.names.periods.map((p) => p.text),
      relative_period: claim.names.relativePeriod,
    },
    problem: claim.problem && { code: claim.problem.code, message: claim.problem.message },
    checkability: claim.checkability,
  };
}

/** `POST /api/v2/claims/list`. */
export async function listArticleClaims(account: AccountService, body: unknown): Promise<ClaimListResponse> {
  const request = parseRequest(ClaimListRequest, body);
  let text: string;
  let sourceVersionId: string | null = null;
  let state: ExtractionState | null = null;
  if ('text' in request) text = request.text;
  else {
    sourceVersionId = request.source_version_id;
    const representation = await account.publishRepresentation({ source_version_id: sourceVersionId });
    if (representation.state !== 'complete' && representation.units.length === 0)
      throw new ServiceError(
        'invalid_request',
        `source version ${sourceVersionId} has no text to read claims from (${representation.code ?? representation.state})`,
        [{ path: 'source_version_id', message: 'the document was not read: no text' }],
      );
    text = articleText(representation.units);
    state = representation.state;
  }
  return {
    article: {
      kind: sourceVersionId === null ? 'text' : 'source',
      source_version_id: sourceVersionId,
      sha256: sha256(text),
      text,
      state,
    },
    claims: listClaims(text).map(apiClaim),
  };
}

function apiCandidate(candidate: Candidate): ClaimCandidate {
  return {
    rank: candidate.rank,
    score: candidate.score,
    relation: candidate.relation,
    figures: candidate.figures.map((f) => ({
      ref: f.ref,
      role: f.role,
      raw: f.raw,
      value: f.value,
      unit: f.unit,
      row_labels: f.rowLabels,
      column_headers: f.columnHeaders,
      table_title: f.tableTitle,
      period: f.period,
      cell: f.cell,
    })),
    roles: candidate.roles,
    computed: candidate.computed,
    matched: candidate.matched,
    near:
      candidate.near === null
        ? null
        : { claim_value: candidate.near.claimed, relative_difference: candidate.near.relative },
  };
}

/** `POST /api/v2/claims/candidates`: the claim read as the list reads it, then its candidates. */
export async function claimCandidates(
  account: AccountService,
  body: unknown,
): Promise<ClaimCandidatesResponse> {
  const request = parseRequest(ClaimCandidatesRequest, body);
  const [claim] = [...listClaims(request.claim)].sort((a, b) => a.order - b.order);
  if (!claim) return { claim: null, candidates: [] };
  const library = libraryOf(account);
  const filtered = request.filters
    ? {
        ...library,
        searchFigures: (r: Parameters<typeof library.searchFigures>[0]) =>
          library.searchFigures({ ...r, filters: { ...request.filters, ...r.filters } }),
        search: (r: Parameters<typeof library.search>[0]) =>
          library.search({ ...r, filters: { ...request.filters, ...r.filters } }),
      }
    : library;
  const excluded = new Set(request.exclude ?? []);
  // The article's own numbers restate the claim exactly: looked for beyond the limit, then left out.
  const context =
    request.context !== undefined && request.context.trim() !== ''
      ? new ContextFit(readContext(request.context), (id) => filtered.representation(id))
      : undefined;
  const found = await candidatesFor(claim, filtered, {
    limit: excluded.size > 0 ? request.limit * 2 + 5 : request.limit,
    ...(context ? { context } : {}),
  });
  const candidates = found
    .filter((c) => !c.figures.some((f) => excluded.has(f.ref.source_version_id)))
    .slice(0, request.limit)
    .map((c, i) => ({ ...c, rank: i + 1 }));
  return { claim: apiClaim(claim), candidates: candidates.map(apiCandidate) };
}
