import type { FigurePosition, FigureWithPosition } from '../../shared/api';
import { findFigures, findScaleNote, type FindOptions, type FoundFigure } from '../../shared/figures';
import type { ReadUnit, TextRun } from './types';

// A unit's figures with where they sit: found by the one figure finder (shared/figures), then located
// on the page (the union of the boxes of the text runs the figure spans), in the sheet (its cell), or,
// for pages without geometry, by span alone.

export type LocatedFigure = FigureWithPosition;

function withPosition(
  figure: FoundFigure,
  index: number,
  offset: number,
  position: FigurePosition,
): LocatedFigure {
  return {
    index,
    raw: figure.raw,
    value: figure.value,
    magnitude: figure.magnitude,
    sign: figure.sign,
    scale: figure.scale,
    unit: figure.unit,
    unitClass: figure.unitClass,
    accounting: figure.accounting,
    ambiguous: figure.ambiguous,
    span: { start: offset + figure.start, end: offset + figure.end },
    position,
  };
}

/** The box around every run that overlaps [start, end); null when no run does. */
export function boxOf(runs: readonly TextRun[], start: number, end: number): FigurePosition | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const run of runs) {
    if (run.end <= start || run.start >= end) continue;
    // Narrow a long run to the figure's share of its characters, so a figure in a sentence gets its own box.
    const length = Math.max(1, run.end - run.start);
    const from = Math.max(start, run.start) - run.start;
    const to = Math.min(end, run.end) - run.start;
    const edges = run.edges?.length === length + 1 ? run.edges : null;
    const left = run.x + (edges ? (edges[from] ?? 0) : (run.width * from) / length);
    const right = run.x + (edges ? (edges[to] ?? run.width) : (run.width * to) / length);
    x0 = Math.min(x0, left);
    x1 = Math.max(x1, right);
    y0 = Math.min(y0, run.y);
    y1 = Math.max(y1, run.y + run.height);
  }
  if (x0 === Infinity) return null;
  return { kind: 'box', x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * Scale notes: in a sheet, a note anywhere ("in millions", "$000s") applies to the whole sheet; on a page,
 * a line that is only a note applies to the figures after it.
 */
function pageSegments(markdown: string): { start: number; end: number; options: FindOptions }[] {
  const segments: { start: number; end: number; options: FindOptions }[] = [];
  let options: FindOptions = {};
  let segmentStart = 0;
  let lineStart = 0;
  for (const line of markdown.split('\n')) {
    const note = findScaleNote(line);
    const onlyNote =
      note !== null &&
      line.slice(0, note.start).trim().replace(/[([]/g, '') === '' &&
      line
        .slice(note.end)
        .trim()
        .replace(/[)\]:.]/g, '') === '';
    if (onlyNote) {
      segments.push({ start: segmentStart, end: lineStart, options });
      options = { scale: note.scale, unit: note.unit };
      segmentStart = lineStart;
    }
    lineStart += line.length + 1;
  }
  segments.push({ start: segmentStart, end: markdown.length, options });
  return segments.filter((s) => s.end > s.start);
}

/** The error values a spreadsheet cell can show: not figures, whatever digits they hold (#DIV/0!). */
const EXCEL_ERROR =
  /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|BUSY!|CONNECT!|UNKNOWN!|EXTERNAL!|PYTHON!)$/;

export function locateFigures(unit: ReadUnit): LocatedFigure[] {
  const figures: LocatedFigure[] = [];
  if (unit.kind === 'sheet') {
    const note = findScaleNote(unit.markdown);
    const options: FindOptions = note ? { scale: note.scale, unit: note.unit } : {};
    for (const cell of unit.cells ?? []) {
      const text = unit.markdown.slice(cell.start, cell.end);
      if (EXCEL_ERROR.test(text)) continue;
      for (const figure of findFigures(text, options))
        figures.push(withPosition(figure, figures.length, cell.start, { kind: 'cell', ref: cell.ref }));
    }
    return figures;
  }
  for (const segment of pageSegments(unit.markdown)) {
    const text = unit.markdown.slice(segment.start, segment.end);
    for (const figure of findFigures(text, segment.options)) {
      const start = segment.start + figure.start;
      const end = segment.start + figure.end;
      const box = unit.page !== undefined ? boxOf(unit.runs ?? [], start, end) : null;
      // A page with geometry whose figure has no run under it is located by span alone, never by a guess.
      figures.push(withPosition(figure, figures.length, segment.start, box ?? { kind: 'text' }));
    }
  }
  return figures;
}
