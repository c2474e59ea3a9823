import { ORGANISATIONS_PAGE_TEXT } from '#shared/text';
import { trendPoints, trendText } from '../cohortTable';

const WIDTH = 80;
const HEIGHT = 24;

/** A trainee's scores, oldest first, as a small line; its words are its accessible name. */
export function Sparkline({ scores }: { scores: readonly number[] }) {
  const text = trendText(scores);
  if (scores.length === 0) return <span className="muted">{text}</span>;
  const { points, last } = trendPoints(scores, { width: WIDTH, height: HEIGHT });
  return (
    <span className="sparkline">
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={ORGANISATIONS_PAGE_TEXT.trendName(text)}
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {last ? <circle cx={last.x} cy={last.y} r="2" fill="currentColor" /> : null}
      </svg>
      <span className="sparkline__text" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
