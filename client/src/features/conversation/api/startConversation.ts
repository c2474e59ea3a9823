import { conversationsApi } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import type { LanguageCode } from '#shared/languages';
import { callApi } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';

/**
 * Opens a session, or resumes the user's open one for this scenario, so a reload never
 * duplicates. With a language, an untouched open one restarts in it (decision 048).
 */
export async function startConversation(
  scenarioId: string,
  language?: LanguageCode,
): Promise<Conversation> {
  const body = {
    scenarioId,
    ...(language ? { language } : {}),
    // Feedback is explained in the language the person reads the interface in (decision 048).
    reportLanguage: currentLocale(),
  };
  const { session } = await callApi(conversationsApi.create, { body });
  return session;
}
