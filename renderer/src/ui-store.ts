import { create } from 'zustand';
import type { FigureWithPosition, OperandReference } from '../../shared/api';

/**
 * The tray's two slots, shown as Figure 1 and Figure 2. Their order is not the figures' roles: the service
 * reads which figure is which from the claim's words.
 */
export type OperandSlot = 'A' | 'B';

/**
 * The labels the source shows beside a figure: a sheet's or a page table's row label and column header, a
 * page line's label, and the period they name (normalised: "2023", "FY2023", "Q3 2024", "2015-11").
 */
export interface FigureLabels {
  row: string | null;
  column: string | null;
  period: string | null;
}

/** A figure the person picked, with what the tray shows about where it came from and how it was read. */
export interface PickedOperand {
  ref: OperandReference;
  figure: FigureWithPosition;
  /** The document's display-safe title (or file name). */
  sourceTitle: string;
  unitKind: 'page' | 'sheet';
  unitIndex: number;
  /** The sheet's name for a sheet unit. */
  sheetName: string | null;
  extractionMethod: string;
  /** Its row and column labels, read from the unit's structure (null where the structure shows none). */
  labels: FigureLabels;
}

/** A figure in the open unit, named by its unit and index (what hovering and focus share). */
export interface FigureKey {
  sourceUnitId: string;
  index: number;
}

/** Where a figure takes the keyboard focus: its chip in the text, or its box or cell on the original. */
export type FigurePlace = 'text' | 'original';

/** The panels a command opens over the workbench. */
export type Overlay = 'search' | 'settings' | 'shortcuts' | 'export' | 'verify' | 'goToFigure';

/** What the middle of the workbench shows: the open document, or an article being checked claim by claim. */
export type Centre = 'document' | 'article';

/** UI state only (what is shown, not what is known): data from the main process lives in React Query. */
interface WorkbenchUi {
  libraryOpen: boolean;
  toggleLibrary: () => void;
  centre: Centre;
  /** Shows the article being checked (opening a document shows the document again). */
  showArticle: () => void;
  showDocument: () => void;
  /** The document open in the viewer and the unit (1-based page or sheet index) shown. */
  openSourceVersionId: string | null;
  openUnitIndex: number;
  openDocument: (sourceVersionId: string, unitIndex?: number) => void;
  showUnit: (unitIndex: number) => void;
  /** The figure under the pointer or keyboard focus, lit in both the text and the page. */
  litFigure: FigureKey | null;
  lightFigure: (figure: FigureKey | null) => void;
  /**
   * The figure the keyboard was last on: the one Tab stop of the text's figures and of the page's (each
   * group's first figure while it is elsewhere).
   */
  activeFigure: FigureKey | null;
  setActiveFigure: (figure: FigureKey) => void;
  /** A figure to give the keyboard focus to once it is drawn (its unit or its sheet row may not be yet). */
  figureFocus: { figure: FigureKey; place: FigurePlace } | null;
  focusFigure: (figure: FigureKey, place: FigurePlace) => void;
  figureFocused: () => void;
  operands: Record<OperandSlot, PickedOperand | null>;
  pickOperand: (slot: OperandSlot, operand: PickedOperand) => void;
  clearOperand: (slot?: OperandSlot) => void;
  /** The case being worked on; null until a check is saved or a case is opened. */
  activeCaseId: string | null;
  setActiveCase: (id: string | null) => void;
  /** The claim as typed in the check column (what a run saves); set from a case when one is opened. */
  claimDraft: string;
  setClaimDraft: (claim: string) => void;
  /** Closes the viewer if it shows this document (it was removed from the library). */
  closeDocument: (sourceVersionId: string) => void;
  /** The overlays a command opens (Ctrl+K, Ctrl+,, ?): at most one at a time. */
  overlay: Overlay | null;
  openOverlay: (overlay: Overlay) => void;
  closeOverlay: () => void;
  /** The cases the export dialog reports on (set with it by `openExport`). */
  reportCaseIds: string[];
  openExport: (caseIds: string[]) => void;
  /**
   * A passage to light in the open unit's text (a search result opened at its citation): character ranges
   * of the unit's markdown. Cleared when another document or unit is opened.
   */
  litPassage: { sourceUnitId: string; ranges: { start: number; end: number }[] } | null;
  lightPassage: (passage: { sourceUnitId: string; ranges: { start: number; end: number }[] } | null) => void;
  /** The tables read on the pages are outlined over the original (off until asked for). */
  tablesShown: boolean;
  toggleTables: () => void;
  /** Every figure box drawn in full, on pages so dense that they are drawn faintly until pointed at. */
  boxesShown: boolean;
  toggleBoxes: () => void;
}

export const useWorkbenchUi = create<WorkbenchUi>()((set) => ({
  libraryOpen: true,
  toggleLibrary: () => set((state) => ({ libraryOpen: !state.libraryOpen })),
  centre: 'document',
  showArticle: () => set({ centre: 'article' }),
  showDocument: () => set({ centre: 'document' }),
  openSourceVersionId: null,
  openUnitIndex: 1,
  openDocument: (sourceVersionId, unitIndex = 1) =>
    set({
      centre: 'document',
      openSourceVersionId: sourceVersionId,
      openUnitIndex: unitIndex,
      litFigure: null,
      litPassage: null,
      activeFigure: null,
      figureFocus: null,
    }),
  showUnit: (unitIndex) => set({ openUnitIndex: unitIndex, litFigure: null, litPassage: null }),
  litFigure: null,
  lightFigure: (figure) => set({ litFigure: figure }),
  activeFigure: null,
  setActiveFigure: (figure) =>
    set((state) =>
      state.activeFigure?.sourceUnitId === figure.sourceUnitId && state.activeFigure.index === figure.index
        ? {}
        : { activeFigure: figure },
    ),
  figureFocus: null,
  focusFigure: (figure, place) => set({ activeFigure: figure, figureFocus: { figure, place } }),
  figureFocused: () => set({ figureFocus: null }),
  operands: { A: null, B: null },
  pickOperand: (slot, operand) => set((state) => ({ operands: { ...state.operands, [slot]: operand } })),
  clearOperand: (slot) =>
    set((state) => ({ operands: slot ? { ...state.operands, [slot]: null } : { A: null, B: null } })),
  activeCaseId: null,
  setActiveCase: (id) => set({ activeCaseId: id }),
  claimDraft: '',
  setClaimDraft: (claim) => set({ claimDraft: claim }),
  closeDocument: (sourceVersionId) =>
    set((state) =>
      state.openSourceVersionId === sourceVersionId ? { openSourceVersionId: null, litFigure: null } : {},
    ),
  overlay: null,
  openOverlay: (overlay) => set({ overlay }),
  closeOverlay: () => set({ overlay: null }),
  reportCaseIds: [],
  openExport: (caseIds) => set({ overlay: 'export', reportCaseIds: caseIds }),
  litPassage: null,
  lightPassage: (passage) => set({ litPassage: passage }),
  tablesShown: false,
  toggleTables: () => set((state) => ({ tablesShown: !state.tablesShown })),
  boxesShown: false,
  toggleBoxes: () => set((state) => ({ boxesShown: !state.boxesShown })),
}));
