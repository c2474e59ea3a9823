import type { Conversation } from '#shared/conversation';
import { offlineCanHold, type LanguageCode } from '#shared/languages';
import { currentLocale } from '#shared/i18n/translate';
import type { Scenario } from '#shared/scenario';
import { LANGUAGE_TEXT } from '#shared/text';
import {
  findOpenConversation,
  openOrResumeConversation,
  restartInLanguage,
  setReportLanguage,
} from '../db/conversations';
import { AppError } from '../http/errors';
import type { Services } from '../services';

/**
 * Opens a conversation of `scenario` in a language (decision 048), or resumes the user's open
 * one. The language is the one asked for, else the open conversation's, else the scenario's.
 * An open conversation nobody has said anything in yet restarts in a language asked for; one
 * under way keeps its own. Without an AI provider only English is held: the offline patient
 * and scorer speak nothing else, and a half-English patient is worse than a clear refusal.
 */
export async function startConversation(
  services: Pick<Services, 'db' | 'ai' | 'budget' | 'logger'>,
  input: {
    userId: string;
    scenario: Scenario;
    language?: LanguageCode;
    reportLanguage?: LanguageCode;
    signal: AbortSignal;
  },
): Promise<{ session: Conversation; created: boolean }> {
  const { db, ai } = services;
  const { userId, scenario } = input;
  const open = await findOpenConversation(db, { userId, scenarioId: scenario.id });
  const language = input.language ?? open?.session.language ?? scenario.language;
  if (ai.kind === 'offline') refuseOffline(scenario.language, language);
  // Unless asked, feedback is explained in the language the request was made in (decision 049).
  const reportLanguage = input.reportLanguage ?? open?.session.reportLanguage ?? currentLocale();

  if (open) {
    if (language !== open.session.language && open.untouched) {
      const openingLine = await openingLineIn(services, { ...input, language });
      const restarted = await restartInLanguage(db, {
        id: open.session.id,
        language,
        reportLanguage,
        openingLine,
      });
      // Null: the clinician spoke meanwhile, and the conversation keeps its language.
      if (restarted) return { session: restarted, created: false };
    }
    if (reportLanguage !== open.session.reportLanguage) {
      await setReportLanguage(db, { id: open.session.id, reportLanguage });
    }
    return { session: { ...open.session, reportLanguage }, created: false };
  }

  const initialMessage = await openingLineIn(services, { ...input, language });
  return openOrResumeConversation(db, {
    userId,
    scenarioId: scenario.id,
    initialMessage,
    language,
    reportLanguage,
  });
}

/** The offline engines know English only: a scenario or a conversation in anything else is refused. */
function refuseOffline(scenarioLanguage: LanguageCode, language: LanguageCode): void {
  const other = [language, scenarioLanguage].find((code) => !offlineCanHold(code));
  if (other === undefined) return;
  throw new AppError('unprocessable:language_offline', LANGUAGE_TEXT.needsProvider(other));
}

/**
 * The patient's opening line in `language`: the scenario's own when it is written in it,
 * otherwise translated once by the chat model and paid for like a reply (decision 027).
 */
async function openingLineIn(
  services: Pick<Services, 'ai' | 'budget' | 'logger'>,
  input: { userId: string; scenario: Scenario; language: LanguageCode; signal: AbortSignal },
): Promise<string> {
  const { scenario, language, userId } = input;
  if (language === scenario.language) return scenario.initialMessage;
  const { translator } = services.ai;
  const failed = new AppError('unavailable:reply', LANGUAGE_TEXT.startFailed(language));
  if (!translator) throw failed;
  await services.budget.spend(userId, 'reply');
  try {
    return await translator.translate(
      { text: scenario.initialMessage, from: scenario.language, to: language },
      { signal: input.signal },
    );
  } catch (error) {
    services.logger.warn('conversation.opening_translation_failed', {
      scenarioId: scenario.id,
      language,
      error,
    });
    await services.budget.giveBack(userId, 'reply');
    throw failed;
  }
}
