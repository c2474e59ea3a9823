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
import { PROGRESS_TEXT } from '#shared/text';

/** Spec §2: four lines, in this order, with these names (read when drawn, in the locale). */
const SERIES = [
  { key: 'overall', colour: '#0f766e' },
  { key: 'empathy', colour: '#2563eb' },
  { key: 'clarity', colour: '#b45309' },
  { key: 'persuasion', colour: '#7c3aed' },
] as const;

function seriesLabel(key: (typeof SERIES)[number]['key']): string {
  return key === 'overall' ? OVERALL.label : skill(key).label;
}

/** Spec §9: line tension 0.3; y axis 0 to 10 in steps of 1. */
const TENSION = 0.3;

/** Past this many sessions the dots hide (they would merge into a smear); hovering shows them. */
const DOTS_UP_TO = 60;

export default function ProgressChart({ points }: { points: readonly ProgressPoint[] }) {
  // The names (and the dates' format) change with the interface language: redraw then.
  const names = SERIES.map((s) => seriesLabel(s.key)).join('|');
  const data = useMemo<ChartData<'line', number[], string>>(
    () => ({
      labels: points.map((p) => formatChartDate(p.date)),
      datasets: SERIES.map(({ key, colour }, index) => ({
        label: names.split('|')[index],
        data: points.map((p) => p[key]),
        borderColor: colour,
        backgroundColor: colour,
        tension: TENSION,
        borderWidth: key === 'overall' ? 3 : 2,
        pointRadius: points.length > DOTS_UP_TO ? 0 : 3,
        pointHoverRadius: 5,
      })),
    }),
    [points, names],
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
        tooltip: {
          callbacks: {
            label: (item) => PROGRESS_TEXT.chartPoint(item.dataset.label ?? '', item.parsed.y ?? 0),
          },
        },
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
    ? PROGRESS_TEXT.chartSummary(points.length, latest)
    : PROGRESS_TEXT.chartEmpty;

  return (
    <div
      className="chart-box"
      // Tests (and anyone inspecting the page) can read what the canvas draws.
      data-datasets={names}
      data-points={points.length}
    >
      <Line data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
