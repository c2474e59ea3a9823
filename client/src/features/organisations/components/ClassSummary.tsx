import { useId } from 'react';
import type { ClassSummary as Summary } from '#shared/api/organisations';
import { feedbackBarColour } from '#shared/feedback';
import { cohortScoreText } from '#shared/organisations';
import { OVERALL, skill } from '#shared/skills';
import { CLASS_SUMMARY_TEXT as T, DEBRIEF_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useScreenResource } from '../../../lib/resource';
import { getClassSummary } from '../api/getClassSummary';

/** A score's short name, read when shown (in the interface language). */
function scoreLabel(key: Summary['scores'][number]['key']): string {
  return key === 'overall' ? OVERALL.label : skill(key).label;
}

/** A share as a whole percentage; nothing to share is 0%. */
const percent = (part: number, whole: number) =>
  `${whole === 0 ? 0 : Math.round((part / whole) * 100)}%`;

/**
 * A cohort's class summary (decision 044): each score's average as a bar, the consent
 * checklist item by item, and the hidden concerns most often left hidden, over the graded
 * conversations its members started while members. Loaded when its tab is opened.
 */
export function ClassSummary({ cohortId, version }: { cohortId: string; version: string }) {
  const id = useId();
  const { data: summary, error } = useScreenResource(
    {
      fetch: getClassSummary,
      onError: (cause) => {
        console.error('Could not load the class summary', cause);
        return { message: errorMessage(cause, T.failed) };
      },
    },
    cohortId,
    version,
  );

  if (error !== null) return <Alert>{error}</Alert>;
  if (summary === null)
    return (
      <p className="loading-line">
        <Spinner />
        {T.loading}
      </p>
    );
  if (summary.conversations === 0) return <p className="muted">{T.empty}</p>;

  return (
    <div className="org-summary">
      <p className="muted">{T.intro(summary.conversations, summary.trainees)}</p>

      <section aria-labelledby={`${id}-scores`}>
        <h5 id={`${id}-scores`} className="org-subtitle">
          {T.scores}
        </h5>
        <table className="org-table org-table--plain org-summary__scores">
          <thead>
            <tr>
              <th scope="col">{T.score}</th>
              <th scope="col">{T.average}</th>
            </tr>
          </thead>
          <tbody>
            {summary.scores.map((score) => (
              <tr key={score.key}>
                <th scope="row">{scoreLabel(score.key)}</th>
                <td>
                  {score.average === null ? (
                    '—'
                  ) : (
                    <span className="org-summary__bar-cell">
                      <span className="org-summary__track" aria-hidden="true">
                        <span
                          className={`org-summary__bar org-summary__bar--${feedbackBarColour(score.average)}`}
                          style={{ width: `${score.average * 10}%` }}
                        />
                      </span>
                      {cohortScoreText(score.average)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby={`${id}-consent`}>
        <h5 id={`${id}-consent`} className="org-subtitle">
          {T.consent}
        </h5>
        {summary.debriefed === 0 ? (
          <p className="muted">{T.noDebrief}</p>
        ) : (
          <>
            <p className="muted">{T.consentIntro(summary.debriefed)}</p>
            <div
              className="org-table-wrap"
              role="region"
              aria-labelledby={`${id}-consent`}
              tabIndex={0}
            >
              <table className="org-table org-table--plain">
                <thead>
                  <tr>
                    <th scope="col">{T.item}</th>
                    <th scope="col">{DEBRIEF_TEXT.consentStatus.met}</th>
                    <th scope="col">{DEBRIEF_TEXT.consentStatus.partly_met}</th>
                    <th scope="col">{DEBRIEF_TEXT.consentStatus.not_met}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.consent.map((c) => {
                    const total = c.met + c.partlyMet + c.notMet;
                    return (
                      <tr key={c.item}>
                        <th scope="row">{DEBRIEF_TEXT.consentItems[c.item]}</th>
                        <td>{`${c.met} (${percent(c.met, total)})`}</td>
                        <td>{`${c.partlyMet} (${percent(c.partlyMet, total)})`}</td>
                        <td>{`${c.notMet} (${percent(c.notMet, total)})`}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      {summary.debriefed > 0 ? (
        <section aria-labelledby={`${id}-missed`}>
          <h5 id={`${id}-missed`} className="org-subtitle">
            {T.missed}
          </h5>
          {summary.missedConcerns.length === 0 ? (
            <p className="muted">{T.missedNone}</p>
          ) : (
            <>
              <p className="muted">{T.missedIntro}</p>
              <ol className="org-summary__missed">
                {summary.missedConcerns.map((c) => (
                  <li key={`${c.scenarioId}:${c.concernId}`}>
                    <span className="org-summary__concern">{c.concern}</span>{' '}
                    <span className="muted">({c.scenarioTitle})</span>
                    <span className="org-summary__count">{T.missedOf(c.missed, c.of)}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
