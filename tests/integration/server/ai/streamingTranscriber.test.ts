import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { loadConfig } from '#server/config';
import { AiProviderError } from '#server/ai/openai/index';
import {
  createOpenAiStreamingTranscriber,
  realtimeTranscriptionUrl,
  type OpenAiStreamingTranscriberConfig,
} from '#server/ai/openai/streamingTranscriber';
import { createAiRoles } from '#server/ai/roles';
import { createLogger } from '#server/logger';
import type { TranscriptionStream } from '#server/voice/types';
import { startOpenAiStub, type OpenAiStub } from '../../../fixtures/openaiStub';

const KEY = 'sk-streaming-secret-4242';
const MODEL = 'gpt-4o-mini-transcribe';
const SPOKEN = 'I would like to understand what the crown will cost before we start';

let stub: OpenAiStub;
const warnings: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  stub = await startOpenAiStub();
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await stub.close();
});
beforeEach(() => {
  stub.reset();
  stub.setStreamingTranscription({ text: SPOKEN, wordsPerSecondOfAudio: 5 });
  warnings.length = 0;
  unhandled.length = 0;
});
afterEach(async () => {
  // A rejection nobody awaited is reported once the microtasks after it have run.
  await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
  expect(warnings.join('\n')).not.toContain(KEY);
});

function transcriber(overrides: Partial<OpenAiStreamingTranscriberConfig> = {}) {
  return createOpenAiStreamingTranscriber({
    apiKey: KEY,
    baseURL: stub.url,
    model: MODEL,
    timeoutMs: 2_000,
    logger: { warn: (message, details) => warnings.push(JSON.stringify({ message, details })) },
    ...overrides,
  });
}

/** A 16 kHz PCM16 tone, as the browser's capture frames carry it. */
function speech(ms: number): Buffer {
  const samples = (16_000 * ms) / 1000;
  const bytes = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    bytes.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / 16_000)), i * 2);
  }
  return bytes;
}

/** Appends `ms` of audio in 20 ms frames. */
function speak(stream: TranscriptionStream, ms: number): void {
  const audio = speech(ms);
  const frame = 640;
  for (let at = 0; at < audio.length; at += frame) stream.append(audio.subarray(at, at + frame));
}

function open(signal = new AbortController().signal, config = {}) {
  const partials: string[] = [];
  const stream = transcriber(config).open({
    signal,
    language: 'en',
    onPartial: (text) => partials.push(text),
  });
  return { stream, partials };
}

async function rejection(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return error as AiProviderError;
  }
  throw new Error('expected the commit to reject');
}

const session = () => {
  expect(stub.realtimeSessions).toHaveLength(1);
  return stub.realtimeSessions[0]!;
};

describe('streaming transcription against the realtime stub', () => {
  it('builds the transcription URL from the base URL', () => {
    expect(realtimeTranscriptionUrl('http://127.0.0.1:9000/v1')).toBe(
      'ws://127.0.0.1:9000/v1/realtime?intent=transcription',
    );
    expect(realtimeTranscriptionUrl('https://api.openai.com/v1/')).toBe(
      'wss://api.openai.com/v1/realtime?intent=transcription',
    );
  });

  it('shows partials while audio arrives, then the final text after the commit', async () => {
    const { stream, partials } = open();
    // Appended before the socket is open: these wait in the queue, in order.
    speak(stream, 1100);
    // 1.1 s of audio at five words per second.
    await vi.waitFor(() => expect(partials).toHaveLength(5));
    expect(partials).toEqual([
      'I',
      'I would',
      'I would like',
      'I would like to',
      'I would like to understand',
    ]);
    expect(session().committed).toBe(false);

    expect(await stream.commit()).toBe(SPOKEN);
    // The words still owed came before the final, each a longer prefix of it.
    expect(partials.at(-1)).toBe(SPOKEN);
    for (const text of partials) expect(SPOKEN.startsWith(text)).toBe(true);
    await vi.waitFor(() => expect(session().closed).toBe(true));
  });

  it('makes the words final at a pause and goes on listening: the end joins every item', async () => {
    stub.setStreamingTranscription({
      text: 'Does it hurt? Only when I chew.',
      items: ['Does it hurt?', 'Only when I chew.'],
      lagWords: 1,
    });
    const { stream, partials } = open();
    speak(stream, 1000);
    // Lagging partials: the last word of the item comes only with its commit.
    await vi.waitFor(() => expect(partials).toEqual(['Does', 'Does it']));
    expect(await stream.checkpoint()).toBe('Does it hurt?');
    // A pause with nothing new since asks the provider nothing more.
    expect(await stream.checkpoint()).toBe('Does it hurt?');
    speak(stream, 1000);
    expect(await stream.commit()).toBe('Does it hurt? Only when I chew.');
    const record = session();
    expect(record.eventTypes.filter((type) => type === 'input_audio_buffer.commit')).toHaveLength(
      2,
    );
    await vi.waitFor(() => expect(record.closed).toBe(true));
  });

  it('ends on the words of a pause when less than the minimum commit followed it', async () => {
    stub.setStreamingTranscription({ text: 'Any questions?', items: ['Any questions?'] });
    const { stream } = open();
    speak(stream, 600);
    expect(await stream.checkpoint()).toBe('Any questions?');
    speak(stream, 60);
    expect(await stream.commit()).toBe('Any questions?');
    expect(
      session().eventTypes.filter((type) => type === 'input_audio_buffer.commit'),
    ).toHaveLength(1);
  });

  it('rejects the words of a pause when the session fails, and the commit says so too', async () => {
    stub.setStreamingTranscription({ fault: 'error', faultAfterMs: 60_000 });
    const { stream } = open();
    speak(stream, 500);
    expect((await rejection(stream.checkpoint())).kind).toBe('server');
    expect((await rejection(stream.commit())).kind).toBe('server');
  });

  it('asks for a GA transcription session at 24 kHz with our own turn detection', async () => {
    const { stream } = open();
    speak(stream, 500);
    await stream.commit();
    const record = session();
    expect(record.url).toBe('/v1/realtime?intent=transcription');
    expect(record.sessionUpdate).toEqual({
      type: 'session.update',
      session: {
        type: 'transcription',
        audio: {
          input: {
            format: { type: 'audio/pcm', rate: 24_000 },
            transcription: { model: MODEL, language: 'en' },
            turn_detection: null,
          },
        },
      },
    });
    expect(record.eventTypes[0]).toBe('session.update');
    expect(record.eventTypes.at(-1)).toBe('input_audio_buffer.commit');
    expect(new Set(record.eventTypes.slice(1, -1))).toEqual(new Set(['input_audio_buffer.append']));
    // 8000 samples at 16 kHz become 11 999 at 24 kHz (the last input sample has no successor).
    expect(record.bytesAppended).toBe(11_999 * 2);
  });

  it('sends the audio in appends of at least 200 ms, whatever the frames, and all of it by the commit', async () => {
    const { stream } = open();
    // 25 frames of 20 ms, then 10 ms: one append per 200 ms (4800 samples at 24 kHz), then the rest.
    speak(stream, 510);
    await stream.commit();
    const record = session();
    const appends = record.eventTypes.filter((type) => type === 'input_audio_buffer.append');
    expect(appends).toHaveLength(3);
    expect(record.bytesAppended).toBe(((24_000 * 510) / 1000 - 1) * 2);
  });

  it('sends the key in the Authorization header only', async () => {
    const { stream } = open();
    speak(stream, 200);
    await stream.commit();
    const record = session();
    expect(record.headers.authorization).toBe(`Bearer ${KEY}`);
    const elsewhere = Object.entries(record.headers).filter(([name]) => name !== 'authorization');
    expect(JSON.stringify(elsewhere)).not.toContain(KEY);
    expect(record.url).not.toContain(KEY);
  });

  it('resolves too little audio with no text and no commit, which the provider would refuse', async () => {
    const { stream } = open();
    speak(stream, 60);
    expect(await stream.commit()).toBe('');
    // Under one batch (APPEND_BATCH_SAMPLES) nothing was worth sending either: the session,
    // if it opened at all, ends with no commit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const record of stub.realtimeSessions) {
      await vi.waitFor(() => expect(record.closed).toBe(true));
      expect(record.eventTypes).not.toContain('input_audio_buffer.commit');
    }
  });

  it('keeps the final text when a partial listener throws', async () => {
    const stream = transcriber().open({
      signal: new AbortController().signal,
      language: 'en',
      onPartial: () => {
        throw new Error('display gone');
      },
    });
    speak(stream, 400);
    expect(await stream.commit()).toBe(SPOKEN);
  });
});

describe('a failing session rejects the commit, so the caller falls back to batch', () => {
  it('a socket dropped mid-utterance', async () => {
    stub.setStreamingTranscription({ fault: 'drop', faultAfterMs: 200 });
    const { stream } = open();
    speak(stream, 300);
    await vi.waitFor(() => expect(session().closed).toBe(true));
    // Audio after the drop goes nowhere and throws nothing.
    speak(stream, 300);
    const error = await rejection(stream.commit());
    expect(error.kind).toBe('connection');
    expect(warnings.some((line) => line.includes('ai.streaming_transcription_failed'))).toBe(true);
  });

  it('a socket dropped while the final is awaited', async () => {
    stub.setStreamingTranscription({ fault: 'drop', faultAfterMs: 60_000 });
    const { stream } = open();
    speak(stream, 300);
    expect((await rejection(stream.commit())).kind).toBe('connection');
  });

  it('an error event mid-utterance', async () => {
    stub.setStreamingTranscription({ fault: 'error', faultAfterMs: 200 });
    const { stream } = open();
    speak(stream, 300);
    // We end the session on the provider's error; the stub sees the socket close.
    await vi.waitFor(() => expect(session().closed).toBe(true));
    const error = await rejection(stream.commit());
    expect(error.kind).toBe('server');
    expect(error.message).toBe('The stub failed');
  });

  it('an error event that nobody commits after is no unhandled rejection', async () => {
    stub.setStreamingTranscription({ fault: 'error', faultAfterMs: 100 });
    const { stream } = open();
    speak(stream, 300);
    await vi.waitFor(() => expect(session().closed).toBe(true));
    stream.close();
    // afterEach asserts that no rejection went unhandled.
  });

  it('an error event while the final is awaited', async () => {
    stub.setStreamingTranscription({ fault: 'error', faultAfterMs: 60_000 });
    const { stream } = open();
    speak(stream, 300);
    expect((await rejection(stream.commit())).kind).toBe('server');
  });

  it('a final that never comes', async () => {
    stub.setStreamingTranscription({ fault: 'slow' });
    const { stream } = open(undefined, { timeoutMs: 300 });
    speak(stream, 300);
    const error = await rejection(stream.commit());
    expect(error.kind).toBe('timeout');
    expect(session().committed).toBe(true);
    await vi.waitFor(() => expect(session().closed).toBe(true));
  });

  it('a server without realtime transcription (404 on the upgrade)', async () => {
    stub.setStreamingTranscription({ fault: 'refuse' });
    const { stream } = open();
    speak(stream, 300);
    const error = await rejection(stream.commit());
    expect(error.status).toBe(404);
    expect(error.kind).toBe('bad_request');
    expect(stub.realtimeSessions).toHaveLength(0);
  });

  it('nothing listening on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { stream } = open(undefined, { baseURL: `http://127.0.0.1:${port}/v1` });
    speak(stream, 300);
    const error = await rejection(stream.commit());
    expect(error.kind).toBe('connection');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('ending a session', () => {
  it('the signal closes the socket and rejects the commit as aborted', async () => {
    const controller = new AbortController();
    const { stream } = open(controller.signal);
    speak(stream, 300);
    await vi.waitFor(() => expect(session().bytesAppended).toBeGreaterThan(0));
    controller.abort();
    await vi.waitFor(() => expect(session().closed).toBe(true));
    expect((await rejection(stream.commit())).kind).toBe('aborted');
    expect(session().eventTypes).not.toContain('input_audio_buffer.commit');
    // A cancel is the user's doing, not the provider's failure.
    expect(warnings).toEqual([]);
  });

  it('the signal ends a commit that is waiting for its final', async () => {
    stub.setStreamingTranscription({ fault: 'slow' });
    const controller = new AbortController();
    const { stream } = open(controller.signal);
    speak(stream, 300);
    const committed = stream.commit();
    await vi.waitFor(() => expect(session().committed).toBe(true));
    controller.abort();
    expect((await rejection(committed)).kind).toBe('aborted');
    await vi.waitFor(() => expect(session().closed).toBe(true));
  });

  it('close() ends the session without a commit', async () => {
    const { stream } = open();
    speak(stream, 300);
    await vi.waitFor(() => expect(session().bytesAppended).toBeGreaterThan(0));
    stream.close();
    await vi.waitFor(() => expect(session().closed).toBe(true));
    expect(session().committed).toBe(false);
    expect((await rejection(stream.commit())).kind).toBe('aborted');
  });
});

describe('the stub speaks the provider protocol', () => {
  async function rawSession(): Promise<{
    socket: WebSocket;
    next(): Promise<RealtimeServerEvent>;
  }> {
    const socket = new WebSocket(realtimeTranscriptionUrl(stub.url), {
      headers: { Authorization: 'Bearer sk-raw' },
    });
    const events: RealtimeServerEvent[] = [];
    const waiters: ((event: RealtimeServerEvent) => void)[] = [];
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as RealtimeServerEvent;
      const waiter = waiters.shift();
      if (waiter) waiter(event);
      else events.push(event);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return {
      socket,
      next: () => {
        const event = events.shift();
        return event ? Promise.resolve(event) : new Promise((resolve) => waiters.push(resolve));
      },
    };
  }

  it('refuses a commit of less than 100 ms, as the provider does', async () => {
    const { socket, next } = await rawSession();
    expect((await next()).type).toBe('session.created');
    socket.send(
      JSON.stringify({
        type: 'input_audio_buffer.append',
        audio: Buffer.alloc(48 * 50).toString('base64'),
      }),
    );
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    const event = await next();
    expect(event.type === 'error' && event.error.code).toBe('input_audio_buffer_commit_empty');
    socket.close();
  });

  it('closes a session that uses the retired beta shape', async () => {
    const { socket, next } = await rawSession();
    await next();
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'transcription_session.update', session: {} }));
    const event = await next();
    expect(event.type === 'error' && event.error.code).toBe('beta_api_shape_disabled');
    expect(await closed).toBe(4000);
  });
});

describe('which transcriber the configuration gives', () => {
  const logger = createLogger('silent');
  const env = { AI_PROVIDER: 'openai', OPENAI_API_KEY: KEY, NODE_ENV: 'test' };

  it.each([
    { STT_MODE: 'streaming', streaming: true },
    { STT_MODE: 'batch', streaming: false },
  ])('STT_MODE=$STT_MODE', async ({ STT_MODE, streaming }) => {
    const roles = createAiRoles(
      loadConfig({ ...env, OPENAI_BASE_URL: stub.url, STT_MODE }).ai,
      logger,
    );
    expect(roles.transcriber).not.toBeNull();
    expect(roles.streamingTranscriber !== null).toBe(streaming);
    if (!roles.streamingTranscriber) return;
    // The wired role reaches the configured server with the configured model.
    const stream = roles.streamingTranscriber.open({
      signal: new AbortController().signal,
      language: 'en',
      onPartial: () => {},
    });
    speak(stream, 200);
    expect(await stream.commit()).toBe(SPOKEN);
    expect(session().sessionUpdate?.session).toMatchObject({
      audio: { input: { transcription: { model: 'gpt-4o-mini-transcribe' } } },
    });
  });

  it('offline has no server transcription at all', () => {
    const roles = createAiRoles(
      loadConfig({ NODE_ENV: 'test', AI_PROVIDER: 'offline' }).ai,
      logger,
    );
    expect(roles.streamingTranscriber).toBeNull();
  });
});
