import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createConversationInput } from '#shared/api/conversations';
import { conversationSchema } from '#shared/conversation';
import {
  asLanguageCode,
  CONVERSATION_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  languageCodeSchema,
  languageOf,
  offlineCanHold,
} from '#shared/languages';
import { scenarioSchema } from '#shared/scenario';
import { scenarioSeedSchema } from '#shared/scenarioSeed';
import { scenarioLibrary } from '#server/scenarios/library';
import { ERRORS } from '#shared/errors';
import { LANGUAGE_TEXT } from '#shared/text';

describe('the conversation languages (decision 048)', () => {
  it.each([
    ['en', 'en-US', 'English', 'English'],
    ['es', 'es-ES', 'Spanish', 'Español'],
    ['fr', 'fr-FR', 'French', 'Français'],
    ['de', 'de-DE', 'German', 'Deutsch'],
    ['pt', 'pt-PT', 'Portuguese', 'Português'],
    ['it', 'it-IT', 'Italian', 'Italiano'],
  ] as const)('%s: its browser tag %s, its name %s and its own name %s', (code, tag, name, own) => {
    expect(languageOf(code)).toEqual({ code, tag, name, ownName: own });
    // The BCP-47 tag starts with the code the transcription models take.
    expect(tag.split('-')[0]).toBe(code);
  });

  it('lists each language once, English first and the default', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'es', 'fr', 'de', 'pt', 'it']);
    expect(new Set(CONVERSATION_LANGUAGES.map((l) => l.tag)).size).toBe(6);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each([
    ['es', 'es'],
    ['xx', 'en'],
    [undefined, 'en'],
    ['ES', 'en'],
    [42, 'en'],
  ])('reads a stored %s leniently as %s', (value, code) => {
    expect(asLanguageCode(value)).toBe(code);
  });

  it('accepts only the listed codes in bodies, saying which are', () => {
    expect(languageCodeSchema.safeParse('de').success).toBe(true);
    const wrong = languageCodeSchema.safeParse('nl');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Language must be one of en, es, fr, de, pt, it');
    expect(createConversationInput.parse({ scenarioId: 's' })).toEqual({ scenarioId: 's' });
    expect(
      createConversationInput.parse({ scenarioId: 's', language: 'it', reportLanguage: 'en' }),
    ).toEqual({ scenarioId: 's', language: 'it', reportLanguage: 'en' });
    expect(
      createConversationInput.safeParse({ scenarioId: 's', reportLanguage: 'jp' }).success,
    ).toBe(false);
  });

  it('defaults scenarios, seeds and conversations to English, so older payloads and files still read', () => {
    const { language: _language, ...withoutLanguage } = scenarioLibrary[0]!;
    expect(scenarioSeedSchema.parse(withoutLanguage).language).toBe('en');
    expect(scenarioSeedSchema.parse({ ...withoutLanguage, language: 'pt' }).language).toBe('pt');
    expect(scenarioSeedSchema.safeParse({ ...withoutLanguage, language: 'xx' }).success).toBe(
      false,
    );
    const scenario = {
      id: 'a',
      title: 't',
      description: 'd',
      category: 'c',
      difficulty: 'beginner',
    };
    const card = { ...scenario, patientConcerns: [], patientProfile: 'p', initialMessage: 'i' };
    expect(scenarioSchema.parse(card).language).toBe('en');
    const session = {
      id: 'c',
      scenarioId: 'a',
      createdAt: '2026-01-01T00:00:00.000Z',
      endedAt: null,
      successRating: null,
      branchOf: null,
    };
    expect(conversationSchema.parse(session)).toMatchObject({
      language: 'en',
      reportLanguage: 'en',
    });
  });

  it('holds only English offline', () => {
    expect(LANGUAGE_CODES.filter(offlineCanHold)).toEqual(['en']);
  });

  it('says what to configure when a language needs a provider', () => {
    expect(LANGUAGE_TEXT.needsProvider('es')).toBe(
      'Conversations in Spanish need an AI provider: ask whoever runs ChairTalk to connect one on the server. The built-in patient speaks English only.',
    );
    expect(ERRORS['unprocessable:language_offline']).toBe(LANGUAGE_TEXT.needsProviderGeneric);
  });

  it('is the list the database accepts (migration 0021 checks every language column)', () => {
    const sql = readFileSync(
      new URL('../../../migrations/0021_conversation_language.sql', import.meta.url),
      'utf8',
    );
    const checks = [...sql.matchAll(/IN \(([^)]*)\)/g)].map((m) =>
      m[1]!.split(',').map((code) => code.trim().replace(/'/g, '')),
    );
    expect(checks).toHaveLength(4);
    for (const codes of checks) expect(codes).toEqual(LANGUAGE_CODES);
  });
});
