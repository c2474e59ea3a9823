import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { REPLAY_TEXT } from '#shared/text';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import { TMP_DIR } from '../helpers/paths';
import {
  apiGet,
  eventually,
  fakeMicrophoneArgs,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  useBrowserApp,
} from './browser';

/**
 * Audio replay in real Chromium: a turn spoken into the fake microphone (espeak-ng), answered
 * with the stub's speech, then replayed on the conversation detail page. The page's <audio>
 * element loads the kept recording (a duration, enough data to play), plays it, and the turn
 * being heard is marked in the transcript until it ends.
 */

const AUDIO_DIR = join(TMP_DIR, 'audio-replay-e2e');
const SAID = 'What worries you most about the crown?';
const REPLY = 'Mostly the cost, to be honest.';

/** espeak-ng speech as 16 kHz mono WAV, then 30 s of silence so the fake mic's loop stays out. */
function speechFile(): { path: string; seconds: number } {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const raw = join(AUDIO_DIR, 'said.raw.wav');
  const path = join(AUDIO_DIR, 'said-30s.wav');
  if (!existsSync(path)) {
    execFileSync('espeak-ng', ['-w', raw, SAID]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', path, 'pad', '0', '30']);
  }
  return { path, seconds: Number(execFileSync('soxi', ['-D', raw]).toString().trim()) };
}

/** What the page's <audio> element says about itself. */
function audioState(page: Page) {
  return page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    src: new URL(audio.currentSrc || 'http://x/').pathname,
    duration: Number.isFinite(audio.duration) ? audio.duration : -1,
    readyState: audio.readyState,
    paused: audio.paused,
    currentTime: audio.currentTime,
  }));
}

const marked = (turn: Locator) => turn.getAttribute('aria-current');

describe.skipIf(skipBrowserSuite)('audio replay of a spoken conversation (fake microphone)', () => {
  let stub: OpenAiStub;
  const app = useBrowserApp({
    chromiumArgs: () => fakeMicrophoneArgs(speechFile().path),
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url, { STT_MODE: 'batch' });
    },
  });

  afterEach(() => stub.reset());

  it('plays back the spoken turn and the patient speech on the detail page, marking the turn heard', async () => {
    stub.setTranscription(SAID);
    stub.setReply(REPLY);
    const page = await app.newPage();
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios.find((s) => /crown/i.test(s.title)) ?? scenarios[0]!;
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await page.goto(`/scenario/${scenario.id}`);
    const conversationId: string = (await (await created).json()).session.id;

    // Speak one turn in Voice Mode and hear the patient's reply.
    await page.getByRole('button', { name: 'Voice Mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
    await dialog.getByRole('button', { name: 'Start speaking' }).click();
    await eventually(
      () =>
        dialog
          .locator('.voice__line', { hasText: 'Patient:' })
          .getByRole('definition')
          .textContent(),
      30_000,
    ).toBe(REPLY);

    // Both sides of the turn are kept once the reply has been spoken.
    const detailOf = () => apiGet(page, `/api/conversations/${conversationId}`);
    await eventually(async () => {
      const detail = await detailOf();
      return detail.messages
        .filter((m: { id: string }) => detail.audio[m.id])
        .map((m: { role: string; content: string }) => `${m.role}: ${m.content}`);
    }, 20_000).toEqual(expect.arrayContaining([`user: ${SAID}`, `assistant: ${REPLY}`]));
    const detail = await detailOf();
    const turnId = detail.messages.find((m: { content: string }) => m.content === SAID).id;
    const replyId = detail.messages.find((m: { content: string }) => m.content === REPLY).id;
    // The utterance kept is the whole sentence spoken (with the VAD's lead-in and pause).
    expect(detail.audio[turnId].durationMs).toBeGreaterThan(speechFile().seconds * 1000);

    await page.goto(`/conversation/${conversationId}`);
    const transcript = page.getByRole('region', { name: 'Transcript' });
    const turn = transcript.getByRole('listitem').filter({ hasText: SAID });
    const reply = transcript.getByRole('listitem').filter({ hasText: REPLY });
    await turn.getByRole('button', { name: REPLAY_TEXT.play('You') }).waitFor();
    await transcript.getByText(REPLAY_TEXT.note(30)).waitFor();
    expect(await marked(turn)).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The clinician's turn: the element loads the recording and plays it; the turn is marked.
    await turn.getByRole('button', { name: REPLAY_TEXT.play('You') }).click();
    await eventually(() => marked(turn)).toBe('true');
    await eventually(async () => {
      const state = await audioState(page);
      return state.readyState >= 2 && state.duration > 0 && !state.paused && state.currentTime > 0;
    }, 15_000).toBe(true);
    const playing = await audioState(page);
    expect(playing.src).toBe(`/api/conversations/${conversationId}/messages/${turnId}/audio`);
    expect(playing.duration).toBeCloseTo(detail.audio[turnId].durationMs / 1000, 1);
    expect(await marked(reply)).toBeNull();
    await turn.getByRole('button', { name: REPLAY_TEXT.stop }).waitFor();
    // It ends by itself, and the mark goes with it.
    await eventually(() => marked(turn), 20_000).toBeNull();
    expect((await audioState(page)).paused).toBe(true);

    // The patient's speech, from the keyboard: focus its button and press Enter.
    await reply.getByRole('button', { name: REPLAY_TEXT.play('Patient') }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => marked(reply)).toBe('true');
    await eventually(async () => {
      const state = await audioState(page);
      return state.src.endsWith(`/${replyId}/audio`) && state.readyState >= 2 && state.duration > 0;
    }, 15_000).toBe(true);
    expect(await marked(turn)).toBeNull();
    // Stopping (Enter again on the same, now "Stop", button) pauses and unmarks it.
    const stop = reply.getByRole('button', { name: REPLAY_TEXT.stop });
    expect(await stop.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => marked(reply)).toBeNull();
    expect((await audioState(page)).paused).toBe(true);

    // Play all: the turns in order, each marked while it plays.
    await transcript.getByRole('button', { name: REPLAY_TEXT.playAll }).click();
    const order: string[] = detail.messages
      .filter((m: { id: string }) => detail.audio[m.id])
      .map((m: { id: string }) => m.id);
    const first = transcript.getByRole('listitem').filter({
      hasText: detail.messages.find((m: { id: string }) => m.id === order[0]).content,
    });
    await eventually(() => marked(first)).toBe('true');
    await eventually(() => marked(reply), 30_000).toBe('true');
    await eventually(() => marked(reply), 20_000).toBeNull();
    await transcript.getByRole('button', { name: REPLAY_TEXT.playAll }).waitFor();
  });
});
