import { pcm16ToFloat32, pcmSampleRate, wholeSamples } from '#shared/speechAudio';
import { sniffAudioMime } from './audioFormat';

/** One `speech` frame of the socket with the binary frame that followed it (null when none). */
export interface SpeechChunk {
  replyId: string;
  seq: number;
  text: string;
  mime: string;
  final: boolean;
  data: ArrayBuffer | null;
}

/** A sentence (or the first clause) of a spoken reply. */
export interface SpokenSentence {
  replyId: string;
  seq: number;
  text: string;
}

/**
 * Audio ready to play: raw PCM as it arrives (`last` closes its sentence, possibly with no
 * samples), or a whole sentence's clip in a compressed format (mp3), once it is complete.
 */
export type SpeechPiece = SpokenSentence &
  (
    | { kind: 'pcm'; samples: Float32Array; sampleRate: number; last: boolean }
    | { kind: 'clip'; blob: Blob }
  );

interface Pending {
  text: string;
  mime: string;
  parts: ArrayBuffer[];
  final: boolean;
  /** PCM: a half sample waiting for the rest of it. */
  carry: Uint8Array;
  /** PCM: pieces handed out so far. */
  handedOut: number;
}

/**
 * Collects the speech of one reply and hands it out strictly in `seq` order: raw PCM chunk by
 * chunk as it arrives (the patient starts talking before a sentence has fully arrived), other
 * formats a sentence at a time once its `final` frame is in. The server already sends them in
 * order; the queue does not rely on it, so a reordering can never make the patient talk out of
 * turn.
 */
export class SpeechQueue {
  readonly replyId: string;
  private readonly pending = new Map<number, Pending>();
  private nextSeq = 0;
  private ended = false;

  constructor(replyId: string) {
    this.replyId = replyId;
  }

  /** Adds a chunk; chunks of other replies are ignored. */
  add(chunk: SpeechChunk): void {
    if (chunk.replyId !== this.replyId || chunk.seq < this.nextSeq) return;
    let sentence = this.pending.get(chunk.seq);
    if (!sentence) {
      sentence = {
        text: chunk.text,
        mime: chunk.mime,
        parts: [],
        final: false,
        carry: new Uint8Array(0),
        handedOut: 0,
      };
      this.pending.set(chunk.seq, sentence);
    }
    if (chunk.data && chunk.data.byteLength > 0) sentence.parts.push(chunk.data);
    if (chunk.final) sentence.final = true;
  }

  /** `speech_done`: no sentence will follow the ones already announced. */
  end(): void {
    this.ended = true;
  }

  /** The next piece to play, if there is one yet; sentences without audio are skipped. */
  take(): SpeechPiece | null {
    for (;;) {
      const seq = this.nextSeq;
      const sentence = this.pending.get(seq);
      if (!sentence) return null;
      const head = { replyId: this.replyId, seq, text: sentence.text };
      const sampleRate = pcmSampleRate(sentence.mime);
      if (sampleRate !== null) {
        const part = sentence.parts.shift();
        if (part) {
          const cut = wholeSamples(sentence.carry, new Uint8Array(part));
          sentence.carry = cut.carry;
          if (cut.whole.length === 0) continue;
          sentence.handedOut += 1;
          const samples = pcm16ToFloat32(cut.whole);
          return { ...head, kind: 'pcm', samples, sampleRate, last: false };
        }
        if (!sentence.final) return null;
        this.advance();
        if (sentence.handedOut === 0) continue;
        return { ...head, kind: 'pcm', samples: new Float32Array(0), sampleRate, last: true };
      }
      if (!sentence.final) return null;
      this.advance();
      const first = sentence.parts[0];
      if (!first) continue;
      const type = sniffAudioMime(
        new Uint8Array(first, 0, Math.min(16, first.byteLength)),
        sentence.mime,
      );
      return { ...head, kind: 'clip', blob: new Blob(sentence.parts, { type }) };
    }
  }

  /** Every piece has been handed out and the server said there are no more. */
  get drained(): boolean {
    return this.ended && this.pending.size === 0;
  }

  private advance(): void {
    this.pending.delete(this.nextSeq);
    this.nextSeq += 1;
  }
}
