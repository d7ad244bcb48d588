import { create } from 'zustand';

/** UI state only (what is shown, not what is known): data from the main process lives in React Query. */
interface WorkbenchUi {
  libraryOpen: boolean;
  toggleLibrary: () => void;
}

export const useWorkbenchUi = create<WorkbenchUi>()((set) => ({
  libraryOpen: true,
  toggleLibrary: () => set((state) => ({ libraryOpen: !state.libraryOpen })),
}));
