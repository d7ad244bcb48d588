import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { MAX_CLAIM_CANDIDATES, type ClaimCandidate, type ListedClaim } from '../../../shared/api';
import type {
  ArticleClaims,
  ArticleClaimsInput,
  Case,
  CaseArticle,
  LibraryEntry,
} from '../../../shared/bridge';
import { bridge, callBridge } from '../bridge';
import { pickedOperandFrom } from '../cases/open-case';
import {
  caseQuery,
  libraryQuery,
  queryKeys,
  representationQuery,
  useCase,
  useSaveAndCheck,
} from '../queries';
import { useWorkbenchUi, type OperandSlot } from '../ui-store';
import { useArticleDraft } from './article-state';

// The article's data from the main process: its claims, each claim's candidates, and the case its checks
// are kept in. Checking a candidate fills the tray and the claim as a person's own pick would, and runs
// the same save-and-check the Check column runs.

const SLOTS: readonly OperandSlot[] = ['A', 'B'];

/** How the task id of an article's reading starts, so the jobs shown can name it. */
export const ARTICLE_TASK_PREFIX = 'article-';

function newTaskId(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `${ARTICLE_TASK_PREFIX}${random}`;
}

/**
 * The claims of the article asked for; a web address is added to the library on the way. Each reading
 * has its task id: its steps are followed in `useArticleDraft`'s `reading`, and `cancelReading` stops it.
 */
export function useArticleClaims(asked: ArticleClaimsInput | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['article', asked] as const,
    queryFn: async () => {
      const taskId = newTaskId();
      const draft = useArticleDraft.getState();
      draft.setReading({ taskId, stage: null, cancelling: false });
      const off = bridge().on('progress', (event) => {
        const reading = useArticleDraft.getState().reading;
        if (event.taskId === taskId && reading?.taskId === taskId)
          useArticleDraft.getState().setReading({ ...reading, stage: event.stage });
      });
      try {
        return await callBridge('article.claims', { ...asked!, taskId });
      } finally {
        off();
        if (useArticleDraft.getState().reading?.taskId === taskId)
          useArticleDraft.getState().setReading(null);
        // A page added to the library stays there, even when its claims could not be read or were stopped.
        if (asked !== null && 'url' in asked) void client.invalidateQueries({ queryKey: queryKeys.library });
      }
    },
    enabled: asked !== null,
    // Reading an article downloads or extracts: asked once, never again behind the person's back.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Asks the main process to stop the reading running; it then fails as `cancelled`. */
export function cancelReading(): void {
  const draft = useArticleDraft.getState();
  const reading = draft.reading;
  if (reading === null || reading.cancelling) return;
  draft.setReading({ ...reading, cancelling: true });
  // Nothing was stopped (it had just ended, or had not reached the main process yet), or the call failed:
  // the reading goes on, and Stop may be pressed again.
  const goesOn = () => {
    const now = useArticleDraft.getState().reading;
    if (now?.taskId === reading.taskId) useArticleDraft.getState().setReading({ ...now, cancelling: false });
  };
  callBridge('article.cancel', { taskId: reading.taskId }).then(({ cancelled }) => {
    if (!cancelled) goesOn();
  }, goesOn);
}

export const candidatesKey = (claim: string, exclude: readonly string[], article = '') =>
  ['article', 'candidates', claim, exclude.join(' '), article] as const;

/**
 * The article's documents in the library, never to answer for its claims: the one read, the same address
 * downloaded before (each download is a document of its own, with the article's own numbers), and the one
 * its case was made from.
 */
export function articleDocuments(
  origin: ArticleClaims['article'] | undefined,
  library: readonly LibraryEntry[] | undefined,
  theCase: Case | null,
): string[] {
  if (origin === undefined) return [];
  const ids = new Set<string>();
  if (origin.sourceVersionId !== null) ids.add(origin.sourceVersionId);
  const fromCase = theCase?.article?.sourceVersionId ?? null;
  if (fromCase !== null) ids.add(fromCase);
  if (origin.url !== null)
    for (const entry of library ?? []) if (entry.url === origin.url) ids.add(entry.sourceVersionId);
  return [...ids].slice(0, MAX_CLAIM_CANDIDATES);
}

/**
 * Each claim's candidates, asked side by side; the article's own documents never answer for it, and its
 * text (`article`: its hash keys the answers) ranks the sources its other numbers point to first.
 */
export function useClaimCandidates(
  claims: readonly ListedClaim[],
  exclude: readonly string[],
  article?: { text: string; sha256: string },
) {
  return useQueries({
    queries: claims.map((claim) => ({
      queryKey: candidatesKey(claim.text, exclude, article?.sha256),
      queryFn: () =>
        callBridge('article.candidates', {
          claim: claim.text,
          ...(exclude.length > 0 ? { excludeSourceVersionIds: [...exclude] } : {}),
          ...(article !== undefined && article.text !== '' ? { context: article.text } : {}),
        }),
      staleTime: 60_000,
      retry: false,
    })),
  });
}

/** The article as its case keeps it: pasted text is kept whole, since it is nowhere else. */
export function caseArticleOf(read: ArticleClaims): CaseArticle {
  const { text, readState: _readState, ...origin } = read.article;
  return { ...origin, text: origin.kind === 'text' ? text : null };
}

/** Where an article's case is asked for: under the cases' key, so any change to a case asks again. */
export const articleCaseKey = (origin: ArticleClaims['article']) =>
  [...queryKeys.cases, 'of article', origin.sha256, origin.sourceVersionId, origin.url] as const;

export interface ArticleCase {
  /** The case the article's checks go into: the open case when made from it, else the one found; null: none. */
  theCase: Case | null;
  /** Still looking among the cases: where the claims stand is not known yet. */
  pending: boolean;
  /** Why the cases could not be looked through, or null. */
  failure: string | null;
  /** Cases of the same page or document made from another text of it (their spans do not fit this one). */
  otherTexts: readonly { id: string; title: string }[];
}

/**
 * The case of the article: the open case when it was made from this text, else the one the main process
 * finds among all cases (so an article read again shows where its claims stand without opening its case).
 */
export function useArticleCase(read: ArticleClaims | undefined): ArticleCase {
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const active = useCase(activeCaseId);
  const origin = read?.article;
  const found = useQuery({
    queryKey: origin === undefined ? ['article', 'no case'] : articleCaseKey(origin),
    queryFn: () =>
      callBridge('article.case', {
        sha256: origin!.sha256,
        sourceVersionId: origin!.sourceVersionId,
        url: origin!.url,
      }),
    enabled: origin !== undefined,
    retry: false,
  });
  const foundId = found.data?.case?.id ?? null;
  // The found case as the rest of the app holds it, so a check kept elsewhere shows here at once.
  const foundCase = useCase(foundId !== null && foundId !== activeCaseId ? foundId : null);
  const otherTexts = found.data?.otherTexts ?? [];
  if (origin === undefined) return { theCase: null, pending: false, failure: null, otherTexts };
  if (active.data?.article?.sha256 === origin.sha256)
    return { theCase: active.data, pending: false, failure: null, otherTexts };
  const theCase = foundId === null ? null : (foundCase.data ?? found.data?.case ?? null);
  return {
    theCase: theCase?.article?.sha256 === origin.sha256 ? theCase : null,
    pending: found.isPending,
    failure: found.isError ? found.error.message : null,
    otherTexts,
  };
}

/**
 * The case of a web address not read yet (the newest made from it), looked up once typing pauses: its
 * page is kept in the library, and reading that copy needs no download.
 */
export function useCaseOfAddress(url: string | null) {
  const [settled, setSettled] = useState(url);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(url), 300);
    return () => clearTimeout(timer);
  }, [url]);
  const found = useQuery({
    queryKey: [...queryKeys.cases, 'of address', settled],
    queryFn: () => callBridge('article.case', { sha256: null, sourceVersionId: null, url: settled! }),
    enabled: settled !== null && settled === url,
    retry: false,
  });
  return settled === url ? (found.data?.case ?? null) : null;
}

/** A new case's title: the article's name, else its first words. */
function caseTitle(read: ArticleClaims): string {
  const name = read.article.title ?? read.article.url;
  if (name !== null) return `Article: ${name}`.slice(0, 500);
  const words = read.article.text.trim().replace(/\s+/g, ' ');
  return `Article: ${words.length > 60 ? `${words.slice(0, 60).trimEnd()}…` : words}`;
}

export interface CandidateCheck {
  /** `articleCase`: the case found for the article, used when the open case is not of it. */
  check: (
    read: ArticleClaims,
    claim: ListedClaim,
    candidate: ClaimCandidate,
    articleCase: Case | null,
  ) => void;
  /** The candidate being checked (`<claim order>:<rank>`), or null. */
  running: string | null;
  /** Why the last check did not run, or null. */
  error: { key: string; message: string } | null;
}

export const candidateKey = (claim: ListedClaim, candidate: ClaimCandidate) =>
  `${claim.order}:${candidate.rank}`;

/**
 * Checks a claim with a candidate's figures: the claim and the figures go into the Check column (the
 * tray shows them, as if picked), then the case is saved and checked as a person's own run is.
 */
export function useCheckCandidate(onChecked?: () => void): CandidateCheck {
  const client = useQueryClient();
  const saveAndCheck = useSaveAndCheck({
    onSaved: (saved) => useWorkbenchUi.getState().setActiveCase(saved.id),
  });
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<CandidateCheck['error']>(null);

  const check = useCallback(
    (read: ArticleClaims, claim: ListedClaim, candidate: ClaimCandidate, articleCase: Case | null) => {
      const key = candidateKey(claim, candidate);
      setRunning(key);
      setError(null);
      void (async () => {
        try {
          const library = await client.fetchQuery(libraryQuery()).catch(() => [] as LibraryEntry[]);
          const picked = await Promise.all(
            candidate.figures.map(async (figure) => {
              const representation = await client.fetchQuery(
                representationQuery(figure.ref.representation_id),
              );
              const operand = pickedOperandFrom(figure.ref, representation, library);
              if (typeof operand === 'string') throw new Error(`A figure cannot be used: ${operand}.`);
              return operand;
            }),
          );
          const ui = useWorkbenchUi.getState();
          ui.clearOperand();
          picked.forEach((operand, i) => ui.pickOperand(SLOTS[i] ?? 'B', operand));
          ui.setClaimDraft(claim.text);
          const open =
            ui.activeCaseId === null
              ? null
              : await client.fetchQuery(caseQuery(ui.activeCaseId)).catch(() => null);
          // The open case when it is of this article, else the article's own case, else a new one.
          const into = [open, articleCase].find((c) => c?.article?.sha256 === read.article.sha256) ?? null;
          await saveAndCheck.mutateAsync({
            ...(into !== null ? { id: into.id } : { title: caseTitle(read), article: caseArticleOf(read) }),
            claim: claim.text,
            operands: candidate.figures.map((f) => f.ref),
            claimSpan: claim.span,
          });
          onChecked?.();
        } catch (failure) {
          setError({ key, message: failure instanceof Error ? failure.message : String(failure) });
        } finally {
          setRunning(null);
        }
      })();
    },
    [client, saveAndCheck, onChecked],
  );

  return { check, running, error };
}
