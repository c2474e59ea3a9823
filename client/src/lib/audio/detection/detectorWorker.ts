import type { DetectorPort, DetectorReply, DetectorRequest } from './detectorProtocol';
import { serveDetector } from './detectorService';
import { loadSileroDetector } from './sileroDetector';

/*
 * The voice detector's own thread: onnxruntime's WebAssembly (compiling it, creating the
 * inference session, every frame's inference) runs here, never on the page's main thread,
 * which it would otherwise block for a second or more (issue 24). Bundled by Vite as a module
 * worker (workerDetector.ts starts it).
 */

// The worker's global scope; the client's typings are the DOM's, which describe a window.
serveDetector(self as unknown as DetectorPort<DetectorReply, DetectorRequest>, loadSileroDetector);
