import { useCallback, useContext } from 'react';
import type { FigureWithPosition, Unit } from '../../../shared/api';
import { useWorkbenchUi, type OperandSlot } from '../ui-store';
import { ViewerDocumentContext } from './document-context';
import { AMBIGUOUS_NOTE, operandRef, pickedOperand, slotForClick, slotNumber, slotOf } from './figures';

/**
 * One figure as the chip, its box and its cell share it: whether it is lit (under the pointer or the
 * keyboard focus, in either place), which slot holds it, and how to light and pick it.
 */
export function useFigure(unit: Unit, figure: FigureWithPosition) {
  const document = useContext(ViewerDocumentContext);
  const representation = document?.representation ?? null;
  const unitId = unit.source_unit_id;
  const lit = useWorkbenchUi(
    (state) => state.litFigure?.sourceUnitId === unitId && state.litFigure.index === figure.index,
  );
  const picked = useWorkbenchUi((state) =>
    representation === null ? null : slotOf(state.operands, operandRef(representation, unit, figure)),
  );

  const light = useCallback(
    () => useWorkbenchUi.getState().lightFigure({ sourceUnitId: unitId, index: figure.index }),
    [unitId, figure.index],
  );
  const unlight = useCallback(() => {
    const state = useWorkbenchUi.getState();
    if (state.litFigure?.sourceUnitId === unitId && state.litFigure.index === figure.index)
      state.lightFigure(null);
  }, [unitId, figure.index]);

  /**
   * Puts the figure in `slot`, or (a click) in Figure 1 while it is empty, else Figure 2; moving it from
   * the other slot.
   * Ambiguous figures are never picked: the service refuses them.
   */
  const pick = useCallback(
    (slot?: OperandSlot): boolean => {
      if (document === null || representation === null) return false;
      if (figure.ambiguous) {
        document.announce(AMBIGUOUS_NOTE);
        return false;
      }
      const state = useWorkbenchUi.getState();
      const current = slotOf(state.operands, operandRef(representation, unit, figure));
      const target = slot ?? (current === null ? slotForClick(state.operands) : null);
      if (target === null || target === current) return false;
      state.pickOperand(target, pickedOperand(document.entry, representation, unit, figure));
      if (current !== null) state.clearOperand(current);
      document.announce(`${figure.raw} is figure ${slotNumber(target)}.`);
      return true;
    },
    [document, representation, unit, figure],
  );

  return { lit, picked, light, unlight, pick, pickable: !figure.ambiguous && representation !== null };
}
