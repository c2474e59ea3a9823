import { useMemo } from 'react';
import {
  Line,
  prefersReducedMotion,
  type ChartData,
  type ChartOptions,
} from '../../../lib/lineChart';
import type { PatientStatePoint } from '#shared/debrief';
import { DEBRIEF_TEXT } from '#shared/text';

const SERIES = [
  { key: 'trust', colour: '#0f766e', dash: [] },
  { key: 'anxiety', colour: '#b91c1c', dash: [6, 4] },
  { key: 'readiness', colour: '#2563eb', dash: [2, 3] },
] as const;

export default function DebriefChart({
  states,
  labels,
}: {
  states: readonly PatientStatePoint[];
  /** The x axis: each state's turn as every screen names it (shared/turns.ts). */
  labels: readonly string[];
}) {
  const data = useMemo<ChartData<'line', number[], string>>(
    () => ({
      labels: [...labels],
      datasets: SERIES.map(({ key, colour, dash }) => ({
        label: DEBRIEF_TEXT.stateSeries[key],
        data: states.map((s) => Math.round(s[key] * 100)),
        borderColor: colour,
        backgroundColor: colour,
        // Dashes as well as colours, so the lines part on a grey print or for colour-blind eyes.
        borderDash: [...dash],
        tension: 0.3,
        pointRadius: 3,
      })),
    }),
    [states, labels],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: prefersReducedMotion() ? false : undefined,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'top' },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${item.parsed.y}%` } },
      },
      scales: { y: { min: 0, max: 100, ticks: { stepSize: 25 } } },
    }),
    [],
  );
  const last = states[states.length - 1];
  const summary =
    last === undefined ? DEBRIEF_TEXT.stateTitle : DEBRIEF_TEXT.stateSummary(states.length, last);
  return (
    <div className="debrief-chart" data-points={states.length}>
      <Line data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
