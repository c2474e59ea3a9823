import { formatLongDate } from '#shared/format';
import type { TurnComment } from '#shared/review';
import { REVIEW_TEXT } from '#shared/text';
import '../review.css';

/**
 * Trainers' comments on one turn, under it, each with who wrote it and for which organisation
 * (decision 026). Nothing when none.
 */
export function TurnComments({
  comments,
  messageId,
  turn,
  role,
}: {
  /** All of the conversation's comments, oldest first; this shows those on `messageId`. */
  comments: readonly TurnComment[];
  messageId: string;
  /** The line's turn (shared/turns.ts; null: the opening) and speaker, for the list's name. */
  turn: number | null;
  role: 'user' | 'assistant';
}) {
  const mine = comments.filter((c) => c.messageId === messageId);
  if (mine.length === 0) return null;
  return (
    <ul className="turn-comments" aria-label={REVIEW_TEXT.comments(turn, role)}>
      {mine.map((c) => (
        <li key={c.id} className="review-note review-note--turn">
          <p className="review-note__by">
            {REVIEW_TEXT.commentFrom(c.trainerName, c.organisationName)}{' '}
            <time className="review-note__when" dateTime={c.createdAt}>
              ({formatLongDate(c.createdAt)})
            </time>
          </p>
          <p className="review-note__text">{c.comment}</p>
        </li>
      ))}
    </ul>
  );
}
