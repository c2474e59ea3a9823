/**
 * 16 kHz → 24 kHz for mono PCM16 (little-endian), fed in pieces as frames arrive.
 *
 * The browser captures at 16 kHz (what the VAD runs at); the Realtime API's `audio/pcm` takes
 * 24 kHz only. Output sample n sits at input position 2n/3, so every two input samples give
 * three output samples: one copied, two interpolated at thirds.
 *
 * Linear interpolation, not a windowed-sinc filter: this is upsampling, so nothing above the
 * input's 8 kHz band can alias down into speech; the only artefacts are faint images above
 * 8 kHz, where speech carries little energy and a transcription model does not listen. It costs
 * two multiplies per sample and needs one sample of look-ahead, so it adds no latency worth
 * measuring, where a good polyphase filter would hold back tens of samples per frame.
 *
 * Pieces may split anywhere, even inside a sample: the output of all pieces together equals
 * resampling the whole signal at once. The last input sample waits for its successor, so the
 * output trails the input by at most one sample (62.5 µs), which is never flushed: a final
 * interpolation would need audio that was not spoken.
 */
export interface PcmResampler {
  /** Takes the next bytes of 16 kHz PCM16, returns the 24 kHz PCM16 they complete. */
  push(pcm16k: Buffer): Buffer;
  /** 24 kHz samples produced so far. */
  readonly samplesOut: number;
}

export const INPUT_RATE = 16_000;
export const OUTPUT_RATE = 24_000;

export function createPcm16Resampler(): PcmResampler {
  // Input samples not yet fully used, and the absolute index of the first of them.
  let pending: number[] = [];
  let pendingStart = 0;
  // Half a sample carried over when a piece ends on an odd byte.
  let oddByte: number | null = null;
  let produced = 0;

  function samplesOf(bytes: Buffer): number[] {
    let data = bytes;
    if (oddByte !== null) {
      data = Buffer.concat([Buffer.from([oddByte]), bytes]);
      oddByte = null;
    }
    const whole = data.length - (data.length % 2);
    if (whole < data.length) oddByte = data[whole]!;
    const samples = new Array<number>(whole / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
    return samples;
  }

  return {
    get samplesOut() {
      return produced;
    },
    push(pcm16k) {
      pending = pending.concat(samplesOf(pcm16k));
      const available = pendingStart + pending.length;
      const out: number[] = [];
      for (;;) {
        // Output n = 3k + r lies at input 2k + 2r/3: sample `at`, plus `thirds`/3 of the way on.
        const k = Math.floor(produced / 3);
        const r = produced % 3;
        const at = 2 * k + (r === 2 ? 1 : 0);
        const thirds = r === 0 ? 0 : r === 1 ? 2 : 1;
        const needed = thirds === 0 ? at : at + 1;
        if (needed >= available) break;
        const a = pending[at - pendingStart]!;
        if (thirds === 0) out.push(a);
        else {
          const b = pending[at + 1 - pendingStart]!;
          // A weighted mean of two int16 values stays in range; thirds never round at .5.
          out.push(Math.round((a * (3 - thirds) + b * thirds) / 3));
        }
        produced++;
      }
      // Keep from the first sample the next output will read.
      const nextAt = 2 * Math.floor(produced / 3) + (produced % 3 === 2 ? 1 : 0);
      pending = pending.slice(nextAt - pendingStart);
      pendingStart = nextAt;
      const bytes = Buffer.alloc(out.length * 2);
      for (let i = 0; i < out.length; i++) bytes.writeInt16LE(out[i]!, i * 2);
      return bytes;
    },
  };
}
