import { conversationsApi } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import type { LanguageCode } from '#shared/languages';
import { callApi } from '../../../lib/api';

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
    // The lead wires this to the interface language once the interface is translated.
    reportLanguage: 'en' as const,
  };
  const { session } = await callApi(conversationsApi.create, { body });
  return session;
}
