import { authoringApi } from '#shared/api/authoring';
import type { LanguageCode } from '#shared/languages';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { callApi } from '../../../lib/api';

/** A draft of one of the author's scenarios in another language, by the AI provider; unsaved. */
export async function translateScenario(
  id: string,
  language: LanguageCode,
  signal?: AbortSignal,
): Promise<ScenarioSeed> {
  const { scenario } = await callApi(authoringApi.translate, {
    params: { id },
    body: { language },
    signal,
  });
  return scenario;
}
