import type { VadAssetManifest } from '#shared/voice';
import { VAD_MODEL_FILE } from '#shared/voice';
import { Silero } from '@ricky0123/vad-web/dist/models';
// vad-web's own onnxruntime instance (its wasm build), the one its model code was made for.
import { ort } from '@ricky0123/vad-web/dist/real-time-vad';
import { createFrameDetector, type FrameDetector } from './frameDetector';

/**
 * The Silero v5 model on onnxruntime's WebAssembly, everything from our own server, behind
 * vad-web's segmentation. This module carries the heavy code (onnxruntime's JS) and its work
 * (compiling the wasm, creating the session, every frame's inference), so only the detector's
 * worker imports it (detectorWorker.ts): nothing here touches `window` or an AudioContext.
 */
export async function loadSileroDetector(manifest: VadAssetManifest): Promise<FrameDetector> {
  ort.env.wasm.wasmPaths = manifest.onnxWASMBasePath;
  // One thread: more would need cross-origin isolation (COOP/COEP) for SharedArrayBuffer.
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  const model = await Silero.new(ort, async () => {
    const response = await fetch(`${manifest.baseAssetPath}${VAD_MODEL_FILE}`, {
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`VAD model: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  return createFrameDetector(model);
}
