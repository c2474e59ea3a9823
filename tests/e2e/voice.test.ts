import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { splitSentences } from '#shared/sentences';
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
import { speechPcm as pcmIn, speechWav as wavIn } from './spokenAudio';

/**
 * Voice mode in real Chromium with a fake microphone: the real VAD (model, worklet and wasm from
 * our server) hears a spoken sentence that Chromium plays in a loop, the utterance goes over the
 * socket to the OpenAI-compatible stub, and the stub's speech is played back in the page.
 */

const AUDIO_DIR = join(TMP_DIR, 'voice-e2e');
const SAID = 'What worries you most about the crown?';
const SHORT_REPLY = 'Mostly the cost, to be honest.';
const FIRST_SENTENCE = 'I suppose the cost is what worries me most.';
const LONG_REPLY = `${FIRST_SENTENCE} How much would the crown be, all in? And would it hurt?`;

/** This file's speech, kept in its own folder. */
const speechWav = (name: string, text: string, pad?: [number, number]) =>
  wavIn(AUDIO_DIR, name, text, pad);
const speechPcm = (name: string, text: string) => pcmIn(AUDIO_DIR, name, text);

/** The fake microphone loops this: 1 s of silence, the sentence, 4 s of silence. */
const microphoneFile = () => speechWav('utterance', SAID, [1, 4]);
/** The patient's voice for a short reply (about 2 s) and one long enough to talk over (~9 s). */
const shortVoice = () => speechPcm('reply-short', SHORT_REPLY);
const longVoice = () =>
  speechPcm(
    'reply-long',
    'I suppose the cost is what worries me most, because my budget is very tight this year and I have already spent a lot on my teeth.',
  );

interface StoredMessage {
  role: string;
  content: string;
  source: string;
  partial: boolean;
}

/** The voice dialog, found the way a person finds it. */
function voiceDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
  const root = dialog.locator('[data-voice-state]');
  return {
    dialog,
    root,
    mic: dialog.getByRole('button', { name: /^(Start speaking|Stop listening)$/ }),
    state: () => root.getAttribute('data-voice-state'),
    played: async () => Number(await root.getAttribute('data-played-chunks')),
    finished: async () => Number(await root.getAttribute('data-finished-chunks')),
    line: (who: 'You:' | 'Patient:') =>
      dialog.locator('.voice__line', { hasText: who }).getByRole('definition'),
    alert: dialog.getByRole('alert'),
  };
}

/** Every value `data-voice-state` takes, in order (recorded in the page, so none is missed). */
async function recordVoiceStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __voiceStates: string[] }).__voiceStates = seen;
    const note = (element: Element | null) => {
      const value = element?.getAttribute('data-voice-state');
      if (value && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') note(record.target as Element);
        for (const node of record.addedNodes) {
          if (node instanceof Element) note(node.querySelector('[data-voice-state]'));
        }
      }
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-voice-state'],
      childList: true,
    });
  });
}

/**
 * In the page, in the order they happen: the reply's frames as the socket delivers them
 * ('reply_start', 'reply_done', and 'speech_final' when the first chunk's audio has all
 * arrived) and the moment the patient's voice first starts playing ('playing', with the
 * 'Patient:' line's text at that moment).
 */
async function recordFirstAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: Array<{ event: string; patient?: string }> = [];
    (window as unknown as { __audioLog: typeof log }).__audioLog = log;
    const Native = window.WebSocket;
    class Recording extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data !== 'string') return;
          const frame = JSON.parse(event.data) as { type?: string; final?: boolean };
          const { type } = frame;
          if (type === 'reply_start' || type === 'reply_done') log.push({ event: type });
          if (type === 'speech' && frame.final && !log.some((e) => e.event === 'speech_final')) {
            log.push({ event: 'speech_final' });
          }
        });
      }
    }
    window.WebSocket = Recording;
    new MutationObserver(() => {
      const root = document.querySelector('[data-played-chunks]');
      if (!root || Number(root.getAttribute('data-played-chunks')) < 1) return;
      if (log.some((entry) => entry.event === 'playing')) return;
      const line = [...root.querySelectorAll('.voice__line')].find((l) =>
        l.textContent?.startsWith('Patient:'),
      );
      log.push({ event: 'playing', patient: line?.querySelector('dd')?.textContent ?? '' });
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-played-chunks'],
      childList: true,
    });
  });
}

const audioLog = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __audioLog: Array<{ event: string; patient?: string }> }).__audioLog,
  );

const voiceStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __voiceStates: string[] }).__voiceStates);

/** True when `sequence` appears in `states` in order (other states may come between). */
function inOrder(states: string[], sequence: string[]): boolean {
  let at = 0;
  for (const state of states) if (state === sequence[at]) at += 1;
  return at === sequence.length;
}

function wavFormat(bytes: Buffer) {
  return {
    riff: bytes.toString('ascii', 0, 4),
    wave: bytes.toString('ascii', 8, 12),
    pcm: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    sampleRate: bytes.readUInt32LE(24),
    bits: bytes.readUInt16LE(34),
  };
}

/** Keeps every microphone stream the page opens, to check that closing releases them. */
async function trackMicrophones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/**
 * Headless Chromium has no voices: a stand-in for speechSynthesis (and its utterances, which
 * only accept real voices) that "speaks" at once and remembers what it was asked to say.
 */
async function stubSpeechSynthesis(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { __spoken: string[] }).__spoken = spoken;
    class FakeUtterance {
      text: string;
      lang = '';
      voice: unknown = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: ((event: Event) => void) | null = null;
      onend: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    const voice = { name: 'Test', lang: 'en-US', default: true, localService: true, voiceURI: 't' };
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => [voice],
      speak(utterance: FakeUtterance) {
        spoken.push(utterance.text);
        setTimeout(() => {
          utterance.onstart?.(new Event('start'));
          setTimeout(() => utterance.onend?.(new Event('end')), 50);
        }, 10);
      },
      cancel() {},
      pause() {},
      resume() {},
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: FakeUtterance,
      configurable: true,
    });
  });
}

describe.skipIf(skipBrowserSuite)('voice mode with server speech (fake microphone)', () => {
  let stub: OpenAiStub;
  const app = useBrowserApp({
    chromiumArgs: () => fakeMicrophoneArgs(microphoneFile()),
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url);
    },
  });

  afterEach(() => stub.reset());

  const requestsTo = (path: string) => stub.requests.filter((r) => r.path === `/v1${path}`);

  /** Signs up, opens a scenario, waits for its opening line to be read aloud, opens voice mode. */
  async function openVoiceMode(options: { recordStates?: boolean; recordAudio?: boolean } = {}) {
    const page = await app.newPage();
    await stubSpeechSynthesis(page);
    await trackMicrophones(page);
    if (options.recordStates) await recordVoiceStates(page);
    if (options.recordAudio) await recordFirstAudio(page);
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios.find((s) => /crown/i.test(s.title)) ?? scenarios[0]!;
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await page.goto(`/scenario/${scenario.id}`);
    const conversationId: string = (await (await created).json()).session.id;
    // Spec §2: the opening line is spoken; with server speech it is the server's voice, its
    // first clause first. (The server synthesises its chunks side by side, so in any order.)
    await eventually(() =>
      requestsTo('/audio/speech')
        .map((r) => String(r.body?.input))
        .sort(),
    ).toEqual(splitSentences(scenario.initialMessage.trim(), { firstClause: true }).sort());
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await voice.dialog.waitFor();
    await expect
      .poll(() => voice.dialog.getByText('Click the microphone button to start speaking').count())
      .toBe(1);
    return { page, scenario, conversationId, voice };
  }

  async function storedMessages(page: Page, conversationId: string): Promise<StoredMessage[]> {
    return (await apiGet(page, `/api/conversations/${conversationId}`)).messages;
  }

  it('hears an utterance with the real VAD, shows both sides, plays the reply and listens again hands-free', async () => {
    stub.setTranscription(SAID);
    stub.setReply(SHORT_REPLY);
    stub.setSpeech({ bytes: shortVoice(), chunks: 3 });
    const { page, conversationId, voice } = await openVoiceMode({ recordStates: true });

    await voice.mic.click();
    // 'Listening' once the detector hears, which may still be loading in its worker.
    await eventually(() => voice.state(), 30_000).toBe('listening');
    await expect.poll(() => voice.dialog.getByText('Listening... (speak now)').count()).toBe(1);
    // (The VAD's files were preloaded on the scenario screen: voiceStreaming.test.ts.)

    // The utterance streams while it is spoken and the VAD's end of speech commits it; without
    // a realtime transcriber the server transcribes the streamed frames as 16 kHz mono PCM16 WAV.
    await eventually(() => requestsTo('/audio/transcriptions').length, 20_000).toBeGreaterThan(0);
    const upload = requestsTo('/audio/transcriptions')[0]!.file!;
    expect(wavFormat(upload.bytes)).toEqual({
      riff: 'RIFF',
      wave: 'WAVE',
      pcm: 1,
      channels: 1,
      sampleRate: 16000,
      bits: 16,
    });
    // The utterance is the sentence plus the VAD's lead-in, not the whole looping file.
    const seconds = (upload.bytes.length - 44) / 32_000;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);

    await eventually(() => voice.line('You:').textContent()).toBe(SAID);
    await eventually(() => voice.line('Patient:').textContent()).toBe(SHORT_REPLY);
    // The patient's voice actually played, start to end, then the microphone is ours again.
    await eventually(() => voice.finished(), 15_000).toBeGreaterThanOrEqual(1);
    expect(await voice.played()).toBeGreaterThanOrEqual(1);
    await eventually(() => voice.state()).toBe('listening');
    const states = await voiceStates(page);
    expect(
      inOrder(states, ['idle', 'listening', 'processing', 'replying', 'speaking', 'listening']),
      states.join(' → '),
    ).toBe(true);

    // Hands-free: the next loop of the sentence is a second turn, with no click.
    await eventually(() => requestsTo('/audio/transcriptions').length, 20_000).toBe(2);

    // Closing releases the microphone; the voice turns are ordinary messages in the chat.
    await voice.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await voice.dialog.waitFor({ state: 'detached' });
    const messages = page.getByRole('region', { name: 'Conversation messages' });
    await eventually(() => messages.getByText(SAID, { exact: true }).count()).toBeGreaterThan(0);
    await eventually(() =>
      messages.getByText(SHORT_REPLY, { exact: true }).count(),
    ).toBeGreaterThan(0);
    const stored = await storedMessages(page, conversationId);
    expect(stored[1]).toMatchObject({ role: 'user', content: SAID, source: 'voice' });
    expect(stored[2]).toMatchObject({ role: 'assistant', content: SHORT_REPLY, partial: false });
    // Every microphone track the page opened is stopped.
    await eventually(() =>
      page.evaluate(() =>
        (window as unknown as { __streams: MediaStream[] }).__streams
          .flatMap((stream) => stream.getTracks())
          .map((track) => track.readyState),
      ),
    ).toEqual(expect.arrayContaining(['ended']));
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __streams: MediaStream[] }).__streams
            .flatMap((stream) => stream.getTracks())
            .filter((track) => track.readyState === 'live').length,
      ),
    ).toBe(0);
  });

  it('barge-in: speaking over the patient stops the audio and stores only what was heard', async () => {
    stub.setTranscription(SAID);
    // The first sentence at once, the rest slowly: the reply is still streaming when the user
    // talks over the first sentence's (long) audio.
    stub.setReply([
      `${FIRST_SENTENCE} `,
      ...LONG_REPLY.slice(FIRST_SENTENCE.length + 1).split(/(?= )/),
    ]);
    stub.setTiming({ tokenDelayMs: 1500 });
    stub.setSpeech({ bytes: longVoice(), chunks: 1 });
    const { page, conversationId, voice } = await openVoiceMode({ recordStates: true });

    await voice.mic.click();
    await eventually(() => voice.state(), 20_000).toBe('speaking');
    // The fake microphone says the sentence again a few seconds in: the patient is cut off.
    await eventually(() => requestsTo('/audio/transcriptions').length, 20_000).toBe(2);
    expect(await voice.finished()).toBe(0);
    const states = await voiceStates(page);
    expect(inOrder(states, ['speaking', 'listening', 'processing'])).toBe(true);

    const replies = (await storedMessages(page, conversationId)).filter(
      (m) => m.role === 'assistant',
    );
    const cut = replies.at(-1)!;
    expect(replies).toHaveLength(2);
    expect(cut.partial).toBe(true);
    expect(cut.content.length).toBeGreaterThan(0);
    expect(cut.content.length).toBeLessThan(FIRST_SENTENCE.length);
    expect(FIRST_SENTENCE.startsWith(cut.content)).toBe(true);
  });

  it('push-to-talk: one utterance per click, then waits for the next click', async () => {
    stub.setTranscription(SAID);
    stub.setReply(SHORT_REPLY);
    stub.setSpeech({ bytes: shortVoice(), chunks: 1 });
    const { voice } = await openVoiceMode();

    await voice.dialog.getByRole('switch', { name: 'Push to talk' }).check();
    await voice.mic.click();
    await eventually(() => voice.finished(), 25_000).toBeGreaterThanOrEqual(1);
    await eventually(() => voice.state()).toBe('idle');
    await expect
      .poll(() => voice.dialog.getByText('Click the microphone button to speak again').count())
      .toBe(1);
    expect(await voice.mic.getAttribute('aria-pressed')).toBe('false');
  });

  it('the first audio starts before the reply text is complete: its first clause is spoken first', async () => {
    const reply =
      'Honestly, the cost of it, more than anything, is what worries me. I have been putting money aside, but not enough.';
    stub.setTranscription(SAID);
    stub.setReply(reply);
    // Slow words, and the rest of the reply held back after its first clause until the
    // patient has been heard: however loaded the machine, the text cannot finish first unless
    // the app waits for it (then nothing plays, and the wait below fails).
    stub.setTiming({ tokenDelayMs: 250 });
    stub.holdReplyAfter('Honestly, the cost of it, more');
    stub.setSpeech({ bytes: shortVoice(), chunks: 4 });
    const { page, voice } = await openVoiceMode({ recordAudio: true });
    const openingRequests = requestsTo('/audio/speech').length;

    await voice.dialog.getByRole('switch', { name: 'Push to talk' }).check();
    await voice.mic.click();
    await eventually(() => voice.played(), 25_000).toBeGreaterThanOrEqual(1);
    stub.releaseReply();
    await eventually(() => voice.line('Patient:').textContent(), 15_000).toBe(reply);

    // The first speech asked of the provider was the first clause, not the first sentence.
    const spoken = requestsTo('/audio/speech')
      .slice(openingRequests)
      .map((r) => String(r.body?.input));
    expect(spoken[0]).toBe('Honestly, the cost of it,');
    expect(requestsTo('/audio/speech').at(-1)?.body?.response_format).toBe('pcm');
    // The patient was heard while the words were still arriving: playback started after the
    // reply began and before it was done, with only part of it on the 'Patient:' line.
    const log = await audioLog(page);
    const events = log.map((entry) => entry.event);
    expect(events.indexOf('playing'), events.join(' → ')).toBeGreaterThan(
      events.indexOf('reply_start'),
    );
    expect(events.indexOf('playing'), events.join(' → ')).toBeLessThan(
      events.indexOf('reply_done'),
    );
    // Nor did it wait for the first chunk's audio to arrive in full (it streams in 4 pieces).
    expect(events.indexOf('playing'), events.join(' → ')).toBeLessThan(
      events.indexOf('speech_final'),
    );
    const patientThen = log.find((entry) => entry.event === 'playing')?.patient ?? '';
    expect(reply.startsWith(patientThen)).toBe(true);
    expect(patientThen.length).toBeLessThan(reply.length);
  });

  it("'Stop audio' cuts the patient off: the modal and the chat both show what was heard", async () => {
    const reply =
      'Mostly the cost, to be honest. I have been saving for months, but it is still a lot of money for me.';
    stub.setTranscription(SAID);
    stub.setReply(reply);
    // Each chunk (clause or sentence) plays about two seconds.
    stub.setSpeech({ bytes: shortVoice(), chunks: 3 });
    const { page, conversationId, voice } = await openVoiceMode();
    const firstChunk = 'Mostly the cost, to be honest.';

    await voice.dialog.getByRole('switch', { name: 'Push to talk' }).check();
    await voice.mic.click();
    // The words are all in and stored; the first clause has been heard to its end.
    await eventually(() => voice.line('Patient:').textContent(), 25_000).toBe(reply);
    await eventually(() => voice.finished(), 15_000).toBeGreaterThanOrEqual(1);
    await voice.dialog.getByRole('button', { name: 'Stop audio' }).click();

    const stored = async () =>
      (await storedMessages(page, conversationId)).filter((m) => m.role === 'assistant').at(-1)!;
    await eventually(async () => (await stored()).partial).toBe(true);
    const heard = (await stored()).content;
    expect(heard.startsWith(firstChunk)).toBe(true);
    expect(heard.length).toBeLessThan(reply.length);
    expect(reply.startsWith(heard)).toBe(true);
    // The modal's 'Patient:' line is what was heard, not the whole reply...
    await eventually(() => voice.line('Patient:').textContent()).toBe(heard);
    // ...and so is the chat's line, marked as cut short.
    await voice.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await voice.dialog.waitFor({ state: 'detached' });
    const messages = page.getByRole('region', { name: 'Conversation messages' });
    await eventually(() => messages.getByText(heard, { exact: true }).count()).toBe(1);
    expect(await messages.getByText(reply, { exact: true }).count()).toBe(0);
    expect(await messages.getByText('Reply cut short').count()).toBeGreaterThan(0);
  });

  it('shows the spec message for each failing step: transcription, reply, speech', async () => {
    stub.setTranscription(SAID);
    stub.setReply(SHORT_REPLY);
    stub.setSpeech({ bytes: shortVoice(), chunks: 1 });
    const { voice } = await openVoiceMode();
    const faults: Array<[string, string]> = [
      ['/v1/audio/transcriptions', 'Failed to process your message. Please try again.'],
      ['/v1/chat/completions', 'Error getting response from AI. Please try again.'],
      ['/v1/audio/speech', 'Failed to generate speech response. Please try again.'],
    ];
    await voice.mic.click();
    for (const [path, message] of faults) {
      stub.queueFault({ kind: 'status', status: 500, path });
      // Hands-free, each loop of the fake microphone is the next try.
      await eventually(() => voice.alert.textContent(), 25_000).toBe(message);
      await eventually(() => voice.state(), 15_000).toBe('listening');
    }
  });

  it('dictation fills the message box with the transcript of one utterance', async () => {
    stub.setTranscription('The crown would last for many years.');
    const page = await app.newPage();
    await stubSpeechSynthesis(page);
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const created = page
      .waitForResponse(
        (r) =>
          r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
      )
      .then((r) => r.json());
    await page.goto(`/scenario/${scenarios[0]!.id}`);
    const box = page.getByRole('textbox', { name: 'Your message to the patient' });
    await box.fill('Honestly,');
    const conversationId: string = (await created).session.id;
    const mic = page.getByRole('button', { name: 'Dictate with the microphone' });
    await eventually(() => mic.isEnabled()).toBe(true);
    await mic.click();
    // It stops by itself after the sentence (the detector's end of speech); the audio streamed
    // as it was said, and the batch transcriber hears it as one WAV.
    await eventually(() => box.inputValue(), 25_000).toBe(
      'Honestly, The crown would last for many years.',
    );
    const upload = requestsTo('/audio/transcriptions')[0]!.file!;
    expect(upload.bytes.subarray(0, 4).toString()).toBe('RIFF');
    // Dictation only fills the box: nothing is stored or answered until the user sends it.
    expect(await storedMessages(page, conversationId)).toHaveLength(1);
    expect(requestsTo('/chat/completions')).toHaveLength(0);
  });

  it('reads a patient message aloud with the server voice, and stops on request', async () => {
    const page = await app.newPage();
    await stubSpeechSynthesis(page);
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios[0]!;
    stub.setSpeech({ bytes: longVoice(), chunks: 1 });
    const stopsSent: number[] = [];
    const history = new Promise<void>((resolve) =>
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          if (typeof payload === 'string' && JSON.parse(payload).type === 'history') resolve();
        });
        socket.on('framesent', ({ payload }) => {
          if (typeof payload === 'string' && JSON.parse(payload).type === 'stop_speaking')
            stopsSent.push(Date.now());
        });
      }),
    );
    await page.goto(`/scenario/${scenario.id}`);
    // Clicked as soon as the stored opening line is there, before the app would read it by itself.
    await history;
    const read = page.getByRole('button', { name: 'Read aloud' }).first();
    const stop = page.getByRole('button', { name: 'Stop reading aloud' });
    const before = requestsTo('/audio/speech').length;
    await read.click();
    // While the page is busy (the voice detector's model compiling as it preloads), the app's
    // own reading can start before the click lands, and the click then stops it: that is the
    // clinician stopping it, so they ask for it again, as a person would.
    await eventually(async () => stopsSent.length > 0 || (await stop.count()) > 0).toBe(true);
    if (stopsSent.length > 0) await read.click();
    await eventually(() => requestsTo('/audio/speech').length).toBeGreaterThan(before);
    await stop.click();
    await eventually(() =>
      page.getByRole('button', { name: 'Read aloud' }).count(),
    ).toBeGreaterThan(0);
    // Stopped means stopped: the opening line's own reading (due half a second after the
    // history) does not start it again.
    const after = requestsTo('/audio/speech').length;
    await page.waitForTimeout(1_500);
    expect(requestsTo('/audio/speech')).toHaveLength(after);
    expect(await page.getByRole('button', { name: 'Stop reading aloud' }).count()).toBe(0);
  });
});

describe.skipIf(skipBrowserSuite)('voice mode without server voice (offline)', () => {
  const app = useBrowserApp({
    chromiumArgs: () => fakeMicrophoneArgs(),
  });

  async function openScenario(page: Page) {
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await page.goto(`/scenario/${scenarios[0]!.id}`);
    return (await (await created).json()).session.id as string;
  }

  it('says plainly what to configure when neither the server nor the browser can transcribe', async () => {
    const page = await app.newPage();
    await stubSpeechSynthesis(page);
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
      delete (window as unknown as Record<string, unknown>).SpeechRecognition;
    });
    await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await eventually(() => voice.dialog.getByText(/connect an AI provider/).count()).toBe(1);
    expect(await voice.mic.isDisabled()).toBe(true);
  });

  it("uses the browser's recognition and voice: the words go as a spoken turn, the reply is spoken", async () => {
    const page = await app.newPage();
    await stubSpeechSynthesis(page);
    await page.addInitScript(() => {
      class FakeRecognition {
        lang = '';
        continuous = false;
        interimResults = false;
        maxAlternatives = 1;
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        onspeechstart: (() => void) | null = null;
        start() {
          setTimeout(() => {
            this.onspeechstart?.();
            const result = Object.assign([{ transcript: 'How long have you had the pain?' }], {
              isFinal: true,
            });
            this.onresult?.({ results: [result] });
            this.onend?.();
          }, 100);
        }
        stop() {}
        abort() {
          this.onend?.();
        }
      }
      // Chromium now has the unprefixed name too; replace both.
      Object.assign(window, {
        SpeechRecognition: FakeRecognition,
        webkitSpeechRecognition: FakeRecognition,
      });
    });
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = voiceDialog(page);
    await voice.dialog.getByRole('switch', { name: 'Push to talk' }).check();
    await eventually(() => voice.mic.isEnabled()).toBe(true);
    await voice.mic.click();

    await eventually(() => voice.line('You:').textContent()).toBe(
      'How long have you had the pain?',
    );
    await eventually(() => voice.line('Patient:').textContent()).not.toBe('—');
    const reply = await voice.line('Patient:').textContent();
    // Spoken by the browser (the stand-in records what it was asked to say).
    await eventually(() =>
      page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.join(' ')),
    ).toContain(reply!.slice(0, 20));
    await eventually(() => voice.played()).toBeGreaterThanOrEqual(1);
    await eventually(() => voice.state()).toBe('idle');

    const stored: StoredMessage[] = (await apiGet(page, `/api/conversations/${conversationId}`))
      .messages;
    expect(stored[1]).toMatchObject({
      role: 'user',
      content: 'How long have you had the pain?',
      source: 'voice',
    });
  });
});
