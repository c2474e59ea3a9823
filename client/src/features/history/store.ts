import { mergeHistoryPages } from '#shared/history';
import type { HistoryResponse } from '#shared/api/history';
import { createResource } from '../../lib/resource';
import { getHistory } from './api/getHistory';

/** The signed-in user's history, keyed by user id: the pages loaded so far, merged. */
export const historyResource = createResource<HistoryResponse>({
  fetch: () => getHistory(),
  onError: (error) => {
    // Spec §8: a failed history load is only logged; the list stays as it was.
    console.error('Could not load conversation history', error);
    return { message: null };
  },
});

/** 'Load more': the next page joins the list, unless the list was reloaded meanwhile. */
export async function loadMoreHistory(userId: string): Promise<void> {
  const { key, data } = historyResource.store.getState();
  if (key !== userId || !data?.nextCursor) return;
  try {
    await historyResource.loadMore(userId, async (loaded) => {
      const page = await getHistory({ before: loaded.nextCursor });
      return (current) => ({
        entries: mergeHistoryPages(current.entries, page.entries),
        nextCursor: page.nextCursor,
      });
    });
  } catch (error) {
    // The button stays, so the user can simply try again.
    console.error('Could not load more history', error);
  }
}

/** A conversation deleted from the list: it leaves the loaded pages at once. */
export function forgetHistoryEntry(conversationId: string): void {
  historyResource.store.setState((state) =>
    state.data === null
      ? {}
      : {
          data: {
            ...state.data,
            entries: state.data.entries.filter((e) => e.conversationId !== conversationId),
          },
        },
  );
}
