import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CONVERSATION_TOPICS } from '../../../scenarios/schema';
import { COACH_ACTS } from './labels';
import type { TrainingLine } from './train';

/** Where the labelled lines the model learns from live (see training/coach/README.md). */
export const TRAINING_DIR = fileURLToPath(new URL('../../../../training/coach/', import.meta.url));

const sentenceSchema = z.object({
  text: z.string().trim().min(1),
  acts: z.array(z.enum(COACH_ACTS)),
  topics: z.array(z.enum(CONVERSATION_TOPICS)),
});

export const trainingTurnSchema = z.object({
  conversation: z.string().min(1),
  previous: z.string(),
  sentences: z.array(sentenceSchema).min(1),
});
export type TrainingTurn = z.infer<typeof trainingTurnSchema>;

export function readTrainingTurns(dir = TRAINING_DIR): TrainingTurn[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        if (line.trim() === '') return [];
        const parsed = trainingTurnSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
        return [parsed.data];
      }),
  );
}

/** A question's first-listed topic is the one it asks about. */
function askedOf(sentence: TrainingTurn['sentences'][number]): string[] {
  const question =
    sentence.acts.includes('open_question') || sentence.acts.includes('closed_question');
  const [first] = sentence.topics;
  return question && first !== undefined ? [`asked:${first}`] : [];
}

/**
 * Each sentence is a line to learn from; a turn of several sentences is one more, labelled with
 * everything its sentences do, because dictated speech often arrives as one unbroken run.
 */
export function trainingLinesOf(turns: readonly TrainingTurn[]): TrainingLine[] {
  return turns.flatMap((turn) => {
    const sentences = turn.sentences.map((sentence) => ({
      conversation: turn.conversation,
      text: sentence.text,
      previous: turn.previous,
      labels: [...sentence.acts, ...sentence.topics, ...askedOf(sentence)],
    }));
    if (sentences.length === 1) return sentences;
    // The turn asks what its last question asks.
    const asked = turn.sentences.findLast((sentence) => askedOf(sentence).length > 0);
    const whole = {
      conversation: turn.conversation,
      text: turn.sentences.map((sentence) => sentence.text).join(' '),
      previous: turn.previous,
      labels: [
        ...new Set(
          sentences.flatMap((sentence) =>
            sentence.labels.filter((label) => !label.startsWith('asked:')),
          ),
        ),
        ...(asked === undefined ? [] : askedOf(asked)),
      ],
    };
    return [...sentences, whole];
  });
}
