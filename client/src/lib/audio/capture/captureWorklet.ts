import { CAPTURE_BATCH_SAMPLES, CAPTURE_PROCESSOR } from './captureProtocol';

/*
 * Runs on the audio thread: copies the microphone's first channel into batches and posts each
 * to the page (as a transferred Float32Array at the context's rate). It does nothing else, so it
 * can start the moment the microphone opens, long before the detector has loaded.
 */

// The AudioWorkletGlobalScope's names, which the DOM typings do not include.
declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  private batch = new Float32Array(CAPTURE_BATCH_SAMPLES);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let from = 0;
    while (from < channel.length) {
      const take = Math.min(channel.length - from, this.batch.length - this.filled);
      this.batch.set(channel.subarray(from, from + take), this.filled);
      this.filled += take;
      from += take;
      if (this.filled === this.batch.length) {
        this.port.postMessage(this.batch, [this.batch.buffer]);
        this.batch = new Float32Array(CAPTURE_BATCH_SAMPLES);
        this.filled = 0;
      }
    }
    // Keep running while the node exists: the page disconnects it to stop.
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
