import { afterEach, describe, expect, it, vi } from 'vitest';
import { sniffAudioMime } from '#client/lib/audio/audioFormat';
import { heardChars } from '#client/lib/audio/heardChars';
import { SpeechPlayer } from '#client/lib/audio/speechPlayer';
import { SpeechQueue, type SpeechChunk, type SpeechPiece } from '#client/lib/audio/speechQueue';
import { SCHEDULE_LEAD_SECONDS } from '#client/lib/audio/playbackSchedule';
import { SPEECH_PCM_MIME } from '#shared/speechAudio';
import { FakeAudioContext } from '../../../helpers/fakeAudioContext';

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const ascii = (text: string) => new TextEncoder().encode(text).buffer;

function chunk(seq: number, data: ArrayBuffer | null, final = false, replyId = 'r1'): SpeechChunk {
  return { replyId, seq, text: `Sentence ${seq}.`, mime: 'audio/mpeg', final, data };
}

/** A clip piece out of the queue (mp3 and friends come whole). */
function clip(piece: SpeechPiece | null) {
  if (piece?.kind !== 'clip') throw new Error(`expected a clip, got ${piece?.kind ?? 'nothing'}`);
  return piece;
}

describe('SpeechQueue: compressed sentences in seq order, each once complete', () => {
  it('holds a later sentence until the earlier one is complete, then hands both out in order', async () => {
    const queue = new SpeechQueue('r1');
    queue.add(chunk(1, bytes(0xff, 0xfb, 1)));
    queue.add(chunk(1, null, true));
    expect(queue.take()).toBeNull();
    queue.add(chunk(0, bytes(0xff, 0xfb, 2)));
    expect(queue.take()).toBeNull();
    queue.add(chunk(0, bytes(3, 4)));
    queue.add(chunk(0, null, true));
    const first = clip(queue.take());
    const second = clip(queue.take());
    expect([first.seq, second.seq]).toEqual([0, 1]);
    // The chunks of a sentence are concatenated in arrival order.
    expect([...new Uint8Array(await first.blob.arrayBuffer())]).toEqual([0xff, 0xfb, 2, 3, 4]);
    expect(first.blob.type).toBe('audio/mpeg');
    expect(queue.take()).toBeNull();
  });

  it('ignores other replies, skips silent sentences and is drained after speech_done', () => {
    const queue = new SpeechQueue('r1');
    queue.add(chunk(0, bytes(1), true, 'other'));
    expect(queue.take()).toBeNull();
    queue.add(chunk(0, null, true));
    queue.add(chunk(1, bytes(0xff, 0xfb), true));
    expect(queue.take()?.seq).toBe(1);
    expect(queue.drained).toBe(false);
    queue.end();
    expect(queue.drained).toBe(true);
  });

  it('types each clip by its bytes, whatever the server declared', () => {
    const queue = new SpeechQueue('r1');
    queue.add({ ...chunk(0, ascii('RIFF\0\0\0\0WAVEfmt '), true), mime: 'audio/mpeg' });
    expect(clip(queue.take()).blob.type).toBe('audio/wav');
  });
});

/** PCM16 bytes of these sample values. */
function pcmBytes(...values: number[]): ArrayBuffer {
  const samples = Int16Array.from(values);
  return samples.buffer;
}

function pcmChunk(seq: number, data: ArrayBuffer | null, final = false): SpeechChunk {
  return { replyId: 'r1', seq, text: `Sentence ${seq}.`, mime: SPEECH_PCM_MIME, final, data };
}

describe('SpeechQueue: raw PCM is handed out chunk by chunk as it arrives', () => {
  it('gives each chunk at once, as floats, and closes the sentence on its final frame', () => {
    const queue = new SpeechQueue('r1');
    queue.add(pcmChunk(0, pcmBytes(16384, -32768)));
    const first = queue.take();
    expect(first).toMatchObject({ kind: 'pcm', seq: 0, sampleRate: 24_000, last: false });
    expect(first?.kind === 'pcm' && [...first.samples]).toEqual([0.5, -1]);
    // Nothing more until more arrives; the sentence is not over.
    expect(queue.take()).toBeNull();
    queue.add(pcmChunk(0, null, true));
    expect(queue.take()).toMatchObject({
      kind: 'pcm',
      seq: 0,
      last: true,
      samples: new Float32Array(0),
    });
    expect(queue.take()).toBeNull();
  });

  it('holds a later sentence until the one before has ended, then hands out its chunks', () => {
    const queue = new SpeechQueue('r1');
    queue.add(pcmChunk(1, pcmBytes(1, 2)));
    expect(queue.take()).toBeNull();
    queue.add(pcmChunk(0, pcmBytes(3)));
    queue.add(pcmChunk(0, null, true));
    const seqs: Array<[number, boolean]> = [];
    for (let p = queue.take(); p; p = queue.take()) seqs.push([p.seq, p.kind === 'pcm' && p.last]);
    expect(seqs).toEqual([
      [0, false],
      [0, true],
      [1, false],
    ]);
  });

  it('carries half a sample to the next chunk rather than playing it alone', () => {
    const queue = new SpeechQueue('r1');
    const bytes = new Uint8Array(pcmBytes(0x4000, 0x2000, -0x4000));
    queue.add(pcmChunk(0, bytes.slice(0, 3).buffer));
    queue.add(pcmChunk(0, bytes.slice(3).buffer));
    const samples: number[] = [];
    for (let p = queue.take(); p; p = queue.take())
      if (p.kind === 'pcm') samples.push(...p.samples);
    expect(samples).toEqual([0.5, 0.25, -0.5]);
  });

  it('skips a sentence that brought no audio at all', () => {
    const queue = new SpeechQueue('r1');
    queue.add(pcmChunk(0, null, true));
    queue.add(pcmChunk(1, pcmBytes(5), true));
    expect(queue.take()).toMatchObject({ seq: 1, last: false });
  });
});

describe('sniffAudioMime', () => {
  it.each([
    ['RIFF....WAVE', new Uint8Array(ascii('RIFF\0\0\0\0WAVEfmt ')), 'audio/wav'],
    ['ID3 tag', new Uint8Array(ascii('ID3\x04')), 'audio/mpeg'],
    ['MPEG frame sync', new Uint8Array([0xff, 0xf3, 0x90]), 'audio/mpeg'],
    ['Ogg', new Uint8Array(ascii('OggS\0')), 'audio/ogg'],
    ['WebM', new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm'],
    ['FLAC', new Uint8Array(ascii('fLaC')), 'audio/flac'],
    ['unknown', new Uint8Array([1, 2, 3, 4]), 'audio/declared'],
    ['empty', new Uint8Array([]), 'audio/declared'],
  ])('%s → %s', (_name, head, expected) => {
    expect(sniffAudioMime(head, 'audio/declared')).toBe(expected);
  });
});

describe('heardChars: what the user heard before talking over the patient', () => {
  const reply =
    'I suppose the cost is what worries me most. How much would the crown be? And would it hurt?';
  const [s1, s2] = ['I suppose the cost is what worries me most.', 'How much would the crown be?'];

  it('nothing played yet is nothing heard', () => {
    expect(heardChars({ replyText: reply, finished: [], current: null })).toBe(0);
    expect(heardChars({ replyText: reply, finished: [], current: { text: s1, fraction: 0 } })).toBe(
      0,
    );
  });

  it('counts finished sentences by their place in the reply (spaces included)', () => {
    expect(heardChars({ replyText: reply, finished: [s1], current: null })).toBe(s1.length);
    expect(heardChars({ replyText: reply, finished: [s1, s2], current: null })).toBe(
      reply.indexOf(s2) + s2.length,
    );
  });

  it('adds the played share of the current sentence, cut back to a whole word', () => {
    // Half of s1 is 22 characters: "I suppose the cost is " → the words before the cut one.
    const heard = heardChars({
      replyText: reply,
      finished: [],
      current: { text: s1, fraction: 0.5 },
    });
    expect(reply.slice(0, heard)).toBe('I suppose the cost is');
    const later = heardChars({
      replyText: reply,
      finished: [s1],
      current: { text: s2, fraction: 0.4 },
    });
    expect(reply.slice(0, later)).toBe(`${s1} How much`);
  });

  it('a sentence played to its end counts whole; odd fractions are clamped', () => {
    expect(heardChars({ replyText: reply, finished: [], current: { text: s1, fraction: 1 } })).toBe(
      s1.length,
    );
    expect(heardChars({ replyText: reply, finished: [], current: { text: s1, fraction: 7 } })).toBe(
      s1.length,
    );
    expect(
      heardChars({ replyText: reply, finished: [], current: { text: s1, fraction: Number.NaN } }),
    ).toBe(0);
  });

  it('never runs past the reply, and falls back to lengths without the text', () => {
    expect(
      heardChars({ replyText: 'Short.', finished: ['Short. But longer'], current: null }),
    ).toBe(6);
    expect(heardChars({ replyText: '', finished: [s1, s2], current: null })).toBe(
      s1.length + 1 + s2.length,
    );
  });
});

const RATE = 24_000;
const LEAD = SCHEDULE_LEAD_SECONDS;

/** A PCM piece of `seconds` of silence. */
function pcm(seq: number, seconds: number, last = false, text = `Sentence ${seq}.`): SpeechPiece {
  return {
    replyId: 'r1',
    seq,
    text,
    kind: 'pcm',
    samples: new Float32Array(Math.round(seconds * RATE)),
    sampleRate: RATE,
    last,
  };
}

function mp3(seq: number, bytes = 2000): SpeechPiece {
  return {
    replyId: 'r1',
    seq,
    text: `Sentence ${seq}.`,
    kind: 'clip',
    blob: new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }),
  };
}

function player() {
  const clock = new FakeAudioContext();
  const events = {
    playing: [] as number[],
    ended: [] as number[],
    idle: 0,
    failed: [] as string[],
  };
  const speechPlayer = new SpeechPlayer(
    {
      onPlaying: (s) => events.playing.push(s.seq),
      onEnded: (s) => events.ended.push(s.seq),
      onIdle: () => (events.idle += 1),
      onFailed: (message) => events.failed.push(message),
    },
    { createContext: () => clock },
  );
  return { clock, events, speechPlayer };
}

const starts = (clock: FakeAudioContext) => clock.sources.map((s) => s.startAt);

describe('SpeechPlayer: PCM on one clock, as it arrives', () => {
  afterEach(() => vi.useRealTimers());

  it('plays the first chunk at once, before its sentence has fully arrived', () => {
    const { clock, events, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 0.5));
    expect(starts(clock)).toEqual([LEAD]);
    expect(events.playing).toEqual([0]);
    expect(speechPlayer.busy).toBe(true);
  });

  it('schedules chunks and sentences back to back with no gap, then goes idle', () => {
    const { clock, events, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 0.5));
    clock.advance(0.2);
    speechPlayer.enqueue(pcm(0, 0.25));
    speechPlayer.enqueue(pcm(0, 0, true));
    speechPlayer.enqueue(pcm(1, 0.5));
    speechPlayer.enqueue(pcm(1, 0, true));
    expect(starts(clock)).toEqual([LEAD, LEAD + 0.5, LEAD + 0.75]);
    clock.advance(0.5);
    expect(events).toMatchObject({ playing: [0], ended: [], idle: 0 });
    clock.advance(0.1);
    // Sentence 0 ended exactly where sentence 1 began.
    expect(events).toMatchObject({ playing: [0, 1], ended: [0], idle: 0 });
    clock.advance(0.5);
    expect(events).toMatchObject({ playing: [0, 1], ended: [0, 1], idle: 1 });
    expect(speechPlayer.busy).toBe(false);
  });

  it('a chunk arriving after playback ran dry starts just after now, and the sentence goes on', () => {
    const { clock, events, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 0.2));
    clock.advance(1);
    expect(events.ended).toEqual([]);
    speechPlayer.enqueue(pcm(0, 0.2));
    expect(clock.sources[1]!.startAt).toBeCloseTo(1 + LEAD, 12);
    speechPlayer.enqueue(pcm(0, 0, true));
    clock.advance(0.3);
    expect(events).toMatchObject({ playing: [0], ended: [0] });
  });

  it('reports what was played of the sentence being heard, from the clock', () => {
    const { clock, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 1));
    speechPlayer.enqueue(pcm(0, 1, true));
    clock.advance(LEAD + 0.5);
    expect(speechPlayer.progress()).toMatchObject({ sentence: { seq: 0 }, fraction: 0.25 });
    // What is still on its way to the speaker has not been heard.
    clock.outputLatency = 0.1;
    expect(speechPlayer.progress()?.fraction).toBeCloseTo(0.2, 12);
  });

  it('while a sentence is still arriving, its length is at least what its text takes to say', () => {
    const { clock, speechPlayer } = player();
    // 48 characters: four seconds at the assumed rate; one second has arrived.
    speechPlayer.enqueue(pcm(0, 1, false, 'x'.repeat(48)));
    clock.advance(LEAD + 1);
    expect(speechPlayer.progress()?.fraction).toBeCloseTo(0.25, 12);
  });

  it('hold suspends the clock at once and resume carries on; stop silences every chunk', () => {
    const { clock, events, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 1));
    speechPlayer.enqueue(pcm(1, 1));
    clock.advance(0.5);
    speechPlayer.hold();
    expect(clock.state).toBe('suspended');
    clock.advance(5);
    expect(events.ended).toEqual([]);
    speechPlayer.resume();
    expect(clock.state).toBe('running');
    speechPlayer.stop();
    expect(clock.sources.every((s) => s.stopped && !s.connected)).toBe(true);
    expect(speechPlayer.busy).toBe(false);
    expect(speechPlayer.progress()).toBeNull();
    clock.advance(5);
    expect(events.ended).toEqual([]);
    // The next reply starts afresh at the current time.
    speechPlayer.enqueue(pcm(0, 0.5));
    expect(clock.sources.at(-1)!.startAt).toBeCloseTo(clock.currentTime + LEAD, 12);
  });

  it('a stop while held leaves the clock running for the next reply', () => {
    const { clock, speechPlayer } = player();
    speechPlayer.enqueue(pcm(0, 1));
    speechPlayer.hold();
    speechPlayer.stop();
    expect(clock.state).toBe('running');
  });

  it('a page not clicked yet keeps the clock suspended: after 3 s that is a blocked-audio failure', async () => {
    vi.useFakeTimers();
    const { clock, events, speechPlayer } = player();
    clock.blocked = true;
    clock.state = 'suspended';
    speechPlayer.enqueue(pcm(0, 1));
    expect(events.playing).toEqual([]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(events.failed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events.failed[0]).toMatch(/blocked by your browser/);
    // 'Retry Audio' is a click: now the clock may start, and the sentence plays.
    clock.blocked = false;
    speechPlayer.retry();
    expect(events.playing).toEqual([0]);
  });
});

describe('SpeechPlayer: compressed clips (mp3), decoded once complete', () => {
  afterEach(() => vi.useRealTimers());

  it('decodes each clip and plays the clips back to back on the same clock', async () => {
    const { clock, events, speechPlayer } = player();
    speechPlayer.enqueue(mp3(0, 2000));
    speechPlayer.enqueue(mp3(1, 1000));
    await vi.waitFor(() => expect(clock.sources).toHaveLength(2));
    expect(starts(clock)).toEqual([LEAD, LEAD + 2]);
    expect(events.playing).toEqual([0]);
    clock.advance(LEAD + 3);
    expect(events).toMatchObject({ playing: [0, 1], ended: [0, 1], idle: 1 });
  });

  it('retries a clip that fails to decode 3 times, 1 s apart, then reports it (spec §4)', async () => {
    vi.useFakeTimers();
    const { clock, events, speechPlayer } = player();
    clock.decode = () => Promise.reject(new Error('decode error'));
    speechPlayer.enqueue(mp3(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.decodes).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(clock.decodes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(clock.decodes).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(clock.decodes).toBe(4);
    expect(events.failed).toEqual(['Audio playback failed: decode error. Please try again.']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(clock.decodes).toBe(4);
    expect(speechPlayer.busy).toBe(true);
    // 'Retry Audio' starts that sentence over, and this time it plays.
    clock.decode = () => Promise.resolve({ duration: 1 });
    speechPlayer.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(events.playing).toEqual([0]);
  });

  it('gives up on a clip that does not decode within 3 s, and retries it', async () => {
    vi.useFakeTimers();
    const { clock, events, speechPlayer } = player();
    clock.decode = () => new Promise(() => undefined);
    speechPlayer.enqueue(mp3(0));
    await vi.advanceTimersByTimeAsync(2999);
    expect(clock.decodes).toBe(1);
    clock.decode = () => Promise.resolve({ duration: 1 });
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(clock.decodes).toBe(2);
    expect(events.playing).toEqual([0]);
    expect(events.failed).toEqual([]);
  });

  it('a stop drops a clip still being decoded', async () => {
    const { clock, speechPlayer } = player();
    speechPlayer.enqueue(mp3(0));
    speechPlayer.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clock.sources).toHaveLength(0);
    expect(speechPlayer.busy).toBe(false);
  });
});
