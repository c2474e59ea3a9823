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

/**
 * Streamed utterances (voice mode): the browser sends 16 kHz mono PCM16 while the clinician
 * speaks, as binary frames of at most STREAM_FRAME_MAX_MS each. Every binary frame of a stream
 * starts with its sequence number (uint32, little-endian, from 0) and then the samples
 * (int16, little-endian), so a lost or reordered frame is noticed rather than heard as a click.
 */
export const STREAM_SAMPLE_RATE = 16_000;
export const STREAM_FRAME_MAX_MS = 100;
export const STREAM_FRAME_HEADER_BYTES = 4;
/** The largest binary frame of a stream: its header and 100 ms of samples. */
export const STREAM_FRAME_MAX_BYTES =
  STREAM_FRAME_HEADER_BYTES + (STREAM_SAMPLE_RATE * 2 * STREAM_FRAME_MAX_MS) / 1000;
/** A stream that sends nothing for this long is closed as abandoned. */
export const STREAM_IDLE_MS = 5_000;

/** One binary frame of a streamed utterance: its sequence number, then the PCM16 samples. */
export function encodeStreamFrame(seq: number, samples: Int16Array): Uint8Array {
  const frame = new Uint8Array(STREAM_FRAME_HEADER_BYTES + samples.byteLength);
  new DataView(frame.buffer).setUint32(0, seq, true);
  frame.set(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength), 4);
  return frame;
}
