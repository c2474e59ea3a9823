interface ProgressPanelProps {
  /** Sends the user to the Practice Scenarios tab. */
  onStartPractice: () => void;
}

/** Spec §2 Tab 2, empty state only for now; the panel with the chart comes in its own issue. */
export function ProgressPanel({ onStartPractice }: ProgressPanelProps) {
  return (
    <section className="panel" aria-labelledby="progress-title">
      <h2 id="progress-title" className="section-title">
        Your Progress
      </h2>
      <div className="empty-state">
        <p className="empty-state__title">No progress data available yet.</p>
        <p className="empty-state__text">
          Complete practice conversations to see your progress metrics here.
        </p>
        <button type="button" className="button button--primary" onClick={onStartPractice}>
          Start a Practice Scenario
        </button>
      </div>
    </section>
  );
}
