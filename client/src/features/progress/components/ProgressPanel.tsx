import { lazy, Suspense, useId } from 'react';
import { formatAverageScore, formatImprovement, subScoreColour } from '#shared/format';
import { PROFICIENCY_HALF_LIFE, hasProgressData, type ProgressSummary } from '#shared/progress';
import { skill as skillOf } from '#shared/skills';
import { PROGRESS_TEXT as T } from '#shared/text';
import { Spinner } from '../../../components/Spinner';
import { useResource } from '../../../lib/resource';
import { progressResource } from '../store';
import '../progress.css';

// Chart.js is heavy; it is fetched the first time this tab renders a chart, not with the app.
const ProgressChart = lazy(() => import('./ProgressChart'));

interface ProgressPanelProps {
  /** The signed-in user; a change reloads the data (spec §4). */
  userId: string;
  /** Sends the user to the Practice Scenarios tab. */
  onStartPractice: () => void;
}

/** Spec §2 Tab 2, Your Progress. Data is fetched each time the tab is entered. */
export function ProgressPanel({ userId, onStartPractice }: ProgressPanelProps) {
  const { data: summary, loading, error, reload: refresh } = useResource(progressResource, userId);
  const ids = useId();

  const refreshButton = (
    <button
      type="button"
      className="button button--secondary"
      onClick={refresh}
      disabled={loading}
      aria-busy={loading}
    >
      {loading ? T.refreshing : T.refresh}
    </button>
  );
  const empty = !error && summary !== null && !hasProgressData(summary);

  return (
    <section className="panel progress" aria-labelledby={`${ids}-title`}>
      <div className="panel__head">
        <h2 id={`${ids}-title`} className="section-title">
          {T.title}
        </h2>
        {/* The empty state carries its own Refresh Data button (spec §2). */}
        {empty ? null : refreshButton}
      </div>

      {error ? (
        <div className="alert alert--error alert--action" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--secondary button--sm" onClick={refresh}>
            {T.tryAgain}
          </button>
        </div>
      ) : summary === null ? (
        <p className="loading-line">
          <Spinner />
          {T.loading}
        </p>
      ) : empty ? (
        <div className="empty-state">
          <p className="empty-state__title">{T.emptyTitle}</p>
          <p className="empty-state__text">{T.emptyText}</p>
          <div className="empty-state__actions">
            <button type="button" className="button button--primary" onClick={onStartPractice}>
              {T.startPractice}
            </button>
            {refreshButton}
          </div>
        </div>
      ) : (
        <ProgressView summary={summary} />
      )}
    </section>
  );
}

/** Spec §2 progress panel: inputs are the points, completedConversations, avgScore, improvementRate. */
function ProgressView({ summary }: { summary: ProgressSummary }) {
  const ids = useId();
  return (
    <div className="progress__body">
      <div className="progress__overview">
        <dl className="stat-tiles">
          <div className="stat-tile">
            <dt>{T.completedSessions}</dt>
            <dd>{summary.completedConversations}</dd>
          </div>
          <div className="stat-tile">
            <dt>{T.averageScore}</dt>
            <dd>{formatAverageScore(summary.avgScore)}</dd>
          </div>
          <div className="stat-tile">
            <dt>{T.improvement}</dt>
            <dd>{formatImprovement(summary.improvementRate)}</dd>
          </div>
        </dl>
        <Proficiency summary={summary} />
      </div>

      <section className="card chart-card" aria-labelledby={`${ids}-chart`}>
        <h3 id={`${ids}-chart`} className="card__title">
          {T.trendTitle}
        </h3>
        {summary.points.length > 0 ? (
          <Suspense
            fallback={
              <div className="chart-box chart-box--loading">
                <Spinner label={T.loadingChart} size="md" />
              </div>
            }
          >
            <ProgressChart points={summary.points} />
          </Suspense>
        ) : (
          <p className="muted">{T.noChart}</p>
        )}
      </section>

      <section className="card" aria-labelledby={`${ids}-insights`}>
        <h3 id={`${ids}-insights`} className="card__title">
          {T.insights}
        </h3>
        <ul className="insights">
          {summary.insights.map((text, index) => (
            // Spec §2: the first bullet is blue, the second yellow, the rest green.
            <li key={index} className={`insight insight--${insightColour(index)}`}>
              {text}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function insightColour(index: number): 'blue' | 'yellow' | 'green' {
  if (index === 0) return 'blue';
  if (index === 1) return 'yellow';
  return 'green';
}

/** Beyond the spec: each skill's recency-weighted level, explained in a tooltip. */
function Proficiency({ summary }: { summary: ProgressSummary }) {
  const ids = useId();
  return (
    <section className="card proficiency" aria-labelledby={`${ids}-title`}>
      <div className="proficiency__head">
        <h3 id={`${ids}-title`} className="card__title">
          {T.proficiencyTitle}
        </h3>
        <span className="tooltip-wrap">
          <button
            type="button"
            className="info-button"
            aria-label={T.proficiencyHow}
            aria-describedby={`${ids}-how`}
          >
            {T.infoMark}
          </button>
          <span id={`${ids}-how`} role="tooltip" className="tooltip tooltip--wide">
            {T.proficiencyExplanation(PROFICIENCY_HALF_LIFE)}
          </span>
        </span>
      </div>
      <ul className="proficiency__list">
        {summary.proficiency.map(({ skill, value }) => {
          const colour = value === null ? 'grey' : subScoreColour(value);
          return (
            <li key={skill} className="proficiency__row">
              <span className="proficiency__label">{skillOf(skill).label}</span>
              <span className="proficiency__track" aria-hidden="true">
                <span
                  className={`proficiency__bar proficiency__bar--${colour}`}
                  style={{ width: `${(value ?? 0) * 10}%` }}
                />
              </span>
              <span className="proficiency__value">
                {value === null ? '—' : formatAverageScore(value)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
