import { afterEach, describe, expect, it } from 'vitest';
import type { VadAssetManifest } from '#shared/voice';
import {
  createFrameDetector,
  type DetectorEvent,
  type FrameDetector,
  type SpeechModel,
} from '#client/lib/audio/detection/frameDetector';
import type {
  DetectorPort,
  DetectorReply,
  DetectorRequest,
} from '#client/lib/audio/detection/detectorProtocol';
import { serveDetector } from '#client/lib/audio/detection/detectorService';
import { WorkerDetector, type DetectorWorker } from '#client/lib/audio/detection/workerDetector';

/**
 * The page's WorkerDetector and the worker's serveDetector, joined by a MessageChannel (Node's)
 * (structured cloning, asynchronous delivery), around vad-web's real FrameProcessor and a fake
 * model whose speech is decided by each frame's first sample.
 */

const FRAME = 512;
const MANIFEST: VadAssetManifest = { baseAssetPath: '/vad/x/', onnxWASMBasePath: '/vad/x/' };

/** A frame whose samples say which frame it is and whether it is speech. */
const frame = (index: number, speech: boolean) =>
  new Float32Array(FRAME).fill(speech ? 1 + index / 1e3 : index / 1e6);

function model(): SpeechModel & { heard: number[]; resets: number } {
  const heard: number[] = [];
  const result = {
    heard,
    resets: 0,
    async process(samples: Float32Array) {
      const first = samples[0]!;
      heard.push(first >= 1 ? Math.round((first - 1) * 1e3) : Math.round(first * 1e6));
      const isSpeech = first >= 1 ? 0.9 : 0.05;
      return { isSpeech, notSpeech: 1 - isSpeech };
    },
    reset_state() {
      result.resets += 1;
    },
    async release() {},
  };
  return result;
}

const ports: MessagePort[] = [];

/** A stand-in for `new Worker(...)` whose other end runs `serveDetector` in this thread. */
function fakeWorker(load: (manifest: VadAssetManifest) => Promise<FrameDetector>) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serveDetector(port2 as unknown as DetectorPort<DetectorReply, DetectorRequest>, load);
  const worker = {
    terminated: false,
    onerror: null as DetectorWorker['onerror'],
    get onmessage() {
      return port1.onmessage as DetectorWorker['onmessage'];
    },
    set onmessage(handler: DetectorWorker['onmessage']) {
      port1.onmessage = handler as MessagePort['onmessage'];
    },
    postMessage: (message: DetectorRequest) => port1.postMessage(message),
    terminate() {
      worker.terminated = true;
      port1.close();
    },
  };
  return worker;
}

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

describe('WorkerDetector (the detector in its worker, seen from the page)', () => {
  it('loads in the worker and hears frames there, with the same events as in the page', async () => {
    const pattern = Array.from({ length: 60 }, (_, i) => i >= 10 && i < 30);
    const inWorker = model();
    const worker = fakeWorker(async (manifest) => {
      expect(manifest).toEqual(MANIFEST);
      return createFrameDetector(inWorker);
    });
    const detector = await WorkerDetector.load(MANIFEST, worker);
    const inPage = createFrameDetector(model());
    expect({ frameSamples: detector.frameSamples, padFrames: detector.padFrames }).toEqual({
      frameSamples: inPage.frameSamples,
      padFrames: inPage.padFrames,
    });

    const viaWorker: DetectorEvent[][] = [];
    const direct: DetectorEvent[][] = [];
    for (const [i, speech] of pattern.entries()) {
      viaWorker.push(await detector.process(frame(i, speech)));
      direct.push(await inPage.process(frame(i, speech)));
    }
    expect(viaWorker).toEqual(direct);
    expect(viaWorker.flat()).toEqual(['speech_start', 'speech_real_start', 'pause', 'speech_end']);
    expect(inWorker.heard).toEqual(pattern.map((_, i) => i));
  });

  it('frames sent without waiting are answered in order; a reset forgets speech in progress', async () => {
    const inWorker = model();
    const detector = await WorkerDetector.load(
      MANIFEST,
      fakeWorker(async () => createFrameDetector(inWorker)),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => detector.process(frame(i, i >= 5))),
    );
    expect(inWorker.heard).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(answers[5]).toEqual(['speech_start']);
    const resetsBefore = inWorker.resets;
    detector.reset();
    // After the reset the speech under way is forgotten: it starts again.
    expect(await detector.process(frame(20, true))).toEqual(['speech_start']);
    expect(inWorker.resets).toBe(resetsBefore + 1);
    expect(detector.broken).toBe(false);
  });

  it("a model that cannot load rejects with the worker's reason and ends the worker", async () => {
    const worker = fakeWorker(() => Promise.reject(new Error('no wasm for you')));
    await expect(WorkerDetector.load(MANIFEST, worker)).rejects.toThrow('no wasm for you');
    expect(worker.terminated).toBe(true);
  });

  it('a frame that fails breaks the detector: that frame and every later one reject', async () => {
    const inWorker = model();
    const detector = await WorkerDetector.load(
      MANIFEST,
      fakeWorker(async () =>
        createFrameDetector({
          ...inWorker,
          process: (samples) =>
            samples[0] === Math.fround(3 / 1e6)
              ? Promise.reject(new Error('wasm trap'))
              : inWorker.process(samples),
        }),
      ),
    );
    const answers = Array.from({ length: 5 }, (_, i) =>
      detector.process(frame(i, false)).then(
        () => 'heard',
        (error: Error) => error.message,
      ),
    );
    expect(await Promise.all(answers)).toEqual([
      'heard',
      'heard',
      'heard',
      'wasm trap',
      'wasm trap',
    ]);
    expect(detector.broken).toBe(true);
    await expect(detector.process(frame(5, false))).rejects.toThrow('wasm trap');
  });

  it('a worker that dies (its script failed, or threw) fails what it owed; release ends it', async () => {
    // A worker that never answers: its script did not load.
    const silent = {
      onmessage: null,
      onerror: null as DetectorWorker['onerror'],
      postMessage: () => undefined,
      terminated: false,
      terminate() {
        silent.terminated = true;
      },
    };
    const loading = WorkerDetector.load(MANIFEST, silent);
    silent.onerror?.(new Event('error') as ErrorEvent);
    await expect(loading).rejects.toThrow("The voice detector's worker failed");
    expect(silent.terminated).toBe(true);

    const worker = fakeWorker(async () => createFrameDetector(model()));
    const detector = await WorkerDetector.load(MANIFEST, worker);
    const owed = detector.process(frame(0, false));
    await detector.release();
    await expect(owed).rejects.toThrow('released');
    expect(worker.terminated).toBe(true);
    expect(detector.broken).toBe(true);
  });
});
