import { describe, expect, it } from 'vitest';
import { normaliseSpeech, topicsOf, understandTurn } from '#server/ai/offline/clinicianTurn';
import { CLINICIAN_LINES, HELD_OUT_LINES } from '../../../fixtures/clinicianLines';
import { formatMetrics, measure } from '../../../helpers/actMetrics';

/** The acts the grader leans on for empathy and exploring; each must generalise. */
const KEY_ACTS = ['reflection', 'acknowledgement', 'open_question', 'closed_question'];

describe('clinician turn understanding: the labelled table', () => {
  it('has at least 200 hand-labelled lines, only known labels', () => {
    expect(CLINICIAN_LINES.length).toBeGreaterThanOrEqual(200);
    for (const line of [...CLINICIAN_LINES, ...HELD_OUT_LINES]) {
      expect(line.acts.filter((act) => act.startsWith('unknown'))).toEqual([]);
      expect(line.text.length).toBeGreaterThan(0);
    }
  });

  // These lines were written for the phrase rules the model replaced, and the model never
  // learned from them: for it they are held out. (The outside test is `npm run eval:coach`.)
  it('recognises reflection, validation and questions in any wording (precision and recall)', () => {
    const tuned = measure(CLINICIAN_LINES);
    const held = measure(HELD_OUT_LINES);
    console.log(
      [
        formatMetrics(`Acts on the labelled table (${CLINICIAN_LINES.length} lines):`, tuned.acts),
        formatMetrics(`Acts on the held-out lines (${HELD_OUT_LINES.length} lines):`, held.acts),
        formatMetrics('Topics on the labelled table:', tuned.topics),
        '(acknowledgement is validation: naming a feeling or a worry as fair)',
      ].join('\n'),
    );
    // The old table calls a permission request a closed question; the coding manual the model
    // learned from does not, so closed questions' recall sits lower here.
    for (const metric of tuned.acts.filter((m) => KEY_ACTS.includes(m.label))) {
      expect(metric.precision, metric.label).toBeGreaterThanOrEqual(0.75);
      expect(metric.recall, metric.label).toBeGreaterThanOrEqual(0.75);
    }
    for (const metric of held.acts.filter((m) => KEY_ACTS.includes(m.label))) {
      expect(metric.precision, metric.label).toBeGreaterThanOrEqual(0.8);
      expect(metric.recall, metric.label).toBeGreaterThanOrEqual(0.6);
    }
  });
});

describe('clinician turn understanding: behaviour', () => {
  it('spells out typed and dictated forms before matching', () => {
    expect(normaliseSpeech('so ur worried abt it, dont u think')).toBe(
      "so you're worried about it, don't you think",
    );
    expect(normaliseSpeech('wat time suits ur diary')).toBe('what time suits your diary');
  });

  it('splits an unpunctuated turn into clauses', () => {
    const turn = understandTurn('ok so youre worried about the cost what would help most');
    expect(turn.acts).toEqual(expect.arrayContaining(['reflection', 'open_question']));
  });

  it('names the question the patient should answer, with its topic', () => {
    const turn = understandTurn('The crown is £450 and lasts years. Is that okay?');
    expect(turn.question).toEqual({
      kind: 'closed',
      text: 'Is that okay?',
      topics: ['cost', 'longevity'],
    });
    const open = understandTurn("I hear you. What's the hardest part about taking time off work?");
    expect(open.question?.kind).toBe('open');
    expect(open.question?.topics).toEqual(expect.arrayContaining(['time', 'work']));
    expect(understandTurn('The crown protects the tooth.').question).toBeNull();
  });

  it.each([
    ["Don't worry, you won't feel a thing.", []],
    ['How did it go last time?', ['past']],
    ['How long will the bridge last?', ['longevity']],
    ['Let me have a look at it.', []],
    ['How do you feel about how it looks?', ['feelings', 'appearance']],
  ])('topics of "%s"', (text, topics) => {
    expect(topicsOf(text)).toEqual(topics);
  });

  it('tells dismissive reassurance and talking down another opinion from kind reassurance', () => {
    expect(understandTurn("Honestly, it's nothing to worry about.").acts).toContain('dismissal');
    expect(
      understandTurn("There's no point getting a second opinion, they'll say the same.").acts,
    ).toContain('dismissal');
    const kind = understandTurn("We'll go slowly, and you can raise your hand any time.").acts;
    expect(kind).toContain('reassurance');
    expect(kind).not.toContain('dismissal');
  });

  it('is a pure function of its input', () => {
    const text = 'So you feel rushed. What would help?';
    expect(understandTurn(text, 'I feel rushed.')).toEqual(understandTurn(text, 'I feel rushed.'));
  });
});
