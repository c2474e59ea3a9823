import {
  CLINICIAN_ACTS,
  CONVERSATION_TOPICS,
  understandTurn,
} from '#server/ai/offline/clinicianTurn';
import type { LabelledLine } from '../fixtures/clinicianLines';

export interface Metric {
  label: string;
  support: number;
  precision: number;
  recall: number;
}

export interface Miss {
  text: string;
  label: string;
  kind: 'missed' | 'wrong';
}

/** Precision and recall of the turn understanding against hand labels, per act and topic. */
export function measure(lines: readonly LabelledLine[]): {
  acts: Metric[];
  topics: Metric[];
  misses: Miss[];
} {
  const misses: Miss[] = [];
  const predicted = lines.map((line) => understandTurn(line.text));
  const score = (
    labels: readonly string[],
    pick: (i: number) => readonly string[],
    truth: (l: LabelledLine) => readonly string[],
  ) =>
    labels.map((label) => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      lines.forEach((line, i) => {
        const said = pick(i).includes(label);
        const real = truth(line).includes(label);
        if (said && real) tp++;
        if (said && !real) {
          fp++;
          misses.push({ text: line.text, label, kind: 'wrong' });
        }
        if (!said && real) {
          fn++;
          misses.push({ text: line.text, label, kind: 'missed' });
        }
      });
      return {
        label,
        support: tp + fn,
        precision: tp + fp === 0 ? 1 : tp / (tp + fp),
        recall: tp + fn === 0 ? 1 : tp / (tp + fn),
      };
    });
  return {
    acts: score(
      CLINICIAN_ACTS,
      (i) => predicted[i]?.acts ?? [],
      (l) => l.acts,
    ),
    topics: score(
      CONVERSATION_TOPICS,
      (i) => predicted[i]?.topics ?? [],
      (l) => l.topics,
    ),
    misses,
  };
}

export function formatMetrics(title: string, metrics: readonly Metric[]): string {
  const rows = metrics.map(
    (m) =>
      `  ${m.label.padEnd(20)} n=${String(m.support).padStart(3)}  precision ${m.precision.toFixed(2)}  recall ${m.recall.toFixed(2)}`,
  );
  return [title, ...rows].join('\n');
}
