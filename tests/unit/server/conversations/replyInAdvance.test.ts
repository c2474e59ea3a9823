import { describe, expect, it } from 'vitest';
import { sameTurns, startReplyInAdvance } from '#server/conversations/replyInAdvance';

/** A reply that records when it was asked for and whether its signal was aborted. */
function fakeReply(deltas: string[]) {
  const seen = { asked: false, aborted: false };
  const reply = (signal: AbortSignal) =>
    (async function* () {
      seen.asked = true;
      signal.addEventListener('abort', () => (seen.aborted = true));
      for (const delta of deltas) {
        if (signal.aborted) throw new Error('aborted');
        yield delta;
      }
    })();
  return { seen, reply };
}

const turns = [{ role: 'user' as const, content: 'Hello' }];

describe('a reply asked for in advance', () => {
  it('is asked for at once, and adopted yields every delta from the first', async () => {
    const { seen, reply } = fakeReply(['Well, ', 'hello.']);
    const advance = startReplyInAdvance(turns, reply, new AbortController().signal);
    expect(seen.asked).toBe(true);
    const got: string[] = [];
    for await (const delta of advance.adopt()) got.push(delta);
    expect(got).toEqual(['Well, ', 'hello.']);
    expect(seen.aborted).toBe(false);
  });

  it('dropped, it is aborted and its failure goes nowhere', async () => {
    const { seen, reply } = fakeReply(['never']);
    const advance = startReplyInAdvance(turns, reply, new AbortController().signal);
    advance.drop();
    expect(seen.aborted).toBe(true);
  });

  it('the turn being aborted aborts it', () => {
    const { seen, reply } = fakeReply(['never']);
    const turn = new AbortController();
    startReplyInAdvance(turns, reply, turn.signal);
    turn.abort();
    expect(seen.aborted).toBe(true);
  });

  it.each([
    [[], [], true],
    [turns, [{ role: 'user', content: 'Hello' }], true],
    [turns, [{ role: 'assistant', content: 'Hello' }], false],
    [turns, [{ role: 'user', content: 'Hello!' }], false],
    [turns, [...turns, ...turns], false],
  ] as const)('sameTurns(%j, %j) is %s', (a, b, same) => {
    expect(sameTurns(a, b)).toBe(same);
  });
});
