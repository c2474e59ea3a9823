import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUtteranceCollector,
  type CommittedUtterance,
} from '#server/conversations/utteranceCollector';
import type { UtteranceTranscript } from '#server/conversations/streamedUtterance';

const said = (clientId: string, text: string): CommittedUtterance => ({
  clientId,
  stream: true,
  speak: clientId === 'a',
  transcript: Promise.resolve<UtteranceTranscript>(
    text === '' ? { kind: 'empty' } : { kind: 'text', text },
  ),
});

function collector(first: CommittedUtterance, controller = new AbortController()) {
  const events: string[] = [];
  const collect = createUtteranceCollector({
    first,
    waitMs: 700,
    signal: controller.signal,
    hooks: {
      waiting: (words) => events.push(`waiting:${words}`),
      failed: (id) => events.push(`failed:${id}`),
      nothingHeard: (id) => events.push(`nothing:${id}`),
    },
  });
  return { collect, events, controller };
}

describe('a spoken turn made of streamed utterances', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a finished sentence at once', async () => {
    const { collect, events } = collector(said('a', 'Does it hurt?'));
    expect(await collect.collect()).toEqual({
      clientId: 'a',
      text: 'Does it hurt?',
      stream: true,
      speak: true,
    });
    expect(events).toEqual([]);
    expect(collect.accepting).toBe(false);
  });

  it('waits after a mid-thought transcript, and joins what comes next into one turn', async () => {
    const { collect, events } = collector(said('a', 'I was wondering, um'));
    const words = collect.collect();
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toEqual(['waiting:I was wondering, um']);
    expect(collect.accepting).toBe(true);
    collect.continuationStarted();
    // Speaking takes longer than the wait: the turn waits for the commit, not the clock.
    await vi.advanceTimersByTimeAsync(3_000);
    collect.continuationCommitted(said('b', 'whether it will hurt.'));
    expect(await words).toEqual({
      clientId: 'a',
      text: 'I was wondering, um whether it will hurt.',
      stream: true,
      speak: true,
    });
  });

  it('answers what it has when nothing more starts within the wait', async () => {
    const { collect, events } = collector(said('a', 'So the cost is, um'));
    const words = collect.collect();
    await vi.advanceTimersByTimeAsync(699);
    expect(collect.accepting).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(collect.accepting).toBe(false);
    expect((await words)?.text).toBe('So the cost is, um');
    expect(events).toEqual(['waiting:So the cost is, um']);
  });

  it('takes an utterance that started before the first transcript came back', async () => {
    let hear!: (t: UtteranceTranscript) => void;
    const first: CommittedUtterance = {
      ...said('a', ''),
      transcript: new Promise((resolve) => (hear = resolve)),
    };
    const { collect, events } = collector(first);
    const words = collect.collect();
    collect.continuationStarted();
    collect.continuationCommitted(said('b', 'And the other one.'));
    hear({ kind: 'text', text: 'The front tooth.' });
    expect((await words)?.text).toBe('The front tooth. And the other one.');
    expect(events).toEqual([]);
  });

  it('a dropped continuation (a misfire) leaves the turn to what was said', async () => {
    const { collect } = collector(said('a', 'Well, and'));
    const words = collect.collect();
    await vi.advanceTimersByTimeAsync(100);
    collect.continuationStarted();
    collect.continuationDropped();
    await vi.advanceTimersByTimeAsync(700);
    expect((await words)?.text).toBe('Well, and');
  });

  it('skips an empty utterance, and says nothing was heard only when none had words', async () => {
    const empty = collector(said('a', ''));
    expect(await empty.collect.collect()).toBeNull();
    expect(empty.events).toEqual(['nothing:a']);

    const failed = collector({ ...said('a', ''), transcript: Promise.resolve({ kind: 'failed' }) });
    expect(await failed.collect.collect()).toBeNull();
    expect(failed.events).toEqual(['failed:a']);
  });

  it('a cancel ends the turn with nothing to answer', async () => {
    const { collect, controller, events } = collector(said('a', 'I think, um'));
    const words = collect.collect();
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await words).toBeNull();
    expect(collect.accepting).toBe(false);
    expect(events).toEqual(['waiting:I think, um']);
  });
});
