import { captureWorkletUrl } from '../capture/micCapture';
import { fetchVadManifest } from './vadAssets';
import { WorkerDetector } from './workerDetector';

/**
 * The voice detector, loaded before it is needed and kept between uses: creating onnxruntime's
 * session takes a second or more even in its worker, so the first click of the microphone (and
 * each dictation) finds one that already hears. At most one waits idle per page.
 */

let idle: Promise<WorkerDetector> | null = null;

const load = () => fetchVadManifest().then((manifest) => WorkerDetector.load(manifest));

/** Starts loading the idle detector, if there is none (a failed load is tried again later). */
function warm(): Promise<WorkerDetector> {
  if (idle) return idle;
  const loading = load();
  idle = loading;
  loading.catch(() => {
    if (idle === loading) idle = null;
  });
  return loading;
}

/** A detector for one use: the idle one (perhaps still loading), or a new one. */
export function takeDetector(): Promise<WorkerDetector> {
  const detector = idle ?? load();
  idle = null;
  return detector;
}

/** Back from a use: forgotten what it heard and kept for the next, unless one is kept already. */
export function returnDetector(detector: WorkerDetector): void {
  if (idle || detector.broken) {
    void detector.release();
    return;
  }
  detector.reset();
  idle = Promise.resolve(detector);
}

/** Fetches a file into the browser's HTTP cache (cached for a year), without keeping its body. */
async function fetchIntoCache(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', priority: 'low' });
  if (!response.ok || !response.body) return;
  await response.body.pipeTo(new WritableStream());
}

/**
 * onnxruntime's wasm build (server/http/vadAssets.ts serves it). Its JS asks for these only once
 * the model has arrived; fetched alongside the model, the worker then finds them in the cache.
 */
const ORT_FILES = ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs'];

let filesCached: Promise<unknown> | null = null;

/**
 * Everything the first use of voice mode needs, so it starts listening at once: the detector,
 * loaded and idle in its worker (its code, the model, onnxruntime's wasm and session), and in
 * the HTTP cache the capture worklet and onnxruntime's files. Idempotent; failures are only
 * logged, as the real load will try again and say so.
 */
export function preloadVad(): Promise<void> {
  const files = (filesCached ??= Promise.all([
    fetchIntoCache(captureWorkletUrl),
    fetchVadManifest().then((manifest) =>
      Promise.all(ORT_FILES.map((file) => fetchIntoCache(`${manifest.onnxWASMBasePath}${file}`))),
    ),
  ]));
  return Promise.all([warm(), files]).then(
    () => undefined,
    (error: unknown) => {
      if (filesCached === files) filesCached = null;
      console.warn('Voice detector preload', error);
    },
  );
}
