import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessageInput } from '#shared/protocol';
import { listenForOneUtterance } from '#client/lib/audio/oneUtterance';
import type { StreamSink } from '#client/lib/audio/utteranceStream';
import type { Vad, VadCallbacks } from '#client/lib/audio/vad';

/** A socket that keeps what was sent, and a detector the test drives by hand. */
function setup(open = true) {
  const json: ClientMessageInput[] = [];
  let frames = 0;
  const sink: StreamSink = {
    send(message) {
      if (open) json.push(message);
      return open;
    },
    sendFrame() {
      if (open) frames++;
      return open;
    },
  };

  let hear: VadCallbacks | null = null;
  const destroyed = vi.fn(async () => undefined);
  const vad: Vad = {
    ready: Promise.resolve(),
    start: async () => undefined,
    pause: async () => undefined,
    destroy: destroyed,
  };
  let ids = 0;
  const listening = listenForOneUtterance({
    sink,
    purpose: 'dictation',
    newClientId: () => `d${++ids}`,
    deps: {
      openMicrophone: async () => ({}) as MediaStream,
      createVad: async (_stream, callbacks) => {
        hear = callbacks;
        return vad;
      },
    },
  });
  const speech = (ms: number) => new Float32Array((16_000 * ms) / 1000).fill(0.1);
  return {
    listening,
    json,
    frames: () => frames,
    destroyed,
    hear: () => hear!,
    speech,
  };
}

describe('listening for one utterance (dictation) on the voice capture', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('streams the utterance with its purpose and commits at the end of speech', async () => {
    const t = setup();
    const handle = await t.listening;
    t.hear().onSpeechStart(t.speech(200));
    t.hear().onSpeechAudio(t.speech(200));
    expect(handle.clientId).toBe('d1');
    t.hear().onSpeechEnd();
    expect(await handle.done).toEqual({ kind: 'committed', clientId: 'd1' });
    expect(t.json[0]).toMatchObject({ type: 'audio_start', clientId: 'd1', purpose: 'dictation' });
    expect(t.json.at(-1)).toMatchObject({ type: 'audio_commit', clientId: 'd1' });
    expect(t.frames()).toBeGreaterThan(0);
    expect(t.destroyed).toHaveBeenCalled();
  });

  it('a misfire is dropped and listening goes on', async () => {
    const t = setup();
    const handle = await t.listening;
    t.hear().onSpeechStart(t.speech(100));
    t.hear().onMisfire();
    expect(t.json.at(-1)).toEqual({ type: 'audio_cancel', clientId: 'd1' });
    t.hear().onSpeechStart(t.speech(100));
    t.hear().onSpeechEnd();
    expect(await handle.done).toEqual({ kind: 'committed', clientId: 'd2' });
  });

  it('a second click commits speech under way, or says nothing was heard', async () => {
    const spoken = setup();
    const handle = await spoken.listening;
    spoken.hear().onSpeechStart(spoken.speech(300));
    handle.stop();
    expect(await handle.done).toEqual({ kind: 'committed', clientId: 'd1' });

    const silent = setup();
    const quiet = await silent.listening;
    quiet.stop();
    expect(await quiet.done).toEqual({ kind: 'nothing' });
    expect(silent.json).toEqual([]);
  });

  it('gives up after 10 s of nothing once the detector hears, and commits just under the 30 s limit', async () => {
    const silent = setup();
    const quiet = await silent.listening;
    let result: unknown = null;
    void quiet.done.then((done) => (result = done));
    // The detector is still loading: what is said meanwhile will be heard, so no giving up yet.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(result).toBeNull();
    silent.hear().onHearing!();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(result).toEqual({ kind: 'nothing' });

    const long = setup();
    const talking = await long.listening;
    long.hear().onSpeechStart(long.speech(1000));
    for (let s = 1; s < 29; s++) long.hear().onSpeechAudio(long.speech(1000));
    expect(await talking.done).toEqual({ kind: 'committed', clientId: 'd1' });
    expect(long.json.at(-1)).toMatchObject({ type: 'audio_commit' });
  });

  it('a socket that is gone fails the utterance', async () => {
    const t = setup(false);
    const handle = await t.listening;
    t.hear().onSpeechStart(t.speech(100));
    expect(await handle.done).toEqual({ kind: 'failed' });
  });
});
