import { useId } from 'react';
import { Link } from 'wouter';
import { formatClockTime, formatDuration, formatShortDate, subScoreColour } from '#shared/format';
import { SUB_SCORE_ROWS, difficultyLabel, historyTitle, type HistoryEntry } from '#shared/history';
import { languageOf } from '#shared/languages';
import { difficultyBadgeColour } from '#shared/scenario';
import { FORMAT_TEXT, HISTORY_TEXT } from '#shared/text';
import { conversationPath } from '../../../lib/paths';
import { Badge } from '../../../components/Badge';
import { CountedScoreText } from '../../../components/CountedScoreText';
import { DeleteConversation } from './DeleteConversation';

/**
 * One past conversation (spec §2 Tab 3). The title is the link; it stretches over the card,
 * so a click anywhere opens the detail while keyboards and screen readers meet one link.
 */
export function HistoryEntryCard({
  entry,
  onDeleted,
}: {
  entry: HistoryEntry;
  /** The entry was deleted (its own button): the list drops it. */
  onDeleted?: () => void;
}) {
  const ids = useId();
  const title = historyTitle(entry.scenarioTitle);
  // A scenario's title is in its language; "Untitled" (no scenario) is the interface's.
  const titleLang =
    entry.scenarioTitle?.trim() && entry.scenarioLanguage
      ? languageOf(entry.scenarioLanguage).tag
      : undefined;
  const ai = entry.aiOverallScore ?? null;

  return (
    <article className="card card--interactive history-entry" aria-labelledby={`${ids}-title`}>
      <div className="card__head">
        <h3 id={`${ids}-title`} className="card__title" lang={titleLang}>
          <Link
            href={conversationPath(entry.conversationId)}
            className="history-entry__link"
            aria-describedby={`${ids}-score`}
          >
            {title}
          </Link>
        </h3>
        <span id={`${ids}-score`} className="history-entry__score">
          <span className="visually-hidden">{HISTORY_TEXT.overallScore} </span>
          {entry.overallScore === null ? (
            FORMAT_TEXT.notAvailable
          ) : (
            <CountedScoreText score={{ score: entry.overallScore, ai, byTrainer: ai !== null }} />
          )}
        </span>
      </div>

      {entry.branchOf ? (
        <p className="history-entry__branch">{HISTORY_TEXT.anotherAnswer}</p>
      ) : null}

      <div className="history-entry__meta">
        <Badge colour={difficultyBadgeColour(entry.difficulty)}>
          {difficultyLabel(entry.difficulty)}
        </Badge>
        <time dateTime={entry.createdAt}>{formatShortDate(entry.createdAt)}</time>
        <span aria-hidden="true">·</span>
        <time dateTime={entry.createdAt}>{formatClockTime(entry.createdAt)}</time>
        <span aria-hidden="true">·</span>
        <span>{formatDuration(entry.createdAt, entry.endedAt)}</span>
      </div>

      <ul className="sub-scores" aria-label={HISTORY_TEXT.skillScores}>
        {SUB_SCORE_ROWS.map(({ key, label }) => {
          const score = entry.subScores?.[key] ?? null;
          const colour = score === null ? 'grey' : subScoreColour(score);
          return (
            <li key={key} className={`sub-score sub-score--${colour}`}>
              <span className="sub-score__label">{label}</span>
              <span className="sub-score__value">{score === null ? '—' : score}</span>
            </li>
          );
        })}
      </ul>

      {onDeleted ? (
        <div className="history-entry__actions">
          <DeleteConversation
            conversationId={entry.conversationId}
            title={title}
            onDeleted={onDeleted}
          />
        </div>
      ) : null}
    </article>
  );
}
