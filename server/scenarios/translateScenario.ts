import type { LanguageCode } from '#shared/languages';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { TRANSLATION_TEXT } from '#shared/text';
import type { CoreServices } from '../coreServices';
import { AppError } from '../http/errors';
import { readTranslation, textsOf } from './translation';

/**
 * A draft of `source` in `language`, by the chat model, for its author to review (decision
 * 048). Nothing is stored. Refused before any call: the same language (400), and no provider
 * (422, the built-in engines translate nothing). The call is paid from the author's AI budget
 * and given back when it yields no draft, as every failed model call is (decision 027). A
 * failure at the provider, or an answer that is no valid scenario, is a 502 that says which.
 */
export async function translateScenario(
  services: Pick<CoreServices, 'ai' | 'budget' | 'logger'>,
  input: { userId: string; source: ScenarioSeed; language: LanguageCode; signal: AbortSignal },
): Promise<ScenarioSeed> {
  const { source, language, userId } = input;
  if (language === source.language) {
    throw new AppError('bad_request:same_language', TRANSLATION_TEXT.sameLanguage(language));
  }
  const { translator } = services.ai;
  if (!translator) {
    throw new AppError('unprocessable:language_offline', TRANSLATION_TEXT.needsProvider);
  }
  await services.budget.spend(userId, 'scenarioTranslation');
  const log = { from: source.language, to: language, slug: source.slug };
  let answer: string;
  try {
    answer = await translator.translateScenario(
      { texts: textsOf(source), from: source.language, to: language },
      { signal: input.signal },
    );
  } catch (error) {
    services.logger.warn('scenario.translation_failed', { ...log, error });
    await services.budget.giveBack(userId, 'scenarioTranslation');
    throw new AppError('bad_gateway:translation', TRANSLATION_TEXT.providerFailed);
  }
  const reading = readTranslation(source, language, answer);
  if (!reading.ok) {
    // The problems name fields and limits, never the texts: an author's words stay out of logs.
    services.logger.warn('scenario.translation_unusable', {
      ...log,
      problem: reading.problem,
      details: reading.details.slice(0, 20),
    });
    await services.budget.giveBack(userId, 'scenarioTranslation');
    throw new AppError('bad_gateway:translation', TRANSLATION_TEXT.unusable);
  }
  return reading.scenario;
}
