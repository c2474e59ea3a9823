import { formatLongDate, formatOutOfTen } from '#shared/format';
import type { ScoreOverride } from '#shared/review';
import { REVIEW_TEXT } from '#shared/text';
import '../review.css';

/**
 * The grader's overall score beside the trainers' overrides, each labelled as whose it is, with
 * the trainer's reason and organisation (the trainee sees both, marked as such; a
 * trainee in two organisations may see one score from each, decision 026). Nothing without an
 * override, so an unreviewed conversation looks as it always did.
 */
export function ScoreComparison({
  aiScore,
  overrides,
}: {
  /** Null when the conversation was never graded. */
  aiScore: number | null;
  overrides: readonly ScoreOverride[];
}) {
  if (overrides.length === 0) return null;
  const label = (override: ScoreOverride) =>
    overrides.length === 1
      ? REVIEW_TEXT.trainerScore
      : REVIEW_TEXT.trainerScoreOf(override.organisationName);
  return (
    <section className="review-scores" aria-label={REVIEW_TEXT.scores}>
      <p className="review-scores__row">
        {aiScore === null ? null : (
          <span className="review-scores__score review-scores__score--ai">
            <span className="review-scores__label">{REVIEW_TEXT.aiScore}</span>{' '}
            <span className="review-scores__value">{formatOutOfTen(aiScore)}</span>
          </span>
        )}
        {overrides.map((override) => (
          <span
            key={override.organisationId}
            className="review-scores__score review-scores__score--trainer"
          >
            <span className="review-scores__label">{label(override)}</span>{' '}
            <span className="review-scores__value">{formatOutOfTen(override.score)}</span>
          </span>
        ))}
      </p>
      {overrides.map((override) => (
        <figure key={override.organisationId} className="review-note">
          <blockquote className="review-note__text">
            <p>{override.comment}</p>
          </blockquote>
          <figcaption className="review-note__by">
            {REVIEW_TEXT.by(override.trainerName, override.organisationName)},{' '}
            <time dateTime={override.createdAt}>{formatLongDate(override.createdAt)}</time>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
