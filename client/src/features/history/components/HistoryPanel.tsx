/** Spec §2 Tab 3, empty state only for now; the list comes in its own issue. */
export function HistoryPanel() {
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        Conversation History
      </h2>
      <div className="empty-state">
        <p className="empty-state__text">
          No conversation history found. Complete a practice conversation to see history here.
        </p>
      </div>
    </section>
  );
}
