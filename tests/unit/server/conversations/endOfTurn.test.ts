import { describe, expect, it } from 'vitest';
import { endOfTurnWaitMs, endsMidThought, thoughtComplete } from '#server/conversations/endOfTurn';

describe('the end-of-turn rule: does a final transcript end mid-thought?', () => {
  it.each<[string, boolean]>([
    // Finished sentences are answered at once.
    ['What worries you most about the crown?', false],
    ['I understand.', false],
    ['That sounds really painful!', false],
    ['Did you say "the crown?"', false],
    ['Is it the front one (the upper one).', false],
    ['So, um.', false],
    // Trailing off, breaking off, or a clause that goes on.
    ['I was wondering...', true],
    ['I was wondering…', true],
    ['I was wondering,', true],
    ['Before we start -', true],
    ['Before we start —', true],
    ['There are two options:', true],
    ['It depends on the cost;', true],
    // Words a finished thought does not end on.
    ['We could fit a crown and', true],
    ['It might hurt a little but', true],
    ['You could pay monthly or', true],
    ['I think it is cracked so', true],
    ['We need to do this because', true],
    ['The thing is, um', true],
    ['Uh', true],
    ['And then er', true],
    ['It feels like', true],
    ['And if', true],
    ['Let me just check the', true],
    ['There is a', true],
    ['What we want to', true],
    ['And then I', true],
    ['Would you like to talk about', true],
    // Unpunctuated, but complete (some local transcribers do not punctuate).
    ['I see what you mean', false],
    ['tell me more about the pain', false],
    ['Where does it hurt', false],
    // Words that merely contain an open ending, or are capitalised.
    ['It is a brand', false],
    ['AND', true],
    ['', false],
    ['   ', false],
  ])('%j → %s', (transcript, expected) => {
    expect(endsMidThought(transcript)).toBe(expected);
  });
});

describe('whole thoughts: are settled words worth starting the reply on?', () => {
  it.each<[string, boolean]>([
    ['How long has it been hurting?', true],
    ['Is that okay?"', true],
    ['I can see some decay.', true],
    ['That must be hard!', true],
    // No end mark yet: the speaker only paused.
    ['Does it hurt', false],
    ['I would recommend a crown', false],
    // An end mark the transcriber put on a clause the speaker left open.
    ['And you said the?', false],
    ['Could you tell me more about?', false],
    ['It depends on whether we need a.', false],
    ['I was wondering, um.', false],
    ['', false],
  ])('%j → %s', (words, expected) => {
    expect(thoughtComplete(words)).toBe(expected);
  });
});

describe('how long the reply waits', () => {
  it.each<[string, number, number]>([
    ['I was wondering, um', 700, 700],
    ['I was wondering, um', 0, 0],
    ['Does it hurt?', 700, 0],
  ])('%j with a %d ms setting → %d ms', (transcript, configured, expected) => {
    expect(endOfTurnWaitMs(transcript, configured)).toBe(expected);
  });
});
