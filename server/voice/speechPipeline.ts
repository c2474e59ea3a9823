import { createSentenceChunker } from '#shared/sentences';
import type { ServerMessage } from '#shared/protocol';
import { pcmSampleRate, wholeSamples } from '#shared/speechAudio';
import { speechRecording, type Recording } from '../audio/recording';
import type { PatientVoice, Speaker } from './types';

export interface SpeechSink {
  sendJson(message: ServerMessage): void;
  sendBinary(bytes: Buffer): void;
}

/**
 * Turns a streamed reply into streamed speech: the first clause, then each sentence, is sent to
 * the speaker the moment it is complete (so the patient starts talking long before the reply is
 * finished), all of them synthesise in parallel, and their audio goes out strictly in order,
 * chunk by chunk as it arrives: nothing waits for a whole sentence of audio. Cancelling the
 * signal stops every synthesis.
 */
export function createSpeechPipeline(input: {
  speaker: Speaker;
  voice: PatientVoice;
  replyId: string;
  signal: AbortSignal;
  sink: SpeechSink;
  onError(error: unknown): void;
  /** Keep a copy of the audio sent, for replay (`recording()`). */
  keepAudio?: boolean;
}) {
  const { speaker, voice, replyId, signal, sink } = input;
  const chunker = createSentenceChunker({ firstClause: true });
  // Raw PCM is played as it arrives, so a frame must hold whole samples.
  const pcm = pcmSampleRate(speaker.mime) !== null;
  let seq = 0;
  let failed = false;
  // Each sentence's audio is buffered until the sentences before it have been sent.
  let previous: Promise<void> = Promise.resolve();
  /** The bytes sent, in the order sent (only with keepAudio). */
  const sent: Buffer[] = [];

  function speak(text: string) {
    const mySeq = seq++;
    const pending: Buffer[] = [];
    const waiter: { wake: (() => void) | null } = { wake: null };
    let finished = false;
    let failure: unknown = null;
    const header = (bytes: number, final: boolean): ServerMessage => ({
      type: 'speech',
      replyId,
      seq: mySeq,
      text,
      mime: speaker.mime,
      bytes,
      final,
    });

    // Starts at once; its bytes wait in `pending` while earlier sentences are still playing out.
    void (async () => {
      // A half sample left at the very end cannot be played and is dropped.
      let carry: Uint8Array = new Uint8Array(0);
      try {
        for await (const bytes of speaker.synthesize(text, voice, { signal })) {
          let frame = bytes;
          if (pcm) {
            const cut = wholeSamples(carry, bytes);
            carry = cut.carry;
            frame = Buffer.from(cut.whole.buffer, cut.whole.byteOffset, cut.whole.length);
          }
          if (frame.length === 0) continue;
          pending.push(frame);
          waiter.wake?.();
        }
      } catch (error) {
        failure = error;
      } finally {
        finished = true;
        waiter.wake?.();
      }
    })();

    const before = previous;
    previous = (async () => {
      await before;
      for (;;) {
        if (signal.aborted || failed) return;
        const bytes = pending.shift();
        if (bytes) {
          sink.sendJson(header(bytes.length, false));
          sink.sendBinary(bytes);
          if (input.keepAudio) sent.push(bytes);
          continue;
        }
        if (finished) break;
        await new Promise<void>((resolve) => (waiter.wake = resolve));
        waiter.wake = null;
      }
      if (failure && !signal.aborted) {
        failed = true;
        input.onError(failure);
        return;
      }
      // A closing frame with no bytes ends the sentence, so the client can start playing it.
      sink.sendJson(header(0, true));
    })();
  }

  return {
    push(delta: string) {
      for (const sentence of chunker.push(delta)) speak(sentence);
    },
    /** Speaks the rest and resolves when every sentence has been sent (or cancelled). */
    async finish(): Promise<void> {
      const rest = chunker.flush();
      if (rest) speak(rest);
      await previous;
      if (!signal.aborted && !failed) sink.sendJson({ type: 'speech_done', replyId });
    },
    /** The speech sent so far as one playable file (null without keepAudio or bytes). */
    recording(): Recording | null {
      return speechRecording(speaker.mime, sent);
    },
    /** Every sentence was spoken to its end (not cancelled, no synthesis failed). */
    get whole(): boolean {
      return !signal.aborted && !failed;
    },
  };
}
