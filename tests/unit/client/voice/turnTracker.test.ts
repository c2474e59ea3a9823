import { describe, expect, it, vi } from 'vitest';
import type { Message } from '#shared/conversation';
import { TurnTracker } from '#client/features/voice/controller/turnTracker';

const REPLY = 'Mostly the cost. How much is it?';

function stored(id: string, role: Message['role'], content: string): Message {
  return {
    id,
    role,
    content,
    createdAt: '2026-03-01T09:30:00.000Z',
    source: 'voice',
    partial: false,
  };
}

/** A spoken turn whose words are in and whose reply has started streaming. */
function replying(speak = true) {
  const turns = new TurnTracker();
  turns.begin({ clientId: 'c1', stage: 'sent', speak, you: null });
  turns.onMessage({ type: 'transcript', clientId: 'c1', text: 'What worries you?' });
  turns.onMessage({ type: 'reply_start', replyId: 'r1' });
  turns.onMessage({ type: 'reply_delta', replyId: 'r1', text: REPLY });
  return turns;
}

describe('TurnTracker (one voice turn on the socket)', () => {
  it('follows a turn from the audio sent to the reply spoken', () => {
    const turns = new TurnTracker();
    turns.begin({ clientId: 'c1', stage: 'sent', speak: true, you: null });
    expect(turns.phase).toBe('processing');
    // Before the words are in, a reply cannot be ours.
    expect(turns.onMessage({ type: 'reply_start', replyId: 'other' })).toBeNull();
    expect(turns.onMessage({ type: 'transcript', clientId: 'c9', text: 'Not mine' })).toBeNull();
    turns.onMessage({ type: 'transcript', clientId: 'c1', text: 'What worries you?' });
    expect(turns.you).toBe('What worries you?');
    expect(turns.phase).toBe('replying');
    turns.onMessage({ type: 'reply_start', replyId: 'r1' });
    turns.onMessage({ type: 'reply_delta', replyId: 'r1', text: REPLY });
    expect(turns.patient).toBe(REPLY);
    expect(turns.phase).toBe('converting');
    expect(
      turns.onMessage({
        type: 'reply_done',
        replyId: 'r1',
        message: stored('m2', 'assistant', REPLY),
      }),
    ).toEqual({ kind: 'reply_done', text: REPLY });
    // The words are done, the speech is not: the turn is still on.
    expect(turns.settle()).toBe(false);
    expect(turns.onMessage({ type: 'speech_done', replyId: 'r1' })).toEqual({
      kind: 'speech_done',
      replyId: 'r1',
    });
    expect(turns.settle()).toBe(true);
    expect(turns.running).toBe(false);
    expect(turns.anyTaken).toBe(true);
  });

  it('a speech failure keeps the turn for its words; any other failure ends it', () => {
    const voiceless = replying();
    expect(
      voiceless.onMessage({
        type: 'error',
        code: 'unavailable:speech',
        message: 'x',
        clientId: 'c1',
      }),
    ).toMatchObject({ kind: 'failed', over: false });
    expect(voiceless.running).toBe(true);

    const failed = replying();
    expect(
      failed.onMessage({ type: 'error', code: 'unavailable:reply', message: 'x', clientId: 'c1' }),
    ).toMatchObject({ kind: 'failed', over: true });
    expect(failed.running).toBe(false);
  });

  it('asks for the reply to be played only when the server speaks it', () => {
    const spoken = new TurnTracker();
    spoken.begin({ clientId: 'c1', stage: 'heard', speak: true, you: 'Hello' });
    expect(spoken.onMessage({ type: 'reply_start', replyId: 'r1' })).toEqual({
      kind: 'speech_start',
      replyId: 'r1',
    });
    const browser = new TurnTracker();
    browser.begin({ clientId: 'c1', stage: 'heard', speak: false, you: 'Hello' });
    expect(browser.onMessage({ type: 'reply_start', replyId: 'r1' })).toEqual({
      kind: 'progress',
    });
  });

  it('a cut reports what was heard of the reply as streamed', () => {
    const turns = replying();
    const heardOf = vi.fn(() => 'Mostly the cost.'.length);
    expect(turns.cut(true, heardOf)).toEqual({ heardChars: 'Mostly the cost.'.length });
    expect(heardOf).toHaveBeenCalledWith(REPLY);
    expect(turns.running).toBe(false);
    // Nothing running and nothing audible: nothing to cut.
    expect(turns.cut(false, heardOf)).toBeNull();
  });

  it("with the browser's voice a cut carries no count (the reply was stored whole)", () => {
    const cut = replying(false).cut(false, () => 0);
    expect(cut).toEqual({ heardChars: undefined });
  });
});
