import { useMemo, type ReactNode } from 'react';
import type { LostPart, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { CODE_WORDING, LOST_PART_WORDING } from '../ui/extraction-codes';
import { FigureChip } from './FigureChip';
import { methodWords, unitName } from './figures';
import { PageTables } from './PageTables';
import { segmentMarkdown } from './segments';
import { partsOf, type CharRange } from '../search/highlight';

/** A figure chip, inside a lit passage's mark when the passage covers it. */
function FigureInPassage({ lit, children }: { lit: boolean; children: ReactNode }) {
  if (!lit) return <>{children}</>;
  return (
    <mark
      data-testid="lit-passage"
      className="rounded-sm bg-amber-200 text-slate-900 dark:bg-amber-400/40 dark:text-slate-50"
    >
      {children}
    </mark>
  );
}

/** A figure of a page read while the rest of the document is still being read: marked, not yet pickable. */
function EarlyFigure({ text }: { text: string }) {
  return (
    <mark
      data-testid="early-figure"
      className="mx-px rounded-sm bg-slate-100 px-0.5 font-semibold text-slate-900 underline decoration-slate-400 decoration-dotted underline-offset-2 dark:bg-slate-800 dark:text-slate-100"
    >
      {text}
    </mark>
  );
}

/**
 * The unit's extracted text, whitespace kept (markdown is shown as written, never rendered as HTML),
 * with every figure a chip at its span, after the tables read on the page (to copy or save). A unit without an id yet (`UnitRead`: a page read while the rest
 * of the document is still being read) is shown with its figures marked; they can be picked once the
 * document's reading is stored.
 */
export function UnitText({
  unit,
  lost,
  passage = null,
}: {
  unit: Unit | UnitRead;
  lost: LostPart | null;
  /** A passage to light (a search result opened here): ranges of the unit's markdown, sorted. */
  passage?: readonly CharRange[] | null;
}) {
  const early = !('source_unit_id' in unit);
  const segments = useMemo(() => segmentMarkdown(unit.markdown, unit.figures), [unit]);
  const name = unitName(unit);
  return (
    <section aria-labelledby="unit-text-heading" data-testid="unit-text" className="flex min-h-0 flex-col">
      <header className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id="unit-text-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Text of {name}
        </h2>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          Read by {methodWords(unit.extraction_method)} · {unit.figures.length}{' '}
          {unit.figures.length === 1 ? 'figure' : 'figures'}
        </span>
      </header>
      {early && (
        <p
          role="note"
          data-testid="unit-early"
          className="mx-4 mt-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          Read so far: its figures can be picked when the whole document is read.
        </p>
      )}
      {lost !== null && (
        <p
          role="note"
          data-testid="unit-lost"
          className="mx-4 mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          This {unit.kind} was {LOST_PART_WORDING[lost.state]}
          {lost.code !== null && (
            <>
              : {CODE_WORDING[lost.code].label} ({lost.code})
            </>
          )}
          . What is shown is what came back.
        </p>
      )}
      <PageTables unit={unit} />
      {unit.markdown.trim() === '' ? (
        <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">
          No text was read from this {unit.kind}.
        </p>
      ) : (
        <div
          data-testid="unit-markdown"
          className="px-4 py-3 font-mono text-[13px] leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
        >
          {segments.map((segment) =>
            segment.kind === 'text' ? (
              <span key={segment.start}>
                {passage === null
                  ? segment.text
                  : partsOf(segment.text, segment.start, passage).map((part) =>
                      part.marked ? (
                        <mark
                          key={part.start}
                          data-testid="lit-passage"
                          className="rounded-sm bg-amber-200 text-slate-900 dark:bg-amber-400/40 dark:text-slate-50"
                        >
                          {part.text}
                        </mark>
                      ) : (
                        <span key={part.start}>{part.text}</span>
                      ),
                    )}
              </span>
            ) : (
              <FigureInPassage
                key={segment.start}
                lit={
                  passage?.some(
                    (r) => r.start < segment.start + segment.text.length && r.end > segment.start,
                  ) ?? false
                }
              >
                {early ? (
                  <EarlyFigure text={segment.text} />
                ) : (
                  <FigureChip unit={unit} figure={segment.figure} text={segment.text} />
                )}
              </FigureInPassage>
            ),
          )}
        </div>
      )}
    </section>
  );
}
