import { useId, useMemo } from 'react';
import { groupBranches } from '#shared/history';
import { HISTORY_TEXT } from '#shared/text';
import { Spinner } from '../../../components/Spinner';
import { useResource } from '../../../lib/resource';
import { forgetHistoryEntry, historyResource, loadMoreHistory } from '../store';
import { HistoryEntryCard } from './HistoryEntryCard';
import '../history.css';

interface HistoryPanelProps {
  /** The signed-in user; a change reloads the list (spec §4). */
  userId: string;
}

/** Spec §2 Tab 3, Conversation History. Fetched each time the tab is entered. */
export function HistoryPanel({ userId }: HistoryPanelProps) {
  const history = useResource(historyResource, userId);
  const entries = useMemo(() => history.data?.entries ?? [], [history.data]);
  const groups = useMemo(() => groupBranches(entries), [entries]);
  const nextCursor = history.data?.nextCursor ?? null;
  const { loadingMore } = history;
  const ids = useId();

  return (
    <section className="panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="section-title">
        {HISTORY_TEXT.title}
      </h2>

      {!history.settled && entries.length === 0 ? (
        <p className="loading-line">
          <Spinner />
          {HISTORY_TEXT.loading}
        </p>
      ) : entries.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__text">{HISTORY_TEXT.empty}</p>
        </div>
      ) : (
        <>
          <ul className="history-list">
            {groups.map(({ entry, branches }) => (
              <li key={entry.conversationId}>
                <HistoryEntryCard
                  entry={entry}
                  onDeleted={() => forgetHistoryEntry(entry.conversationId)}
                />
                {branches.length > 0 ? (
                  <ul
                    className="history-branches"
                    aria-label={HISTORY_TEXT.branches(branches.length)}
                  >
                    {branches.map((branch) => (
                      <li key={branch.conversationId}>
                        <HistoryEntryCard
                          entry={branch}
                          onDeleted={() => forgetHistoryEntry(branch.conversationId)}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {nextCursor ? (
            <div className="history-more">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void loadMoreHistory(userId)}
                disabled={loadingMore}
                aria-busy={loadingMore}
              >
                {loadingMore ? <Spinner /> : null}
                {HISTORY_TEXT.loadMore}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
