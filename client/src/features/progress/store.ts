import { create } from 'zustand';
import { emptyProgressSummary, type ProgressSummary } from '../../../../shared/progress';
import { getProgress, progressErrorMessage } from './api/getProgress';

interface ProgressState {
  /** Whose summary this is: another user's must never show, even for a moment. */
  userId: string | null;
  /** Null until the first answer for this user. */
  summary: ProgressSummary | null;
  loading: boolean;
  error: string | null;
  load: (userId: string) => Promise<void>;
}

// Only the newest request may write: a slow answer for an old user or an old click loses.
let latestRequest = 0;

/** Kept across tab switches so returning to the tab refreshes in place instead of flashing. */
export const useProgressStore = create<ProgressState>()((set, get) => ({
  userId: null,
  summary: null,
  loading: false,
  error: null,

  load: async (userId) => {
    const request = ++latestRequest;
    if (get().userId !== userId) set({ userId, summary: null, error: null });
    set({ loading: true });
    try {
      const summary = await getProgress();
      if (request === latestRequest) set({ summary, loading: false, error: null });
    } catch (error) {
      if (request !== latestRequest) return;
      console.error('Could not load progress', error);
      // Spec §8: the summary is reset to zeros in both error cases.
      set({ summary: emptyProgressSummary(), loading: false, error: progressErrorMessage(error) });
    }
  },
}));
