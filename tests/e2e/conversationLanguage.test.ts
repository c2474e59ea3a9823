import type { Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import { LANGUAGE_TEXT } from '#shared/text';
import { startOpenAiStub, type OpenAiStub, type StubRequest } from '../fixtures/openaiStub';
import {
  apiGet,
  eventually,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  textsOf,
  useBrowserApp,
} from './browser';

/** Conversations in another language in the browser (decision 048). */

const CROWN = 'Crown After a Cracked Molar';
const OPENING_ES = 'Hola, doctora. Se me rompió la muela y me da miedo lo que cueste.';
const REPLY_ES = 'Sí, me preocupa sobre todo el precio de la corona.';
const LINE_ES = '¿Qué es lo que más le preocupa del tratamiento?';

const isStart = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/api/conversations';

function shownMessages(page: Page): Promise<string[]> {
  const items = page.getByRole('region', { name: 'Conversation messages' }).getByRole('listitem');
  return textsOf(items.getByRole('paragraph'));
}

async function openCrown(page: Page): Promise<Scenario> {
  await signUpByApi(page);
  const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
  const scenario = scenarios.find((s) => s.title === CROWN)!;
  const started = page.waitForResponse(isStart);
  await page.goto(`/scenario/${scenario.id}`);
  await started;
  await eventually(() => shownMessages(page)).toEqual([scenario.initialMessage]);
  return scenario;
}

const systemOf = (request: StubRequest) =>
  ((request.body?.messages ?? []) as { role: string; content: string }[]).find(
    (m) => m.role === 'system',
  )?.content ?? '';

describe.skipIf(skipBrowserSuite)(
  'a conversation in Spanish, reported in English (provider stub)',
  () => {
    let stub: OpenAiStub | null = null;
    const app = useBrowserApp({
      env: async () => {
        stub = await startOpenAiStub();
        return stubbedOpenAiEnv(stub.url);
      },
    });
    afterAll(async () => {
      await stub?.close();
    });

    it('restarts in Spanish with the opening line translated, answers in Spanish, and quotes it in an English report', async () => {
      const page = await app.newPage();
      await openCrown(page);
      stub!.reset();
      stub!.setReply((request) =>
        systemOf(request).startsWith('You translate') ? OPENING_ES : REPLY_ES,
      );

      const picker = page.getByRole('combobox', { name: LANGUAGE_TEXT.conversationLanguageLabel });
      expect(await picker.inputValue()).toBe('en');
      const restarted = page.waitForResponse(isStart);
      await picker.selectOption({ label: 'Español' });
      const sent = (await restarted).request().postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({ language: 'es', reportLanguage: 'en' });
      await eventually(() => shownMessages(page)).toEqual([OPENING_ES]);
      await page.getByText(LANGUAGE_TEXT.translatedOpening).waitFor();
      expect(await picker.inputValue()).toBe('es');

      const composer = page.getByRole('textbox', { name: 'Your message to the patient' });
      await composer.fill(LINE_ES);
      await composer.press('Enter');
      await eventually(() => shownMessages(page)).toEqual([OPENING_ES, LINE_ES, REPLY_ES]);
      const patientPrompt = stub!.requests
        .filter((r) => r.path === '/v1/chat/completions')
        .map(systemOf)
        .at(-1)!;
      expect(patientPrompt).toContain('Speak only Spanish, in every reply');

      stub!.setFeedback({
        overallScore: 7,
        empathyScore: 8,
        clarityScore: 7,
        persuasionScore: 6,
        objectionHandlingScore: 6,
        strengths: [
          { text: 'You asked an open question about her worry.', quote: 'lo que más le preocupa' },
          { text: 'You let her speak.', quote: null },
        ],
        areasForImprovement: [
          { text: 'Check her understanding of the cost.', quote: null },
          { text: 'Name the next step.', quote: null },
        ],
        suggestedResponses: ['¿Qué sabe ya de la corona?', '¿Le parece bien si lo vemos juntos?'],
      });
      await page.getByRole('button', { name: 'End conversation & get feedback' }).click();
      const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
      await report.waitFor({ timeout: 20_000 });
      await report.getByText('You asked an open question about her worry.').waitFor();
      expect(await report.textContent()).toContain('lo que más le preocupa');
      const grader = stub!.requests.map(systemOf).find((s) => s.startsWith('You assess'))!;
      expect(grader).toContain('The conversation is in Spanish.');
      expect(grader).toContain('in English, the language the trainee reads.');
    });
  },
);

describe.skipIf(skipBrowserSuite)('a conversation in Spanish without a provider (offline)', () => {
  const app = useBrowserApp();

  it('is refused with the sentence that says what to configure, and the English conversation stays', async () => {
    const page = await app.newPage();
    const scenario = await openCrown(page);
    const picker = page.getByRole('combobox', { name: LANGUAGE_TEXT.conversationLanguageLabel });
    const refused = page.waitForResponse(isStart);
    await picker.selectOption({ label: 'Español' });
    expect((await refused).status()).toBe(422);
    const alert = page.getByRole('alert').filter({ hasText: LANGUAGE_TEXT.needsProvider('es') });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('connect one on the server');
    await eventually(() => picker.inputValue()).toBe('en');
    expect(await shownMessages(page)).toEqual([scenario.initialMessage]);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
