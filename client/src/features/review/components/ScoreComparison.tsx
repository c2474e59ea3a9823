import { formatLongDate, formatScore } from '../../../../../shared/format';
import type { ScoreOverride } from '../../../../../shared/review';
import { REVIEW_TEXT } from '../../../../../shared/text';
import '../review.css';

/**
 * The grader's overall score beside the trainer's override, each labelled as whose it is, with
 * the trainer's reason (issue 17: the trainee sees both, marked as such). Nothing without an
 * override, so an unreviewed conversation looks as it always did.
 */
export function ScoreComparison({
  aiScore,
  override,
}: {
  /** Null when the conversation was never graded. */
  aiScore: number | null;
  override: ScoreOverride | null;
}) {
  if (override === null) return null;
  return (
    <section className="review-scores" aria-label={REVIEW_TEXT.scores}>
      <p className="review-scores__row">
        {aiScore === null ? null : (
          <span className="review-scores__score review-scores__score--ai">
            <span className="review-scores__label">{REVIEW_TEXT.aiScore}</span>{' '}
            <span className="review-scores__value">{formatScore(aiScore)}/10</span>
          </span>
        )}
        <span className="review-scores__score review-scores__score--trainer">
          <span className="review-scores__label">{REVIEW_TEXT.trainerScore}</span>{' '}
          <span className="review-scores__value">{formatScore(override.score)}/10</span>
        </span>
      </p>
      <figure className="review-note">
        <blockquote className="review-note__text">
          <p>{override.comment}</p>
        </blockquote>
        <figcaption className="review-note__by">
          {REVIEW_TEXT.by(override.trainerName)},{' '}
          <time dateTime={override.createdAt}>{formatLongDate(override.createdAt)}</time>
        </figcaption>
      </figure>
    </section>
  );
}
