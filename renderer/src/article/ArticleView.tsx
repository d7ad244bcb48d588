import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CandidateFigure, ClaimCandidate } from '../../../shared/api';
import type { ArticleClaims, ArticleClaimsInput, CaseArticle } from '../../../shared/bridge';
import { representationQuery, useCase, useLibrary } from '../queries';
import { displayTitle } from '../../../shared/text/display-name';
import { formatNumber } from '../check/figure-wording';
import { OUTCOME_WORDING } from '../check/outcome-wording';
import { useWorkbenchUi } from '../ui-store';
import { ArticleSourceForm, FOCUS } from './ArticleSourceForm';
import { ArticleReadingStatus } from './ArticleReadingStatus';
import { ArticleText } from './ArticleText';
import { useArticleDraft } from './article-state';
import { ClaimCandidates } from './ClaimCandidates';
import { ClaimList } from './ClaimList';
import { ClaimOrderToggle } from './ClaimOrderToggle';
import { cancelledWords, isCancelled, readFailureWords, worthTryingAgain } from './reading-wording';
import { claimState, type ClaimState } from './claim-state';
import {
  articleDocuments,
  cancelReading,
  useArticleCase,
  useArticleClaims,
  useCheckCandidate,
  useClaimCandidates,
} from './use-article';

/** A document read only in part: its claims list may lack some (never shown as a whole read). */
function unreadParts(state: ArticleClaims['article']['readState']): boolean {
  return state !== null && state !== 'complete';
}

/** How to read a case's article again: its kept text, or its document in the library (never downloaded again). */
function articleInputOf(article: CaseArticle): ArticleClaimsInput | null {
  if (article.text !== null) return { text: article.text };
  return article.sourceVersionId === null ? null : { sourceVersionId: article.sourceVersionId };
}

/** Where the article came from, in a line. */
function originWords(
  kind: 'text' | 'source' | 'url',
  title: string | null,
  url: string | null,
  length: number,
) {
  if (kind === 'text') return `Pasted text, ${formatNumber(length)} characters`;
  if (kind === 'url') return `${title ?? url ?? 'A web page'} (added to your library)`;
  return title ?? 'A document of your library';
}

/**
 * "Check an article": what was said, its claims lit in the text and listed with where each stands, and
 * under the selected claim the figures that could back it. Checking one fills the Check column and runs
 * its check; the case made from the article keeps the article and each claim's place in it.
 */
export function ArticleView() {
  const asked = useArticleDraft((state) => state.asked);
  const selectedOrder = useArticleDraft((state) => state.selected);
  const select = useArticleDraft((state) => state.select);
  const ask = useArticleDraft((state) => state.ask);
  const order = useArticleDraft((state) => state.order);
  const setOrder = useArticleDraft((state) => state.setOrder);
  const reading = useArticleDraft((state) => state.reading);
  const openSourceVersionId = useWorkbenchUi((state) => state.openSourceVersionId);
  const showDocument = useWorkbenchUi((state) => state.showDocument);
  const client = useQueryClient();
  const read = useArticleClaims(asked);
  const article = read.data;
  const claims = useMemo(() => article?.claims ?? [], [article]);
  const articleCase = useArticleCase(article);
  const theCase = articleCase.theCase;
  const library = useLibrary();
  const exclude = useMemo(
    () => articleDocuments(article?.article, library.data, theCase),
    [article, library.data, theCase],
  );
  const candidates = useClaimCandidates(claims, exclude, article?.article);
  const openCase = useCase(useWorkbenchUi((state) => state.activeCaseId)).data ?? null;
  const caseArticle = openCase?.article ?? null;
  const caseArticleShown = caseArticle !== null && article?.article.sha256 === caseArticle.sha256;
  const [announcement, setAnnouncement] = useState('');
  const candidatesBox = useRef<HTMLDivElement>(null);
  const [another, setAnother] = useState(false);

  // The service lists the most checkable first; `order` is each claim's place in the article.
  const inArticle = useMemo(() => [...claims].sort((a, b) => a.order - b.order), [claims]);
  const positions = useMemo(() => new Map(inArticle.map((c, i) => [c.order, i + 1])), [inArticle]);
  const listed = order === 'article' ? inArticle : claims;
  const selected = claims.find((c) => c.order === selectedOrder) ?? listed[0] ?? null;
  const selectedIndex = selected === null ? -1 : claims.indexOf(selected);

  const states = useMemo(() => {
    const map = new Map<number, ClaimState>();
    claims.forEach((claim, i) => {
      const q = candidates[i];
      // Until the article's case is known, where a claim stands is not: it may have been checked.
      if (articleCase.pending) {
        map.set(claim.order, { kind: 'looking' });
        return;
      }
      map.set(
        claim.order,
        claimState(theCase, claim, {
          status: q?.status ?? 'pending',
          count: q?.data?.candidates.length ?? 0,
          near: q?.data?.candidates.filter((c) => c.near !== null).length ?? 0,
          error: q?.error ?? null,
        }),
      );
    });
    return map;
  }, [claims, candidates, theCase, articleCase.pending]);

  const onChecked = useCallback(() => {
    setAnnouncement('checked');
    // The result card sits below the tray in the Check column, often out of sight: it is what was asked for.
    // It is drawn once the checked case is read back, a few frames later.
    const reveal = (framesLeft: number) => {
      const card = document.querySelector('[data-testid="result-card"]');
      // Only the column scrolls: scrollIntoView would move the whole window too.
      const column = card?.closest('[data-testid="check-column"] .overflow-y-auto');
      if (card && column)
        column.scrollTop += card.getBoundingClientRect().top - column.getBoundingClientRect().top - 12;
      else if (framesLeft > 0) requestAnimationFrame(() => reveal(framesLeft - 1));
    };
    requestAnimationFrame(() => reveal(30));
  }, []);
  const checker = useCheckCandidate(onChecked);
  const check = (candidate: ClaimCandidate) => {
    if (article === undefined || selected === null) return;
    setAnnouncement('');
    checker.check(article, selected, candidate, theCase);
  };
  const [showProblem, setShowProblem] = useState<string | null>(null);
  const showFigure = (figure: CandidateFigure) => {
    setShowProblem(null);
    client
      .fetchQuery(representationQuery(figure.ref.representation_id))
      .then((representation) => {
        const unit = representation.units.find((u) => u.source_unit_id === figure.ref.source_unit_id);
        if (unit === undefined) throw new Error('its page or sheet is no longer in the document’s reading');
        const ui = useWorkbenchUi.getState();
        ui.openDocument(figure.ref.source_version_id, unit.index);
        ui.focusFigure({ sourceUnitId: unit.source_unit_id, index: figure.ref.figure_index }, 'text');
      })
      .catch((error: unknown) =>
        setShowProblem(
          `The figure could not be shown: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  };
  const goToCandidates = () => {
    const button = candidatesBox.current?.querySelector<HTMLButtonElement>('[data-testid="check-candidate"]');
    (button ?? candidatesBox.current)?.focus();
  };

  const selectedState = selected === null ? undefined : states.get(selected.order);
  const spoken =
    announcement === 'checked' && selectedState?.kind === 'checked'
      ? `Checked: ${OUTCOME_WORDING[selectedState.outcome].label}. The result is in the Check column; keep it there to keep it in the case.`
      : '';

  const cancelled = read.isError && !read.isFetching && isCancelled(read.error);
  const showForm = asked === null || another || read.isError;
  const selectedQuery = selectedIndex >= 0 ? candidates[selectedIndex] : undefined;
  const askedName =
    asked !== null && 'sourceVersionId' in asked
      ? (() => {
          const entry = library.data?.find((e) => e.sourceVersionId === asked.sourceVersionId);
          return entry === undefined ? null : displayTitle(entry.title, entry.filename);
        })()
      : null;
  // The last step reported before a reading was stopped, to say what it left behind.
  const lastStage = useRef<string | null>(null);
  if (reading?.stage) lastStage.current = reading.stage;
  const heading = useRef<HTMLHeadingElement>(null);
  const wasFetching = useRef(false);
  useEffect(() => {
    // The progress and its Stop button are gone: focus that was on them goes to the view's heading.
    if (wasFetching.current && !read.isFetching && document.activeElement === document.body)
      heading.current?.focus();
    if (read.isFetching) lastStage.current = null;
    wasFetching.current = read.isFetching;
  }, [read.isFetching]);

  return (
    <section
      aria-labelledby="article-heading"
      data-testid="article-view"
      className="@container flex min-w-0 flex-1 flex-col overflow-hidden bg-slate-50 dark:bg-slate-950"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900">
        <h2
          ref={heading}
          id="article-heading"
          tabIndex={-1}
          className="text-sm font-semibold tracking-wide text-slate-900 uppercase outline-none dark:text-slate-100"
        >
          Check an article
        </h2>
        <div className="flex items-center gap-2">
          {!showForm && !read.isFetching && (
            <button
              type="button"
              onClick={() => setAnother(true)}
              className={`rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 ${FOCUS}`}
            >
              Another article
            </button>
          )}
          <button
            type="button"
            onClick={showDocument}
            className={`rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 ${FOCUS}`}
          >
            {openSourceVersionId === null ? 'Close' : 'Back to the document'}
          </button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 py-4 @3xl:overflow-hidden">
        {showForm
          ? !read.isFetching && (
              <ArticleSourceForm reading={read.isFetching} onAsked={() => setAnother(false)} />
            )
          : article !== undefined && (
              <p
                data-testid="article-origin"
                className="line-clamp-2 text-xs text-slate-700 dark:text-slate-300"
              >
                <span className="font-medium">Article: </span>
                <bdi>
                  {originWords(
                    article.article.kind,
                    article.article.title,
                    article.article.url,
                    article.article.text.length,
                  )}
                </bdi>
                {' · '}
                {claims.length === 1 ? '1 claim' : `${claims.length} claims`}
                {theCase !== null && (
                  <>
                    {' · '}kept in the case “<bdi>{theCase.title}</bdi>”
                  </>
                )}
              </p>
            )}
        {!showForm && article !== undefined && unreadParts(article.article.readState) && (
          <p
            role="status"
            data-testid="article-read-in-part"
            className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            Read in part: some of this document could not be read, so some of its claims may be missing here.
            Its library entry says which parts.
          </p>
        )}
        {!showForm && article !== undefined && articleCase.failure !== null && (
          <p
            role="alert"
            data-testid="article-case-failure"
            className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            Your cases could not be looked through for this article ({articleCase.failure}), so checks already
            made of its claims are not shown.
          </p>
        )}
        {!showForm && article !== undefined && theCase === null && articleCase.otherTexts.length > 0 && (
          <p
            data-testid="article-other-texts"
            className="rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
          >
            {articleCase.otherTexts.length === 1 ? 'The case ' : 'The cases '}
            {articleCase.otherTexts.map((c, i) => (
              <span key={c.id}>
                {i > 0 && ', '}“<bdi>{c.title}</bdi>”
              </span>
            ))}{' '}
            {articleCase.otherTexts.length === 1 ? 'checks' : 'check'} another text of this{' '}
            {article.article.kind === 'text' ? 'article' : 'page or document'} (it changed, or was read
            another way), so {articleCase.otherTexts.length === 1 ? 'its' : 'their'} checks are not shown on
            these claims. A check made here goes into a new case.
          </p>
        )}
        {read.isFetching && asked !== null && (
          <ArticleReadingStatus asked={asked} name={askedName} reading={reading} onCancel={cancelReading} />
        )}
        {cancelled && (
          <p
            role="status"
            data-testid="article-cancelled"
            className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
          >
            {cancelledWords(asked, lastStage.current)}
          </p>
        )}
        {read.isError && !cancelled && !read.isFetching && (
          <div
            role="alert"
            data-testid="article-failure"
            className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-300"
          >
            <p className="font-medium">
              {asked !== null && 'url' in asked ? (
                <>
                  The article at <bdi className="font-mono text-xs break-all">{asked.url}</bdi> could not be
                  read.
                </>
              ) : (
                'The claims could not be read.'
              )}
            </p>
            <p className="mt-1">{readFailureWords(read.error, asked)}</p>
            {worthTryingAgain(read.error) && (
              <button
                type="button"
                onClick={() => void read.refetch()}
                className={`mt-2 rounded border border-rose-300 px-2 py-0.5 text-xs hover:bg-rose-100 dark:border-rose-700 dark:hover:bg-rose-900/40 ${FOCUS}`}
              >
                Try again
              </button>
            )}
          </div>
        )}
        {caseArticle !== null && !caseArticleShown && !read.isFetching && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The open case “<bdi>{openCase?.title}</bdi>” was made from an article.{' '}
            <button
              type="button"
              onClick={() => {
                const input = articleInputOf(caseArticle);
                if (input !== null) {
                  ask(input);
                  setAnother(false);
                }
              }}
              disabled={articleInputOf(caseArticle) === null}
              className={`rounded-md border border-indigo-300 px-2 py-0.5 text-sm text-indigo-800 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-700 dark:text-indigo-200 dark:hover:bg-indigo-950/60 ${FOCUS}`}
            >
              Show its claims
            </button>
          </p>
        )}
        {asked === null && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The claims with numbers are listed as the article says them (or most checkable first), each with
            the figures of your library that could back it. A candidate decides nothing: checking it runs the
            same check as your own pick.
          </p>
        )}
        {article !== undefined && !read.isFetching && claims.length === 0 && (
          <p role="status" data-testid="no-claims" className="text-sm text-slate-700 dark:text-slate-300">
            No checkable numeric claim was found in this article: no number stated with what it measures.
          </p>
        )}
        {article !== undefined && claims.length > 0 && (
          <div className="flex min-h-0 flex-1 flex-col gap-4 @3xl:flex-row">
            <div className="flex max-h-72 min-h-40 flex-col @3xl:max-h-none @3xl:min-h-0 @3xl:flex-1">
              <ArticleText
                text={article.article.text}
                claims={claims}
                positions={positions}
                selected={selected?.order ?? null}
                onSelect={select}
              />
            </div>
            <div className="flex min-h-0 flex-col gap-3 @3xl:w-80 @3xl:shrink-0 @3xl:overflow-y-auto @5xl:w-96">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="claims-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                  Claims
                </h3>
                <ClaimOrderToggle order={order} onChange={setOrder} />
              </div>
              <ClaimList
                claims={listed}
                states={states}
                positions={positions}
                selected={selected?.order ?? null}
                onSelect={select}
                onEnter={goToCandidates}
              />
              {selected !== null && (
                <ClaimCandidates
                  ref={candidatesBox}
                  claim={selected}
                  candidates={selectedQuery?.data?.candidates}
                  pending={selectedQuery?.isPending ?? true}
                  failure={selectedQuery?.isError ? selectedQuery.error.message : null}
                  theCase={theCase}
                  running={checker.running}
                  checkError={checker.error}
                  onCheck={check}
                  onShow={showFigure}
                />
              )}
            </div>
          </div>
        )}
        {showProblem !== null && (
          <p role="alert" className="text-sm text-rose-800 dark:text-rose-300">
            {showProblem}
          </p>
        )}
        <p role="status" className="sr-only" data-testid="article-announcement">
          {spoken}
        </p>
      </div>
    </section>
  );
}
