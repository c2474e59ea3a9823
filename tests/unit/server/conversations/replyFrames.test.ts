import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeltaPacer, DELTA_FRAME_MS } from '#server/conversations/deltaPacer';
import { batchWrites } from '#server/gateway/writeBatching';

describe('pacing reply text for the socket', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function pacer() {
    const sent: string[] = [];
    return { sent, pacer: createDeltaPacer((text) => sent.push(text)) };
  }

  it('sends the first words at once', () => {
    const { sent, pacer: p } = pacer();
    p.push('Well,');
    expect(sent).toEqual(['Well,']);
  });

  it('gathers the words of one frame interval into one frame', () => {
    const { sent, pacer: p } = pacer();
    p.push('Well,');
    vi.advanceTimersByTime(10);
    p.push(' it');
    vi.advanceTimersByTime(10);
    p.push(' hurts');
    expect(sent).toEqual(['Well,']);
    vi.advanceTimersByTime(DELTA_FRAME_MS - 20);
    expect(sent).toEqual(['Well,', ' it hurts']);
  });

  it('sends a word at once when the last frame is older than the interval', () => {
    const { sent, pacer: p } = pacer();
    p.push('Well.');
    vi.advanceTimersByTime(DELTA_FRAME_MS + 5);
    p.push(' Yes.');
    expect(sent).toEqual(['Well.', ' Yes.']);
  });

  it('flush sends what is held before the closing frame, and nothing twice', () => {
    const { sent, pacer: p } = pacer();
    p.push('A');
    p.push('B');
    p.flush();
    expect(sent).toEqual(['A', 'B']);
    vi.advanceTimersByTime(DELTA_FRAME_MS * 3);
    expect(sent).toEqual(['A', 'B']);
  });

  it('stop drops what is held (a cancelled reply is not shown further)', () => {
    const { sent, pacer: p } = pacer();
    p.push('A');
    p.push('B');
    p.stop();
    vi.advanceTimersByTime(DELTA_FRAME_MS * 3);
    expect(sent).toEqual(['A']);
  });

  it('never sends an empty frame', () => {
    const { sent, pacer: p } = pacer();
    p.push('');
    p.flush();
    expect(sent).toEqual([]);
  });
});

describe('batching socket writes per event-loop turn', () => {
  it('holds the writes of one turn and releases them as one batch', async () => {
    // A real socket turns each batch into one system call (writev).
    const batches: string[] = [];
    const socket = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        batches.push(chunk.toString());
        callback();
      },
      writev(chunks, callback) {
        batches.push(chunks.map(({ chunk }) => String(chunk)).join(''));
        callback();
      },
    });
    const hold = batchWrites(socket);
    hold();
    socket.write('a');
    hold();
    socket.write('b');
    socket.write('c');
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual(['abc']);

    // The next turn starts a new batch.
    hold();
    socket.write('d');
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual(['abc', 'd']);
  });
});
