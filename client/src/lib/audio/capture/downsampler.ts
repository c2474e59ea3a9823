/**
 * Brings the audio context's rate (44.1 or 48 kHz, whatever the hardware runs at) down to the
 * 16 kHz the voice activity detector and the transcriber want. Each output sample is the mean
 * of the input samples whose centres fall in its interval: a box filter, which takes off enough
 * of what lies above 8 kHz for speech, and cheap enough to run on every block. It keeps its
 * place between blocks, so the output does not depend on how the input was chunked.
 */
export class Downsampler {
  private readonly ratio: number;
  /** Input samples consumed so far, and the output sample they are building. */
  private inputIndex = 0;
  private outputIndex = 0;
  private sum = 0;
  private count = 0;

  constructor(inputRate: number, outputRate: number) {
    if (!(inputRate >= outputRate) || outputRate <= 0) {
      throw new RangeError(`cannot downsample ${inputRate} Hz to ${outputRate} Hz`);
    }
    this.ratio = inputRate / outputRate;
  }

  process(input: Float32Array): Float32Array {
    // At most one more than the whole intervals the input spans.
    const out = new Float32Array(Math.ceil(input.length / this.ratio) + 1);
    let written = 0;
    for (const sample of input) {
      const target = Math.floor((this.inputIndex + 0.5) / this.ratio);
      if (target !== this.outputIndex) {
        // With ratio >= 1 every interval holds at least one centre, so count > 0 here.
        out[written++] = this.sum / this.count;
        this.outputIndex = target;
        this.sum = 0;
        this.count = 0;
      }
      this.sum += sample;
      this.count += 1;
      this.inputIndex += 1;
    }
    return out.subarray(0, written);
  }

  /** After a gap in the input (a new microphone stream): start afresh. */
  reset(): void {
    this.inputIndex = 0;
    this.outputIndex = 0;
    this.sum = 0;
    this.count = 0;
  }
}
