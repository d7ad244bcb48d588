import type { Citation } from '../../../shared/api';
import { displayText } from '../../../shared/text/display-name';
import type { DocumentAnnotation } from '../../../shared/bridge/annotations';
import { personRankFactors } from '../../../shared/search/person-ratings';
import { CredibilityRating } from './CredibilityRating';
import { highlightParts } from './highlight';
import { BASIS_WORDING, CATEGORY_WORDING, credibilityParts, personRatingWords } from './wording';

const BUTTON =
  'rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';

/** The snippet as the service gave it, its highlight ranges drawn as <mark> on exactly those characters. */
export function Snippet({ citation }: { citation: Citation }) {
  const parts = highlightParts(citation.snippet, citation.highlight_ranges);
  return (
    <p
      data-testid="result-snippet"
      className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
    >
      {parts.map((part) =>
        part.marked ? (
          <mark
            key={part.start}
            className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400/40 dark:text-slate-50"
          >
            {part.text}
          </mark>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One search result: title, domain, year, snippet, credibility with its basis, ranking factors, actions. */
export function SearchResult({
  citation,
  mirrors = [],
  onOpen,
  onAddToCase,
  busy = false,
  note = null,
  annotation = null,
}: {
  citation: Citation;
  /** What the person said about the result's document (their rating, a year), or null. */
  annotation?: DocumentAnnotation | null;
  /** Other results of the same domain group, listed under their primary. */
  mirrors?: readonly Citation[];
  onOpen?: (citation: Citation) => void;
  onAddToCase?: (citation: Citation) => void;
  busy?: boolean;
  /** What the last action on this result did, or why it failed. */
  note?: { tone: 'status' | 'alert'; text: string } | null;
}) {
  const title = displayText(citation.title) || '(untitled document)';
  const domain = citation.source_metadata?.domain ?? displayText(citation.author);
  const category = citation.source_metadata?.domain_category;
  const basis = citation.credibility_basis ?? 'measured';
  const madeOf = credibilityParts(citation, annotation);
  const mine = annotation?.credibility ?? null;
  const givenYear = citation.publication_year === undefined ? (annotation?.year ?? null) : null;
  const ranked = mine !== null || givenYear !== null ? personRankFactors(citation, annotation) : null;
  const headingId = `result-${citation.id}`;
  const local = citation.source_version_id !== undefined && citation.source_unit_id !== undefined;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="search-result"
      data-citation-id={citation.id}
      className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        <bdi>{title}</bdi>
      </h3>
      <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-300">
        <span data-testid="result-domain">
          <bdi>{domain}</bdi>
        </span>
        {category !== undefined && <span>· {CATEGORY_WORDING[category]}</span>}
        <span data-testid="result-year">
          ·{' '}
          {citation.publication_year !== undefined
            ? citation.publication_year
            : givenYear !== null
              ? `${givenYear} (given by you)`
              : 'year unknown'}
        </span>
        {citation.source_type !== undefined && <span>· {citation.source_type}</span>}
        {citation.source_metadata?.is_primary_source === true && <span>· Primary source</span>}
      </p>
      <div className="mt-2">
        <Snippet citation={citation} />
      </div>
      {mine !== null ? (
        <>
          <p
            data-testid="result-credibility"
            data-set-by="person"
            className="mt-2 text-xs font-medium break-words text-slate-800 dark:text-slate-100"
          >
            <bdi>{personRatingWords(mine)}</bdi>
          </p>
          <p data-testid="service-credibility" className="text-xs text-slate-600 dark:text-slate-300">
            The service’s estimate: {citation.credibility_score} of 100 ({BASIS_WORDING[basis]}); yours is
            used in its place when results are ranked.
          </p>
        </>
      ) : (
        <p data-testid="result-credibility" className="mt-2 text-xs text-slate-600 dark:text-slate-300">
          Credibility {citation.credibility_score} of 100 ({BASIS_WORDING[basis]})
        </p>
      )}
      <details className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400">
          What the credibility score is made of
        </summary>
        {madeOf !== null ? (
          <ul aria-label="What the credibility score is made of" className="mt-1 ml-4 list-disc">
            {madeOf.map((part) => (
              <li key={part}>
                <bdi>{part}</bdi>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1" data-testid="credibility-unexplained">
            The service does not say what this score is made of.
          </p>
        )}
      </details>
      {local && (
        <CredibilityRating key={citation.source_version_id} citation={citation} annotation={annotation} />
      )}
      {citation.ranking_factors !== undefined && (
        <details className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400">
            Why it ranks #{citation.rank}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3" data-testid="ranking-factors">
            <dt>Relevance to the query</dt>
            <dd>{citation.ranking_factors.content_relevance} of 100</dd>
            {mine !== null ? (
              <>
                <dt>Your rating</dt>
                <dd>{mine.score} of 100 (in place of the publisher authority)</dd>
              </>
            ) : (
              <>
                <dt>Publisher authority</dt>
                <dd>{citation.ranking_factors.source_authority} of 100</dd>
              </>
            )}
            <dt>Recency</dt>
            <dd>
              {ranked?.recency ?? citation.ranking_factors.recency} of 100
              {citation.publication_year === undefined &&
                (givenYear !== null ? ' (from the year you gave)' : ' (no publication year is known)')}
            </dd>
          </dl>
        </details>
      )}
      {mirrors.length > 0 && (
        <div className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-testid="result-mirrors">
          <p>
            Also from <bdi>{domain}</bdi> ({mirrors.length}):
          </p>
          <ul className="ml-4 list-disc">
            {mirrors.map((mirror) => (
              <li key={mirror.id}>
                {onOpen ? (
                  <button
                    type="button"
                    onClick={() => onOpen(mirror)}
                    className="text-left text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200 dark:focus-visible:outline-indigo-400"
                  >
                    <bdi>{displayText(mirror.title) || '(untitled document)'}</bdi>
                  </button>
                ) : (
                  <bdi>{displayText(mirror.title)}</bdi>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {local ? (
          <>
            <button
              type="button"
              className={BUTTON}
              disabled={busy}
              onClick={() => onOpen?.(citation)}
              aria-describedby={headingId}
              data-testid="open-result"
            >
              Open at passage
            </button>
            <button
              type="button"
              className={BUTTON}
              disabled={busy}
              onClick={() => onAddToCase?.(citation)}
              aria-describedby={headingId}
              data-testid="add-result-to-case"
            >
              Add to case
            </button>
          </>
        ) : (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Not in your library: add <bdi>{citation.url}</bdi> to open it here.
          </p>
        )}
        {note !== null && (
          <p
            role={note.tone}
            data-testid="result-note"
            className={
              note.tone === 'alert'
                ? 'text-xs text-red-700 dark:text-red-300'
                : 'text-xs text-emerald-800 dark:text-emerald-300'
            }
          >
            {note.text}
          </p>
        )}
      </div>
    </article>
  );
}
