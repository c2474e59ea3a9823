import { openMicrophone } from './microphone';
import { MicCapture } from './capture/micCapture';
import { SpeechSegmenter, type SpeechCallbacks } from './detection/speechSegmenter';
import { returnDetector, takeDetector } from './detection/warmDetector';
import type { WorkerDetector } from './detection/workerDetector';

export type VadCallbacks = SpeechCallbacks;

export interface Vad {
  /**
   * Settles when the detector runs (it then hears what was said while it loaded); rejects
   * with a VadInitError. Audio is captured from the start either way.
   */
  readonly ready: Promise<void>;
  /** Listens again after `pause`, on a freshly opened microphone. */
  start(): Promise<void>;
  /** Stops listening and releases the microphone until `start`. */
  pause(): Promise<void>;
  destroy(): Promise<void>;
}

/** Thrown when the detector itself cannot load (model, worklet or wasm): a browser problem. */
export class VadInitError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'VadInitError';
  }
}

/**
 * Starts capturing an already opened microphone stream at once (so permission problems surface
 * first, with their own messages), and takes the detector behind it: nothing said in the
 * meantime is lost, as the detector first hears what the ring buffer kept. The detector runs in
 * its own worker, usually already loaded by the preload (warmDetector.ts), and goes back to
 * wait for the next use when this one ends.
 */
export async function createVad(stream: MediaStream, callbacks: VadCallbacks): Promise<Vad> {
  let capture: MicCapture;
  try {
    capture = await MicCapture.open(stream);
  } catch (error) {
    throw new VadInitError(error);
  }
  const segmenter = new SpeechSegmenter(capture.ring, callbacks);
  capture.onSamples = () => segmenter.wake();

  let destroyed = false;
  let detector: WorkerDetector | null = null;
  const ready = takeDetector().then(
    (loaded) => {
      if (destroyed) return returnDetector(loaded);
      detector = loaded;
      segmenter.setDetector(loaded);
    },
    (error: unknown) => {
      throw new VadInitError(error);
    },
  );
  // Whoever holds the VAD hears of a failure through `ready`; one that let it go need not.
  ready.catch(() => undefined);

  return {
    ready,
    async start() {
      if (destroyed || capture.capturing) return;
      const next = await openMicrophone();
      capture.attach(next);
      segmenter.resume();
    },
    async pause() {
      segmenter.pause();
      capture.detach();
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      segmenter.pause();
      if (detector) returnDetector(detector);
      try {
        await capture.close();
      } catch (error) {
        // Nothing is held any more; the browser just could not say so cleanly.
        console.warn('VAD cleanup', error);
      }
    },
  };
}
