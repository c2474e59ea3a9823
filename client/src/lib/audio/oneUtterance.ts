import { MAX_UTTERANCE_MS } from '#shared/voice';
import { openMicrophone, stopStream } from './microphone';
import { UtteranceStream, type StreamSink, type UtterancePurpose } from './utteranceStream';
import { createVad, type Vad, type VadCallbacks } from './vad';

/**
 * When listening for one utterance gives up by itself: nothing said at all for `nothingMs` once
 * the detector hears (it may still be loading at first), or speech still going at `maxMs` (then
 * what was said so far is committed, under the server's limit).
 */
export const ONE_UTTERANCE_LIMITS = {
  nothingMs: 10_000,
  maxMs: MAX_UTTERANCE_MS - 1_000,
} as const;

/**
 * How listening ended: `committed`, the utterance is with the server under `clientId`;
 * `nothing`, no speech was heard (or it was stopped before any); `cancelled`, by the caller;
 * `failed`, the socket went away before the commit.
 */
export type OneUtteranceResult =
  { kind: 'committed'; clientId: string } | { kind: 'nothing' | 'cancelled' | 'failed' };

export interface OneUtteranceDeps {
  openMicrophone: () => Promise<MediaStream>;
  createVad: (stream: MediaStream, callbacks: VadCallbacks) => Promise<Vad>;
}

const browserDeps: OneUtteranceDeps = { openMicrophone, createVad };

export interface OneUtterance {
  /** The client id of the utterance being streamed, once speech started. */
  readonly clientId: string | null;
  /** Settles once listening is over; the microphone is released by then. */
  readonly done: Promise<OneUtteranceResult>;
  /** Stop listening: speech under way is committed, otherwise it is `nothing`. */
  stop(): void;
  /** Stop and drop whatever was said (the server stores nothing). */
  cancel(): void;
}

/**
 * Listens for one utterance with the same capture as voice mode (the microphone's worklet, the
 * Silero detector and its ring buffer), streaming it to the server as it is said, with its
 * purpose. It ends at the detector's end of speech, a misfire being only a cough. Throws what
 * `openMicrophone` and `createVad` throw (MicrophoneError, VadInitError).
 */
export async function listenForOneUtterance(input: {
  sink: StreamSink;
  purpose: UtterancePurpose;
  newClientId: () => string;
  limits?: Partial<typeof ONE_UTTERANCE_LIMITS>;
  deps?: Partial<OneUtteranceDeps>;
}): Promise<OneUtterance> {
  const deps = { ...browserDeps, ...input.deps };
  const limits = { ...ONE_UTTERANCE_LIMITS, ...input.limits };
  let stream: UtteranceStream | null = null;
  let over = false;
  let nothing: ReturnType<typeof setTimeout> | null = null;
  let settle: (result: OneUtteranceResult) => void = () => undefined;
  const done = new Promise<OneUtteranceResult>((resolve) => (settle = resolve));

  const open = (lead: Float32Array) => {
    stream = UtteranceStream.start(
      input.sink,
      { clientId: input.newClientId(), speak: false, purpose: input.purpose },
      lead,
    );
    if (stream.state === 'broken') finish({ kind: 'failed' });
  };

  /** Speech under way goes to the server as it is; without any, nothing was said. */
  const commit = () => {
    const current = stream;
    if (!current) return finish({ kind: 'nothing' });
    finish(
      current.commit() ? { kind: 'committed', clientId: current.clientId } : { kind: 'failed' },
    );
  };

  const callbacks: VadCallbacks = {
    onSpeechStart: (lead) => {
      if (!over) open(lead);
    },
    onSpeechAudio: (samples) => {
      // The stream stops itself at the server's limit; the commit comes before that.
      stream?.push(samples);
      if (stream && stream.durationMs >= limits.maxMs) commit();
    },
    onSpeechRealStart: () => undefined,
    // A dictation's words go to the composer whole: nothing to settle early.
    onSpeechPause: () => undefined,
    onSpeechEnd: () => commit(),
    // A click or a cough: forget it and keep listening.
    onMisfire: () => drop(),
    onSpeechDropped: () => drop(),
    onDetectorError: (error) => {
      console.error('Voice activity detector failed', error);
      finish({ kind: 'failed' });
    },
    onHearing: () => {
      if (over || nothing !== null) return;
      nothing = setTimeout(() => {
        if (!stream) finish({ kind: 'nothing' });
      }, limits.nothingMs);
    },
  };

  const microphone = await deps.openMicrophone();
  let vad: Vad;
  try {
    vad = await deps.createVad(microphone, callbacks);
  } catch (error) {
    stopStream(microphone);
    throw error;
  }
  // A detector that cannot load hears nothing: the captured audio is of no use.
  vad.ready.catch((error: unknown) => {
    console.error('Voice activity detector failed to load', error);
    finish({ kind: 'failed' });
  });

  const limit = setTimeout(commit, limits.maxMs);

  function drop() {
    stream?.cancel();
    stream = null;
  }

  function finish(result: OneUtteranceResult) {
    if (over) return;
    over = true;
    if (nothing !== null) clearTimeout(nothing);
    clearTimeout(limit);
    if (result.kind !== 'committed') drop();
    void vad.destroy();
    settle(result);
  }

  return {
    get clientId() {
      return stream?.clientId ?? null;
    },
    done,
    stop: commit,
    cancel: () => finish({ kind: 'cancelled' }),
  };
}
