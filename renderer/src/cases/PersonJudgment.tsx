import type { Judgment } from '../../../shared/bridge';
import { judgedWording } from './judgment-wording';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A judgment as the person's own ("Your judgment: same period — yes."), never as the service's. An answer
 * to which figure is which has no yes or no: its note says which figure the person named.
 */
export function PersonJudgment({ judgment }: { judgment: Judgment }) {
  return (
    <div
      data-testid="person-judgment"
      data-facet={judgment.facet}
      className="text-sm text-indigo-950 dark:text-indigo-100"
    >
      {judgment.facet === 'roles' ? (
        <p className="break-words whitespace-pre-wrap">
          <span className="font-semibold">Your judgment:</span> {judgedWording(judgment.facet)} —{' '}
          <span data-testid="person-judgment-answer">
            <bdi>{judgment.note}</bdi>
          </span>
        </p>
      ) : (
        <>
          <p>
            <span className="font-semibold">Your judgment:</span> {judgedWording(judgment.facet)} —{' '}
            <span data-testid="person-judgment-answer" className="font-semibold">
              {judgment.holds ? 'yes' : 'no'}
            </span>
            .
          </p>
          <p className="break-words whitespace-pre-wrap">
            <span className="font-semibold">Note:</span> {judgment.note}
          </p>
        </>
      )}
      <p className="text-xs text-indigo-900/70 dark:text-indigo-200/80">
        Recorded{' '}
        {judgment.author ? (
          <>
            by <bdi>{judgment.author}</bdi>,{' '}
          </>
        ) : null}
        <time dateTime={judgment.at}>{when(judgment.at)}</time>
      </p>
    </div>
  );
}
