import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatClockTime, formatLongDate, formatOutOfTen } from '#shared/format';
import { ArrowLeftIcon } from './Icons';

interface DetailHeaderProps {
  back: { href: string; label: string };
  title: string;
  /** The overall score on the badge that opens the report; null hides the badge. */
  score: number | null;
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
        <h1 className="scenario-header__title">{title}</h1>
        {score !== null ? (
          <button
            type="button"
            className="score-badge"
            onClick={onOpenReport}
            aria-haspopup="dialog"
          >
            <span className="score-badge__score">{formatOutOfTen(score)}</span>
            <span>{viewLabel}</span>
          </button>
        ) : null}
      </div>
      {createdAt !== null ? (
        <p className="conversation-detail__when">
          <time dateTime={createdAt}>{formatLongDate(createdAt)}</time>
          {' at '}
          <time dateTime={createdAt}>{formatClockTime(createdAt)}</time>
        </p>
      ) : null}
      {children}
    </header>
  );
}
