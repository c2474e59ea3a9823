import { endianness } from 'node:os';

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

// Samples are copied byte for byte into typed arrays, which read them in the machine's order.
const LITTLE_ENDIAN = endianness() === 'LE';

/** The whole samples of `bytes` after `carried` ones, in one new array. */
function appendSamples(carried: Int16Array, bytes: Buffer, count: number): Int16Array {
  const samples = new Int16Array(carried.length + count);
  samples.set(carried);
  if (LITTLE_ENDIAN) {
    // One copy into aligned memory: a frame's bytes may start at any offset of its buffer.
    new Uint8Array(samples.buffer, carried.length * 2, count * 2).set(bytes.subarray(0, count * 2));
  } else {
    for (let i = 0; i < count; i++) samples[carried.length + i] = bytes.readInt16LE(i * 2);
  }
  return samples;
}

export function createPcm16Resampler(): PcmResampler {
  // Input samples not yet fully used (at most two), and the absolute index of the first.
  let pending = new Int16Array(0);
  let pendingStart = 0;
  // Half a sample carried over when a piece ends on an odd byte.
  let oddByte: number | null = null;
  let produced = 0;

  return {
    get samplesOut() {
      return produced;
    },
    push(pcm16k) {
      let data = pcm16k;
      if (oddByte !== null) {
        data = Buffer.concat([Buffer.of(oddByte), pcm16k]);
        oddByte = null;
      }
      const whole = data.length >> 1;
      if (whole * 2 < data.length) oddByte = data[data.length - 1]!;
      const samples = appendSamples(pending, data, whole);
      const available = pendingStart + samples.length;
      // Three outputs per two inputs, plus the one a leftover sample may complete.
      const out = new Int16Array(Math.ceil((samples.length * 3) / 2) + 1);
      let count = 0;
      for (;;) {
        // Output n = 3k + r lies at input 2k + 2r/3: sample `at`, plus `thirds`/3 of the way on.
        const k = Math.floor(produced / 3);
        const r = produced % 3;
        const at = 2 * k + (r === 2 ? 1 : 0);
        const thirds = r === 0 ? 0 : r === 1 ? 2 : 1;
        const needed = thirds === 0 ? at : at + 1;
        if (needed >= available) break;
        const a = samples[at - pendingStart]!;
        // A weighted mean of two int16 values stays in range; thirds never round at .5.
        out[count++] =
          thirds === 0
            ? a
            : Math.round((a * (3 - thirds) + samples[at + 1 - pendingStart]! * thirds) / 3);
        produced++;
      }
      // Keep from the first sample the next output will read.
      const nextAt = 2 * Math.floor(produced / 3) + (produced % 3 === 2 ? 1 : 0);
      pending = samples.slice(nextAt - pendingStart);
      pendingStart = nextAt;
      if (LITTLE_ENDIAN) return Buffer.from(out.buffer, 0, count * 2);
      const bytes = Buffer.alloc(count * 2);
      for (let i = 0; i < count; i++) bytes.writeInt16LE(out[i]!, i * 2);
      return bytes;
    },
  };
}
