import type { VadAssetManifest } from '#shared/voice';
import type { FrameDetector } from './frameDetector';
import type { DetectorPort, DetectorReply, DetectorRequest } from './detectorProtocol';

/**
 * The worker's side: loads the detector when asked and runs each frame through it, strictly one
 * request after another, since the detector carries its state from frame to frame.
 */
export function serveDetector(
  port: DetectorPort<DetectorReply, DetectorRequest>,
  load: (manifest: VadAssetManifest) => Promise<FrameDetector>,
): void {
  let detector: FrameDetector | null = null;
  let queue = Promise.resolve();

  const loaded = (): FrameDetector => {
    if (!detector) throw new Error('The voice detector is not loaded');
    return detector;
  };

  const handle = async (request: DetectorRequest): Promise<void> => {
    try {
      switch (request.type) {
        case 'load': {
          detector = await load(request.manifest);
          const { frameSamples, padFrames } = detector;
          port.postMessage({ type: 'loaded', frameSamples, padFrames });
          break;
        }
        case 'frame':
          port.postMessage({ type: 'heard', events: await loaded().process(request.frame) });
          break;
        case 'reset':
          loaded().reset();
          break;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The page waits for an answer to these; a reset has none to give.
      if (request.type === 'reset') console.error('Voice detector reset', error);
      else port.postMessage({ type: 'failed', message });
    }
  };

  port.onmessage = (event) => {
    const request = event.data;
    queue = queue.then(() => handle(request));
  };
}
