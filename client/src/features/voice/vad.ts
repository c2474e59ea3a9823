import { VAD_ASSETS_PATH, VAD_MODEL, type VadAssetManifest } from '../../../../shared/voice';
import { openMicrophone, stopStream } from '../../lib/audio/microphone';
// Types only: the code itself is imported on demand below.
import type { MicVAD } from '@ricky0123/vad-web/dist/real-time-vad';

/**
 * How long a silence ends an utterance. The VAD's default (1.4 s) feels like the patient is
 * not listening; much under 500 ms cuts people off when they pause to think.
 */
export const END_OF_SPEECH_MS = 550;

export interface VadCallbacks {
  onSpeechStart(): void;
  /** Enough speech to be more than a click or a cough. */
  onSpeechRealStart(): void;
  onSpeechEnd(audio: Float32Array): void;
  onMisfire(): void;
}

export interface Vad {
  start(): Promise<void>;
  /** Stops listening and releases the microphone until `start`. */
  pause(): Promise<void>;
  destroy(): Promise<void>;
  /** 16 kHz mono PCM16 WAV of an utterance (half the size of the float default). */
  encodeWav(audio: Float32Array): ArrayBuffer;
}

/** Thrown when the detector itself cannot load (model, worklet or wasm): a browser problem. */
export class VadInitError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'VadInitError';
  }
}

async function fetchManifest(): Promise<VadAssetManifest> {
  const response = await fetch(`${VAD_ASSETS_PATH}/manifest.json`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`VAD manifest: HTTP ${response.status}`);
  return (await response.json()) as VadAssetManifest;
}

/**
 * Loads the VAD (its code is fetched only now, with its model and onnxruntime's wasm from our
 * own server) around an already opened microphone stream, so permission problems surface before
 * anything heavy downloads and with their own messages.
 */
export async function createVad(stream: MediaStream, callbacks: VadCallbacks): Promise<Vad> {
  let micVad: MicVAD;
  let encode: (audio: Float32Array) => ArrayBuffer;
  try {
    // The package's index also pulls in its offline detector with a second, full onnxruntime
    // (+370 kB); the two modules we use come on their own. The version is pinned exactly.
    const [manifest, { MicVAD: MicVad }, { encodeWAV }] = await Promise.all([
      fetchManifest(),
      import('@ricky0123/vad-web/dist/real-time-vad'),
      import('@ricky0123/vad-web/dist/utils'),
    ]);
    let firstStream: MediaStream | null = stream;
    micVad = await MicVad.new({
      model: VAD_MODEL,
      baseAssetPath: manifest.baseAssetPath,
      onnxWASMBasePath: manifest.onnxWASMBasePath,
      redemptionMs: END_OF_SPEECH_MS,
      startOnLoad: false,
      // vad-web hands us its onnxruntime instance here, once it has pointed it at our wasm.
      ortConfig: (ort) => {
        ort.env.logLevel = 'error';
        // One thread: more would need cross-origin isolation (COOP/COEP) for SharedArrayBuffer.
        ort.env.wasm.numThreads = 1;
      },
      // The stream we opened first, then a fresh one on every resume (pause stops its tracks,
      // so the browser's recording indicator is honest between push-to-talk turns).
      getStream: async () => {
        const next = firstStream ?? (await openMicrophone());
        firstStream = null;
        return next;
      },
      pauseStream: async (paused) => stopStream(paused),
      resumeStream: () => openMicrophone(),
      onSpeechStart: () => callbacks.onSpeechStart(),
      onSpeechRealStart: () => callbacks.onSpeechRealStart(),
      onSpeechEnd: (audio) => callbacks.onSpeechEnd(audio),
      onVADMisfire: () => callbacks.onMisfire(),
    });
    encode = (audio) => encodeWAV(audio, 1, 16000, 1, 16);
  } catch (error) {
    throw new VadInitError(error);
  }

  let destroyed = false;
  return {
    start: () => micVad.start(),
    pause: () => micVad.pause(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        await micVad.destroy();
      } catch (error) {
        // destroy() throws when start never got as far as opening audio; nothing is held then.
        console.warn('VAD cleanup', error);
      }
    },
    encodeWav: (audio) => encode(audio),
  };
}
