import { useMemo } from 'react';
import {
  Line,
  prefersReducedMotion,
  type ChartData,
  type ChartOptions,
} from '../../../lib/lineChart';
import { formatChartDate } from '#shared/format';
import type { ProgressPoint } from '#shared/progress';
import { OVERALL, skill } from '#shared/skills';

/** Spec §2: four lines, in this order, with these names. */
const SERIES = [
  { key: 'overall', label: OVERALL.label, colour: '#0f766e' },
  { key: 'empathy', label: skill('empathy').label, colour: '#2563eb' },
  { key: 'clarity', label: skill('clarity').label, colour: '#b45309' },
  { key: 'persuasion', label: skill('persuasion').label, colour: '#7c3aed' },
] as const;

/** Spec §9: line tension 0.3; y axis 0 to 10 in steps of 1. */
const TENSION = 0.3;

/** Past this many sessions the dots hide (they would merge into a smear); hovering shows them. */
const DOTS_UP_TO = 60;

export default function ProgressChart({ points }: { points: readonly ProgressPoint[] }) {
  const data = useMemo<ChartData<'line', number[], string>>(
    () => ({
      labels: points.map((p) => formatChartDate(p.date)),
      datasets: SERIES.map(({ key, label, colour }) => ({
        label,
        data: points.map((p) => p[key]),
        borderColor: colour,
        backgroundColor: colour,
        tension: TENSION,
        borderWidth: key === 'overall' ? 3 : 2,
        pointRadius: points.length > DOTS_UP_TO ? 0 : 3,
        pointHoverRadius: 5,
      })),
    }),
    [points],
  );

  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      // The wrapper sets the 300 px height; the canvas fills it.
      maintainAspectRatio: false,
      animation: prefersReducedMotion() ? false : undefined,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top' },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${item.parsed.y}/10` } },
      },
      scales: {
        y: { min: 0, max: 10, ticks: { stepSize: 1 } },
        x: { ticks: { autoSkip: true, maxRotation: 0 } },
      },
    }),
    [],
  );

  const latest = points[points.length - 1];
  const summary = latest
    ? `Line chart of your scores over ${points.length} ${points.length === 1 ? 'session' : 'sessions'}. ` +
      `Latest: overall ${latest.overall}, empathy ${latest.empathy}, clarity ${latest.clarity}, ` +
      `persuasion ${latest.persuasion} out of 10.`
    : 'Line chart of your scores; no scored sessions yet.';

  return (
    <div
      className="chart-box"
      // Tests (and anyone inspecting the page) can read what the canvas draws.
      data-datasets={SERIES.map((s) => s.label).join('|')}
      data-points={points.length}
    >
      <Line data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
