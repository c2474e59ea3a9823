import { afterEach, describe, expect, it, vi } from 'vitest';
import { sniffAudioMime } from '../../client/src/lib/audio/audioFormat';
import { heardChars } from '../../client/src/lib/audio/heardChars';
import { SpeechPlayer, type AudioLike } from '../../client/src/lib/audio/speechPlayer';
import { SpeechQueue, type SpeechChunk } from '../../client/src/lib/audio/speechQueue';

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const ascii = (text: string) => new TextEncoder().encode(text).buffer;

function chunk(seq: number, data: ArrayBuffer | null, final = false, replyId = 'r1'): SpeechChunk {
  return { replyId, seq, text: `Sentence ${seq}.`, mime: 'audio/mpeg', final, data };
}

describe('SpeechQueue: sentences in seq order, each once complete', () => {
  it('holds a later sentence until the earlier one is complete, then hands both out in order', async () => {
    const queue = new SpeechQueue('r1');
    queue.add(chunk(1, bytes(0xff, 0xfb, 1)));
    queue.add(chunk(1, null, true));
    expect(queue.take()).toBeNull();
    queue.add(chunk(0, bytes(0xff, 0xfb, 2)));
    expect(queue.take()).toBeNull();
    queue.add(chunk(0, bytes(3, 4)));
    queue.add(chunk(0, null, true));
    const first = queue.take()!;
    const second = queue.take()!;
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
    expect(queue.take()?.blob.type).toBe('audio/wav');
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

/** Just enough of an <audio> element: play() is scripted, events are fired by the test. */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  error: { code: number; message: string } | null = null;
  plays: string[] = [];
  pauses = 0;
  next: Array<() => Promise<void>> = [];
  play(): Promise<void> {
    this.plays.push(this.src);
    return (this.next.shift() ?? (() => Promise.resolve()))();
  }
  pause() {
    this.pauses += 1;
  }
  load() {}
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  end() {
    this.dispatchEvent(new Event('ended'));
  }
}

function sentence(seq: number, text = `Sentence ${seq}.`) {
  return {
    replyId: 'r1',
    seq,
    text,
    blob: new Blob([new Uint8Array([seq])], { type: 'audio/mpeg' }),
  };
}

function player() {
  const audio = new FakeAudio();
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
    { createAudio: () => audio as unknown as AudioLike },
  );
  return { audio, events, speechPlayer };
}

describe('SpeechPlayer', () => {
  afterEach(() => vi.useRealTimers());

  it('plays queued sentences one after another and says when it is idle', async () => {
    const { audio, events, speechPlayer } = player();
    speechPlayer.enqueue(sentence(0));
    speechPlayer.enqueue(sentence(1));
    await Promise.resolve();
    expect(events.playing).toEqual([0]);
    audio.end();
    await Promise.resolve();
    expect(events).toMatchObject({ playing: [0, 1], ended: [0], idle: 0 });
    audio.end();
    expect(events).toMatchObject({ ended: [0, 1], idle: 1 });
    expect(speechPlayer.busy).toBe(false);
  });

  it('retries a failing clip 3 times, 1 s apart, then reports the failure (spec §4)', async () => {
    vi.useFakeTimers();
    const { audio, events, speechPlayer } = player();
    const broken = () => Promise.reject(new Error('decode error'));
    audio.next = [broken, broken, broken, broken];
    speechPlayer.enqueue(sentence(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.plays).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(audio.plays).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(audio.plays).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(audio.plays).toHaveLength(4);
    expect(events.failed).toEqual(['Audio playback failed: decode error. Please try again.']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(audio.plays).toHaveLength(4);
    // 'Retry Audio' starts that sentence over, and this time it plays.
    speechPlayer.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(events.playing).toEqual([0]);
  });

  it('gives up on a clip that does not load within 3 s, and retries it', async () => {
    vi.useFakeTimers();
    const { audio, events, speechPlayer } = player();
    audio.next = [() => new Promise<void>(() => undefined)];
    speechPlayer.enqueue(sentence(0));
    await vi.advanceTimersByTimeAsync(2999);
    expect(audio.plays).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(audio.plays).toHaveLength(2);
    expect(events.playing).toEqual([0]);
    expect(events.failed).toEqual([]);
  });

  it('does not retry playback the browser blocked: that needs a click', async () => {
    vi.useFakeTimers();
    const { audio, events, speechPlayer } = player();
    audio.next = [
      () => Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' })),
    ];
    speechPlayer.enqueue(sentence(0));
    await vi.advanceTimersByTimeAsync(5000);
    expect(audio.plays).toHaveLength(1);
    expect(events.failed[0]).toMatch(/blocked by your browser/);
  });

  it('hold pauses at once and resume carries on; stop drops everything', async () => {
    const { audio, events, speechPlayer } = player();
    speechPlayer.enqueue(sentence(0));
    speechPlayer.enqueue(sentence(1));
    await Promise.resolve();
    audio.duration = 4;
    audio.currentTime = 1;
    expect(speechPlayer.progress()).toMatchObject({ sentence: { seq: 0 }, fraction: 0.25 });
    speechPlayer.hold();
    expect(audio.pauses).toBeGreaterThan(0);
    speechPlayer.resume();
    expect(audio.plays).toHaveLength(2);
    speechPlayer.stop();
    expect(speechPlayer.busy).toBe(false);
    expect(speechPlayer.progress()).toBeNull();
    audio.end();
    expect(events.ended).toEqual([]);
  });
});
