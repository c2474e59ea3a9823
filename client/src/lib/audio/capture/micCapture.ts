import { STREAM_SAMPLE_RATE } from '#shared/voice';
import { stopStream } from '../microphone';
import { CAPTURE_PROCESSOR } from './captureProtocol';
import { Downsampler } from './downsampler';
import { SampleRingBuffer } from './ringBuffer';
// Vite bundles the worklet (and the little it imports) as a file of its own and gives its URL.
import captureWorkletUrl from './captureWorklet?worker&url';

export { captureWorkletUrl };

/**
 * Seconds of audio kept. Long enough to hold what is said while the detector loads on a slow
 * first visit, and the detector's lead-in (0.8 s) after that; 8 s is 512 KB.
 */
export const RING_SECONDS = 8;

/**
 * The microphone, captured from the moment it opens: our own small worklet posts the samples,
 * which are brought to 16 kHz and kept in a ring buffer that the voice activity detector reads
 * (and, before it has loaded, catches up on).
 */
export class MicCapture {
  readonly ring = new SampleRingBuffer(RING_SECONDS * STREAM_SAMPLE_RATE);
  /** Called after new samples went into the ring. */
  onSamples: (() => void) | null = null;
  private stream: MediaStream | null = null;
  private source: MediaStreamAudioSourceNode | null = null;
  private closed = false;
  private readonly context: AudioContext;
  private readonly node: AudioWorkletNode;
  private readonly downsampler: Downsampler;

  private constructor(context: AudioContext, node: AudioWorkletNode) {
    this.context = context;
    this.node = node;
    this.downsampler = new Downsampler(context.sampleRate, STREAM_SAMPLE_RATE);
    node.port.onmessage = (event: MessageEvent<Float32Array>) => {
      if (this.closed || !this.source) return;
      this.ring.write(this.downsampler.process(event.data));
      this.onSamples?.();
    };
  }

  /** Starts capturing `stream` (the worklet is small and loads in a moment). */
  static async open(stream: MediaStream): Promise<MicCapture> {
    const context = new AudioContext();
    try {
      // Opened right after a click, so the browser lets it run; not awaited, as a browser that
      // still holds it back would leave this hanging rather than failing.
      if (context.state === 'suspended') void context.resume();
      await context.audioWorklet.addModule(captureWorkletUrl);
      // No outputs: nothing is played, and the browser still runs the node for its input.
      const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
        numberOfInputs: 1,
        numberOfOutputs: 0,
        channelCount: 1,
        channelCountMode: 'explicit',
      });
      const capture = new MicCapture(context, node);
      capture.attach(stream);
      return capture;
    } catch (error) {
      void context.close();
      throw error;
    }
  }

  get capturing(): boolean {
    return this.source !== null;
  }

  /** Captures a (new) microphone stream; the last one is released. */
  attach(stream: MediaStream): void {
    this.detach();
    if (this.closed) return stopStream(stream);
    this.downsampler.reset();
    this.stream = stream;
    this.source = new MediaStreamAudioSourceNode(this.context, { mediaStream: stream });
    this.source.connect(this.node);
    if (this.context.state === 'suspended') void this.context.resume();
  }

  /** Stops capturing and releases the microphone (the browser's recording light goes off). */
  detach(): void {
    if (!this.source) return;
    this.source.disconnect();
    this.source = null;
    stopStream(this.stream);
    this.stream = null;
    // Nothing to hear until the next attach: let the audio thread rest.
    if (!this.closed && this.context.state === 'running') void this.context.suspend();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.detach();
    this.closed = true;
    this.node.port.onmessage = null;
    await this.context.close();
  }
}
