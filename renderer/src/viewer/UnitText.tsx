import { useMemo, type ReactNode } from 'react';
import type { LostPart, Unit } from '../../../shared/api';
import type { UnitRead } from '../../../shared/bridge';
import { CODE_WORDING, LOST_PART_WORDING } from '../ui/extraction-codes';
import { FigureChip } from './FigureChip';
import { FigureGroupContext, useFigureGroup } from './figure-group';
import { figureStops } from './figure-moves';
import { methodWords, unitName } from './figures';
import { PageTables } from './PageTables';
import { segmentMarkdown } from './segments';
import { partsOf, type CharRange } from '../search/highlight';

// A lit passage takes the focus when a search result is opened at it (never by Tab: tabIndex -1).
const PASSAGE =
  'rounded-sm bg-amber-200 text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-indigo-600 dark:bg-amber-400/40 dark:text-slate-50 dark:focus:outline-indigo-400';

/** A figure chip, inside a lit passage's mark when the passage covers it. */
function FigureInPassage({ lit, children }: { lit: boolean; children: ReactNode }) {
  if (!lit) return <>{children}</>;
  return (
    <mark data-testid="lit-passage" tabIndex={-1} className={PASSAGE}>
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
 * with every figure a chip at its span, after the tables read on the page (to copy or save). The chips
 * are one Tab stop, the arrows between them (figure-group.ts). A unit without an id yet (`UnitRead`: a
 * page read while the rest of the document is still being read) is shown with its figures marked; they
 * can be picked once the document's reading is stored.
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
  const stops = useMemo(() => (early ? [] : figureStops(unit.figures, unit.page?.tables)), [unit, early]);
  const { group, onKeyDown } = useFigureGroup(
    'text',
    'source_unit_id' in unit ? unit.source_unit_id : '',
    stops,
    true,
  );
  const name = unitName(unit);
  const pickable = stops.length > 0;
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
        <FigureGroupContext.Provider value={pickable ? group : null}>
          <div
            data-testid="unit-markdown"
            role={pickable ? 'group' : undefined}
            aria-labelledby={pickable ? 'unit-text-heading' : undefined}
            aria-description={
              pickable
                ? 'The arrows move between the figures, by row and column in a table; typing a number goes to it.'
                : undefined
            }
            data-figure-place={pickable ? 'text' : undefined}
            onKeyDown={pickable ? onKeyDown : undefined}
            className="px-4 py-3 font-mono text-[13px] leading-6 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
          >
            {segments.map((segment) =>
              segment.kind === 'text' ? (
                <span key={segment.start}>
                  {passage === null
                    ? segment.text
                    : partsOf(segment.text, segment.start, passage).map((part) =>
                        part.marked ? (
                          <mark key={part.start} data-testid="lit-passage" tabIndex={-1} className={PASSAGE}>
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
        </FigureGroupContext.Provider>
      )}
    </section>
  );
}
