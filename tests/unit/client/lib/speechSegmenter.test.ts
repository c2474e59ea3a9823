import { describe, expect, it } from 'vitest';
import { SampleRingBuffer } from '#client/lib/audio/capture/ringBuffer';
import { createFrameDetector, type SpeechModel } from '#client/lib/audio/detection/frameDetector';
import { SpeechSegmenter, type SpeechCallbacks } from '#client/lib/audio/detection/speechSegmenter';

/**
 * vad-web's real FrameProcessor (our settings: 25 frames of lead-in, 12 frames of minimum speech,
 * 17 frames of silence to end) around a fake model. Every sample holds its own position in the
 * ring (position / 1e6), so the model knows which frame it hears and the test can tell exactly
 * which audio went where.
 */
const FRAME = 512;
const at = (position: number) => position / 1e6;
const positionOf = (sample: number) => Math.round(sample * 1e6);

function audio(fromFrame: number, frames: number): Float32Array {
  return Float32Array.from({ length: frames * FRAME }, (_, i) => at(fromFrame * FRAME + i));
}

function model(speechFrames: (frame: number) => boolean): SpeechModel & { heard: number[] } {
  const heard: number[] = [];
  return {
    heard,
    async process(frame) {
      const index = positionOf(frame[0]!) / FRAME;
      heard.push(index);
      const isSpeech = speechFrames(index) ? 0.9 : 0.05;
      return { isSpeech, notSpeech: 1 - isSpeech };
    },
    reset_state() {},
    async release() {},
  };
}

/** What the segmenter said, in order; audio as the range of frames it covered. */
function recorder() {
  const log: string[] = [];
  const samples: number[] = [];
  const range = (s: Float32Array) =>
    s.length === 0 ? 'none' : `${positionOf(s[0]!) / FRAME}-${(positionOf(s.at(-1)!) + 1) / FRAME}`;
  const callbacks: SpeechCallbacks = {
    onSpeechStart: (lead) => {
      log.push(`start ${range(lead)}`);
      samples.push(...lead);
    },
    onSpeechAudio: (s) => {
      log.push(`audio ${range(s)}`);
      samples.push(...s);
    },
    onSpeechRealStart: () => log.push('real start'),
    onSpeechPause: () => log.push('pause'),
    onSpeechEnd: () => log.push('end'),
    onMisfire: () => log.push('misfire'),
    onSpeechDropped: () => log.push('dropped'),
    onDetectorError: (error) => log.push(`error ${(error as Error).message}`),
  };
  return { log, samples, callbacks, kinds: () => log.map((l) => l.split(' ')[0]) };
}

/** Lets the detector work through everything queued (its model answers asynchronously). */
async function settle() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('SpeechSegmenter (the ring buffer through the detector, frame by frame)', () => {
  it('hears what was said before the detector loaded, in order, then keeps up with live audio', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    // Speech from frame 40 to 79 (1.3 s in), all captured before the detector exists.
    ring.write(audio(0, 90));
    segmenter.wake();
    await settle();
    expect(rec.log).toEqual([]);

    const speech = model((frame) => frame >= 40 && frame < 80);
    segmenter.setDetector(createFrameDetector(speech));
    await settle();
    // Live audio keeps coming, in blocks that do not line up with frames.
    for (let frame = 90; frame < 130; frame += 1) {
      ring.write(audio(frame, 1).subarray(0, 300));
      segmenter.wake();
      ring.write(audio(frame, 1).subarray(300));
      segmenter.wake();
      await settle();
    }

    // Every frame heard once, in order, from the first sample captured.
    expect(speech.heard).toEqual(Array.from({ length: 130 }, (_, i) => i));
    // The utterance: 25 frames of lead-in before frame 40, then up to the 17th silent frame.
    expect(rec.log[0]).toBe('start 15-41');
    expect(rec.log.filter((l) => l === 'real start')).toHaveLength(1);
    // A pause once six frames (192 ms) were silent, long before the end of speech.
    expect(rec.log.filter((l) => l === 'pause')).toHaveLength(1);
    expect(rec.log[rec.log.indexOf('pause') - 1]).toBe('audio 85-86');
    expect(rec.log.at(-1)).toBe('end');
    expect(rec.kinds().filter((k) => k === 'audio')).toHaveLength(96 - 40);
    // Lead-in and audio together are exactly the samples from frame 15 to the end of frame 96.
    expect(rec.samples.map(positionOf)).toEqual(
      Array.from({ length: (97 - 15) * FRAME }, (_, i) => 15 * FRAME + i),
    );
  });

  it('a short noise is a misfire: its audio stops and the next lead-in starts after it', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    segmenter.setDetector(
      createFrameDetector(model((f) => (f >= 30 && f < 33) || (f >= 55 && f < 80))),
    );
    ring.write(audio(0, 120));
    segmenter.wake();
    await settle();
    expect(rec.log[0]).toBe('start 5-31');
    // 3 speech frames and 17 silent ones: too little speech, dropped at frame 49.
    // (Its pause came six silent frames in, at frame 38.)
    expect(rec.log.indexOf('misfire')).toBe(1 + (49 - 30) + 1);
    expect(rec.log.filter((l) => l === 'real start')).toHaveLength(1);
    // The detector's buffer started afresh after the misfire: only 5 frames of lead-in.
    expect(rec.log).toContain('start 50-56');
    expect(rec.log.at(-1)).toBe('end');
  });

  it('pauses once per silence inside an utterance, and again after speech resumes', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    // Ten silent frames (320 ms) inside the utterance: a pause, not its end.
    segmenter.setDetector(
      createFrameDetector(model((f) => (f >= 10 && f < 30) || (f >= 40 && f < 60))),
    );
    ring.write(audio(0, 100));
    segmenter.wake();
    await settle();
    expect(rec.log.filter((l) => l === 'pause')).toHaveLength(2);
    expect(rec.log[rec.log.indexOf('pause') - 1]).toBe('audio 35-36');
    expect(rec.log[rec.log.lastIndexOf('pause') - 1]).toBe('audio 65-66');
    expect(rec.log.filter((l) => l === 'end')).toHaveLength(1);
    expect(rec.log.indexOf('end')).toBeGreaterThan(rec.log.lastIndexOf('pause'));
  });

  it('pausing mid-utterance drops it; after resuming only new audio is heard', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    const speech = model((f) => f >= 10 && f < 200);
    segmenter.setDetector(createFrameDetector(speech));
    ring.write(audio(0, 20));
    segmenter.wake();
    await settle();
    segmenter.pause();
    expect(rec.log.at(-1)).toBe('dropped');
    // Audio captured while paused is never heard.
    ring.write(audio(20, 10));
    segmenter.wake();
    await settle();
    expect(speech.heard.at(-1)).toBe(19);

    segmenter.resume();
    ring.write(audio(30, 20));
    segmenter.wake();
    await settle();
    expect(speech.heard.slice(20)).toEqual(Array.from({ length: 20 }, (_, i) => 30 + i));
    // Speech again at once, with no lead-in from before the pause.
    expect(rec.log.filter((l) => l.startsWith('start'))).toEqual(['start 0-11', 'start 30-31']);
  });

  it('a detector that breaks mid-utterance drops it, reports the error and hears no more', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    const speech = model((f) => f >= 10);
    const detector = createFrameDetector({
      ...speech,
      process: (frame) =>
        positionOf(frame[0]!) / FRAME === 30
          ? Promise.reject(new Error('wasm trap'))
          : speech.process(frame),
    });
    segmenter.setDetector(detector);
    ring.write(audio(0, 40));
    segmenter.wake();
    await settle();
    expect(rec.log.slice(-2)).toEqual(['dropped', 'error wasm trap']);
    ring.write(audio(40, 10));
    segmenter.wake();
    await settle();
    expect(speech.heard.at(-1)).toBe(29);
  });

  it('when the ring overflowed before the detector loaded, it starts at the oldest audio kept', async () => {
    const ring = new SampleRingBuffer(50 * FRAME);
    const rec = recorder();
    const segmenter = new SpeechSegmenter(ring, rec.callbacks);
    ring.write(audio(0, 80));
    const speech = model(() => false);
    segmenter.setDetector(createFrameDetector(speech));
    await settle();
    expect(speech.heard).toEqual(Array.from({ length: 50 }, (_, i) => 30 + i));
  });

  it('says it hears once it has caught up with the microphone, and again after each resume', async () => {
    const ring = new SampleRingBuffer(8 * 16_000);
    const rec = recorder();
    const speech = model(() => false);
    const segmenter = new SpeechSegmenter(ring, {
      ...rec.callbacks,
      onHearing: () => rec.log.push(`hearing after ${speech.heard.length}`),
    });
    // Audio before the detector arrives: nothing is heard, so nothing is said.
    ring.write(audio(0, 30));
    segmenter.wake();
    await settle();
    expect(rec.log).toEqual([]);
    // The detector hears the backlog first: only then is it listening.
    segmenter.setDetector(createFrameDetector(speech));
    await settle();
    expect(rec.log).toEqual(['hearing after 30']);
    ring.write(audio(30, 5));
    segmenter.wake();
    await settle();
    expect(rec.log).toEqual(['hearing after 30']);

    segmenter.pause();
    segmenter.resume();
    segmenter.wake();
    await settle();
    // A new start: said again once a frame of the new audio is heard, not before.
    expect(rec.log).toEqual(['hearing after 30']);
    ring.write(audio(35, 1));
    segmenter.wake();
    await settle();
    expect(rec.log).toEqual(['hearing after 30', 'hearing after 36']);
  });
});
