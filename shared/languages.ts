import { z } from 'zod';

/**
 * The languages a conversation can be held in (decision 048): the patient speaks it, the
 * clinician is transcribed in it, and the grader quotes it. Everything that names a language
 * (scenarios, conversations, the start body, the authoring form) reads this one list.
 */
export const CONVERSATION_LANGUAGES = [
  { code: 'en', tag: 'en-US', name: 'English', ownName: 'English' },
  { code: 'es', tag: 'es-ES', name: 'Spanish', ownName: 'Español' },
  { code: 'fr', tag: 'fr-FR', name: 'French', ownName: 'Français' },
  { code: 'de', tag: 'de-DE', name: 'German', ownName: 'Deutsch' },
  { code: 'pt', tag: 'pt-PT', name: 'Portuguese', ownName: 'Português' },
  { code: 'it', tag: 'it-IT', name: 'Italian', ownName: 'Italiano' },
] as const satisfies readonly {
  /** ISO 639-1: what the transcription models take as `language`. */
  code: string;
  /** BCP-47, for the browser's speech synthesis and recognition. */
  tag: string;
  /** Its English name, for the model prompts (which are written in English). */
  name: string;
  /** Its name in itself, for the language pickers. */
  ownName: string;
}[];

export type ConversationLanguage = (typeof CONVERSATION_LANGUAGES)[number];
export type LanguageCode = ConversationLanguage['code'];

export const LANGUAGE_CODES = CONVERSATION_LANGUAGES.map((l) => l.code) as [
  LanguageCode,
  ...LanguageCode[],
];

/** What a scenario or a conversation is in when nothing says otherwise. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The only language the built-in offline patient and scorer speak. */
export const OFFLINE_LANGUAGE: LanguageCode = 'en';

export const languageCodeSchema = z.enum(LANGUAGE_CODES, {
  error: () => `Language must be one of ${LANGUAGE_CODES.join(', ')}`,
});

export function languageOf(code: LanguageCode): ConversationLanguage {
  const found = CONVERSATION_LANGUAGES.find((l) => l.code === code);
  if (!found) throw new Error(`unknown language ${code}`);
  return found;
}

/** A stored or sent value read leniently: anything not on the list is the default. */
export function asLanguageCode(value: unknown): LanguageCode {
  const parsed = languageCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}

/**
 * Whether a conversation in `language` can be held without an AI provider: the offline patient
 * and scorer know English only, and a half-English patient is worse than a refusal.
 */
export function offlineCanHold(language: LanguageCode): boolean {
  return language === OFFLINE_LANGUAGE;
}
