import type { CountedScore } from '#shared/countedScore';
import { formatOutOfTen } from '#shared/format';
import { REVIEW_TEXT } from '#shared/text';

/**
 * A counted score as every screen shows it (decision 043): "9/10", or "9/10 · AI 4/10" when a
 * trainer's score counts instead of the AI's. Nothing for a score nobody gave.
 */
export function CountedScoreText({
  score,
  className,
}: {
  score: CountedScore;
  className?: string;
}) {
  if (score.score === null) return null;
  const counted = formatOutOfTen(score.score);
  if (!score.byTrainer || score.ai === null) return <span className={className}>{counted}</span>;
  return (
    <span className={className}>
      {counted}
      <span className="counted-score__ai">
        {' · '}
        {REVIEW_TEXT.aiBeside(formatOutOfTen(score.ai))}
      </span>
    </span>
  );
}
