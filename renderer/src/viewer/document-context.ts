import { createContext } from 'react';
import type { Representation } from '../../../shared/api';
import type { LibraryEntry } from '../../../shared/bridge';

/** The document open in the viewer, for what picking a figure needs to know about it. */
export interface ViewerDocument {
  entry: LibraryEntry;
  /** Null until the document has been read. */
  representation: Representation | null;
  /** Says something to screen-reader users (a polite live region). */
  announce: (text: string) => void;
}

export const ViewerDocumentContext = createContext<ViewerDocument | null>(null);
