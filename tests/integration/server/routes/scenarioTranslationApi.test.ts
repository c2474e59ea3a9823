import { afterEach, describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { customSeed } from '../../../helpers/customScenario';
import { SCENARIO_TRANSLATION_SCHEMA, type StubRequest } from '../../../fixtures/openaiStub';
import { AI_COSTS } from '#server/ai/aiCosts';
import { scenarioLibrary } from '#server/scenarios/library';
import { PLACEHOLDER_HIDDEN_CONCERN } from '#server/scenarios/duplicate';
import { authoredScenarioResponse, translatedScenarioResponse } from '#shared/api/authoring';
import { SCENARIO_LIMITS } from '#shared/scenarioSeed';
import { TRANSLATION_TEXT } from '#shared/text';

/**
 * POST /api/authoring/scenarios/:id/translate (decision 048): a draft of a scenario the author
 * may copy, in another language, by the provider (the OpenAI-compatible stub); nothing saved.
 */

printSkipNotice();

const BASE = '/api/authoring/scenarios';

/** Every string of the texts asked for, marked as the "Spanish" of the stub. */
function spanish(tree: any): any {
  if (typeof tree === 'string') return `ES ${tree}`;
  if (Array.isArray(tree)) return tree.map(spanish);
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, spanish(v)]));
}

const translationCalls = (requests: StubRequest[]) =>
  requests.filter(
    (r) =>
      (r.body?.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema
        ?.name === SCENARIO_TRANSLATION_SCHEMA,
  );

describe.each(routeDatabaseKinds())('translating a scenario (provider stub) on %s', (kind) => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer(kind, {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-translate', AI_MAX_RETRIES: '0' },
  });
  afterEach(() => stub.reset());

  const scenarioRows = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scenarios'))[0]!.n;
  const budgetUsed = async (user: HttpClient) => {
    const id = (await user.get('/api/auth/me')).body.user.id as string;
    const [row] = await t.db.query<{ used: number }>(
      `SELECT used::float8 AS used FROM hourly_usage WHERE user_id = $1 AND kind = 'ai_budget'`,
      [id],
    );
    return row?.used ?? 0;
  };
  async function own(user: HttpClient) {
    const made = await user.post(BASE, { scenario: customSeed() });
    expect(made.status, made.text).toBe(201);
    return authoredScenarioResponse.parse(made.body);
  }
  const translate = (user: HttpClient, id: string, body: unknown) =>
    user.post(`${BASE}/${id}/translate`, body);

  it('returns the author’s scenario as a Spanish draft, hidden concerns and all, and saves nothing', async () => {
    const user = await signedInClient(server.url);
    const { summary, scenario } = await own(user);
    stub.setTranslation(spanish);
    const rows = await scenarioRows();

    const answer = await translate(user, summary.id, { language: 'es' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const draft = translatedScenarioResponse.parse(answer.body).scenario;
    expect(draft).toMatchObject({
      language: 'es',
      title: `ES ${scenario.title}`,
      initialMessage: `ES ${scenario.initialMessage}`,
      category: scenario.category,
      difficulty: scenario.difficulty,
    });
    expect(draft.extras.hiddenConcerns.map((h) => h.reveal)).toEqual(
      scenario.extras.hiddenConcerns.map((h) => `ES ${h.reveal}`),
    );
    expect(
      draft.extras.statedConcerns.every((s) => draft.patientConcerns.includes(s.concern)),
    ).toBe(true);

    // The provider was asked once, with the chat model, for English into Spanish.
    const [call] = translationCalls(stub.requests);
    expect(translationCalls(stub.requests)).toHaveLength(1);
    const messages = call!.body!.messages as { role: string; content: string }[];
    expect(messages[0]!.content).toContain('from English into Spanish');
    expect(messages[1]!.content).toContain(scenario.extras.hiddenConcerns[0]!.reveal);

    // Nothing stored: no new scenario, the original as it was, the list unchanged.
    expect(await scenarioRows()).toBe(rows);
    const again = await user.get(`${BASE}/${summary.id}`);
    expect(again.body.scenario).toEqual(scenario);
    expect((await user.get(BASE)).body.scenarios).toHaveLength(1);
    // Paid from the AI budget.
    expect(await budgetUsed(user)).toBe(AI_COSTS.scenarioTranslation);

    // The draft saves as a new scenario of its own, in Spanish.
    const saved = await user.post(BASE, { scenario: draft });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.scenario.language).toBe('es');
    expect(saved.body.summary.id).not.toBe(summary.id);
  });

  it('translates a shipped scenario without its secrets, as a copy would have it', async () => {
    const user = await signedInClient(server.url);
    const shipped = scenarioLibrary[0]!;
    const { body } = await user.get('/api/scenarios');
    const id = body.scenarios.find((s: { title: string }) => s.title === shipped.title).id;
    stub.setTranslation(spanish);

    const answer = await translate(user, id, { language: 'fr' });
    expect(answer.status, answer.text).toBe(200);
    const draft = translatedScenarioResponse.parse(answer.body).scenario;
    expect(draft.language).toBe('fr');
    expect(draft.extras.hiddenConcerns).toEqual([
      {
        ...PLACEHOLDER_HIDDEN_CONCERN,
        concern: `ES ${PLACEHOLDER_HIDDEN_CONCERN.concern}`,
        keywords: PLACEHOLDER_HIDDEN_CONCERN.keywords.map((k) => `es ${k}`),
        reveal: `ES ${PLACEHOLDER_HIDDEN_CONCERN.reveal}`,
        hint: `ES ${PLACEHOLDER_HIDDEN_CONCERN.hint}`,
      },
    ]);
    // Neither the provider nor the author saw the shipped hidden concerns.
    const sent = JSON.stringify(translationCalls(stub.requests)) + answer.text;
    for (const secret of shipped.extras.hiddenConcerns) expect(sent).not.toContain(secret.reveal);
  });

  it('answers another user’s scenario, or no scenario, as not found, before reading the body or calling anyone', async () => {
    const author = await signedInClient(server.url);
    const other = await signedInClient(server.url);
    const { summary } = await own(author);
    for (const [id, body] of [
      [summary.id, { language: 'es' }],
      [summary.id, { language: 'xx' }],
      ['not-a-uuid', { language: 'es' }],
      ['00000000-0000-4000-8000-000000000000', { language: 'es' }],
    ] as const) {
      const answer = await translate(other, id, body);
      expect(answer.status, id).toBe(404);
      expect(answer.body.error.code).toBe('not_found:scenario');
    }
    expect(translationCalls(stub.requests)).toHaveLength(0);
    expect(await budgetUsed(other)).toBe(0);
  });

  it('refuses a language it does not hold, a missing one, and the scenario’s own, with a 400', async () => {
    const user = await signedInClient(server.url);
    const { summary } = await own(user);
    for (const body of [{ language: 'xx' }, {}, { language: 'es', extra: 1 }, [], 'es']) {
      const answer = await translate(user, summary.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toMatch(/^bad_request:(validation|json)$/);
    }
    const same = await translate(user, summary.id, { language: 'en' });
    expect(same.status).toBe(400);
    expect(same.body.error).toEqual({
      code: 'bad_request:same_language',
      message: TRANSLATION_TEXT.sameLanguage('en'),
    });
    expect(translationCalls(stub.requests)).toHaveLength(0);
    expect(await budgetUsed(user)).toBe(0);
  });

  it.each<[string, () => void]>([
    ['prose instead of JSON', () => stub.setTranslation('Claro, aquí está la traducción.')],
    ['an empty answer', () => stub.setTranslation('')],
    ['another shape', () => stub.setTranslation({ title: 'Hola' })],
    [
      'a title past its limit',
      () =>
        stub.setTranslation((texts: any) => ({
          ...spanish(texts),
          title: 'T'.repeat(SCENARIO_LIMITS.title + 1),
        })),
    ],
  ])(
    'answers a model’s unusable answer (%s) with a 502 that says so, and gives the budget back',
    async (_label, script) => {
      const user = await signedInClient(server.url);
      const { summary } = await own(user);
      const rows = await scenarioRows();
      script();
      const answer = await translate(user, summary.id, { language: 'es' });
      expect(answer.status, answer.text).toBe(502);
      expect(answer.body.error).toEqual({
        code: 'bad_gateway:translation',
        message: TRANSLATION_TEXT.unusable,
      });
      expect(await scenarioRows()).toBe(rows);
      expect(await budgetUsed(user)).toBe(0);
      // The logs name the problem, never the author's words.
      const logged = server.logs.filter((l) => l.includes('scenario.translation_unusable')).at(-1)!;
      expect(logged).toBeTruthy();
      expect(logged).not.toContain('ES ');
    },
  );

  it('answers a provider that fails with a 502 that says to try again, and gives the budget back', async () => {
    const user = await signedInClient(server.url);
    const { summary } = await own(user);
    stub.queueFault({ kind: 'status', status: 500, schema: SCENARIO_TRANSLATION_SCHEMA });
    const answer = await translate(user, summary.id, { language: 'de' });
    expect(answer.status).toBe(502);
    expect(answer.body.error).toEqual({
      code: 'bad_gateway:translation',
      message: TRANSLATION_TEXT.providerFailed,
    });
    expect(await budgetUsed(user)).toBe(0);
  });
});

describe.each(routeDatabaseKinds())('translating a scenario offline on %s', (kind) => {
  const { server } = useTestServer(kind);

  it('is refused with a 422 that says a provider must be connected, and nothing is saved', async () => {
    const user = await signedInClient(server.url);
    const made = await user.post(BASE, { scenario: customSeed() });
    const answer = await user.post(`${BASE}/${made.body.summary.id}/translate`, { language: 'es' });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toEqual({
      code: 'unprocessable:language_offline',
      message: TRANSLATION_TEXT.needsProvider,
    });
    expect((await user.get(BASE)).body.scenarios).toHaveLength(1);
    // The same language is still the author's mistake to hear of first.
    const same = await user.post(`${BASE}/${made.body.summary.id}/translate`, { language: 'en' });
    expect(same.body.error.code).toBe('bad_request:same_language');
  });
});
