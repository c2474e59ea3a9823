import { openMicrophone } from './microphone';
import { MicCapture } from './capture/micCapture';
import type { FrameDetector } from './detection/frameDetector';
import { SpeechSegmenter, type SpeechCallbacks } from './detection/speechSegmenter';
import { fetchVadManifest, importSileroDetector } from './detection/vadAssets';

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

async function loadDetector(): Promise<FrameDetector> {
  const [manifest, { loadSileroDetector }] = await Promise.all([
    fetchVadManifest(),
    importSileroDetector(),
  ]);
  return loadSileroDetector(manifest);
}

/**
 * Starts capturing an already opened microphone stream at once (so permission problems surface
 * first, with their own messages), and loads the detector behind it: nothing said in the
 * meantime is lost, as the detector first hears what the ring buffer kept. The model, worklet
 * and onnxruntime's wasm come from our own server, usually already preloaded.
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
  let detector: FrameDetector | null = null;
  const ready = loadDetector().then(
    (loaded) => {
      if (destroyed) return void loaded.release();
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
      try {
        await capture.close();
        await detector?.release();
      } catch (error) {
        // Nothing is held any more; the browser just could not say so cleanly.
        console.warn('VAD cleanup', error);
      }
    },
  };
}
