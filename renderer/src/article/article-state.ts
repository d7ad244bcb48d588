import { create } from 'zustand';
import type { ArticleClaimsInput } from '../../../shared/bridge';

/** Where the article comes from: text pasted, a web address, or a document already in the library. */
export type ArticleFrom = 'text' | 'url' | 'library';

/** The article view's own state, kept while the app runs so coming back to it finds it as left. */
interface ArticleDraftState {
  from: ArticleFrom;
  text: string;
  url: string;
  sourceVersionId: string;
  /** The article whose claims are shown (asked of the main process), or null before the first. */
  asked: ArticleClaimsInput | null;
  /** The claim selected in the list (its `order`), or null. */
  selected: number | null;
  setFrom: (from: ArticleFrom) => void;
  setText: (text: string) => void;
  setUrl: (url: string) => void;
  setSourceVersionId: (id: string) => void;
  ask: (input: ArticleClaimsInput) => void;
  select: (order: number | null) => void;
}

export const useArticleDraft = create<ArticleDraftState>()((set) => ({
  from: 'text',
  text: '',
  url: '',
  sourceVersionId: '',
  asked: null,
  selected: null,
  setFrom: (from) => set({ from }),
  setText: (text) => set({ text }),
  setUrl: (url) => set({ url }),
  setSourceVersionId: (sourceVersionId) => set({ sourceVersionId }),
  ask: (asked) => set({ asked, selected: null }),
  select: (selected) => set({ selected }),
}));
