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

/** A whole sentence of audio, ready to play. */
export interface SpeechSentence {
  replyId: string;
  seq: number;
  text: string;
  blob: Blob;
}

interface Pending {
  text: string;
  mime: string;
  parts: ArrayBuffer[];
  final: boolean;
}

/**
 * Collects the speech of one reply and hands out its sentences strictly in `seq` order, each
 * once it is complete (its `final` frame arrived). The server already sends them in order; the
 * queue does not rely on it, so a reordering can never make the patient talk out of turn.
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
      sentence = { text: chunk.text, mime: chunk.mime, parts: [], final: false };
      this.pending.set(chunk.seq, sentence);
    }
    if (chunk.data && chunk.data.byteLength > 0) sentence.parts.push(chunk.data);
    if (chunk.final) sentence.final = true;
  }

  /** `speech_done`: no sentence will follow the ones already announced. */
  end(): void {
    this.ended = true;
  }

  /** The next sentence to play, if it is complete; sentences without audio are skipped. */
  take(): SpeechSentence | null {
    for (;;) {
      const sentence = this.pending.get(this.nextSeq);
      if (!sentence?.final) return null;
      this.pending.delete(this.nextSeq);
      const seq = this.nextSeq;
      this.nextSeq += 1;
      if (sentence.parts.length === 0) continue;
      const head = new Uint8Array(
        sentence.parts[0]!,
        0,
        Math.min(16, sentence.parts[0]!.byteLength),
      );
      const type = sniffAudioMime(head, sentence.mime);
      return {
        replyId: this.replyId,
        seq,
        text: sentence.text,
        blob: new Blob(sentence.parts, { type }),
      };
    }
  }

  /** Every sentence has been handed out and the server said there are no more. */
  get drained(): boolean {
    return this.ended && this.pending.size === 0;
  }
}
