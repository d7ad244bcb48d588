import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ClaimCandidate, ListedClaim } from '../../../shared/api';
import type { ArticleClaims, ArticleClaimsInput, CaseArticle, LibraryEntry } from '../../../shared/bridge';
import { callBridge } from '../bridge';
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

// The article's data from the main process: its claims, each claim's candidates, and the case its checks
// are kept in. Checking a candidate fills the tray and the claim as a person's own pick would, and runs
// the same save-and-check the Check column runs.

const SLOTS: readonly OperandSlot[] = ['A', 'B'];

/** The claims of the article asked for; a web address is added to the library on the way. */
export function useArticleClaims(asked: ArticleClaimsInput | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['article', asked] as const,
    queryFn: async () => {
      const read = await callBridge('article.claims', asked!);
      if (asked !== null && 'url' in asked) void client.invalidateQueries({ queryKey: queryKeys.library });
      return read;
    },
    enabled: asked !== null,
    // Reading an article downloads or extracts: asked once, never again behind the person's back.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const candidatesKey = (claim: string, exclude: string | null) =>
  ['article', 'candidates', claim, exclude] as const;

/** Each claim's candidates, asked side by side; the article's own document never answers for it. */
export function useClaimCandidates(claims: readonly ListedClaim[], exclude: string | null) {
  return useQueries({
    queries: claims.map((claim) => ({
      queryKey: candidatesKey(claim.text, exclude),
      queryFn: () =>
        callBridge('article.candidates', {
          claim: claim.text,
          ...(exclude !== null ? { excludeSourceVersionId: exclude } : {}),
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

/** The case the article's checks go into: the open case when it was made from this article, else none yet. */
export function useArticleCase(read: ArticleClaims | undefined) {
  const activeCaseId = useWorkbenchUi((state) => state.activeCaseId);
  const theCase = useCase(activeCaseId);
  const matches = read !== undefined && theCase.data?.article?.sha256 === read.article.sha256;
  return matches ? (theCase.data ?? null) : null;
}

/** A new case's title: the article's name, else its first words. */
function caseTitle(read: ArticleClaims): string {
  const name = read.article.title ?? read.article.url;
  if (name !== null) return `Article: ${name}`.slice(0, 500);
  const words = read.article.text.trim().replace(/\s+/g, ' ');
  return `Article: ${words.length > 60 ? `${words.slice(0, 60).trimEnd()}…` : words}`;
}

export interface CandidateCheck {
  check: (read: ArticleClaims, claim: ListedClaim, candidate: ClaimCandidate) => void;
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
    (read: ArticleClaims, claim: ListedClaim, candidate: ClaimCandidate) => {
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
          const sameArticle = open?.article?.sha256 === read.article.sha256;
          await saveAndCheck.mutateAsync({
            ...(sameArticle && open
              ? { id: open.id }
              : { title: caseTitle(read), article: caseArticleOf(read) }),
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
