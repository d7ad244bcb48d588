import { useEffect, useRef } from 'react';
import type { Representation } from '../../../shared/api';
import type { LibraryReading } from '../../../shared/bridge';
import { useWorkbenchUi } from '../ui-store';
import { StatusBadge } from '../ui/StatusBadge';
import { CODE_WORDING, LOST_PART_WORDING } from '../ui/extraction-codes';
import type { StripItem } from './strip-items';
import { UnitNotice } from './UnitNotice';
import { UnitText } from './UnitText';

/**
 * The extracted text of the open unit, or what stands in its place: reading, loading, a read that
 * failed (its code and the move), a lost page, or a note that the original is not previewed.
 */
export function TextPane({
  reading,
  representation,
  representationError,
  item,
  current,
  previewNote,
}: {
  /** How the document was read; null while it is being read. */
  reading: LibraryReading | null;
  representation: Representation | null;
  representationError: Error | null;
  /** The open unit's strip entry, if the document has one at `current`. */
  item: StripItem | null;
  current: number;
  /** Why the original is not shown beside the text, when it is not. */
  previewNote: string | null;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const unitId = item?.unit?.source_unit_id ?? null;
  // A new unit's text starts at its top, unless the focus was already brought to one of its figures.
  useEffect(() => {
    const focused = document.activeElement;
    if (pane.current === null || (focused !== pane.current && pane.current.contains(focused))) return;
    pane.current.scrollTop = 0;
  }, [unitId]);
  // A search result opened at its passage: the passage is lit in this unit's text and scrolled to.
  const litPassage = useWorkbenchUi((state) => state.litPassage);
  const passage = litPassage !== null && litPassage.sourceUnitId === unitId ? litPassage.ranges : null;
  // The focus goes to the passage itself, so a keyboard or screen reader is where the eye is sent; the
  // text's figures are entered, by Tab, at the first figure of the passage.
  const unit = item?.unit ?? null;
  useEffect(() => {
    if (passage === null) return;
    const mark = pane.current?.querySelector<HTMLElement>('[data-testid="lit-passage"]');
    mark?.scrollIntoView?.({ block: 'center' });
    (mark ?? pane.current)?.focus({ preventScroll: true });
    const start = passage[0]?.start;
    const figure =
      start === undefined || unit === null
        ? undefined
        : [...unit.figures].sort((a, b) => a.span.start - b.span.start).find((f) => f.span.end > start);
    if (unit !== null && figure !== undefined)
      useWorkbenchUi.getState().setActiveFigure({ sourceUnitId: unit.source_unit_id, index: figure.index });
  }, [passage, unit]);

  let body;
  if (reading === null && item?.early !== undefined) {
    body = <UnitText key={`early-${item.index}`} unit={item.early} lost={null} />;
  } else if (reading === null) {
    body = <UnitNotice tone="status">The extracted text appears here when reading ends.</UnitNotice>;
  } else if (reading.state === 'error' || reading.state === 'unsupported') {
    body = (
      <UnitNotice tone="alert">
        <p className="mb-2 font-medium">
          This document could not be read, so it has no text or figures to pick.
        </p>
        <StatusBadge state={reading.state} code={reading.code} showMove />
        {reading.code !== null && (
          <p className="mt-2 font-mono text-xs text-slate-600 dark:text-slate-300">Code: {reading.code}</p>
        )}
        {reading.reason !== null && (
          <p className="mt-1 text-slate-600 dark:text-slate-300">{reading.reason}</p>
        )}
      </UnitNotice>
    );
  } else if (representationError !== null) {
    body = (
      <UnitNotice tone="alert">
        The extracted text could not be loaded: {representationError.message}
      </UnitNotice>
    );
  } else if (representation === null) {
    body = <UnitNotice tone="status">Loading the extracted text…</UnitNotice>;
  } else if (item?.unit != null) {
    body = <UnitText key={item.unit.source_unit_id} unit={item.unit} lost={item.lost} passage={passage} />;
  } else if (item?.lost != null) {
    const lost = item.lost;
    body = (
      <UnitNotice tone="note">
        {item.label} was not read ({LOST_PART_WORDING[lost.state]}
        {lost.code !== null && <>: {CODE_WORDING[lost.code].label}</>}).
        {lost.code !== null && <span className="ml-1 font-mono text-xs">{lost.code}</span>}
        {lost.code !== null && <p className="mt-1">{CODE_WORDING[lost.code].move}.</p>}
        {lost.reason !== null && <p className="mt-1 text-slate-600 dark:text-slate-300">{lost.reason}</p>}
      </UnitNotice>
    );
  } else if (representation.units.length === 0) {
    body = <UnitNotice tone="note">Nothing was read from this document.</UnitNotice>;
  } else {
    body = <UnitNotice tone="note">There is no extracted text for unit {current}.</UnitNotice>;
  }

  return (
    <div
      ref={pane}
      role="region"
      aria-label="Extracted text"
      tabIndex={0}
      data-testid="text-pane"
      className="min-h-0 flex-1 overflow-auto bg-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:bg-slate-900 dark:focus-visible:outline-indigo-400"
    >
      {previewNote !== null && (
        <p
          role="note"
          data-testid="preview-note"
          className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
        >
          {previewNote}
        </p>
      )}
      {body}
    </div>
  );
}
