import type { VadAssetManifest } from '#shared/voice';
import type { DetectorEvent } from './frameDetector';

/** What the page and the detector's worker say to each other (detectorWorker.ts). */

/** The worker's name, which onnxruntime and Emscripten read to tell their own workers apart. */
export const DETECTOR_WORKER_NAME = 'chairtalk-voice-detector';

/**
 * The page's requests, handled one at a time in the order sent. `load` and `frame` get exactly
 * one reply each, in the same order; `reset` gets none.
 */
export type DetectorRequest =
  | { type: 'load'; manifest: VadAssetManifest }
  | { type: 'frame'; frame: Float32Array }
  | { type: 'reset' };

export type DetectorReply =
  | { type: 'loaded'; frameSamples: number; padFrames: number }
  | { type: 'heard'; events: DetectorEvent[] }
  | { type: 'failed'; message: string };

/** One end of the conversation: a Worker seen from the page, or the worker's own scope. */
export interface DetectorPort<Send, Receive> {
  postMessage(message: Send): void;
  onmessage: ((event: MessageEvent<Receive>) => void) | null;
}
