import { create } from 'zustand';
import { mergeHistoryPages, type HistoryEntry } from '../../../../shared/history';
import { getHistory } from './api/getHistory';

interface HistoryState {
  /** Whose history this is: another user's must never show, even for a moment. */
  userId: string | null;
  entries: HistoryEntry[];
  nextCursor: string | null;
  /** `loaded` stays set through later refreshes so the list does not flash back to loading. */
  status: 'idle' | 'loading' | 'loaded';
  loadingMore: boolean;
  load: (userId: string) => Promise<void>;
  loadMore: () => Promise<void>;
}

// Only the newest first-page request may write; 'Load more' is ignored if a reload began since.
let generation = 0;

export const useHistoryStore = create<HistoryState>()((set, get) => ({
  userId: null,
  entries: [],
  nextCursor: null,
  status: 'idle',
  loadingMore: false,

  load: async (userId) => {
    const current = ++generation;
    if (get().userId !== userId) {
      set({ userId, entries: [], nextCursor: null, status: 'idle', loadingMore: false });
    }
    // A 'Load more' still in flight belongs to the old list and will be dropped.
    set({ loadingMore: false });
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      const page = await getHistory();
      if (current !== generation) return;
      set({ entries: page.entries, nextCursor: page.nextCursor, status: 'loaded' });
    } catch (error) {
      if (current !== generation) return;
      // Spec §8: a failed history load is only logged; the list stays as it was.
      console.error('Could not load conversation history', error);
      set({ status: 'loaded' });
    }
  },

  loadMore: async () => {
    const { nextCursor, loadingMore } = get();
    if (!nextCursor || loadingMore) return;
    const current = generation;
    set({ loadingMore: true });
    try {
      const page = await getHistory({ before: nextCursor });
      if (current !== generation) return;
      set((state) => ({
        entries: mergeHistoryPages(state.entries, page.entries),
        nextCursor: page.nextCursor,
      }));
    } catch (error) {
      // The button stays, so the user can simply try again.
      console.error('Could not load more history', error);
    } finally {
      if (current === generation) set({ loadingMore: false });
    }
  },
}));
