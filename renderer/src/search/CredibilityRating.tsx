import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Citation } from '../../../shared/api';
import {
  CREDIBILITY_LEVELS,
  MAX_RATING_REASON,
  readRating,
  readYear,
  type AnnotateInput,
  type DocumentAnnotation,
} from '../../../shared/bridge/annotations';
import { callBridge } from '../bridge';

const BUTTON =
  'rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400';
const FIELD =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:focus-visible:outline-indigo-400 dark:aria-[invalid=true]:border-red-400';

/** Sets what the person says about a document; the searches shown are asked again, ranked with it. */
export function useAnnotateDocument() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnotateInput) => callBridge('library.annotate', input),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['search'] }),
  });
}

type Problem = { field: 'rating' | 'year' | 'save'; text: string };

/**
 * “Your own rating” of a result's document: a number from 0 to 100 or a named level, an optional reason,
 * and the document's year when the service knows none. Kept by the workbench beside the service's score,
 * which it never changes; used in its place when results are ranked.
 */
export function CredibilityRating({
  citation,
  annotation,
}: {
  citation: Citation;
  annotation: DocumentAnnotation | null;
}) {
  const id = useId();
  const sourceVersionId = citation.source_version_id;
  const yearUnknown = citation.publication_year === undefined;
  const mine = annotation?.credibility ?? null;
  const [rating, setRating] = useState(mine ? String(mine.score) : '');
  const [reason, setReason] = useState(mine?.reason ?? '');
  const [year, setYear] = useState(annotation?.year != null ? String(annotation.year) : '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const annotate = useAnnotateDocument();
  if (sourceVersionId === undefined) return null;

  const send = (input: AnnotateInput, said: string) => {
    setProblem(null);
    setDone(null);
    annotate.mutate(input, {
      onSuccess: () => setDone(said),
      onError: (error) => setProblem({ field: 'save', text: `Not saved: ${error.message}` }),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const readYearText = yearUnknown ? readYear(year) : ({ ok: true, year: null } as const);
    // A year alone may be given: the rating is then left as it is.
    const yearOnly = yearUnknown && rating.trim() === '' && readYearText.ok && readYearText.year !== null;
    const readScore = yearOnly ? null : readRating(rating);
    if (readScore !== null && !readScore.ok) {
      setDone(null);
      setProblem({ field: 'rating', text: readScore.message });
      return;
    }
    if (!readYearText.ok) {
      setDone(null);
      setProblem({ field: 'year', text: readYearText.message });
      return;
    }
    const trimmed = reason.trim();
    const yearPart = yearUnknown ? { year: readYearText.year } : {};
    if (readScore === null) {
      send(
        { sourceVersionId, ...yearPart },
        `Saved: the year ${readYearText.year} counts when results are ranked.`,
      );
      return;
    }
    send(
      {
        sourceVersionId,
        credibility: { score: readScore.score, ...(trimmed ? { reason: trimmed } : {}) },
        ...yearPart,
      },
      `Saved: your rating ${readScore.score} of 100 is shown and used to rank this document.`,
    );
  };
  const onClear = () => {
    setRating('');
    setReason('');
    send(
      { sourceVersionId, credibility: null },
      'Your rating is cleared: the service’s estimate is used again.',
    );
  };

  const ratingId = `${id}-rating`;
  const reasonId = `${id}-reason`;
  const yearId = `${id}-year`;
  const problemId = `${id}-problem`;
  const describedBy = (field: Problem['field'], hint: string) =>
    problem?.field === field ? `${hint} ${problemId}` : hint;
  return (
    <details className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="credibility-rating">
      <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400">
        Your own rating{mine ? `: ${mine.score} of 100` : ''}
      </summary>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Your own credibility rating"
        className="mt-2 flex flex-col gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-700"
      >
        <p id={`${id}-hint`}>
          Your rating is kept with this document on this computer, shown as yours, and used instead of the
          service’s estimate when results are ranked. The service’s own score is not changed.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ratingId} className="font-medium text-slate-800 dark:text-slate-100">
              Rating, 0 to 100
            </label>
            <input
              id={ratingId}
              name="rating"
              inputMode="numeric"
              autoComplete="off"
              value={rating}
              onChange={(event) => setRating(event.target.value)}
              aria-invalid={problem?.field === 'rating'}
              aria-describedby={describedBy('rating', `${id}-hint`)}
              className={`${FIELD} w-24`}
            />
          </div>
          <div role="group" aria-label="Or pick a level" className="flex flex-wrap gap-1">
            {CREDIBILITY_LEVELS.map((level) => (
              <button
                key={level.name}
                type="button"
                className={BUTTON}
                aria-pressed={rating.trim() === String(level.score)}
                onClick={() => {
                  setRating(String(level.score));
                  if (problem?.field === 'rating') setProblem(null);
                }}
              >
                {level.name} ({level.score})
              </button>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="font-medium text-slate-800 dark:text-slate-100">
            Why (optional)
          </label>
          <input
            id={reasonId}
            name="reason"
            maxLength={MAX_RATING_REASON}
            value={reason}
            placeholder="e.g. the city’s own budget office"
            onChange={(event) => setReason(event.target.value)}
            className={FIELD}
          />
        </div>
        {yearUnknown && (
          <div className="flex flex-col gap-1">
            <label htmlFor={yearId} className="font-medium text-slate-800 dark:text-slate-100">
              The document’s year (the service knows none)
            </label>
            <input
              id={yearId}
              name="year"
              inputMode="numeric"
              autoComplete="off"
              value={year}
              placeholder="e.g. 2024"
              onChange={(event) => setYear(event.target.value)}
              aria-invalid={problem?.field === 'year'}
              aria-describedby={problem?.field === 'year' ? problemId : undefined}
              className={`${FIELD} w-24`}
            />
          </div>
        )}
        {problem !== null && (
          <p
            id={problemId}
            role="alert"
            data-testid="rating-problem"
            className="text-red-700 dark:text-red-300"
          >
            {problem.text}
          </p>
        )}
        {done !== null && (
          <p role="status" data-testid="rating-saved" className="text-emerald-800 dark:text-emerald-300">
            {done}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={BUTTON} disabled={annotate.isPending}>
            Save
          </button>
          {mine !== null && (
            <button type="button" className={BUTTON} disabled={annotate.isPending} onClick={onClear}>
              Clear my rating
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
