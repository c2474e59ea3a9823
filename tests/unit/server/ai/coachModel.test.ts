import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SHIPPED_WEIGHTS,
  coachModel,
  coachModelFrom,
  serialiseWeights,
} from '#server/ai/offline/model/coachModel';
import { featuresOf } from '#server/ai/offline/model/features';
import { buildCoachWeights } from '#server/ai/offline/model/build';
import type { CoachWeights } from '#server/ai/offline/model/train';
import { readTrainingTurns, trainingLinesOf } from '#server/ai/offline/model/trainingData';

describe('the coach model', () => {
  it('ships exactly the weights `npm run train:coach` makes from training/coach', () => {
    const { weights } = buildCoachWeights(readTrainingTurns());
    // Compared as text, so a single changed weight fails with a short message, not a 1 MB diff.
    const same = serialiseWeights(weights) === readFileSync(SHIPPED_WEIGHTS, 'utf8');
    expect(same, 'run `npm run train:coach` and commit the weights').toBe(true);
  }, 60_000);

  it('learns from whole conversations: every line keeps its conversation, and turns stay apart', () => {
    const turns = readTrainingTurns();
    expect(turns.length).toBeGreaterThanOrEqual(1500);
    const lines = trainingLinesOf(turns.slice(0, 2));
    const [first, second] = turns;
    const counted = (first?.sentences.length ?? 0) + (second?.sentences.length ?? 0);
    // Each sentence is a line, and a turn of several sentences is one more.
    const extra = turns.slice(0, 2).filter((turn) => turn.sentences.length > 1).length;
    expect(lines).toHaveLength(counted + extra);
    for (const line of lines)
      expect([first?.conversation, second?.conversation]).toContain(line.conversation);
  });

  it.each([
    ['so what do you make of it all?', 'w:make', 'p:ends?'],
    ['you must book today', 'b:book today', 'p:none'],
    ['Especially at night.', 'echo:1', 'len:2-3'],
  ])('reads the features of %j', (text, a, b) => {
    const features = featuresOf(text, 'it keeps me up at night');
    expect(features).toEqual(expect.arrayContaining([a, b]));
    // Pure: the same line gives the same features every time.
    expect(featuresOf(text, 'it keeps me up at night')).toEqual(features);
  });

  it('scores with the shipped weights, and applies each label’s threshold and source', () => {
    const weights: CoachWeights = {
      version: 1,
      labels: ['open_question', 'cost', 'pain'],
      thresholds: [0.5, 0.5, 0.5],
      sources: ['model', 'model', 'model'],
      bias: [-1, -1, -1],
      features: { 'w:what': [0, 3], 'w:cost': [1, 4], 'w:price': [1, 2, 2, 3] },
    };
    const model = coachModelFrom(weights);
    const reading = model.read('what about the cost and the price');
    expect(reading.acts).toEqual(['open_question']);
    // Ranked by confidence, not by a fixed order.
    expect(reading.topics).toEqual(['cost', 'pain']);
    expect(model.read('hello').acts).toEqual([]);
    expect(() => coachModelFrom({ ...weights, bias: [-1] })).toThrow(/differ in length/);
  });

  it('reads clear lines the way any coder would', () => {
    const read = (text: string, previous = '') => coachModel().read(text, previous).acts;
    expect(read('What worries you most about having the crown done?')).toContain('open_question');
    expect(read('How long has it been hurting?')).toContain('closed_question');
    expect(read('Does that make sense?')).toContain('check_understanding');
    expect(read('Would it be okay if I explained what I found on the x-ray?')).toContain(
      'asks_permission',
    );
  });
});
