import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import { TMP_DIR } from '../helpers/paths';
import {
  apiGet,
  eventually,
  fakeMicrophoneArgs,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  useBrowserApp,
} from './browser';

/**
 * Voice mode's capture in real Chromium with a fake microphone whose speech starts the moment
 * the microphone opens: the VAD's files preload while the scenario screen is idle, nothing
 * said before the detector has loaded is lost, and the utterance streams over the socket as
 * PCM16 frames while it is spoken.
 */

const AUDIO_DIR = join(TMP_DIR, 'voice-streaming-e2e');
const SAID = 'Hello there. What worries you most about the crown?';

/** espeak-ng speech as 16 kHz mono WAV, with `after` seconds of silence after it, `before` before. */
function speechWav(
  name: string,
  text: string,
  after: number,
  before = 0,
): { path: string; seconds: number } {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const path = join(AUDIO_DIR, `${name}-${before}s-${after}s.wav`);
  const raw = join(AUDIO_DIR, `${name}.raw.wav`);
  if (!existsSync(path)) {
    execFileSync('espeak-ng', ['-w', raw, text]);
    execFileSync('sox', [
      raw,
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      path,
      'pad',
      String(before),
      String(after),
    ]);
  }
  const seconds = Number(execFileSync('soxi', ['-D', raw]).toString().trim());
  return { path, seconds };
}

/**
 * Chromium plays the file from its start when the microphone opens, then loops it: the long
 * silence keeps the second loop out of the test, so the utterance heard is the one spoken at once.
 */
const speechAtOnce = () => speechWav('at-once', SAID, 30);

/**
 * The same words a few seconds after the microphone opens, once the voice detector has loaded:
 * until then the page holds the audio in its ring buffer and sends it in one burst, so the
 * partial transcripts of speech said at once can only come as it ends (these tests open the
 * microphone right after the page loads, perhaps before the preload has the detector ready).
 */
const speechAfterAPause = () => speechWav('after-a-pause', SAID, 30, 5);

/** The files the preload fetches. */
const PRELOADED =
  /^(manifest\.json|silero_vad_v5\.onnx|ort-wasm-simd-threaded\.(wasm|mjs)|(captureWorklet|detectorWorker)-.*\.js)$/;

/** Where a request went, by file name (the VAD's files live under a content-hashed folder). */
const fileName = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

/** A JSON frame as sent, or a binary one as its size and sequence number. */
type SentFrame = { type: string; clientId?: string; bytes?: number; seq?: number } & Record<
  string,
  unknown
>;

/** What the page sent on the conversation socket: JSON frames parsed, binary frames as their size. */
function watchSocket(page: Page) {
  const sent: SentFrame[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(JSON.parse(payload));
      else sent.push({ type: 'binary', bytes: payload.length, seq: payload.readUInt32LE(0) });
    }),
  );
  return sent;
}

function voiceDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
  const root = dialog.locator('[data-voice-state]');
  return {
    dialog,
    mic: dialog.getByRole('button', { name: /^(Start speaking|Stop listening)$/ }),
    state: () => root.getAttribute('data-voice-state'),
    line: (who: 'You:' | 'Patient:') =>
      dialog.locator('.voice__line', { hasText: who }).getByRole('definition'),
  };
}

async function openScenario(page: Page): Promise<string> {
  await signUpByApi(page);
  const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
  const scenario = scenarios.find((s) => /crown/i.test(s.title)) ?? scenarios[0]!;
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
  );
  await page.goto(`/scenario/${scenario.id}`);
  return (await (await created).json()).session.id;
}

/** The detector's model takes 2.5 s to arrive: the first words are spoken before it runs. */
async function slowModel(page: Page): Promise<void> {
  await page.route(/silero_vad_v5\.onnx$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
}

/** Seconds of audio in a PCM WAV file, read from its header. */
function wavSeconds(bytes: Buffer): number {
  const rate = bytes.readUInt32LE(24);
  const bytesPerSample = (bytes.readUInt16LE(22) * bytes.readUInt16LE(34)) / 8;
  return (bytes.length - 44) / bytesPerSample / rate;
}

describe.skipIf(skipBrowserSuite)('voice capture and streaming (fake microphone)', () => {
  let stub: OpenAiStub;
  const app = useBrowserApp({
    chromiumArgs: () => fakeMicrophoneArgs(speechAtOnce().path),
    env: async () => {
      stub = await startOpenAiStub();
      // A compatible server: the streamed frames are transcribed in one batch at the commit.
      return stubbedOpenAiEnv(stub.url, { STT_MODE: 'batch' });
    },
  });

  afterEach(() => stub.reset());

  it('preloads the VAD while the scenario screen is idle, so the first use fetches nothing new', async () => {
    const page = await app.newPage();
    const sent = watchSocket(page);
    const finished = new Map<string, string>();
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      finished.set(fileName(request.url()), response?.headers()['content-encoding'] ?? 'identity');
    });
    await openScenario(page);

    // Without opening voice mode: the model, onnxruntime's wasm and loader, the manifest, our
    // capture worklet and the detector's worker all arrive (the worker loads the model).
    await eventually(() => [...finished.keys()], 20_000).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'silero_vad_v5.onnx',
        'ort-wasm-simd-threaded.wasm',
        'ort-wasm-simd-threaded.mjs',
      ]),
    );
    const names = [...finished.keys()];
    expect(
      names.some((n) => /^captureWorklet-.*\.js$/.test(n)),
      names.join(' '),
    ).toBe(true);
    expect(
      names.some((n) => /^detectorWorker-.*\.js$/.test(n)),
      names.join(' '),
    ).toBe(true);
    // The 14 MB wasm comes compressed.
    expect(finished.get('ort-wasm-simd-threaded.wasm')).toMatch(/^(br|gzip)$/);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // First use: nothing goes to the network that the preload fetched (the detector waits,
    // loaded, in its worker; the browser's cache has the worklet), and it listens.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const fromNetwork: string[] = [];
    const fromCache = new Set<string>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const cached = response.fromDiskCache || fromCache.has(requestId);
      if (!cached && response.status !== 304) fromNetwork.push(fileName(response.url));
    });
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await voice.mic.click();
    await eventually(() => voice.state()).toBe('listening');
    // The detector runs once it hears the speech.
    await eventually(() => sent.some((f) => f.type === 'audio_start'), 20_000).toBe(true);
    expect(fromNetwork.filter((n) => PRELOADED.test(n))).toEqual([]);
  });

  it('streams what was said before the detector loaded: audio_start, PCM16 frames in order, the commit', async () => {
    const page = await app.newPage();
    const sent = watchSocket(page);
    await slowModel(page);
    await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await voice.mic.click();

    await eventually(() => sent.filter((f) => f.type === 'audio_commit').length, 20_000).toBe(1);
    const commitAt = sent.findIndex((f) => f.type === 'audio_commit');
    const clientId = sent[commitAt]!.clientId;
    const start = sent.findIndex((f) => f.type === 'audio_start' && f.clientId === clientId);
    // Speech started as the microphone opened: the first stream is the one committed.
    expect(sent.filter((f) => f.type === 'audio_start')[0]).toBe(sent[start]);
    expect(sent[start]).toMatchObject({ format: 'pcm16', sampleRate: 16_000, speak: true });
    const frames = sent
      .slice(start + 1, commitAt)
      .filter((f) => f.type === 'binary')
      .map((f) => ({ seq: f.seq, bytes: f.bytes ?? 0 }));
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    expect(sent[commitAt]).toMatchObject({ frames: frames.length });
    for (const frame of frames) {
      const ms = ((frame.bytes - 4) / 2 / 16_000) * 1000;
      expect(ms).toBeGreaterThanOrEqual(20);
      expect(ms).toBeLessThanOrEqual(100);
    }
    // All of it: the speech (it started as the microphone opened) and the end-of-speech pause.
    const seconds = frames.reduce((sum, f) => sum + (f.bytes - 4) / 2, 0) / 16_000;
    expect(seconds).toBeGreaterThan(speechAtOnce().seconds);
    expect(seconds).toBeLessThan(speechAtOnce().seconds + 2);
  });

  it('words spoken right after the first click reach the server and the transcript', async () => {
    stub.setTranscription(SAID);
    stub.setReply('Mostly the cost, to be honest.');
    const page = await app.newPage();
    await slowModel(page);
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await voice.mic.click();

    const uploads = () => stub.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    await eventually(() => uploads().length, 20_000).toBeGreaterThan(0);
    // The server got the whole sentence, from its first word (spoken as the microphone opened,
    // before the detector ran), and the end-of-speech pause: not a tail of it.
    const seconds = wavSeconds(uploads()[0]!.file!.bytes);
    expect(seconds).toBeGreaterThan(speechAtOnce().seconds);
    expect(seconds).toBeLessThan(speechAtOnce().seconds + 2);
    await eventually(() => voice.line('You:').textContent()).toBe(SAID);
    const stored = (await apiGet(page, `/api/conversations/${conversationId}`)).messages;
    expect(stored[1]).toMatchObject({ role: 'user', content: SAID, source: 'voice' });
  });
});

describe.skipIf(skipBrowserSuite)(
  'voice streaming with a realtime transcriber (fake microphone)',
  () => {
    let stub: OpenAiStub;
    const app = useBrowserApp({
      chromiumArgs: () => fakeMicrophoneArgs(speechAfterAPause().path),
      env: async () => {
        stub = await startOpenAiStub();
        return stubbedOpenAiEnv(stub.url, { STT_MODE: 'streaming' });
      },
    });

    afterEach(() => stub.reset());

    /**
     * Every text the 'You:' line shows, and whether the page had committed the utterance by then
     * (recorded in the page, so no change is missed between polls).
     */
    async function recordYouLine(page: Page): Promise<void> {
      await page.addInitScript(() => {
        const w = window as unknown as {
          __you: Array<{ text: string; commits: number }>;
          __commits: number;
        };
        w.__you = [];
        w.__commits = 0;
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          if (typeof data === 'string' && data.includes('"audio_commit"')) w.__commits += 1;
          return send.call(this, data);
        };
        let last: string | null = null;
        new MutationObserver(() => {
          const line = document.querySelector('.voice__line dd');
          const text = line?.textContent ?? null;
          if (text === null || text === last) return;
          last = text;
          w.__you.push({ text, commits: w.__commits });
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    }

    it("the 'You:' line grows with partial transcripts while the clinician is still speaking", async () => {
      // Brisk partials: under load the page's audio can arrive in bursts, close to the commit.
      stub.setStreamingTranscription({ text: SAID, wordsPerSecondOfAudio: 8, finalDelayMs: 100 });
      stub.setReply('Mostly the cost, to be honest.');
      const page = await app.newPage();
      await recordYouLine(page);
      await openScenario(page);
      await page.getByRole('button', { name: 'Voice Mode' }).click();
      const voice = voiceDialog(page);
      await voice.mic.click();

      await eventually(() => voice.line('You:').textContent(), 20_000).toBe(SAID);
      // The end of speech comes after the words: wait for the turn to be answered.
      await eventually(() => voice.line('Patient:').textContent(), 20_000).toBe(
        'Mostly the cost, to be honest.',
      );
      const { seen, commits } = await page.evaluate(() => {
        const w = window as unknown as {
          __you: Array<{ text: string; commits: number }>;
          __commits: number;
        };
        return { seen: w.__you, commits: w.__commits };
      });
      // The VAD may end an utterance at a pause mid-sentence; the next one joins the same turn,
      // so "while speaking" is before the last commit.
      const whileSpeaking = seen.filter((entry) => entry.commits < commits && entry.text !== '—');
      // Partials showed before the end of speech, each the start of the sentence, growing.
      expect(whileSpeaking.length, JSON.stringify(seen)).toBeGreaterThan(1);
      for (const entry of whileSpeaking) expect(SAID.startsWith(entry.text.trim())).toBe(true);
      const lengths = whileSpeaking.map((entry) => entry.text.length);
      expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      // Transcribed while streaming: no batch upload.
      expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(0);
    });

    it('dictation shows the partial transcript in the message box, after what was typed', async () => {
      stub.setStreamingTranscription({ text: SAID, wordsPerSecondOfAudio: 8, finalDelayMs: 100 });
      const page = await app.newPage();
      // Every value the box shows, sampled in the page (a value set by React fires no event).
      await page.addInitScript(() => {
        const w = window as unknown as { __box: string[] };
        w.__box = [];
        setInterval(() => {
          const box = document.querySelector('textarea');
          const value = box?.value ?? null;
          if (value !== null && value !== w.__box.at(-1)) w.__box.push(value);
        }, 10);
      });
      await openScenario(page);
      const box = page.getByRole('textbox', { name: 'Your message to the patient' });
      await box.fill('Honestly,');
      const mic = page.getByRole('button', { name: 'Dictate with the microphone' });
      await eventually(() => mic.isEnabled()).toBe(true);
      await mic.click();
      await eventually(() => box.inputValue(), 25_000).toBe(`Honestly, ${SAID}`);
      const seen = await page.evaluate(() => (window as unknown as { __box: string[] }).__box);
      const partials = seen
        .filter((value) => value.startsWith('Honestly, ') && value !== `Honestly, ${SAID}`)
        .map((value) => value.slice('Honestly, '.length));
      // The words grew in the box before the final ones replaced them.
      expect(partials.length, JSON.stringify(seen)).toBeGreaterThan(0);
      for (const words of partials) expect(SAID.startsWith(words.trim())).toBe(true);
      expect(seen.at(-1)).toBe(`Honestly, ${SAID}`);
    });

    it('a transcription session that drops mid-utterance still yields the whole transcript, with no error', async () => {
      // The realtime session is cut 300 ms into the audio; the batch transcriber gets it all.
      stub.setStreamingTranscription({ text: SAID, fault: 'drop', faultAfterMs: 300 });
      stub.setTranscription(SAID);
      stub.setReply('Mostly the cost, to be honest.');
      const page = await app.newPage();
      const conversationId = await openScenario(page);
      await page.getByRole('button', { name: 'Voice Mode' }).click();
      const voice = voiceDialog(page);
      await voice.mic.click();

      await eventually(() => voice.line('You:').textContent(), 20_000).toBe(SAID);
      const uploads = stub.requests.filter((r) => r.path === '/v1/audio/transcriptions');
      expect(uploads).toHaveLength(1);
      // The fallback heard the whole utterance, not what followed the drop.
      expect(wavSeconds(uploads[0]!.file!.bytes)).toBeGreaterThan(speechAtOnce().seconds);
      expect(stub.realtimeSessions.length).toBeGreaterThan(0);
      expect(await voice.dialog.getByRole('alert').count()).toBe(0);
      const stored = (await apiGet(page, `/api/conversations/${conversationId}`)).messages;
      expect(stored[1]).toMatchObject({ role: 'user', content: SAID, source: 'voice' });
    });
  },
);
