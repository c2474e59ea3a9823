import { describe, expect, it } from 'vitest';
import { LANGUAGE_TEXT } from '#shared/text';
import type { LanguageCode } from '#shared/languages';
import { customSeed } from '../../../helpers/customScenario';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';

printSkipNotice();

/**
 * Without an AI provider the built-in patient and scorer speak English only (decision 048): a
 * conversation in any other language is refused at its start with one sentence that says what
 * to configure, and nothing is stored.
 */
describe.each(routeDatabaseKinds())('conversation languages offline on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  async function shippedScenarioId(user: HttpClient): Promise<string> {
    const { body } = await user.get('/api/scenarios');
    return body.scenarios[0].id as string;
  }
  const conversationsOf = async (scenarioId: string) =>
    (
      await t.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM conversation_sessions WHERE scenario_id = $1',
        [scenarioId],
      )
    )[0]!.count;

  it.each([
    ['es', 'Spanish'],
    ['fr', 'French'],
    ['de', 'German'],
    ['pt', 'Portuguese'],
    ['it', 'Italian'],
  ])(
    'refuses a conversation in %s, saying what to configure, and stores nothing',
    async (code, name) => {
      const user = await signedInClient(server.url);
      const scenarioId = await shippedScenarioId(user);
      const refused = await user.post('/api/conversations', { scenarioId, language: code });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toEqual({
        code: 'unprocessable:language_offline',
        message: LANGUAGE_TEXT.needsProvider(code as LanguageCode),
      });
      expect(refused.body.error.message).toMatch(
        new RegExp(`^Conversations in ${name} need an AI provider`),
      );
      expect(await conversationsOf(scenarioId)).toBe(0);
    },
  );

  it('refuses a scenario written in Spanish even when English is asked for, and starts English ones', async () => {
    const user = await signedInClient(server.url);
    const made = await user.post('/api/authoring/scenarios', {
      scenario: { ...customSeed(), language: 'es' },
    });
    expect(made.status).toBe(201);
    expect(made.body.scenario.language).toBe('es');
    const spanishId = made.body.summary.id as string;
    // The scenario lists and details say its language.
    const detail = await user.get(`/api/scenarios/${spanishId}`);
    expect(detail.body.scenario.language).toBe('es');

    for (const body of [{}, { language: 'en' }]) {
      const refused = await user.post('/api/conversations', { scenarioId: spanishId, ...body });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toBe(LANGUAGE_TEXT.needsProvider('es'));
    }
    expect(await conversationsOf(spanishId)).toBe(0);

    const englishId = await shippedScenarioId(user);
    const started = await user.post('/api/conversations', {
      scenarioId: englishId,
      language: 'en',
      reportLanguage: 'es',
    });
    expect(started.status).toBe(201);
    expect(started.body.session).toMatchObject({ language: 'en', reportLanguage: 'es' });
    const [row] = await t.db.query<{ language: string; report_language: string }>(
      'SELECT language, report_language FROM conversation_sessions WHERE id = $1',
      [started.body.session.id],
    );
    expect(row).toEqual({ language: 'en', report_language: 'es' });
  });
});
