import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * The one place Chart.js is set up for the app's line charts. Only modules loaded with
 * React.lazy (the progress and debrief charts) import this, so the library reaches the browser
 * only when a chart is shown.
 */
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

export { Line } from 'react-chartjs-2';
export type { ChartData, ChartOptions } from 'chart.js';

/** Charts draw at once for people who asked for less motion. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
