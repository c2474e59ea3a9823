import type { ScoreSet } from '#shared/countedScore';
import { formatLongDate, formatOutOfTen } from '#shared/format';
import type { ScoreOverride } from '#shared/review';
import { skill } from '#shared/skills';
import { REVIEW_TEXT } from '#shared/text';
import '../review.css';

/**
 * The grader's scores beside the trainers' overrides, each labelled as whose it is, with the
 * trainer's reason and organisation (the trainee sees both, marked as such; a trainee in two
 * organisations may see one score from each, decision 026): the overall score, then each skill
 * a trainer scored, the AI's beside it, with its own reason (decision 043). Nothing without an
 * override, so an unreviewed conversation looks as it always did.
 */
export function ScoreComparison({
  ai,
  overrides,
}: {
  /** The grader's scores; null when the conversation was never graded. */
  ai: ScoreSet | null;
  overrides: readonly ScoreOverride[];
}) {
  if (overrides.length === 0) return null;
  const label = (override: ScoreOverride) =>
    overrides.length === 1
      ? REVIEW_TEXT.trainerScore
      : REVIEW_TEXT.trainerScoreOf(override.organisationName);
  const aiScore = ai?.overall ?? null;
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
          {override.counts ? null : <p className="review-note__by">{REVIEW_TEXT.notCounted}</p>}
          {override.skills.length > 0 ? (
            <ul
              className="review-skills"
              aria-label={
                overrides.length === 1
                  ? REVIEW_TEXT.skillScores
                  : `${REVIEW_TEXT.skillScores} (${override.organisationName})`
              }
            >
              {override.skills.map((s) => {
                const aiSkill = ai?.[s.skill] ?? null;
                return (
                  <li key={s.skill} className="review-skills__item">
                    <span className="review-skills__name">{skill(s.skill).label}</span>
                    <span className="review-scores__score review-scores__score--trainer">
                      <span className="review-scores__label">{label(override)}</span>{' '}
                      <span className="review-scores__value">{formatOutOfTen(s.score)}</span>
                    </span>
                    {aiSkill === null ? null : (
                      <span className="review-scores__score review-scores__score--ai">
                        <span className="review-scores__label">{REVIEW_TEXT.aiScore}</span>{' '}
                        <span className="review-scores__value">{formatOutOfTen(aiSkill)}</span>
                      </span>
                    )}
                    <p className="review-note__text review-skills__why">{s.comment}</p>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </figure>
      ))}
    </section>
  );
}
