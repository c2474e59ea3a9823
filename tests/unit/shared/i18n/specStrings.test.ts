import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, setLocaleResolver } from '#shared/i18n/translate';
import { formatDuration, formatLongDate, formatShortDate } from '#shared/format';
import { ERRORS } from '#shared/errors';
import { concernsLine } from '#shared/conversation';
import { reportLabel } from '#shared/skills';
import {
  AUTH_TEXT,
  COMMON_TEXT,
  CONVERSATION_TEXT,
  FEEDBACK_TEXT,
  INSIGHT_TEXT,
  MICROPHONE_TEXT,
  PROGRESS_TEXT,
  SCENARIO_TEXT,
  VOICE_STATUS,
  VOICE_TEXT,
} from '#shared/text';

/**
 * The spec quotes these sentences exactly (product spec §2, §5, §8): in English they stay word
 * for word, through the catalogues and shared/text.ts. In another language they are translated.
 */
const SPEC_SENTENCES: Array<[string, () => string]> = [
  ['An error occurred', () => COMMON_TEXT.genericError],
  ['AI-powered sales training for dental professionals', () => AUTH_TEXT.tagline],
  ['Scenario not found', () => SCENARIO_TEXT.notFound],
  ['Error loading scenario', () => SCENARIO_TEXT.loadFailed],
  [
    'No scenarios match your current filters. Try different search terms or difficulty level.',
    () => SCENARIO_TEXT.noneMatch,
  ],
  ['Failed to create conversation session', () => CONVERSATION_TEXT.createFailed],
  ['Error initializing conversation', () => CONVERSATION_TEXT.initFailed],
  ['Conversation not found', () => CONVERSATION_TEXT.notFound],
  ['Could not load conversation details', () => CONVERSATION_TEXT.detailFailed],
  [
    "I apologize, but I'm having trouble responding right now.",
    () => CONVERSATION_TEXT.replyFailed,
  ],
  ['Error generating feedback. Please try again.', () => FEEDBACK_TEXT.failed],
  [
    'The conversation is too short to generate meaningful feedback. Please continue the conversation.',
    () => FEEDBACK_TEXT.tooShort,
  ],
  ['Failed to load progress data. Please try again.', () => PROGRESS_TEXT.queryFailed],
  [
    'An error occurred while loading your progress data. Please try again later.',
    () => PROGRESS_TEXT.unexpected,
  ],
  ['Complete more sessions to see personalized insights.', () => INSIGHT_TEXT.fallback[0] ?? ''],
  [
    'Your overall performance is trending upward, indicating good progress.',
    () => INSIGHT_TEXT.trendUpward,
  ],
  ['Click the microphone button to start speaking', () => VOICE_STATUS.start],
  ['Listening... (speak now)', () => VOICE_STATUS.listening],
  ['Processing your message...', () => VOICE_STATUS.processing],
  ['Getting response from AI...', () => VOICE_STATUS.gettingReply],
  ['Converting response to speech...', () => VOICE_STATUS.converting],
  ['Playing AI response...', () => VOICE_STATUS.playing],
  ['Click the microphone button to speak again', () => VOICE_STATUS.again],
  ["I couldn't hear what you said. Please try speaking again.", () => VOICE_TEXT.nothingHeard],
  ['No audio recorded. Please try again and speak clearly.', () => VOICE_TEXT.noAudio],
  ['Recording error occurred. Please try again.', () => MICROPHONE_TEXT.other],
  [
    'Microphone access denied. Please allow microphone permissions in your browser settings.',
    () => MICROPHONE_TEXT.denied,
  ],
  ['Invalid email or password', () => ERRORS['unauthorized:credentials']],
  ['Overall Performance', () => reportLabel('overallScore')],
  ['Empathy & Rapport', () => reportLabel('empathyScore')],
  ['Clarity & Communication', () => reportLabel('clarityScore')],
  ['Persuasion & Value Proposition', () => reportLabel('persuasionScore')],
  ['Objection Handling', () => reportLabel('objectionHandlingScore')],
  ['Patient is concerned about Cost, Fear', () => concernsLine(['Cost', 'Fear'])],
  ['Patient is concerned about various issues', () => concernsLine([])],
  ['N/A', () => formatShortDate(null)],
  ['Unknown duration', () => formatDuration(null, null)],
  ['Less than a minute', () => formatDuration('2025-01-05T10:00:00Z', '2025-01-05T10:00:30Z')],
  ['1 minute', () => formatDuration('2025-01-05T10:00:00Z', '2025-01-05T10:01:59Z')],
  ['Jan 5, 2025', () => formatShortDate('2025-01-05T10:00:00Z', { timeZone: 'UTC' })],
];

describe("the spec's exact English sentences", () => {
  afterEach(() => setLocaleResolver(() => 'en'));

  it.each(SPEC_SENTENCES)('%j', (sentence, read) => {
    setLocaleResolver(() => 'en');
    expect(read()).toBe(sentence);
  });

  it('are translated when the interface is in Spanish', () => {
    setLocaleResolver(() => 'es');
    expect(currentLocale()).toBe('es');
    for (const [sentence, read] of SPEC_SENTENCES.filter(([s]) => s !== 'N/A')) {
      expect(read(), sentence).not.toBe(sentence);
    }
    expect(formatLongDate('2025-01-05T10:00:00Z', { timeZone: 'UTC' })).toBe('5 de enero de 2025');
  });

  it('fall back to English, sentence by sentence, in a language still being translated', () => {
    setLocaleResolver(() => 'fr');
    expect(COMMON_TEXT.genericError).toBe('Une erreur s’est produite');
    expect(SCENARIO_TEXT.notFound).toBe('Scenario not found');
  });
});
