import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { OperandReference, Representation } from '../../../shared/api';
import type { LibraryEntry } from '../../../shared/bridge';
import { displayTitle } from '../../../shared/text/display-name';
import { caseQuery, libraryQuery, representationQuery } from '../queries';
import { useWorkbenchUi, type OperandSlot, type PickedOperand } from '../ui-store';
import { figureLabels } from '../viewer/figures';

// Reopening a case exactly as it was left: its claim in the field, its figures back in the tray (each read
// again from its representation, so the tray shows the figure, not a copy kept in the case), and the
// first figure's document open in the viewer at its page or sheet.

const SLOTS: readonly OperandSlot[] = ['A', 'B'];

/** The tray's view of a case's operand, from its representation and the library; or why it cannot be. */
export function pickedOperandFrom(
  ref: OperandReference,
  representation: Representation,
  library: readonly LibraryEntry[],
): PickedOperand | string {
  const unit = representation.units.find((u) => u.source_unit_id === ref.source_unit_id);
  if (unit === undefined) return 'its page or sheet is no longer in the document’s reading';
  const figure = unit.figures.find((f) => f.index === ref.figure_index);
  if (figure === undefined) return `its page or sheet has no figure ${ref.figure_index}`;
  const entry = library.find((e) => e.sourceVersionId === ref.source_version_id);
  return {
    ref,
    figure,
    sourceTitle: entry ? displayTitle(entry.title, entry.filename) : 'A document no longer in the library',
    unitKind: unit.kind,
    unitIndex: unit.index,
    sheetName: unit.sheet?.name ?? null,
    extractionMethod: unit.extraction_method,
    labels: figureLabels(unit, figure),
  };
}

export interface OpenCase {
  /** Opens the case: claim, tray and viewer; resolves when done (problems are kept, not thrown). */
  open: (id: string) => Promise<void>;
  /** The case being opened, or null. */
  opening: string | null;
  /** What could not be put back (a figure whose document was removed), for the person. */
  problems: string[];
}

export function useOpenCase(): OpenCase {
  const client = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Only the last case asked for is put in the tray, whatever order the answers arrive in.
  const latest = useRef(0);

  const open = useCallback(
    async (id: string) => {
      const ticket = ++latest.current;
      const ui = useWorkbenchUi.getState();
      ui.setActiveCase(id);
      setOpening(id);
      setProblems([]);
      const found: string[] = [];
      try {
        const theCase = await client.fetchQuery(caseQuery(id));
        if (ticket !== latest.current) return;
        ui.setClaimDraft(theCase.claim);
        ui.clearOperand();
        const library = await client.fetchQuery(libraryQuery()).catch(() => [] as LibraryEntry[]);
        const picked = await Promise.all(
          theCase.operands.map(async (ref, i): Promise<PickedOperand | null> => {
            const number = i + 1;
            try {
              const representation = await client.fetchQuery(representationQuery(ref.representation_id));
              const operand = pickedOperandFrom(ref, representation, library);
              if (typeof operand === 'string') {
                found.push(`Figure ${number} could not be put back in the tray: ${operand}.`);
                return null;
              }
              return operand;
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              found.push(`Figure ${number} could not be put back in the tray: ${message}`);
              return null;
            }
          }),
        );
        if (ticket !== latest.current) return;
        picked.forEach((operand, i) => {
          if (operand !== null) ui.pickOperand(SLOTS[i] ?? 'B', operand);
        });
        const first = picked.find((operand) => operand !== null);
        if (first) ui.openDocument(first.ref.source_version_id, first.unitIndex);
      } catch (error) {
        if (ticket !== latest.current) return;
        found.push(`The case could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        if (ticket === latest.current) {
          setOpening(null);
          setProblems(found);
        }
      }
    },
    [client],
  );

  return { open, opening, problems };
}
