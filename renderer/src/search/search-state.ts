import { create } from 'zustand';
import { EMPTY_FILTERS, type FilterDraft } from './filters';

/** The last query and filters, kept while the app runs so reopening the panel finds them as left. */
interface SearchDraftState {
  query: string;
  filters: FilterDraft;
  showFilters: boolean;
  setQuery: (query: string) => void;
  setFilters: (filters: FilterDraft) => void;
  setShowFilters: (show: boolean) => void;
}

export const useSearchDraft = create<SearchDraftState>()((set) => ({
  query: '',
  filters: EMPTY_FILTERS,
  showFilters: false,
  setQuery: (query) => set({ query }),
  setFilters: (filters) => set({ filters }),
  setShowFilters: (showFilters) => set({ showFilters }),
}));
