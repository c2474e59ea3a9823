import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { listMessagesByConversation } from '#server/db/messages';
import { getScenarioRecordById } from '#server/db/scenarios';
import type { Message } from '#shared/conversation';
import type { Scenario } from '#shared/scenario';
import { REALTIME_TEXT, VOICE_STATUS } from '#shared/text';
import { startOpenAiStub, type OpenAiStub, type RealtimeCallRecord } from '../fixtures/openaiStub';
import { charsSent } from '../fixtures/realtimePeer/callScript';
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
 * call says so and leaves typed chat working. Stop audio keeps what was played; the call is
 * set up, muted, while the dialog opens, so the words said at the click are heard.
 *
 * Chromium's fake microphone plays its file from when the microphone opens: with the standby
 * call, when the dialog opens, some time before the click. Each file starts with silence for it.
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

/** A fake microphone's file, 16 kHz mono: espeak-ng's words and seconds of silence, in order. */
function microphoneFile(name: string, parts: Array<string | number>): string {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const path = join(AUDIO_DIR, `${name}.wav`);
  if (existsSync(path)) return path;
  const pieces = parts.map((part, index) => {
    const out = join(AUDIO_DIR, `${name}-${index}.wav`);
    if (typeof part === 'number') {
      run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', out, 'trim', '0', String(part)]);
    } else {
      const raw = join(AUDIO_DIR, `${name}-${index}.raw.wav`);
      run('espeak-ng', ['-w', raw, part]);
      run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', out]);
    }
    return out;
  });
  run('sox', [...pieces, path]);
  return path;
}

/**
 * 4 s of silence (the dialog opens, the click comes, RTP starts 0.4–1.3 s after the call is
 * set up), the first question, a gap that ends 1.4 s into the patient's reply (the peer hears
 * the end of speech after 500 ms of quiet and answers 100 ms later), the clinician cutting in,
 * then a long silence that keeps the file's second loop out of the test.
 */
const callFile = () => microphoneFile('call', [4, FIRST, 2, SECOND, 30]);

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

/** The server and Chromium with the test peer for the provider and `file` for a microphone. */
function useRealtimeApp(file: () => string) {
  const fixture = { stub: null as OpenAiStub | null };
  const app = useBrowserApp({
    chromiumArgs: () => [
      ...fakeMicrophoneArgs(file()),
      // Without it Chromium offers no 127.0.0.1 candidate and ICE never completes.
      '--allow-loopback-in-peer-connection',
    ],
    env: async () => {
      fixture.stub = await startOpenAiStub();
      return stubbedOpenAiEnv(fixture.stub.url, {
        OPENAI_API_KEY: KEY,
        REALTIME_MODEL: 'gpt-realtime',
      });
    },
  });
  afterEach(() => fixture.stub?.reset());
  return {
    app,
    get stub(): OpenAiStub {
      if (!fixture.stub) throw new Error('The Realtime suite has not started');
      return fixture.stub;
    },
  };
}

describe.skipIf(skipBrowserSuite)('the Realtime engine (WebRTC, fake microphone)', () => {
  const suite = useRealtimeApp(callFile);
  const { app } = suite;

  it('talks speech to speech: heard by the peer, played in the page, stored, cut by barge-in, hung up at the end', async () => {
    suite.stub.setRealtimeCall({
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

    const record = () => suite.stub.realtimeCalls.at(-1)!;
    // The clinician's words reach the provider as audio on the track.
    await eventually(() => record()?.mic.utterances ?? 0, 15_000).toBeGreaterThanOrEqual(1);
    await eventually(() => record().mic.speechMs, 15_000).toBeGreaterThan(500);
    await eventually(() => voice.you.textContent(), 15_000).toContain(FIRST);
    // The patient's voice comes back and plays.
    await eventually(() => voice.status.textContent(), 15_000).toContain('Playing AI response');
    await eventually(() => receivedEnergy(page), 10_000).toBeGreaterThan(0);

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
    suite.stub.setRealtimeCall({ fault: 'drop_peer', faultAfterMs: 300, replies: ['Mm.'] });
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

/** Tone sent so far for reply `index` of the call: the call's total less the replies before. */
function sentOf(record: RealtimeCallRecord | undefined, index: number): number {
  if (!record || record.replies.length <= index) return 0;
  const before = record.replies.slice(0, index).reduce((ms, r) => ms + (r.sentMs ?? 0), 0);
  return record.patientAudioMsSent - before;
}

/** Clicks the dialog's `testId` button; when the page saw the click, on the machine's clock. */
async function clickAt(page: Page, testId: string): Promise<number> {
  await page.evaluate((id) => {
    const w = window as unknown as { __clickedAt?: number };
    delete w.__clickedAt;
    document
      .querySelector(`[data-testid="${id}"]`)
      ?.addEventListener(
        'click',
        () => (w.__clickedAt = performance.timeOrigin + performance.now()),
        { once: true, capture: true },
      );
  }, testId);
  await page.getByTestId(testId).click();
  return page.evaluate(() => (window as unknown as { __clickedAt: number }).__clickedAt);
}

/** From a click on the machine's clock to the first loud frame the provider received. */
function firstWordDelay(record: RealtimeCallRecord, clickedAt: number): number {
  return Math.round(performance.timeOrigin + record.mic.firstLoudAt! - clickedAt);
}

const QUESTION = 'What worries you most about the crown?';
const FOLLOW_UP = 'Please, tell me more.';
const LONG_REPLIES = [
  'It is the cost that worries me most, and whether the new crown will match the colour of my other teeth.',
  'Well, my last crown came loose after a year, so I keep wondering whether this one will last any longer than that.',
];

describe.skipIf(skipBrowserSuite)('Realtime Stop audio keeps what was played', () => {
  // The question, the reply stopped 0.7 s in, the follow-up, its reply stopped 3.5 s in.
  const suite = useRealtimeApp(() => microphoneFile('stop', [4, QUESTION, 4.5, FOLLOW_UP, 40]));

  it('0.7 s and 3.5 s into a reply, the stored reply is a prefix within 15 characters of what was played, partial', async ({
    annotate,
  }) => {
    // The provider at its worst: the reply is generated (response.done) long before its audio
    // is played, and conversation.item.truncated never comes.
    suite.stub.setRealtimeCall({
      userTranscripts: [QUESTION, FOLLOW_UP],
      replies: LONG_REPLIES,
      msPerWord: 300,
      generation: 'ahead',
      truncation: 'silent',
    });
    const page = await suite.app.newPage();
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const voice = realtimeDialog(page);
    await voice.call.click();
    const record = () => suite.stub.realtimeCalls.at(-1);
    const db = suite.app.server.services.db;
    const figures: string[] = [];

    for (const [index, stopAtMs] of [
      [0, 700],
      [1, 3_500],
    ] as const) {
      await eventually(() => sentOf(record(), index), 30_000).toBeGreaterThanOrEqual(stopAtMs);
      await voice.dialog.getByRole('button', { name: 'Stop audio' }).click();
      await eventually(() => record()!.replies[index]?.ending).toBe('cut');
      const reply = record()!.replies[index]!;
      const text = reply.pieces.join('');
      const played = charsSent(reply, reply.sentMs!);
      const cut = (messages: Message[]) =>
        messages.find((m) => m.role === 'assistant' && m.partial && text.startsWith(m.content));
      await eventually(
        async () => cut(await listMessagesByConversation(db, { conversationId }))?.content,
      ).toBeTruthy();
      const stored = cut(await listMessagesByConversation(db, { conversationId }))!;
      figures.push(
        `${stopAtMs} ms: ${reply.sentMs} ms played = ${played} characters, ${stored.content.length} stored ("${stored.content}")`,
      );
      expect(Math.abs(stored.content.length - played), figures.at(-1)).toBeLessThanOrEqual(15);
      // The dialog's 'Patient:' line holds what was heard, not the words generated ahead.
      await eventually(() => voice.patient.textContent()).toContain(stored.content);
      expect(await voice.patient.textContent()).not.toContain(text);
    }
    await annotate(`Stop audio, stored against played: ${figures.join('; ')}`);

    // Nothing was cancelled that was already done; the provider's item was cut where it played.
    const sent = record()!.clientEvents;
    expect(sent.map((e) => e.type)).not.toContain('response.cancel');
    const truncates = sent.flatMap((e) => (e.type === 'conversation.item.truncate' ? [e] : []));
    expect(truncates.map((e) => e.item_id)).toEqual(record()!.replies.map((r) => r.itemId));
    expect(record()!.replies.map((r) => r.truncatedAtMs)).toEqual(
      truncates.map((e) => e.audio_end_ms),
    );
    expect(record()!.serverEventTypes).not.toContain('error');
  });
});

/** Speech from the first instant to the last, without a pause longer than a word's gap. */
const TALK =
  'I have been thinking about the crown you mentioned last time and I wonder how long it would take to fit and whether my insurance would cover the cost of the work on the back tooth';

describe.skipIf(skipBrowserSuite)('a Realtime call set up when the dialog opens', () => {
  // The clinician talks all the time: whenever the click comes, they are speaking.
  const suite = useRealtimeApp(() => microphoneFile('talk', [TALK, TALK, TALK]));
  const record = () => suite.stub.realtimeCalls.at(-1);

  async function openVoice() {
    const page = await suite.app.newPage();
    const conversationId = await openScenario(page);
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    return { page, conversationId, voice: realtimeDialog(page) };
  }

  it('is ready and muted before the click: what is said from the click on is heard from its first word', async ({
    annotate,
  }) => {
    suite.stub.setRealtimeCall({ userTranscripts: [TALK], replies: ['Mm.'] });
    const { page, voice } = await openVoice();
    // Connected while the clinician talks, and the provider heard none of it: the track is
    // muted (the browser sends silence), the patient says nothing.
    await eventually(() => record()?.connectionState, 15_000).toBe('connected');
    await eventually(() => record()!.mic.packets, 10_000).toBeGreaterThan(50);
    expect(record()!.mic).toMatchObject({ speechMs: 0, firstLoudAt: null, utterances: 0 });
    expect(record()!.serverEventTypes).not.toContain('response.created');
    expect(record()!.patientAudioMsSent).toBe(0);
    expect(await voice.stage()).toBe('off');
    expect(await voice.status.textContent()).toBe(VOICE_STATUS.start);

    const clickedAt = await clickAt(page, 'voice-call');
    await eventually(() => record()!.mic.firstLoudAt, 10_000).not.toBeNull();
    const delay = firstWordDelay(record()!, clickedAt);
    await annotate(`Standby call: the first word reached the provider ${delay} ms after the click`);
    // A word lasts 300 ms or more: the first one is heard from its start.
    expect(delay).toBeLessThan(300);
    await eventually(() => voice.stage()).toBe('live');
    await eventually(() => record()!.mic.utterances).toBe(1);
    expect(suite.stub.realtimeCalls).toHaveLength(1);

    await voice.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await eventually(() => record()!.hungUp).toBe(true);
  });

  it('one never started is hung up when the dialog closes, and costs nothing', async () => {
    const { page, conversationId, voice } = await openVoice();
    await eventually(() => record()?.connectionState, 15_000).toBe('connected');
    await voice.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await eventually(() => record()!.hungUp).toBe(true);
    expect(record()!.mic.speechMs).toBe(0);
    const [usage] = await suite.app.server.services.db.query<{ used: number }>(
      `SELECT h.used FROM hourly_usage h JOIN conversation_sessions c ON c.user_id = h.user_id
        WHERE c.id = $1 AND h.kind = 'ai_budget'`,
      [conversationId],
    );
    expect(usage?.used ?? 0).toBe(0);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('without it (it could not be set up), the click sets the call up as before, quietly', async ({
    annotate,
  }) => {
    suite.stub.setRealtimeCall({ fault: 'refuse' });
    const page = await suite.app.newPage();
    await openScenario(page);
    const standby = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).searchParams.has('standby'),
    );
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    expect((await standby).status()).toBe(503);
    const voice = realtimeDialog(page);
    expect(await voice.dialog.getByRole('alert').count()).toBe(0);

    suite.stub.setRealtimeCall({ fault: null, userTranscripts: [TALK], replies: ['Mm.'] });
    const clickedAt = await clickAt(page, 'voice-call');
    await eventually(() => record()?.mic.firstLoudAt ?? null, 15_000).not.toBeNull();
    const delay = firstWordDelay(record()!, clickedAt);
    await annotate(`Set up at the click: the first word reached the provider ${delay} ms after it`);
    await eventually(() => voice.stage()).toBe('live');
  });
});
