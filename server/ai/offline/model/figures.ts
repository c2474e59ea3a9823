export interface LabelFigures {
  label: string;
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

export function figuresOf(
  label: string,
  predicted: readonly boolean[],
  actual: readonly boolean[],
): LabelFigures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((p, i) => {
    if (p && actual[i]) tp++;
    else if (p) fp++;
    else if (actual[i]) fn++;
  });
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { label, support: tp + fn, precision, recall, f1 };
}

/** One table of per-label precision, recall and F1, for the trainer and the evaluation. */
export function formatFigures(title: string, figures: readonly LabelFigures[]): string {
  const rows = figures.map(
    (f) =>
      `  ${f.label.padEnd(20)} ${String(f.support).padStart(5)}  P ${f.precision.toFixed(2)}  R ${f.recall.toFixed(2)}  F1 ${f.f1.toFixed(2)}`,
  );
  return [title, `  ${'label'.padEnd(20)} ${'n'.padStart(5)}`, ...rows].join('\n');
}

export interface ComparisonRow {
  act: string;
  coders: LabelFigures;
  shipped: LabelFigures;
  model: LabelFigures;
  rules: LabelFigures;
}

const cell = (f: LabelFigures) =>
  `${f.precision.toFixed(2)} ${f.recall.toFixed(2)} ${f.f1.toFixed(2)}`;

/** Coder agreement beside the coach as shipped, the model alone and the rules, per act. */
export function formatComparison(rows: readonly ComparisonRow[]): string {
  const head = ['coder B', 'shipped', 'model alone', 'rules alone'];
  return [
    `  ${'act (n by coder A)'.padEnd(26)} ${head.map((h) => `${h}: P R F1`.padEnd(22)).join(' ')}`,
    ...rows.map(
      (r) =>
        `  ${`${r.act} (${r.coders.support})`.padEnd(26)} ${[r.coders, r.shipped, r.model, r.rules]
          .map((f) => cell(f).padEnd(22))
          .join(' ')}`,
    ),
  ].join('\n');
}

/** The model, the rules and their union on held-out lines, and which one the label uses. */
export function formatSources(
  title: string,
  rows: readonly {
    model: LabelFigures;
    rules: LabelFigures;
    either: LabelFigures;
    source: string;
  }[],
): string {
  return [
    title,
    `  ${'label (n)'.padEnd(26)} ${'model: P R F1'.padEnd(16)} ${'rules: P R F1'.padEnd(16)} ${'either: P R F1'.padEnd(16)} uses`,
    ...rows.map(
      (r) =>
        `  ${`${r.model.label} (${r.model.support})`.padEnd(26)} ${cell(r.model).padEnd(16)} ${cell(r.rules).padEnd(16)} ${cell(r.either).padEnd(16)} ${r.source}`,
    ),
  ].join('\n');
}
