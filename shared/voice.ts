/**
 * What the server and the browser agree on for voice: where the voice activity detector's files
 * live, which model it runs, and how long an utterance may be.
 */

/** Served by the server (no CDN); `manifest.json` under it names the current files. */
export const VAD_ASSETS_PATH = '/vad';

/** Silero v5: better than the legacy model at telling speech from room noise. */
export const VAD_MODEL = 'v5' as const;
export const VAD_MODEL_FILE = 'silero_vad_v5.onnx';

export interface VadAssetManifest {
  /** Folder of the model and the audio worklet (MicVAD `baseAssetPath`). */
  baseAssetPath: string;
  /** Folder of onnxruntime's wasm and its loader (MicVAD `onnxWASMBasePath`). */
  onnxWASMBasePath: string;
}

/** The server refuses longer or larger utterances; the browser stops recording before that. */
export const MAX_UTTERANCE_MS = 30_000;
export const MAX_UTTERANCE_BYTES = 1_000_000;
