import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '#shared/protocol';
import type { SpeechChunk } from '#client/lib/audio/speechQueue';
import { ConversationSocket } from '#client/lib/socket';

/** Just enough of the browser's WebSocket to feed frames in. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  private handlers = new Map<string, Array<(event: unknown) => void>>();
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  addEventListener(type: string, handler: (event: unknown) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  fire(type: string, event: unknown = {}) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.fire('open');
  }
  json(message: ServerMessage) {
    this.fire('message', { data: JSON.stringify(message) });
  }
  binary(bytes: number[]) {
    this.fire('message', { data: new Uint8Array(bytes).buffer });
  }
}

const listeners = { addEventListener() {}, removeEventListener() {} };

function speech(seq: number, bytes: number, final = false): ServerMessage {
  return {
    type: 'speech',
    replyId: 'r1',
    seq,
    text: `Sentence ${seq}.`,
    mime: 'audio/mpeg',
    bytes,
    final,
  };
}

function setup() {
  const messages: ServerMessage[] = [];
  const chunks: Array<Omit<SpeechChunk, 'data'> & { data: number[] | null }> = [];
  const socket = new ConversationSocket('s1', {
    onMessage: (message) => messages.push(message),
    onSpeech: (chunk) =>
      chunks.push({ ...chunk, data: chunk.data ? [...new Uint8Array(chunk.data)] : null }),
  });
  socket.open();
  const ws = FakeWebSocket.instances.at(-1)!;
  ws.open();
  return { socket, ws, messages, chunks };
}

describe('ConversationSocket pairs each speech header with the audio frame after it', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', { ...listeners, location: { protocol: 'http:', host: 'test' } });
    vi.stubGlobal('document', { ...listeners, visibilityState: 'visible' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands out header and bytes as one chunk, and a closing header with no bytes', () => {
    const { ws, messages, chunks } = setup();
    ws.json(speech(0, 3));
    expect(chunks).toEqual([]);
    ws.binary([1, 2, 3]);
    ws.json(speech(0, 0, true));
    ws.json({ type: 'speech_done', replyId: 'r1' });
    expect(chunks).toEqual([
      {
        replyId: 'r1',
        seq: 0,
        text: 'Sentence 0.',
        mime: 'audio/mpeg',
        final: false,
        data: [1, 2, 3],
      },
      { replyId: 'r1', seq: 0, text: 'Sentence 0.', mime: 'audio/mpeg', final: true, data: null },
    ]);
    // Speech frames travel only as chunks; everything else as messages.
    expect(messages).toEqual([{ type: 'speech_done', replyId: 'r1' }]);
  });

  it('drops audio nobody announced, and a header whose bytes never came', () => {
    const { ws, chunks } = setup();
    ws.binary([9]);
    ws.json(speech(0, 2));
    ws.json(speech(1, 2));
    ws.binary([4, 5]);
    expect(chunks.map((c) => [c.seq, c.data])).toEqual([[1, [4, 5]]]);
  });

  it('does not pair a header from a dropped connection with audio on the next', () => {
    vi.useFakeTimers();
    try {
      const { ws, chunks } = setup();
      ws.json(speech(0, 2));
      ws.fire('close', { code: 1006, reason: '' });
      vi.runOnlyPendingTimers();
      const next = FakeWebSocket.instances.at(-1)!;
      expect(next).not.toBe(ws);
      next.open();
      next.binary([7, 7]);
      expect(chunks).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
