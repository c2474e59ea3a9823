import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkStreamFrame,
  createStreamedUtterance,
  streamOverLimit,
  type StreamedUtteranceInput,
} from '#server/conversations/streamedUtterance';
import { createLogger } from '#server/logger';
import type { StreamingTranscriber, Transcriber } from '#server/voice/types';
import { FRAME_TEXT, VOICE_TEXT } from '#shared/text';
import { encodeStreamFrame, STREAM_FRAME_MAX_BYTES } from '#shared/voice';

const frame = (seq: number, samples = 320) =>
  Buffer.from(encodeStreamFrame(seq, new Int16Array(samples).fill(1000)));
const withSeq = (seq: number, payload: Buffer) => {
  const header = Buffer.alloc(4);
  header.writeUInt32LE(seq);
  return Buffer.concat([header, payload]);
};

describe('checking one frame of a streamed utterance', () => {
  it.each<[string, Buffer, number, string | null]>([
    ['the expected frame', frame(0), 0, null],
    ['a later frame in order', frame(7), 7, null],
    ['a full 100 ms frame', frame(3, 1600), 3, null],
    ['a frame with no samples', frame(2, 0), 2, null],
    ['a frame over 100 ms', frame(0, 1601), 0, FRAME_TEXT.frameTooLarge(100)],
    ['a frame too short for its number', Buffer.from([0, 0, 0]), 0, FRAME_TEXT.frameNoHeader],
    ['an empty frame', Buffer.alloc(0), 0, FRAME_TEXT.frameNoHeader],
    ['half a sample', withSeq(0, Buffer.from([1, 2, 3])), 0, FRAME_TEXT.frameHalfSample],
    ['a frame from the future', frame(5), 4, FRAME_TEXT.frameOutOfOrder(4, 5)],
    ['a frame sent twice', frame(3), 4, FRAME_TEXT.frameOutOfOrder(4, 3)],
    ['a WAV file', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '), 0, FRAME_TEXT.frameNotPcm],
    [
      'a WAV behind a sequence number',
      withSeq(0, Buffer.from('RIFFxxxxWAVE')),
      0,
      FRAME_TEXT.frameNotPcm,
    ],
    ['a WebM file', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]), 0, FRAME_TEXT.frameNotPcm],
    [
      'a WebM behind a sequence number',
      withSeq(0, Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
      0,
      FRAME_TEXT.frameNotPcm,
    ],
    ['an Ogg page', Buffer.from('OggS\x00\x02\x00\x00'), 0, FRAME_TEXT.frameNotPcm],
    ['an MP3 with ID3 tags', Buffer.from('ID3\x04\x00\x00'), 0, FRAME_TEXT.frameNotPcm],
    ['a FLAC file', withSeq(0, Buffer.from('fLaC\x00\x00')), 0, FRAME_TEXT.frameNotPcm],
    // Later frames are samples whatever they look like: only a stream's start can be a file.
    ['samples that happen to spell RIFF', withSeq(9, Buffer.from('RIFFRIFF')), 9, null],
    [
      'an oversized frame of another kind',
      Buffer.alloc(STREAM_FRAME_MAX_BYTES + 2),
      0,
      FRAME_TEXT.frameTooLarge(100),
    ],
  ])('%s', (_name, bytes, expectedSeq, message) => {
    const check = checkStreamFrame(bytes, expectedSeq);
    if (message === null) {
      expect(check).toMatchObject({ ok: true, seq: expectedSeq });
      expect(check.ok && check.pcm.length).toBe(bytes.length - 4);
    } else {
      expect(check).toEqual({ ok: false, message });
    }
  });
});

describe('the utterance limits, as the audio arrives', () => {
  const limits = { maxUtteranceMs: 30_000, maxUtteranceBytes: 1_000_000, streamIdleMs: 5000 };
  it.each<[string, number, typeof limits, string | null]>([
    ['29.9 s', 16_000 * 2 * 29.9, limits, null],
    ['exactly 30 s', 16_000 * 2 * 30, limits, null],
    ['30 s and one sample', 16_000 * 2 * 30 + 2, limits, VOICE_TEXT.tooLongForTurn(30)],
    [
      'over 64 KB under a 64 KB limit',
      64_002,
      { ...limits, maxUtteranceBytes: 64_000 },
      'That recording is too large (over 64 KB). Please keep each turn under 30 seconds.',
    ],
  ])('%s', (_name, bytes, within, message) => {
    expect(streamOverLimit(bytes, within)).toBe(message);
  });
});

/** A streaming session the test drives: what it was fed, and its commit's answer. */
function fakeStreaming(final: () => Promise<string>) {
  const fed: Buffer[] = [];
  const sessions: Array<{ onPartial(text: string): void; closed: boolean; signal: AbortSignal }> =
    [];
  const transcriber: StreamingTranscriber = {
    open({ signal, onPartial }) {
      const session = { onPartial, closed: false, signal };
      sessions.push(session);
      return {
        append: (pcm) => void fed.push(Buffer.from(pcm)),
        checkpoint: final,
        commit: final,
        close: () => void (session.closed = true),
      };
    },
  };
  return { transcriber, fed, sessions };
}

function fakeBatch(answer: (wav: Buffer) => Promise<string>) {
  const heard: Buffer[] = [];
  const transcriber: Transcriber = {
    transcribe: (audio) => {
      heard.push(audio);
      return answer(audio);
    },
  };
  return { transcriber, heard };
}

function utterance(overrides: Partial<StreamedUtteranceInput> = {}) {
  const events: string[] = [];
  const stream = createStreamedUtterance({
    clientId: 'u1',
    limits: { maxUtteranceMs: 30_000, maxUtteranceBytes: 1_000_000, streamIdleMs: 5_000 },
    streaming: null,
    batch: null,
    finalTimeoutMs: 3_000,
    language: 'en',
    logger: createLogger('silent'),
    conversationId: 's1',
    onPartial: (text) => events.push(`partial:${text}`),
    onAbandoned: () => events.push('abandoned'),
    onEnd: () => events.push('end'),
    ...overrides,
  });
  return { stream, events };
}

const never = new AbortController().signal;

describe('one streamed utterance', () => {
  afterEach(() => vi.useRealTimers());

  it('feeds the streaming session and answers with its final, relaying partials', async () => {
    const streaming = fakeStreaming(async () => '  Does it hurt? ');
    const { stream, events } = utterance({ streaming: streaming.transcriber });
    expect(stream.frame(frame(0))).toBeNull();
    streaming.sessions[0]!.onPartial('Does\u0000 it');
    expect(stream.frame(frame(1))).toBeNull();
    const committed = stream.commit(2, never);
    expect(committed.ok && (await committed.transcript)).toEqual({
      kind: 'text',
      text: 'Does it hurt?',
    });
    expect(streaming.fed.map((b) => b.length)).toEqual([640, 640]);
    expect(events).toEqual(['partial:Does it', 'end']);
  });

  it('falls back to the batch transcriber on the same samples when the session fails', async () => {
    const streaming = fakeStreaming(() => Promise.reject(new Error('session dropped')));
    const batch = fakeBatch(async () => 'Does it hurt?');
    const { stream, events } = utterance({
      streaming: streaming.transcriber,
      batch: batch.transcriber,
    });
    const samples = Int16Array.from({ length: 480 }, (_, i) => i * 7 - 1000);
    stream.frame(Buffer.from(encodeStreamFrame(0, samples.subarray(0, 320))));
    stream.frame(Buffer.from(encodeStreamFrame(1, samples.subarray(320))));
    const committed = stream.commit(2, never);
    expect(committed.ok && (await committed.transcript)).toEqual({
      kind: 'text',
      text: 'Does it hurt?',
    });
    const wav = batch.heard[0]!;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    const data = wav.subarray(44);
    expect(Array.from({ length: data.length / 2 }, (_, i) => data.readInt16LE(i * 2))).toEqual(
      Array.from(samples),
    );
    expect(events).toEqual(['end']);
  });

  it('asks the batch transcriber when the streaming final never comes', async () => {
    vi.useFakeTimers();
    const streaming = fakeStreaming(() => new Promise<string>(() => undefined));
    const batch = fakeBatch(async () => 'Heard in the end.');
    const { stream } = utterance({ streaming: streaming.transcriber, batch: batch.transcriber });
    stream.frame(frame(0));
    const committed = stream.commit(1, never);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(batch.heard).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(committed.ok && (await committed.transcript)).toEqual({
      kind: 'text',
      text: 'Heard in the end.',
    });
    expect(streaming.sessions[0]!.closed).toBe(true);
  });

  it.each<[string, () => Promise<string>, object]>([
    ['nothing heard', async () => '   ', { kind: 'empty' }],
    ['a failure', () => Promise.reject(new Error('down')), { kind: 'failed' }],
  ])('says so when the batch transcriber gives %s', async (_name, answer, expected) => {
    const { stream } = utterance({ batch: fakeBatch(answer).transcriber });
    stream.frame(frame(0));
    const committed = stream.commit(1, never);
    expect(committed.ok && (await committed.transcript)).toEqual(expected);
  });

  it.each<[string, number, string]>([
    ['fewer frames announced than arrived', 1, FRAME_TEXT.framesMissing(1, 2)],
    ['more frames announced than arrived', 3, FRAME_TEXT.framesMissing(3, 2)],
  ])('refuses a commit with %s, and transcribes nothing', async (_name, frames, message) => {
    const streaming = fakeStreaming(async () => 'never');
    const batch = fakeBatch(async () => 'never');
    const { stream, events } = utterance({
      streaming: streaming.transcriber,
      batch: batch.transcriber,
    });
    stream.frame(frame(0));
    stream.frame(frame(1));
    expect(stream.commit(frames, never)).toEqual({ ok: false, message });
    expect(streaming.sessions[0]!.closed).toBe(true);
    expect(batch.heard).toEqual([]);
    expect(events).toEqual(['end']);
    // Dropped: nothing more is taken.
    expect(stream.frame(frame(2))).toBe(FRAME_TEXT.afterStream);
  });

  it('refuses a commit with no audio', () => {
    const { stream } = utterance({ batch: fakeBatch(async () => 'x').transcriber });
    expect(stream.commit(0, never)).toEqual({ ok: false, message: VOICE_TEXT.noAudio });
  });

  it('refuses the frame that crosses the length limit, not a later commit', () => {
    const { stream, events } = utterance({
      limits: { maxUtteranceMs: 1_000, maxUtteranceBytes: 1_000_000, streamIdleMs: 5_000 },
    });
    // 100 ms frames: the tenth reaches 1 s exactly, the eleventh crosses it.
    for (let seq = 0; seq < 10; seq++) expect(stream.frame(frame(seq, 1600))).toBeNull();
    expect(stream.frame(frame(10, 1600))).toBe(VOICE_TEXT.tooLongForTurn(1));
    expect(events).toEqual(['end']);
  });

  it('drops a stream that stops sending, and says so once', () => {
    vi.useFakeTimers();
    const streaming = fakeStreaming(async () => 'never');
    const { stream, events } = utterance({ streaming: streaming.transcriber });
    stream.frame(frame(0));
    vi.advanceTimersByTime(4_999);
    stream.frame(frame(1));
    vi.advanceTimersByTime(4_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['end', 'abandoned']);
    expect(streaming.sessions[0]!.closed).toBe(true);
    expect(streaming.sessions[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual(['end', 'abandoned']);
  });

  it('a misfire closes the session and ends once', () => {
    const streaming = fakeStreaming(async () => 'never');
    const { stream, events } = utterance({ streaming: streaming.transcriber });
    stream.frame(frame(0));
    stream.close();
    stream.close();
    expect(streaming.sessions[0]!.closed).toBe(true);
    expect(events).toEqual(['end']);
  });

  it('goes on with batch alone when the session cannot take audio', async () => {
    const batch = fakeBatch(async () => 'Still heard.');
    const broken: StreamingTranscriber = {
      open: () => ({
        append: () => {
          throw new Error('socket gone');
        },
        checkpoint: async () => 'never asked',
        commit: async () => 'never asked',
        close: () => undefined,
      }),
    };
    const { stream } = utterance({ streaming: broken, batch: batch.transcriber });
    expect(stream.frame(frame(0))).toBeNull();
    expect(stream.frame(frame(1))).toBeNull();
    const committed = stream.commit(2, never);
    expect(committed.ok && (await committed.transcript)).toEqual({
      kind: 'text',
      text: 'Still heard.',
    });
    expect(batch.heard[0]!.length).toBe(44 + 2 * 640);
  });
});
