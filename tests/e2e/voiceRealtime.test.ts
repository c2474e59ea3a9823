import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { listMessagesByConversation } from '#server/db/messages';
import { getScenarioRecordById } from '#server/db/scenarios';
import type { Scenario } from '#shared/scenario';
import { REALTIME_TEXT } from '#shared/text';
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
 * The Realtime engine in real Chromium: a WebRTC call to the test peer standing in for the
 * provider, with the fake microphone speaking espeak-ng's words. The peer hears them as audio
 * (it measures the track's energy), the patient's voice plays in the page, both sides are
 * stored, a second utterance cuts the reply, ending the conversation hangs up, and a dropped
 * call says so and leaves typed chat working.
 */

const AUDIO_DIR = join(TMP_DIR, 'voice-realtime-e2e');
const KEY = 'sk-test-realtime-e2e';
const FIRST = 'What worries you most about the crown?';
const SECOND = 'Sorry, please go on.';
const REPLY = 'I suppose the cost worries me more than the drilling, to be honest with you.';
const SECOND_REPLY = 'It is the money, really.';

function run(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: 'ignore' });
}

/**
 * 2 s of silence (RTP starts 0.4–1.3 s after the microphone opens), the first question, a gap
 * that ends 1.4 s into the patient's reply, the clinician cutting in, then a long silence that
 * keeps the file's second loop out of the test.
 */
function microphoneFile(): string {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const path = join(AUDIO_DIR, 'call.wav');
  if (existsSync(path)) return path;
  const spoken = (name: string, text: string) => {
    const raw = join(AUDIO_DIR, `${name}.raw.wav`);
    const out = join(AUDIO_DIR, `${name}.wav`);
    run('espeak-ng', ['-w', raw, text]);
    run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
    return out;
  };
  const silence = (seconds: number) => {
    const out = join(AUDIO_DIR, `silence-${seconds}.wav`);
    run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', out, 'trim', '0', String(seconds)]);
    return out;
  };
  // The peer hears the end of speech after 500 ms of quiet and answers 100 ms later.
  run('sox', [
    silence(2),
    spoken('first', FIRST),
    silence(2),
    spoken('second', SECOND),
    silence(30),
    path,
  ]);
  return path;
}

/** Every peer connection the page makes, and whether it ever asked for a data channel. */
async function watchPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __pcs: RTCPeerConnection[]; __channels: number };
    w.__pcs = [];
    w.__channels = 0;
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__pcs.push(this);
      }
      override createDataChannel(label: string, init?: RTCDataChannelInit) {
        w.__channels++;
        return super.createDataChannel(label, init);
      }
    };
  });
}

/** Audio energy the page has received and played on its call (the patient's voice). */
function receivedEnergy(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    let energy = 0;
    for (const pc of w.__pcs) {
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') energy += s.totalAudioEnergy ?? 0;
      });
    }
    return energy;
  });
}

/** Everything the server sent the page: socket frames and HTTP bodies. */
function watchReceived(page: Page) {
  const received: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') received.push(payload);
    }),
  );
  page.on('response', async (response) => {
    received.push(await response.text().catch(() => ''));
  });
  return received;
}

/** The scenario id in the practice screen's address. */
const scenarioIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1)!;

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

function realtimeDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
  return {
    dialog,
    engine: dialog.getByRole('radiogroup', { name: 'Voice engine' }),
    call: dialog.getByTestId('voice-call'),
    status: dialog.getByTestId('voice-status'),
    you: dialog.getByTestId('voice-you'),
    patient: dialog.getByTestId('voice-patient'),
    stage: () => dialog.locator('[data-call-stage]').getAttribute('data-call-stage'),
  };
}

describe.skipIf(skipBrowserSuite)('the Realtime engine (WebRTC, fake microphone)', () => {
  let stub: OpenAiStub;
  const app = useBrowserApp({
    chromiumArgs: () => [
      ...fakeMicrophoneArgs(microphoneFile()),
      // Without it Chromium offers no 127.0.0.1 candidate and ICE never completes.
      '--allow-loopback-in-peer-connection',
    ],
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url, { OPENAI_API_KEY: KEY, REALTIME_MODEL: 'gpt-realtime' });
    },
  });

  afterEach(() => stub.reset());

  it('talks speech to speech: heard by the peer, played in the page, stored, cut by barge-in, hung up at the end', async () => {
    stub.setRealtimeCall({
      userTranscripts: [FIRST, SECOND],
      replies: [REPLY, SECOND_REPLY],
      msPerWord: 250,
      silenceToStopMs: 500,
      responseDelayMs: 100,
    });
    const page = await app.newPage();
    await watchPeerConnections(page);
    const received = watchReceived(page);
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = realtimeDialog(page);
    // Realtime is offered, and chosen by default.
    await expect
      .poll(() => voice.engine.getByRole('radio', { name: 'Realtime' }).isChecked())
      .toBe(true);
    await voice.call.click();
    await eventually(() => voice.stage(), 15_000).toBe('live');

    const record = () => stub.realtimeCalls.at(-1)!;
    // The clinician's words reach the provider as audio on the track.
    await eventually(() => record()?.mic.utterances ?? 0, 15_000).toBeGreaterThanOrEqual(1);
    await eventually(() => record().mic.speechMs, 15_000).toBeGreaterThan(500);
    // The patient's voice comes back and plays.
    await eventually(() => voice.status.textContent(), 15_000).toContain('Playing AI response');
    await eventually(() => receivedEnergy(page), 10_000).toBeGreaterThan(0);
    await eventually(() => voice.you.textContent()).toContain(FIRST);

    // The second utterance cuts the reply: it is stored as far as it was heard.
    const db = app.server.services.db;
    const messages = () => listMessagesByConversation(db, { conversationId });
    await eventually(async () => (await messages()).map((m) => m.content), 20_000).toContain(
      SECOND_REPLY,
    );
    const stored = await messages();
    const cut = stored.find(
      (m) => m.role === 'assistant' && REPLY.startsWith(m.content) && m.partial,
    );
    expect(cut, JSON.stringify(stored)).toBeTruthy();
    expect(cut!.content.length).toBeLessThan(REPLY.length);
    expect(stored.slice(1).map((m) => [m.role, m.role === 'assistant' ? '' : m.content])).toEqual([
      ['user', FIRST],
      ['assistant', ''],
      ['user', SECOND],
      ['assistant', ''],
    ]);
    // The chat behind the dialog shows the stored turns.
    await expect.poll(() => page.getByText(SECOND_REPLY).count()).toBeGreaterThan(0);

    // Until the end, nothing secret reached the page: the key, the call id, the instructions'
    // hidden concerns (the debrief reveals them after the end, by design).
    const beforeEnd = received.join('\n');
    const scenario = await getScenarioRecordById(db, { id: scenarioIdOf(page) });
    const secrets = [
      KEY,
      record().callId,
      ...scenario!.extras.hiddenConcerns.flatMap((h) => [h.concern, h.reveal]),
    ];
    expect(record().session.instructions).toContain(scenario!.extras.hiddenConcerns[0]!.reveal);
    for (const secret of secrets) expect(beforeEnd).not.toContain(secret);

    // Ending the conversation hangs the call up.
    const ended = await page.request.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status()).toBe(200);
    expect(record().hungUp).toBe(true);
    await eventually(() => page.getByText(REALTIME_TEXT.conversationEnded).count()).toBeGreaterThan(
      0,
    );

    // No data channel, and never the key or the call id.
    expect(
      await page.evaluate(() => (window as unknown as { __channels: number }).__channels),
    ).toBe(0);
    expect(record().hasDataChannel).toBe(false);
    const everything = received.join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(record().callId);
  });

  it('a dropped call says so, and typed chat carries on', async () => {
    stub.setRealtimeCall({ fault: 'drop_peer', faultAfterMs: 300, replies: ['Mm.'] });
    const page = await app.newPage();
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = realtimeDialog(page);
    await voice.call.click();
    await eventually(() => voice.dialog.getByRole('alert').textContent(), 20_000).toContain(
      REALTIME_TEXT.dropped,
    );
    expect(await voice.stage()).toBe('off');
    await voice.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('textbox').first().fill('Are you still with me?');
    await page.keyboard.press('Enter');
    const db = app.server.services.db;
    await eventually(
      async () => (await listMessagesByConversation(db, { conversationId })).map((m) => m.content),
      15_000,
    ).toContain('Are you still with me?');
    await eventually(
      async () => (await listMessagesByConversation(db, { conversationId })).at(-1)?.role,
      15_000,
    ).toBe('assistant');
  });
});
