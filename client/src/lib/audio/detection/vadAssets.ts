import { VAD_ASSETS_PATH, VAD_MODEL_FILE, type VadAssetManifest } from '#shared/voice';
import { captureWorkletUrl } from '../capture/micCapture';

/** What onnxruntime-web's wasm build asks for (server/http/vadAssets.ts serves them). */
const ORT_FILES = ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs'];

let manifest: Promise<VadAssetManifest> | null = null;

/** Where the detector's files are today (asked once per page; a failure is asked again). */
export function fetchVadManifest(): Promise<VadAssetManifest> {
  manifest ??= (async () => {
    const response = await fetch(`${VAD_ASSETS_PATH}/manifest.json`, {
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`VAD manifest: HTTP ${response.status}`);
    return (await response.json()) as VadAssetManifest;
  })();
  manifest.catch(() => {
    manifest = null;
  });
  return manifest;
}

/** The detector's code: vad-web's and onnxruntime's JS, one chunk loaded on demand. */
export const importSileroDetector = () => import('./sileroDetector');

/**
 * Fetches a file into the browser's HTTP cache (they are all cached for a year), reading the body
 * through without keeping it: the 14 MB wasm need not sit in memory until it is wanted.
 */
async function warm(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', priority: 'low' });
  if (!response.ok || !response.body) return;
  await response.body.pipeTo(new WritableStream());
}

let preloading: Promise<void> | null = null;

/**
 * Everything the first use of voice mode needs, so it starts listening at once: the manifest,
 * the model, onnxruntime's wasm and its loader, the capture worklet and the detector's code.
 * Idempotent; failures are only logged, as the real load will try again and say so.
 */
export function preloadVad(): Promise<void> {
  preloading ??= (async () => {
    const code = importSileroDetector();
    const files = fetchVadManifest().then((found) =>
      Promise.all([
        warm(`${found.baseAssetPath}${VAD_MODEL_FILE}`),
        ...ORT_FILES.map((file) => warm(`${found.onnxWASMBasePath}${file}`)),
      ]),
    );
    await Promise.all([code, files, warm(captureWorkletUrl)]);
  })().catch((error: unknown) => {
    preloading = null;
    console.warn('Voice detector preload', error);
  });
  return preloading;
}
