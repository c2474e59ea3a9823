import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { splitSentences } from '#shared/sentences';
import { startOpenAiStub, type OpenAiStub, type StubRequest } from '../fixtures/openaiStub';
import { TMP_DIR } from '../helpers/paths';
import {
  apiGet,
  apiPost,
  eventually,
  fakeMicrophoneArgs,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  useBrowserApp,
} from './browser';
import { speechWav } from './spokenAudio';

/**
 * Voice mode in a Spanish conversation (decision 048), in real Chromium: the fake microphone
 * says a Spanish sentence (espeak-ng's Spanish voice), the real VAD hears it, and the stub
 * transcribes it only when asked for Spanish; the patient answers in Spanish and is spoken with
 * instructions naming Spanish.
 */

const AUDIO_DIR = join(TMP_DIR, 'voice-spanish-e2e');
const CROWN = 'Crown After a Cracked Molar';
const OPENING_ES = 'Hola, doctora. Se me rompió la muela y me da miedo lo que cueste.';
const LINE_ES = '¿Qué es lo que más le preocupa del tratamiento?';
const REPLY_ES = 'Me preocupa sobre todo lo que me va a costar la corona.';
const SPANISH_SPEECH = 'Speak Spanish as a native speaker with a Spanish (Spain) accent';

/** The fake microphone loops this: 1 s of silence, the Spanish line, 4 s of silence. */
const microphoneFile = () => speechWav(AUDIO_DIR, 'utterance-es', LINE_ES, [1, 4], 'es');

const systemOf = (request: StubRequest) =>
  ((request.body?.messages ?? []) as { role: string; content: string }[]).find(
    (m) => m.role === 'system',
  )?.content ?? '';

/** The voice dialog, found the way a person finds it. */
function voiceDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
  return {
    dialog,
    mic: dialog.getByRole('button', { name: /^(Start speaking|Stop listening)$/ }),
    line: (who: 'You:' | 'Patient:') =>
      dialog.locator('.voice__line', { hasText: who }).getByRole('definition'),
  };
}

/**
 * Both ways the server transcribes a turn: after the utterance (batch), and as it is spoken
 * (a realtime transcription session).
 */
for (const mode of ['batch', 'streaming'] as const) {
  describe.skipIf(skipBrowserSuite)(`voice mode in Spanish (${mode} transcription)`, () => {
    let stub: OpenAiStub | null = null;
    const app = useBrowserApp({
      chromiumArgs: () => fakeMicrophoneArgs(microphoneFile()),
      env: async () => {
        stub = await startOpenAiStub();
        // A speech model that takes instructions: the language goes in them (tts-1 takes none).
        return stubbedOpenAiEnv(stub.url, { STT_MODE: mode, TTS_MODEL: 'gpt-4o-mini-tts' });
      },
    });
    afterAll(async () => {
      await stub?.close();
    });

    it('hears the clinician in Spanish, shows both Spanish lines and speaks the reply as Spanish', async () => {
      const provider = stub!;
      // The stub answers only a Spanish transcription request: asked for any other language,
      // it refuses, and the clinician's line never appears.
      provider.expectTranscriptionLanguage('es', LINE_ES);
      provider.setStreamingTranscription({ text: LINE_ES });
      provider.setReply((request) =>
        systemOf(request).startsWith('You translate') ? OPENING_ES : REPLY_ES,
      );

      const page = await app.newPage();
      await signUpByApi(page);
      const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
      const scenario = scenarios.find((s) => s.title === CROWN)!;
      const { session } = await apiPost(page, '/api/conversations', {
        scenarioId: scenario.id,
        language: 'es',
        reportLanguage: 'en',
      });
      expect(session.language).toBe('es');

      // The scenario screen resumes the open Spanish conversation and reads its opening aloud.
      const resumed = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
      );
      await page.goto(`/scenario/${scenario.id}`);
      const shown = (await (await resumed).json()).session;
      expect(shown).toMatchObject({ id: session.id, language: 'es' });
      await eventually(() =>
        provider
          .asked()
          .speech.map((body) => String(body.input))
          .sort(),
      ).toEqual(splitSentences(OPENING_ES, { firstClause: true }).sort());

      await page.getByRole('button', { name: 'Voice Mode' }).click();
      const voice = voiceDialog(page);
      await voice.dialog.waitFor();
      // One utterance: the fake microphone's next loop is not a second turn.
      await voice.dialog.getByRole('switch', { name: 'Push to talk' }).check();
      await eventually(() => voice.mic.isEnabled(), 15_000).toBe(true);
      await voice.mic.click();

      await eventually(() => voice.line('You:').textContent(), 30_000).toBe(LINE_ES);
      await eventually(() => voice.line('Patient:').textContent(), 15_000).toBe(REPLY_ES);
      const replyChunks = splitSentences(REPLY_ES, { firstClause: true });
      await eventually(
        () =>
          provider
            .asked()
            .speech.filter((body) => replyChunks.includes(String(body.input)))
            .map((body) => String(body.input))
            .sort(),
        15_000,
      ).toEqual([...replyChunks].sort());

      const asked = provider.asked();
      // The turn was transcribed as Spanish (only), the one way this mode transcribes.
      if (mode === 'batch') {
        expect([...new Set(asked.transcriptionLanguages)]).toEqual(['es']);
        expect(asked.streamingLanguages).toEqual([]);
      } else {
        expect([...new Set(asked.streamingLanguages)]).toEqual(['es']);
        expect(asked.transcriptionLanguages).toEqual([]);
      }
      // The reply was spoken with instructions naming Spanish, and so was every other speech.
      const replySpeech = asked.speech.filter((body) => replyChunks.includes(String(body.input)));
      expect(replySpeech.map((body) => body.instructions)).toEqual(
        replyChunks.map(() => expect.stringContaining(SPANISH_SPEECH)),
      );
      for (const body of asked.speech) {
        expect(String(body.instructions), String(body.input)).toContain(SPANISH_SPEECH);
      }
      // The patient was told to answer in Spanish.
      const patientPrompt = asked.chats
        .map((messages) => messages.find((m) => m.role === 'system')?.content ?? '')
        .filter((system) => !system.startsWith('You translate'))
        .at(-1);
      expect(patientPrompt).toContain('Speak only Spanish, in every reply');

      const stored: Array<{ role: string; content: string; source: string }> = (
        await apiGet(page, `/api/conversations/${session.id}`)
      ).messages;
      expect(stored.map(({ role, content }) => ({ role, content }))).toEqual([
        { role: 'assistant', content: OPENING_ES },
        { role: 'user', content: LINE_ES },
        { role: 'assistant', content: REPLY_ES },
      ]);
      expect(stored[1]?.source).toBe('voice');
    });
  });
}
