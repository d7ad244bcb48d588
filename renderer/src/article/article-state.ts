import { create } from 'zustand';
import type { ArticleClaimsInput } from '../../../shared/bridge';

/** Where the article comes from: text pasted, a web address, or a document already in the library. */
export type ArticleFrom = 'text' | 'url' | 'library';

/** The order the claims are listed in: as the article says them, or most checkable first. */
export type ClaimOrder = 'article' | 'checkable';

/** A reading of the article still running: its task id and the last step the main process reported. */
export interface ArticleReading {
  taskId: string;
  /** `fetch:downloading`, `fetch:stored`, `claims:reading`, or null before the first report. */
  stage: string | null;
  /** The person asked to stop it; the main process has not answered yet. */
  cancelling: boolean;
}

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
  order: ClaimOrder;
  reading: ArticleReading | null;
  setFrom: (from: ArticleFrom) => void;
  setText: (text: string) => void;
  setUrl: (url: string) => void;
  setSourceVersionId: (id: string) => void;
  ask: (input: ArticleClaimsInput) => void;
  select: (order: number | null) => void;
  setOrder: (order: ClaimOrder) => void;
  setReading: (reading: ArticleReading | null) => void;
}

export const useArticleDraft = create<ArticleDraftState>()((set) => ({
  from: 'text',
  text: '',
  url: '',
  sourceVersionId: '',
  asked: null,
  selected: null,
  order: 'article',
  reading: null,
  setFrom: (from) => set({ from }),
  setText: (text) => set({ text }),
  setUrl: (url) => set({ url }),
  setSourceVersionId: (sourceVersionId) => set({ sourceVersionId }),
  ask: (asked) => set({ asked, selected: null }),
  select: (selected) => set({ selected }),
  setOrder: (order) => set({ order }),
  setReading: (reading) => set({ reading }),
}));
