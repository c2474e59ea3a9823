import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CountedScore } from '#shared/countedScore';
import { formatClockTime, formatLongDate } from '#shared/format';
import { HISTORY_TEXT } from '#shared/text';
import { CountedScoreText } from './CountedScoreText';
import { ArrowLeftIcon } from './Icons';

interface DetailHeaderProps {
  back: { href: string; label: string };
  title: string;
  /** The title's language (BCP-47) when it is the scenario's own words, not the interface's. */
  titleLang?: string | undefined;
  /**
   * The counted overall score (decision 043) on the badge that opens the report, with the AI's
   * beside it when a trainer's counts; null hides the badge.
   */
  score: CountedScore | null;
  viewLabel: string;
  onOpenReport: () => void;
  /** When the conversation was practised, once loaded. */
  createdAt: string | null;
  /** What else the header says (who practised it, the review, a branch note…). */
  children?: ReactNode;
}

/**
 * The top of a past conversation's page, for the trainee's detail and the trainer's review
 * alike: the way back, the scenario's title, the score badge that opens the report, and when
 * it was practised.
 */
export function DetailHeader({
  back,
  title,
  titleLang,
  score,
  viewLabel,
  onOpenReport,
  createdAt,
  children,
}: DetailHeaderProps) {
  return (
    <header className="scenario-header">
      <Link href={back.href} className="back-link">
        <ArrowLeftIcon />
        {back.label}
      </Link>
      <div className="scenario-header__title-row">
        <h1 className="scenario-header__title" lang={titleLang}>
          {title}
        </h1>
        {score !== null && score.score !== null ? (
          <button
            type="button"
            className="score-badge"
            onClick={onOpenReport}
            aria-haspopup="dialog"
          >
            <CountedScoreText score={score} className="score-badge__score" />
            <span>{viewLabel}</span>
          </button>
        ) : null}
      </div>
      {createdAt !== null ? (
        <p className="conversation-detail__when">
          <time dateTime={createdAt}>
            {HISTORY_TEXT.when(formatLongDate(createdAt), formatClockTime(createdAt))}
          </time>
        </p>
      ) : null}
      {children}
    </header>
  );
}
