import { splitSentences } from '../textTools';
import { isCoachAct } from './labels';
import { ruleLabelsOfLine } from './ruleLabels';
import type { CoachModel } from './coachModel';

/**
 * Reading ACI-BENCH's visits (an outside source, see scripts/evalCoach.ts) into doctor turns,
 * and what the model and the old phrase rules each find in a turn, in the coach's labels.
 */

export interface ExternalTurn {
  /** `<visit id>#<n>`: the n-th doctor turn of the visit. */
  id: string;
  previous: string;
  text: string;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

export function externalTurns(csv: string): ExternalTurn[] {
  const [header, ...rows] = parseCsv(csv);
  const idColumn = header?.indexOf('id') ?? -1;
  const dialogueColumn = header?.indexOf('dialogue') ?? -1;
  return rows.flatMap((row) => {
    const visit = row[idColumn] ?? '';
    let previous = '';
    let n = 0;
    const turns: ExternalTurn[] = [];
    for (const line of (row[dialogueColumn] ?? '').split('\n')) {
      const match = /^\[([a-z_]+)\]\s*(.*)$/.exec(line.trim());
      if (match === null) continue;
      const [, speaker = '', words = ''] = match;
      if (speaker === 'doctor') turns.push({ id: `${visit}#${n++}`, previous, text: words });
      else previous = words;
    }
    return turns;
  });
}

/** The shipped reading (the model, with the rules where they beat it), or the model alone. */
export function turnActsByModel(
  model: CoachModel,
  turn: ExternalTurn,
  how: 'shipped' | 'model alone' = 'shipped',
): string[] {
  const acts = new Set<string>();
  // Sentences as the coach reads them: a dictated run cut into its clauses.
  const pieces = /[.!?…]/.test(turn.text)
    ? splitSentences(turn.text)
    : splitSentences(turn.text).flatMap((s) => model.clauses(s.text).map((text) => ({ text })));
  for (const sentence of pieces) {
    const reading =
      how === 'shipped'
        ? model.read(sentence.text, turn.previous)
        : model.readAlone(sentence.text, turn.previous);
    for (const act of reading.acts) acts.add(act);
  }
  return [...acts];
}

/** The old phrase rules alone, for comparison. */
export function turnActsByRules(turn: ExternalTurn): string[] {
  return [
    ...new Set(
      splitSentences(turn.text).flatMap((sentence) =>
        ruleLabelsOfLine(sentence.text, turn.previous).filter(isCoachAct),
      ),
    ),
  ];
}
