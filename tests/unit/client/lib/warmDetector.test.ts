import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The warm detector: loaded by the preload, lent to one use at a time and kept between uses.
 * The worker itself is replaced by counted stand-ins (workerDetector.test.ts covers it).
 */

interface FakeDetector {
  id: number;
  broken: boolean;
  resets: number;
  released: boolean;
  reset(): void;
  release(): Promise<void>;
}

const loads = vi.hoisted(() => ({
  count: 0,
  fail: false,
  made: [] as FakeDetector[],
}));

vi.mock('#client/lib/audio/detection/vadAssets', () => ({
  fetchVadManifest: async () => ({ baseAssetPath: '/vad/x/', onnxWASMBasePath: '/vad/x/' }),
}));

vi.mock('#client/lib/audio/capture/micCapture', () => ({
  captureWorkletUrl: '/assets/captureWorklet.js',
}));

vi.mock('#client/lib/audio/detection/workerDetector', () => ({
  WorkerDetector: {
    async load() {
      loads.count += 1;
      if (loads.fail) throw new Error('no wasm');
      const detector: FakeDetector = {
        id: loads.count,
        broken: false,
        resets: 0,
        released: false,
        reset() {
          detector.resets += 1;
        },
        async release() {
          detector.released = true;
        },
      };
      loads.made.push(detector);
      return detector;
    },
  },
}));

/** A fresh copy of the module (its idle detector is per page). */
async function freshModule() {
  vi.resetModules();
  return import('#client/lib/audio/detection/warmDetector');
}

describe('the warm detector (preloaded, lent, kept between uses)', () => {
  beforeEach(() => {
    Object.assign(loads, { count: 0, fail: false, made: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('registerProcessor()', { status: 200 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the preload loads one detector, which the first use takes and later uses get back', async () => {
    const warm = await freshModule();
    await warm.preloadVad();
    await warm.preloadVad();
    expect(loads.count).toBe(1);
    // The capture worklet and onnxruntime's files go into the HTTP cache meanwhile.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual([
      '/assets/captureWorklet.js',
      '/vad/x/ort-wasm-simd-threaded.wasm',
      '/vad/x/ort-wasm-simd-threaded.mjs',
    ]);

    const first = await warm.takeDetector();
    expect((first as unknown as FakeDetector).id).toBe(1);
    warm.returnDetector(first);
    expect((first as unknown as FakeDetector).resets).toBe(1);
    const again = await warm.takeDetector();
    expect(again).toBe(first);
    expect(loads.count).toBe(1);
  });

  it('without a preload, or while the idle one is lent, a use loads its own; only one is kept', async () => {
    const warm = await freshModule();
    const a = await warm.takeDetector();
    const b = await warm.takeDetector();
    expect(loads.count).toBe(2);
    warm.returnDetector(a);
    // One already waits: the second is let go (its worker ends).
    warm.returnDetector(b);
    const fakeB = b as unknown as FakeDetector;
    expect(fakeB.released).toBe(true);
    expect(await warm.takeDetector()).toBe(a);
  });

  it('a broken detector is let go, not kept; a failed preload is tried again by the next use', async () => {
    const warm = await freshModule();
    loads.fail = true;
    await warm.preloadVad();
    expect(console.warn).toHaveBeenCalled();
    loads.fail = false;
    const detector = await warm.takeDetector();
    expect(loads.count).toBe(2);
    (detector as unknown as FakeDetector).broken = true;
    warm.returnDetector(detector);
    expect((detector as unknown as FakeDetector).released).toBe(true);
    await warm.takeDetector();
    expect(loads.count).toBe(3);
  });

  it("a use that starts while the preload is still loading waits for the preload's detector", async () => {
    const warm = await freshModule();
    const preloading = warm.preloadVad();
    const taken = await warm.takeDetector();
    await preloading;
    expect(loads.count).toBe(1);
    expect((taken as unknown as FakeDetector).id).toBe(1);
  });
});
