import type { NumericResponse, OperandReference } from '../../../shared/api/numeric';
import type { PickedOperand } from '../ui-store';

// The service echoes each operand it assessed (its source ids and the figure as it read it). When that
// echo is not the figure the person picked, the check was about something else, and the card says so.

export interface EchoMismatch {
  /** The figure's number as the tray shows it (1 or 2). */
  figure: number;
  /** What differs, in plain words ("the source differs", "it read 1,200 where you picked 1,120"). */
  what: string;
}

function sameRef(a: OperandReference, b: OperandReference): boolean {
  return (
    a.source_version_id === b.source_version_id &&
    a.representation_id === b.representation_id &&
    a.source_unit_id === b.source_unit_id &&
    a.figure_index === b.figure_index
  );
}

/**
 * Each operand whose echo differs from what was sent (`sent`, in the case's order) or from the figure
 * picked for it (`picked`, the tray's Figure 1 and Figure 2, matched by reference; a slot changed since the
 * check is not compared).
 */
export function echoMismatches(
  response: NumericResponse,
  sent: readonly OperandReference[],
  picked: readonly (PickedOperand | null)[],
): EchoMismatch[] {
  const out: EchoMismatch[] = [];
  const count = Math.max(sent.length, response.operands.length);
  for (let i = 0; i < count; i++) {
    const ref = sent[i];
    // Named as the tray shows it: a lone figure 2 is sent first.
    const inTray = ref === undefined ? -1 : picked.findIndex((p) => p !== null && sameRef(p.ref, ref));
    const number = inTray >= 0 ? inTray + 1 : Math.min(i + 1, 2);
    const echo = response.operands[i];
    if (ref === undefined) {
      out.push({ figure: number, what: 'the service assessed a figure that was not sent' });
      continue;
    }
    if (echo === undefined) {
      out.push({ figure: number, what: 'the service did not say which figure it assessed' });
      continue;
    }
    const { source, figure } = echo;
    if (
      source.source_version_id !== ref.source_version_id ||
      source.representation_id !== ref.representation_id ||
      source.source_unit_id !== ref.source_unit_id
    ) {
      out.push({ figure: number, what: 'the service assessed a figure from a different source' });
      continue;
    }
    if (figure.index !== ref.figure_index) {
      out.push({
        figure: number,
        what: `the service assessed the unit’s figure #${figure.index}, not #${ref.figure_index}`,
      });
      continue;
    }
    const mine = picked.find((p) => p !== null && sameRef(p.ref, ref))?.figure;
    if (mine === undefined) continue;
    if (figure.raw !== mine.raw)
      out.push({ figure: number, what: `the service read “${figure.raw}” where you picked “${mine.raw}”` });
    else if (!Object.is(figure.value, mine.value))
      out.push({
        figure: number,
        what: `the service read the value ${figure.value} where you picked ${mine.value}`,
      });
  }
  return out;
}
