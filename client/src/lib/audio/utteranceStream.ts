import type { ClientMessageInput } from '#shared/protocol';
import {
  MAX_UTTERANCE_MS,
  STREAM_FRAME_MAX_MS,
  STREAM_SAMPLE_RATE,
  encodeStreamFrame,
} from '#shared/voice';

/** What an utterance is for: a turn is answered, a dictation only has its words sent back. */
export type UtterancePurpose = 'turn' | 'dictation';

/** Where a streamed utterance goes: the conversation socket's JSON and binary frames. */
export interface StreamSink {
  /** False when nothing was sent (the socket is not open). */
  send(message: ClientMessageInput): boolean;
  sendFrame(frame: Uint8Array): boolean;
}

/**
 * Samples per binary frame: 64 ms, two of the detector's frames. Half the frames (and the
 * server's work per frame) of sending each 32 ms frame alone, for 32 ms more delay on partial
 * transcripts only: the last frame goes out with the commit, whatever its size.
 */
export const STREAM_FRAME_SAMPLES = 1024;
const MAX_UTTERANCE_SAMPLES = (MAX_UTTERANCE_MS / 1000) * STREAM_SAMPLE_RATE;

if (STREAM_FRAME_SAMPLES > (STREAM_FRAME_MAX_MS / 1000) * STREAM_SAMPLE_RATE) {
  throw new Error('STREAM_FRAME_SAMPLES is above the protocol limit');
}

/** Float samples in [-1, 1] as PCM16 (clipped: a loud consonant must not wrap around). */
export function toPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/**
 * open: frames are going out; committed / cancelled: done; broken: a send failed (the socket
 * went away), nothing more is sent; too_long: over the utterance limit, cancelled.
 */
export type StreamState = 'open' | 'committed' | 'cancelled' | 'broken' | 'too_long';

/**
 * One utterance on its way to the server while the clinician speaks (dictated or spoken: there
 * is one way in, decision 029): `audio_start`, then the
 * audio as 16 kHz PCM16 binary frames numbered from 0, then `audio_commit` with the frame count
 * (end of speech) or `audio_cancel` (a misfire). Every frame is at most 100 ms; all but the last
 * are exactly STREAM_FRAME_SAMPLES.
 */
export class UtteranceStream {
  readonly clientId: string;
  /** The server is to speak the reply. */
  readonly speak: boolean;
  private status: StreamState = 'open';
  private frames = 0;
  private samples = 0;
  private pending: Float32Array[] = [];
  private pendingLength = 0;
  private readonly sink: StreamSink;

  private constructor(sink: StreamSink, clientId: string, speak: boolean) {
    this.sink = sink;
    this.clientId = clientId;
    this.speak = speak;
  }

  /**
   * Speech may have started: `audio_start`, then the lead-in (the detector's pre-speech
   * padding and the first speech). Check `state` for whether it went out.
   */
  static start(
    sink: StreamSink,
    options: { clientId: string; speak: boolean; purpose?: UtterancePurpose },
    lead: Float32Array,
  ): UtteranceStream {
    const stream = new UtteranceStream(sink, options.clientId, options.speak);
    const started = sink.send({
      type: 'audio_start',
      clientId: options.clientId,
      format: 'pcm16',
      sampleRate: STREAM_SAMPLE_RATE,
      purpose: options.purpose ?? 'turn',
      stream: true,
      speak: options.speak,
    });
    if (started) stream.push(lead);
    else stream.status = 'broken';
    return stream;
  }

  get state(): StreamState {
    return this.status;
  }

  /** How long the utterance is so far. */
  get durationMs(): number {
    return (this.samples / STREAM_SAMPLE_RATE) * 1000;
  }

  /** More of the utterance; whole frames go out at once. */
  push(samples: Float32Array): StreamState {
    if (this.status !== 'open' || samples.length === 0) return this.status;
    this.samples += samples.length;
    if (this.samples > MAX_UTTERANCE_SAMPLES) {
      // The server would refuse it at the limit anyway; say so now and stop sending.
      this.finish({ type: 'audio_cancel', clientId: this.clientId }, 'too_long');
      return this.status;
    }
    this.pending.push(samples);
    this.pendingLength += samples.length;
    while (this.pendingLength >= STREAM_FRAME_SAMPLES && this.status === 'open') {
      this.sendFrame(this.take(STREAM_FRAME_SAMPLES));
    }
    return this.status;
  }

  /**
   * A pause in the speech: the audio so far goes out, then `audio_pause`, so the server can
   * make its words final and start the reply on them while the utterance may still go on.
   */
  pause(): void {
    if (this.status !== 'open') return;
    if (this.pendingLength > 0) this.sendFrame(this.take(this.pendingLength));
    if (this.status !== 'open') return;
    if (!this.sink.send({ type: 'audio_pause', clientId: this.clientId, frames: this.frames })) {
      this.status = 'broken';
    }
  }

  /** End of speech: the rest of the audio, then the commit. True when it all went out. */
  commit(): boolean {
    if (this.status !== 'open') return false;
    if (this.pendingLength > 0) this.sendFrame(this.take(this.pendingLength));
    if (this.status !== 'open') return false;
    return this.finish(
      { type: 'audio_commit', clientId: this.clientId, frames: this.frames },
      'committed',
    );
  }

  /** A misfire (or listening stopped mid-utterance): the server drops what it has. */
  cancel(): void {
    if (this.status !== 'open') return;
    this.finish({ type: 'audio_cancel', clientId: this.clientId }, 'cancelled');
  }

  /** The socket went away: nothing more can be sent on this stream. */
  abandon(): void {
    if (this.status === 'open') this.status = 'broken';
  }

  private finish(message: ClientMessageInput, state: StreamState): boolean {
    const sent = this.sink.send(message);
    this.status = sent ? state : 'broken';
    this.pending = [];
    this.pendingLength = 0;
    return sent;
  }

  private sendFrame(samples: Float32Array): void {
    if (!this.sink.sendFrame(encodeStreamFrame(this.frames, toPcm16(samples)))) {
      this.status = 'broken';
      return;
    }
    this.frames += 1;
  }

  /** The first `count` pending samples, as one array. */
  private take(count: number): Float32Array {
    const out = new Float32Array(count);
    let filled = 0;
    while (filled < count) {
      const head = this.pending[0]!;
      const part = Math.min(head.length, count - filled);
      out.set(head.subarray(0, part), filled);
      filled += part;
      if (part === head.length) this.pending.shift();
      else this.pending[0] = head.subarray(part);
    }
    this.pendingLength -= count;
    return out;
  }
}
