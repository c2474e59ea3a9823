import type { LanguageCode } from '#shared/languages';
import { stripControlChars } from '#shared/inputChecks';
import { FRAME_TEXT, VOICE_TEXT } from '#shared/text';
import {
  STREAM_FRAME_HEADER_BYTES,
  STREAM_FRAME_MAX_BYTES,
  STREAM_FRAME_MAX_MS,
  STREAM_SAMPLE_RATE,
} from '#shared/voice';
import type { Logger } from '../logger';
import { encodeWav, utteranceTooLarge } from '../voice/audioFormat';
import type { StreamingTranscriber, Transcriber, TranscriptionStream } from '../voice/types';

/**
 * One utterance arriving in frames while the clinician speaks (shared/voice.ts has the frame
 * format). Each frame is checked, and the running totals against the utterance limits, as it
 * arrives; the samples feed the streaming transcription session, if there is one, and are kept
 * for the batch transcriber, which takes over when that session fails. A refused or abandoned
 * stream is dropped whole: nothing of it is transcribed or stored.
 */

export type FrameCheck = { ok: true; seq: number; pcm: Buffer } | { ok: false; message: string };

/** Files, not raw samples: RIFF (WAV), EBML (WebM), OggS, ID3 (MP3), fLaC. */
const CONTAINER_MAGIC = [
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from('OggS'),
  Buffer.from('ID3'),
  Buffer.from('fLaC'),
];

function startsWithContainer(bytes: Buffer): boolean {
  return CONTAINER_MAGIC.some(
    (magic) => bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic),
  );
}

/** Checks one binary frame of a stream that expects sequence number `expectedSeq` next. */
export function checkStreamFrame(frame: Buffer, expectedSeq: number): FrameCheck {
  // A file sent where samples belong starts with its magic, whether or not a sequence number
  // was put in front of it (only the first frame can carry a file's header).
  if (startsWithContainer(frame)) return { ok: false, message: FRAME_TEXT.frameNotPcm };
  if (frame.length < STREAM_FRAME_HEADER_BYTES) {
    return { ok: false, message: FRAME_TEXT.frameNoHeader };
  }
  if (frame.length > STREAM_FRAME_MAX_BYTES) {
    return { ok: false, message: FRAME_TEXT.frameTooLarge(STREAM_FRAME_MAX_MS) };
  }
  const seq = frame.readUInt32LE(0);
  const pcm = frame.subarray(STREAM_FRAME_HEADER_BYTES);
  if (seq === 0 && startsWithContainer(pcm)) {
    return { ok: false, message: FRAME_TEXT.frameNotPcm };
  }
  if (pcm.length % 2 !== 0) return { ok: false, message: FRAME_TEXT.frameHalfSample };
  if (seq !== expectedSeq) {
    return { ok: false, message: FRAME_TEXT.frameOutOfOrder(expectedSeq, seq) };
  }
  return { ok: true, seq, pcm };
}

export interface StreamLimits {
  maxUtteranceMs: number;
  maxUtteranceBytes: number;
  streamIdleMs: number;
}

/** The sentence refusing a stream that has grown to `pcmBytes`, or null while it is within. */
export function streamOverLimit(pcmBytes: number, limits: StreamLimits): string | null {
  const durationMs = (pcmBytes / 2 / STREAM_SAMPLE_RATE) * 1000;
  if (durationMs > limits.maxUtteranceMs) {
    return VOICE_TEXT.tooLongForTurn(Math.round(limits.maxUtteranceMs / 1000));
  }
  if (pcmBytes > limits.maxUtteranceBytes) {
    return utteranceTooLarge(limits.maxUtteranceBytes, limits.maxUtteranceMs);
  }
  return null;
}

/** The words of a committed utterance: text, nothing heard, or no transcriber could say. */
export type UtteranceTranscript =
  { kind: 'text'; text: string } | { kind: 'empty' } | { kind: 'failed' };

export interface StreamedUtterance {
  readonly clientId: string;
  /**
   * A binary frame: null when taken; otherwise the sentence refusing it, and the stream is
   * dropped.
   */
  frame(bytes: Buffer): string | null;
  /**
   * End of speech. `frames` is how many the client sent: a mismatch (or no audio at all) is
   * refused, and the stream dropped. Otherwise the transcript is on its way; `signal` aborts
   * the provider calls (the turn was cancelled, the socket closed).
   */
  commit(
    frames: number,
    signal: AbortSignal,
  ):
    | {
        ok: true;
        transcript: Promise<UtteranceTranscript>;
        /** The utterance's PCM16 samples, in order (empty unless `keepAudio`). */
        audio: Buffer[];
      }
    | { ok: false; message: string };
  /**
   * A pause in the speech after `frames` frames: the streaming session makes the words so far
   * final. `words` is null when there is no session to ask (batch transcription), and resolves
   * to null when the session cannot say. A count other than the one received is refused (the
   * stream goes on: a pause only asks).
   */
  pause(
    frames: number,
  ): { ok: true; words: Promise<string | null> | null } | { ok: false; message: string };
  /** Drops the stream (a misfire, a refusal, the socket closing): nothing is transcribed. */
  close(): void;
}

export interface StreamedUtteranceInput {
  clientId: string;
  limits: StreamLimits;
  streaming: StreamingTranscriber | null;
  batch: Transcriber | null;
  /**
   * How long the streaming session's final may take after the commit before the batch
   * transcriber is asked instead (a session that never answers must not hold the turn).
   */
  finalTimeoutMs: number;
  logger: Logger;
  conversationId: string;
  /** The conversation's language, which both transcribers are asked for (decision 048). */
  language: LanguageCode;
  /** What the streaming session has heard so far (control characters removed). */
  onPartial(text: string): void;
  /** No frame arrived for `limits.streamIdleMs`: the stream has been dropped. */
  onAbandoned(): void;
  /** The utterance holds nothing any more (transcribed, refused, dropped): called once. */
  onEnd(): void;
  /** Hand the samples back at the commit, to be kept for replay. */
  keepAudio?: boolean;
}

export function createStreamedUtterance(input: StreamedUtteranceInput): StreamedUtterance {
  const { clientId, limits, logger, conversationId } = input;
  const own = new AbortController();
  const chunks: Buffer[] = [];
  let pcmBytes = 0;
  let frames = 0;
  let state: 'open' | 'committed' | 'closed' = 'open';
  let ended = false;

  let session: TranscriptionStream | null = null;
  /** The last partial relayed: a session may repeat itself, the socket need not. */
  let lastPartial = '';
  if (input.streaming) {
    try {
      session = input.streaming.open({
        signal: own.signal,
        language: input.language,
        onPartial(text) {
          if (state === 'closed') return;
          const clean = stripControlChars(text).trim();
          if (clean === '' || clean === lastPartial) return;
          lastPartial = clean;
          input.onPartial(clean);
        },
      });
    } catch (error) {
      // The batch transcriber takes the kept audio at the commit instead.
      logger.warn('voice.streaming_open_failed', { conversationId, error });
    }
  }

  let idle: NodeJS.Timeout | null = null;
  function armIdle() {
    // Re-armed on every frame: refresh() moves the same timer rather than making a new one.
    if (idle) {
      idle.refresh();
      return;
    }
    idle = setTimeout(() => {
      if (state !== 'open') return;
      drop();
      input.onAbandoned();
    }, limits.streamIdleMs);
    idle.unref();
  }
  armIdle();

  function end() {
    if (ended) return;
    ended = true;
    input.onEnd();
  }

  /** Stops everything and forgets the audio. */
  function drop() {
    if (idle) clearTimeout(idle);
    idle = null;
    const wasOpen = state !== 'closed';
    state = 'closed';
    chunks.length = 0;
    if (wasOpen) closeSession();
    own.abort();
    end();
  }

  function closeSession() {
    try {
      session?.close();
    } catch (error) {
      logger.warn('voice.streaming_close_failed', { conversationId, error });
    }
    session = null;
  }

  function refuse(message: string): string {
    drop();
    return message;
  }

  async function transcribe(signal: AbortSignal): Promise<UtteranceTranscript> {
    try {
      if (session) {
        const streamed = session;
        session = null;
        try {
          return asTranscript(await withTimeout(streamed.commit(), input.finalTimeoutMs));
        } catch (error) {
          if (signal.aborted) return { kind: 'failed' };
          // No words are lost: the batch transcriber hears the same audio, and the user is told
          // nothing unless it fails too.
          logger.warn('voice.streaming_failed', { conversationId, error });
          try {
            streamed.close();
          } catch {
            // Already failed; closing is only tidying up.
          }
        }
      }
      if (!input.batch) return { kind: 'failed' };
      const wav = asWav(chunks);
      try {
        return asTranscript(
          await input.batch.transcribe(
            wav,
            { format: 'wav', language: input.language },
            { signal },
          ),
        );
      } catch (error) {
        if (!signal.aborted) logger.warn('voice.transcription_failed', { conversationId, error });
        return { kind: 'failed' };
      }
    } finally {
      chunks.length = 0;
      state = 'closed';
      end();
    }
  }

  return {
    clientId,
    frame(bytes) {
      if (state !== 'open') return FRAME_TEXT.afterStream;
      const check = checkStreamFrame(bytes, frames);
      if (!check.ok) return refuse(check.message);
      const over = streamOverLimit(pcmBytes + check.pcm.length, limits);
      if (over) return refuse(over);
      frames++;
      pcmBytes += check.pcm.length;
      chunks.push(check.pcm);
      armIdle();
      if (session) {
        try {
          session.append(check.pcm);
        } catch (error) {
          // A session that cannot take audio is done; the kept audio goes to batch instead.
          logger.warn('voice.streaming_append_failed', { conversationId, error });
          closeSession();
        }
      }
      return null;
    },

    commit(announced, signal) {
      if (state !== 'open') return { ok: false, message: FRAME_TEXT.noStreamToEnd };
      if (announced !== frames)
        return { ok: false, message: refuse(FRAME_TEXT.framesMissing(announced, frames)) };
      if (pcmBytes === 0) return { ok: false, message: refuse(VOICE_TEXT.noAudio) };
      if (idle) clearTimeout(idle);
      idle = null;
      state = 'committed';
      if (signal.aborted) own.abort();
      else signal.addEventListener('abort', () => own.abort(), { once: true });
      // Taken before transcribing, which forgets the samples once the words are known.
      const audio = input.keepAudio ? [...chunks] : [];
      return { ok: true, transcript: transcribe(own.signal), audio };
    },

    pause(announced) {
      if (state !== 'open') return { ok: false, message: FRAME_TEXT.noStreamToEnd };
      if (announced !== frames) {
        return { ok: false, message: FRAME_TEXT.framesMissing(announced, frames) };
      }
      if (!session) return { ok: true, words: null };
      const words = session.checkpoint().then(
        (text) => stripControlChars(text).trim(),
        // The commit finds out and falls back to the batch transcriber; a pause only asks.
        () => null,
      );
      return { ok: true, words };
    },

    close() {
      drop();
    },
  };
}

function asTranscript(text: string): UtteranceTranscript {
  const clean = stripControlChars(text).trim();
  return clean === '' ? { kind: 'empty' } : { kind: 'text', text: clean };
}

/** The kept samples as the 16 kHz PCM16 WAV the batch transcriber takes. */
function asWav(chunks: Buffer[]): Buffer {
  const pcm = Buffer.concat(chunks);
  // A fresh, aligned copy: the frames' bytes sit at odd offsets inside their messages.
  const samples = new Int16Array(pcm.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2);
  return encodeWav(samples, STREAM_SAMPLE_RATE);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no final transcript within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
