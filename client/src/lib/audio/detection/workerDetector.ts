import type { VadAssetManifest } from '#shared/voice';
import type { DetectorEvent, FrameDetector } from './frameDetector';
import {
  DETECTOR_WORKER_NAME,
  type DetectorPort,
  type DetectorReply,
  type DetectorRequest,
} from './detectorProtocol';

/** The page's handle on the detector's worker (a real Worker, or a stand-in in tests). */
export interface DetectorWorker extends DetectorPort<DetectorRequest, DetectorReply> {
  /** The worker's script failed to load or threw: it will answer nothing more. */
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Vite bundles the worker (and onnxruntime's JS with it) as a module of its own. */
export function startDetectorWorker(): DetectorWorker {
  return new Worker(new URL('./detectorWorker.ts', import.meta.url), {
    type: 'module',
    name: DETECTOR_WORKER_NAME,
  });
}

interface Waiting {
  resolve(reply: DetectorReply): void;
  reject(error: Error): void;
}

/**
 * The voice detector as the page sees it: the same FrameDetector, whose model and segmentation
 * run in a worker. Each frame is posted there and its events come back as the worker's answer,
 * so the page's main thread never runs onnxruntime (issue 24).
 */
export class WorkerDetector implements FrameDetector {
  readonly frameSamples: number;
  readonly padFrames: number;
  private readonly worker: DetectorWorker;
  private readonly link: WorkerLink;

  private constructor(
    worker: DetectorWorker,
    link: WorkerLink,
    loaded: { frameSamples: number; padFrames: number },
  ) {
    this.worker = worker;
    this.link = link;
    this.frameSamples = loaded.frameSamples;
    this.padFrames = loaded.padFrames;
  }

  /**
   * Starts the worker and loads the model in it (onnxruntime's wasm, the inference session);
   * settles once it can hear, or rejects with why it cannot.
   */
  static async load(
    manifest: VadAssetManifest,
    worker: DetectorWorker = startDetectorWorker(),
  ): Promise<WorkerDetector> {
    const link = new WorkerLink(worker);
    try {
      const reply = await link.ask({ type: 'load', manifest });
      if (reply.type !== 'loaded') throw new Error(`Voice detector: unexpected '${reply.type}'`);
      return new WorkerDetector(worker, link, reply);
    } catch (error) {
      worker.terminate();
      throw error;
    }
  }

  /** It failed once: its state is unknown, so it hears nothing more. */
  get broken(): boolean {
    return this.link.failure !== null;
  }

  async process(frame: Float32Array): Promise<DetectorEvent[]> {
    // Copied, not transferred: the page still needs the frame for the utterance's audio.
    const reply = await this.link.ask({ type: 'frame', frame });
    if (reply.type !== 'heard') throw new Error(`Voice detector: unexpected '${reply.type}'`);
    return reply.events;
  }

  reset(): void {
    this.link.tell({ type: 'reset' });
  }

  async release(): Promise<void> {
    this.link.fail(new Error('The voice detector was released'));
    this.worker.terminate();
  }
}

/** Requests and their answers, which the worker gives one by one in the order asked. */
class WorkerLink {
  failure: Error | null = null;
  private readonly waiting: Waiting[] = [];
  private readonly worker: DetectorWorker;

  constructor(worker: DetectorWorker) {
    this.worker = worker;
    worker.onmessage = (event) => this.answer(event.data);
    worker.onerror = (event) => {
      // A script that failed to load gives a bare Event, with no message.
      const detail = event.message ? `: ${event.message}` : '';
      this.fail(new Error(`The voice detector's worker failed${detail}`));
    };
  }

  ask(request: DetectorRequest): Promise<DetectorReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<DetectorReply>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(request);
    });
  }

  tell(request: DetectorRequest): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
  }

  private answer(reply: DetectorReply): void {
    const waiting = this.waiting.shift();
    if (!waiting) return;
    if (reply.type === 'failed') {
      this.fail(new Error(reply.message));
      waiting.reject(this.failure!);
    } else {
      waiting.resolve(reply);
    }
  }
}
