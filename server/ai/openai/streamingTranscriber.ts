import WebSocket from 'ws';
import type {
  ConversationItemInputAudioTranscriptionCompletedEvent,
  ConversationItemInputAudioTranscriptionDeltaEvent,
  ConversationItemInputAudioTranscriptionFailedEvent,
  InputAudioBufferAppendEvent,
  InputAudioBufferCommitEvent,
  InputAudioBufferCommittedEvent,
  RealtimeClientEvent,
  RealtimeErrorEvent,
  RealtimeServerEvent,
  RealtimeTranscriptionSessionCreateRequest,
  SessionUpdateEvent,
} from 'openai/resources/realtime/realtime';
import type { LanguageCode } from '#shared/languages';
import { providerWait } from '../../metrics/metrics';
import { createPcm16Resampler, OUTPUT_RATE } from '../../voice/resample';
import type { StreamingTranscriber, TranscriptionStream } from '../../voice/types';
import { AiProviderError, kindForStatus, type AiProviderErrorKind } from './errors';
import type { AiLogger } from './retry';

/**
 * A GA Realtime transcription session per utterance, over `ws` directly: the SDK's
 * `OpenAIRealtimeWS` cannot ask for `?intent=transcription` and always switches to `wss`, which
 * a local `http://` server does not speak (MACHINE-NOTES, "Realtime API"). The SDK's event
 * types are still the contract, so a change on the provider's side fails the typecheck.
 */
export interface OpenAiStreamingTranscriberConfig {
  apiKey: string;
  /** Ends in /v1, as the SDK's does. */
  baseURL: string;
  /** A streaming transcription model: only those send partials while audio arrives. */
  model: string;
  /** Longest wait for the socket to open, and for the final transcript after the commit. */
  timeoutMs: number;
  logger?: AiLogger;
}

/** The provider refuses a commit of less than 100 ms (`input_audio_buffer_commit_empty`). */
export const MIN_COMMIT_SAMPLES = OUTPUT_RATE / 10;

/**
 * Audio goes to the provider in appends of at least 200 ms (about three of the browser's
 * frames): each append is a base64 string in a JSON event in a socket frame, and the work per
 * event, not per byte, is most of what streaming costs the server. Partials come a word at a
 * time, so they move by at most this much; a pause or the end of speech sends what is left
 * first, so the words the reply starts on are never late.
 */
export const APPEND_BATCH_SAMPLES = OUTPUT_RATE / 5;

/**
 * The client's masking key: all zeros, which `ws` takes as "do not mask". Masking protects
 * proxies from a browser's scripted bytes; between this server and the provider it only costs
 * a pass over every byte of audio.
 */
function unmasked(mask: Buffer): void {
  mask.fill(0);
}

/** http→ws, https→wss, and the transcription intent on the realtime path under the base URL. */
export function realtimeTranscriptionUrl(baseURL: string): string {
  const url = new URL(baseURL);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/realtime`;
  url.search = '?intent=transcription';
  url.hash = '';
  return url.toString();
}

/**
 * Our VAD decides the turn, so the provider's own turn detection is off. The language is the
 * conversation's (decision 048).
 */
export function transcriptionSession(
  model: string,
  language: LanguageCode,
): RealtimeTranscriptionSessionCreateRequest {
  return {
    type: 'transcription',
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: OUTPUT_RATE },
        transcription: { model, language },
        turn_detection: null,
      },
    },
  };
}

function errorEventKind(error: RealtimeErrorEvent['error']): AiProviderErrorKind {
  if (error.code === 'invalid_api_key') return 'auth';
  if (error.code === 'rate_limit_exceeded') return 'rate_limit';
  return error.type === 'invalid_request_error' ? 'bad_request' : 'server';
}

export function createOpenAiStreamingTranscriber(
  config: OpenAiStreamingTranscriberConfig,
): StreamingTranscriber {
  const url = realtimeTranscriptionUrl(config.baseURL);
  return {
    open: ({ signal, language, onPartial }) => {
      const sessionUpdate: SessionUpdateEvent = {
        type: 'session.update',
        session: transcriptionSession(config.model, language),
      };
      return openTranscriptionStream({ ...config, url, sessionUpdate, signal, onPartial });
    },
  };
}

function openTranscriptionStream(input: {
  url: string;
  apiKey: string;
  timeoutMs: number;
  logger?: AiLogger;
  sessionUpdate: SessionUpdateEvent;
  signal: AbortSignal;
  onPartial(text: string): void;
}): TranscriptionStream {
  const { signal, timeoutMs, logger } = input;
  const resampler = createPcm16Resampler();
  // Events sent before the socket opens wait here, in order.
  const queue: string[] = [];
  let partial = '';
  // Settled: resolved, failed or closed; nothing more is sent or reported after that.
  let settled = false;
  // Kept until commit() so that a failure before it is reported there, and never rejects a
  // promise nobody holds (an unhandled rejection would end the process).
  let failure: AiProviderError | null = null;
  /** Each commit's item, in commit order: a checkpoint's, then the final commit's. */
  const items: CommittedItem[] = [];
  /** The final commit's answer: every item's words, joined. */
  let commitment: Promise<string> | null = null;
  /** Resampled samples appended since the last commit. */
  let samplesSinceCommit = 0;
  /** Resampled audio not yet sent, and its samples. */
  let batch: Buffer[] = [];
  let batchSamples = 0;
  let finalTimer: NodeJS.Timeout | undefined;

  const opened = providerWait('transcription_open');
  const socket = new WebSocket(input.url, {
    headers: { Authorization: `Bearer ${input.apiKey}` },
    handshakeTimeout: timeoutMs,
    generateMask: unmasked,
  });

  function send(event: RealtimeClientEvent): void {
    const text = JSON.stringify(event);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else if (socket.readyState === WebSocket.CONNECTING) queue.push(text);
  }

  /** Sends the audio batched so far as one append. */
  function flushAudio(): void {
    if (batchSamples === 0) return;
    const audio = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    batch = [];
    batchSamples = 0;
    const event: InputAudioBufferAppendEvent = {
      type: 'input_audio_buffer.append',
      audio: audio.toString('base64'),
    };
    send(event);
  }

  function settle(): void {
    settled = true;
    clearTimeout(finalTimer);
    samplesSinceCommit = 0;
    batch = [];
    batchSamples = 0;
    signal.removeEventListener('abort', onAbort);
    queue.length = 0;
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    // Aborts the handshake; the 'error' it raises lands in the listener below and is ignored.
    else if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
  }

  function fail(error: AiProviderError): void {
    if (settled) return;
    failure = error;
    settle();
    if (error.kind !== 'aborted') {
      logger?.warn('ai.streaming_transcription_failed', {
        kind: error.kind,
        status: error.status,
        message: error.message,
      });
    }
    for (const item of items) item.words.reject(error);
  }

  /** Makes the audio since the last commit an item, whose words come with its `completed`. */
  function commitBuffer(): void {
    flushAudio();
    samplesSinceCommit = 0;
    items.push({ itemId: null, words: deferred() });
    const event: InputAudioBufferCommitEvent = { type: 'input_audio_buffer.commit' };
    send(event);
  }

  /** The words of every item committed so far, joined, once each has its final. */
  async function wordsSoFar(): Promise<string> {
    const texts = await Promise.all(items.map((item) => item.words.promise));
    return texts
      .map((text) => text.trim())
      .filter((text) => text !== '')
      .join(' ');
  }

  function onAbort(): void {
    fail(new AiProviderError('aborted', 'The transcription session was cancelled'));
  }

  function report(text: string): void {
    try {
      input.onPartial(text);
    } catch (error) {
      // The caller's display failing is no reason to lose the transcript.
      logger?.warn('ai.streaming_transcription_partial_failed', {
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  function onDelta(event: ConversationItemInputAudioTranscriptionDeltaEvent): void {
    if (!event.delta) return;
    partial += event.delta;
    const text = partial.trim();
    if (text !== '') report(text);
  }

  function onCommitted(event: InputAudioBufferCommittedEvent): void {
    const item = items.find((candidate) => candidate.itemId === null);
    if (item) item.itemId = event.item_id;
  }

  function onCompleted(event: ConversationItemInputAudioTranscriptionCompletedEvent): void {
    // With turn detection off only our commits make items; the joined deltas may differ from
    // this text, which is the one to keep. An item whose `committed` never came is the oldest
    // one still waiting.
    const item =
      items.find((candidate) => candidate.itemId === event.item_id) ??
      items.find((candidate) => !candidate.words.settled);
    item?.words.resolve(event.transcript);
  }

  function onFailed(event: ConversationItemInputAudioTranscriptionFailedEvent): void {
    fail(
      new AiProviderError(
        'server',
        `Transcription failed: ${event.error.message ?? event.error.code ?? 'no reason given'}`,
      ),
    );
  }

  function onServerEvent(event: RealtimeServerEvent): void {
    switch (event.type) {
      case 'conversation.item.input_audio_transcription.delta':
        return onDelta(event);
      case 'input_audio_buffer.committed':
        return onCommitted(event);
      case 'conversation.item.input_audio_transcription.completed':
        return onCompleted(event);
      case 'conversation.item.input_audio_transcription.failed':
        return onFailed(event);
      case 'error':
        return fail(
          new AiProviderError(errorEventKind(event.error), event.error.message || 'Provider error'),
        );
      default:
        // session.created/updated, ...: nothing to act on.
        return;
    }
  }

  socket.on('open', () => {
    if (settled) return;
    opened();
    socket.send(JSON.stringify(input.sessionUpdate));
    for (const text of queue.splice(0)) socket.send(text);
  });
  socket.on('message', (data, isBinary) => {
    if (settled || isBinary) return;
    let event: RealtimeServerEvent;
    try {
      event = JSON.parse(data.toString()) as RealtimeServerEvent;
    } catch {
      return fail(new AiProviderError('server', 'The provider sent an event that is not JSON'));
    }
    onServerEvent(event);
  });
  socket.on('unexpected-response', (_request, response) => {
    const status = response.statusCode ?? 500;
    response.resume();
    fail(
      new AiProviderError(kindForStatus(status), `Realtime transcription refused (${status})`, {
        status,
      }),
    );
  });
  socket.on('error', (error) => {
    const timedOut = /handshake has timed out/i.test(error.message);
    fail(new AiProviderError(timedOut ? 'timeout' : 'connection', error.message, { cause: error }));
  });
  socket.on('close', (code) => {
    fail(new AiProviderError('connection', `The transcription socket closed (${code})`));
  });

  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });

  return {
    append(pcm) {
      if (settled || commitment) return;
      const audio = resampler.push(pcm);
      if (audio.length === 0) return;
      samplesSinceCommit += audio.length / 2;
      batch.push(audio);
      batchSamples += audio.length / 2;
      if (batchSamples >= APPEND_BATCH_SAMPLES) flushAudio();
    },
    checkpoint() {
      if (failure) return Promise.reject(failure);
      if (settled || commitment) return closedError();
      const wordsBack = providerWait('transcript_checkpoint');
      // Under the provider's minimum there is nothing new to make final.
      if (samplesSinceCommit >= MIN_COMMIT_SAMPLES) commitBuffer();
      else flushAudio();
      const words = wordsSoFar();
      void words.then(wordsBack, () => undefined);
      return words;
    },
    commit() {
      if (commitment) return commitment;
      if (failure) return Promise.reject(failure);
      if (settled) return closedError();
      const final = providerWait('transcript_final');
      if (samplesSinceCommit >= MIN_COMMIT_SAMPLES) commitBuffer();
      if (items.length === 0) {
        // Too short for the provider, and too short to hold a word.
        settle();
        return Promise.resolve('');
      }
      commitment = wordsSoFar().then((text) => {
        final();
        settle();
        return text;
      });
      // Rejected through `fail`, which settles; a caller holds `commitment`.
      finalTimer = setTimeout(
        () => fail(new AiProviderError('timeout', `No final transcript within ${timeoutMs} ms`)),
        timeoutMs,
      );
      return commitment;
    },
    close() {
      if (settled) return;
      fail(new AiProviderError('aborted', 'The transcription session was closed'));
    },
  };
}

function closedError(): Promise<never> {
  return Promise.reject(new AiProviderError('aborted', 'The transcription session was closed'));
}

/** One committed item of the session, and its words once the provider has them. */
interface CommittedItem {
  itemId: string | null;
  words: Deferred<string>;
}

interface Deferred<T> {
  promise: Promise<T>;
  settled: boolean;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A promise settled from outside; a rejection nobody awaits is not unhandled. */
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  const out: Deferred<T> = {
    promise,
    settled: false,
    resolve(value) {
      out.settled = true;
      resolve(value);
    },
    reject(error) {
      out.settled = true;
      reject(error);
    },
  };
  return out;
}
