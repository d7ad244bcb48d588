import type { FigureWithPosition, OperandReference, Representation, Unit } from '../../../shared/api';
import type { LibraryEntry } from '../../../shared/bridge';
import { operandContext } from '../../../shared/structure';
import { displayTitle } from '../../../shared/text/display-name';
import type { FigureLabels, OperandSlot, PickedOperand } from '../ui-store';
import { METHOD_WORDING } from '../ui/extraction-codes';
import { labelsWording } from '../check/figure-wording';

// What the viewer says about a figure and what picking one puts into the operand tray.

/** Why an ambiguous figure cannot be picked (its tooltip and description). */
export const AMBIGUOUS_NOTE =
  'This number can be read more than one way, and the service refuses ambiguous numbers: it cannot be picked.';

/** How a focused figure is picked, said on every figure that can be. */
export const PICK_HINT = 'Click or press Enter to pick; Shift+1 or Shift+2 makes it Figure 1 or Figure 2';

/**
 * The slot a key press on a focused figure puts it in: Shift+1 or Shift+2 (by the key, whatever the
 * layout prints on it), since the digits alone jump between figures.
 */
export function slotKey(event: {
  key: string;
  code: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): OperandSlot | null {
  if (!event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.code === 'Digit1' || event.code === 'Numpad1' || event.key === '!') return 'A';
  if (event.code === 'Digit2' || event.code === 'Numpad2' || event.key === '@') return 'B';
  return null;
}

/** "page 3" or "sheet Revenue". */
export function unitName(unit: Pick<Unit, 'kind' | 'index' | 'sheet'>): string {
  return unit.kind === 'sheet' ? `sheet ${unit.sheet?.name ?? unit.index}` : `page ${unit.index}`;
}

/** Where a figure sits, in words: "page 3", or "sheet Revenue, cell B7". */
export function figurePlace(
  unit: Pick<Unit, 'kind' | 'index' | 'sheet'>,
  figure: FigureWithPosition,
): string {
  return figure.position.kind === 'cell' ? `${unitName(unit)}, cell ${figure.position.ref}` : unitName(unit);
}

/** The tray slot's number as people see it: slot A is Figure 1, slot B Figure 2. */
export function slotNumber(slot: OperandSlot): 1 | 2 {
  return slot === 'A' ? 1 : 2;
}

/** A figure chip's accessible name: "Figure 1,120 (page 3)", then how it is picked or why it cannot be. */
export function figureName(
  unit: Pick<Unit, 'kind' | 'index' | 'sheet'>,
  figure: FigureWithPosition,
  picked: OperandSlot | null,
): string {
  let name = `Figure ${figure.raw} (${figurePlace(unit, figure)})`;
  if (figure.ambiguous) name += ', ambiguous';
  if (picked !== null) name += `, picked as figure ${slotNumber(picked)}`;
  return name;
}

// Read once per figure: a page table's labels are looked up cell by cell, and a page can hold hundreds.
const labelsRead = new WeakMap<FigureWithPosition, FigureLabels>();

/**
 * The row and column labels the structure shows beside a figure (a sheet's or a page table's row label and
 * column headers, a page line's label) and the period they name, read as the numeric check reads them;
 * null where it shows none.
 */
export function figureLabels(unit: Unit, figure: FigureWithPosition): FigureLabels {
  const known = labelsRead.get(figure);
  if (known !== undefined) return known;
  const context = operandContext(unit, figure, unit.source_unit_id);
  // A page table's figure is named by every heading over its column, top down ("Best practice scenario ·
  // 2007"), not the nearest alone: the same year heads a column in each block or group of the table.
  const column =
    context.unitKind === 'page' && context.columnKey !== null
      ? (context.columnPath ?? context.columnLabel)
      : context.columnLabel;
  const labels = { row: context.rowLabel, column, period: context.period };
  labelsRead.set(figure, labels);
  return labels;
}

/** What hovering a figure shows: "Figure 61,450 (page 1) — Texas · Handgun · November 2015". */
export function figureTitle(unit: Unit, figure: FigureWithPosition, picked: OperandSlot | null): string {
  const labels = labelsWording(figureLabels(unit, figure));
  const name = figureName(unit, figure, picked);
  return labels === null ? name : `${name} — ${labels}`;
}

/** A unit's extraction method in words for the unit strip: "Text layer", "OCR", … */
export function methodWords(method: Unit['extraction_method']): string {
  const words = METHOD_WORDING[method];
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function sameRef(a: OperandReference, b: OperandReference): boolean {
  return (
    a.representation_id === b.representation_id &&
    a.source_unit_id === b.source_unit_id &&
    a.figure_index === b.figure_index
  );
}

/** The slot holding the figure, or null. */
export function slotOf(
  operands: Record<OperandSlot, PickedOperand | null>,
  ref: OperandReference,
): OperandSlot | null {
  if (operands.A !== null && sameRef(operands.A.ref, ref)) return 'A';
  if (operands.B !== null && sameRef(operands.B.ref, ref)) return 'B';
  return null;
}

/** Where a click puts a figure: Figure 1 while it is empty, else Figure 2. */
export function slotForClick(operands: Record<OperandSlot, PickedOperand | null>): OperandSlot {
  return operands.A === null ? 'A' : 'B';
}

export function operandRef(
  representation: Representation,
  unit: Unit,
  figure: FigureWithPosition,
): OperandReference {
  return {
    source_version_id: representation.source_version_id,
    representation_id: representation.representation_id,
    source_unit_id: unit.source_unit_id,
    figure_index: figure.index,
  };
}

/** The tray's entry for a figure: its reference and what the tray shows about where it came from. */
export function pickedOperand(
  entry: Pick<LibraryEntry, 'title' | 'filename'>,
  representation: Representation,
  unit: Unit,
  figure: FigureWithPosition,
): PickedOperand {
  return {
    ref: operandRef(representation, unit, figure),
    figure,
    sourceTitle: displayTitle(entry.title, entry.filename),
    unitKind: unit.kind,
    unitIndex: unit.index,
    sheetName: unit.sheet?.name ?? null,
    extractionMethod: unit.extraction_method,
    labels: figureLabels(unit, figure),
  };
}
