import { describe, expect, it } from 'vitest';
import type { ClientMessageInput } from '#shared/protocol';
import { STREAM_FRAME_HEADER_BYTES, STREAM_SAMPLE_RATE } from '#shared/voice';
import {
  STREAM_FRAME_SAMPLES,
  UtteranceStream,
  toPcm16,
  type StreamSink,
} from '#client/lib/audio/utteranceStream';

/** The socket as the stream sees it: JSON and binary frames in one ordered log. */
class FakeSink implements StreamSink {
  log: Array<{ json: ClientMessageInput } | { seq: number; samples: Int16Array }> = [];
  open = true;
  send(message: ClientMessageInput) {
    if (this.open) this.log.push({ json: message });
    return this.open;
  }
  sendFrame(frame: Uint8Array) {
    if (!this.open) return false;
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const samples = new Int16Array(frame.slice(STREAM_FRAME_HEADER_BYTES).buffer);
    this.log.push({ seq: view.getUint32(0, true), samples });
    return true;
  }
  get frames() {
    return this.log.flatMap((entry) => ('seq' in entry ? [entry] : []));
  }
  get json() {
    return this.log.flatMap((entry) => ('json' in entry ? [entry.json] : []));
  }
}

/** `count` detector frames (512 samples) whose samples count up, so order shows in the output. */
function detectorFrames(count: number): Float32Array[] {
  return Array.from({ length: count }, (_, f) =>
    Float32Array.from({ length: 512 }, (_, i) => ((f * 512 + i) % 30_000) / 32_768),
  );
}

function joined(frames: Float32Array[]): Float32Array {
  const out = new Float32Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const frame of frames) {
    out.set(frame, at);
    at += frame.length;
  }
  return out;
}

const ms = (samples: number) => (samples / STREAM_SAMPLE_RATE) * 1000;

describe('UtteranceStream (an utterance streaming while the clinician speaks)', () => {
  it('at a pause sends all the audio so far, then audio_pause with its frame count, and goes on', () => {
    const sink = new FakeSink();
    const spoken = detectorFrames(12);
    const stream = UtteranceStream.start(sink, { clientId: 'u1', speak: false }, spoken[0]!);
    for (const frame of spoken.slice(1, 8)) stream.push(frame);
    stream.pause();
    const atPause = sink.frames.length;
    expect(sink.json.at(-1)).toEqual({ type: 'audio_pause', clientId: 'u1', frames: atPause });
    // Nothing held back: every sample spoken before the pause went out before it.
    expect(sink.frames.reduce((n, f) => n + f.samples.length, 0)).toBe(8 * 512);
    for (const frame of spoken.slice(8)) stream.push(frame);
    expect(stream.commit()).toBe(true);
    expect(sink.json.at(-1)).toEqual({
      type: 'audio_commit',
      clientId: 'u1',
      frames: sink.frames.length,
    });
    expect(sink.frames.map((f) => f.seq)).toEqual(sink.frames.map((_, i) => i));
    expect(sink.frames.reduce((n, f) => n + f.samples.length, 0)).toBe(12 * 512);
    // After the commit a pause is nothing to send.
    stream.pause();
    expect(sink.json.at(-1)!.type).toBe('audio_commit');
  });

  it('starts, streams frames of 20 to 100 ms numbered from 0 in order, and commits their count', () => {
    const sink = new FakeSink();
    const spoken = detectorFrames(41);
    // The lead-in: the detector's pre-speech padding (25 frames) and the first speech frame.
    const stream = UtteranceStream.start(
      sink,
      { clientId: 'u1', speak: true },
      joined(spoken.slice(0, 26)),
    );
    expect(sink.json).toEqual([
      {
        type: 'audio_start',
        clientId: 'u1',
        format: 'pcm16',
        sampleRate: 16_000,
        purpose: 'turn',
        stream: true,
        speak: true,
      },
    ]);
    // The lead-in goes out at once, in whole frames.
    expect(sink.frames).toHaveLength(13);
    for (const frame of spoken.slice(26)) stream.push(frame);
    expect(stream.commit()).toBe(true);

    const frames = sink.frames;
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    for (const frame of frames) {
      expect(ms(frame.samples.length)).toBeGreaterThanOrEqual(20);
      expect(ms(frame.samples.length)).toBeLessThanOrEqual(100);
    }
    // 41 detector frames: 20 whole stream frames and a last one of 32 ms with the commit.
    expect(frames.map((f) => f.samples.length)).toEqual([
      ...Array<number>(20).fill(STREAM_FRAME_SAMPLES),
      512,
    ]);
    // The samples arrive in the order they were spoken.
    const sent = frames.flatMap((f) => Array.from(f.samples));
    expect(sent).toEqual(Array.from(toPcm16(joined(spoken))));
    // The commit comes last and counts every binary frame.
    expect(sink.log.at(-1)).toEqual({ json: { type: 'audio_commit', clientId: 'u1', frames: 21 } });
    expect(stream.state).toBe('committed');
    // Nothing more after the commit.
    stream.push(new Float32Array(2048));
    stream.cancel();
    expect(sink.log.at(-1)).toEqual({ json: { type: 'audio_commit', clientId: 'u1', frames: 21 } });
  });

  it('a misfire cancels the stream: audio_cancel, and nothing after it', () => {
    const sink = new FakeSink();
    const stream = UtteranceStream.start(
      sink,
      { clientId: 'u2', speak: false },
      new Float32Array(4096),
    );
    stream.push(new Float32Array(512));
    stream.cancel();
    expect(sink.json).toEqual([
      expect.objectContaining({ type: 'audio_start', clientId: 'u2', speak: false }),
      { type: 'audio_cancel', clientId: 'u2' },
    ]);
    expect(stream.state).toBe('cancelled');
    expect(stream.commit()).toBe(false);
    stream.push(new Float32Array(2048));
    expect(sink.log.at(-1)).toEqual({ json: { type: 'audio_cancel', clientId: 'u2' } });
  });

  it('a socket that is down breaks the stream: nothing more is tried and the commit fails', () => {
    const offline = new FakeSink();
    offline.open = false;
    const never = UtteranceStream.start(
      offline,
      { clientId: 'u3', speak: true },
      new Float32Array(2048),
    );
    expect(never.state).toBe('broken');
    expect(never.commit()).toBe(false);

    const sink = new FakeSink();
    const stream = UtteranceStream.start(
      sink,
      { clientId: 'u4', speak: true },
      new Float32Array(1024),
    );
    sink.open = false;
    stream.push(new Float32Array(1024));
    expect(stream.state).toBe('broken');
    sink.open = true;
    stream.push(new Float32Array(1024));
    expect(stream.commit()).toBe(false);
    expect(sink.frames.map((f) => f.seq)).toEqual([0]);
  });

  it('past 30 s the utterance is cancelled instead of sent on', () => {
    const sink = new FakeSink();
    const stream = UtteranceStream.start(
      sink,
      { clientId: 'u5', speak: true },
      new Float32Array(0),
    );
    const second = new Float32Array(STREAM_SAMPLE_RATE);
    for (let s = 0; s < 30; s += 1) expect(stream.push(second)).toBe('open');
    expect(stream.push(new Float32Array(512))).toBe('too_long');
    expect(sink.json.at(-1)).toEqual({ type: 'audio_cancel', clientId: 'u5' });
    expect(stream.commit()).toBe(false);
  });

  it('converts to PCM16 with clipping', () => {
    expect(Array.from(toPcm16(Float32Array.from([0, 1, -1, 0.5, 2, -3])))).toEqual([
      0, 32_767, -32_768, 16_384, 32_767, -32_768,
    ]);
  });
});
