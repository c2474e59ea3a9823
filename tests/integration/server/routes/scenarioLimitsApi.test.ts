import { describe, expect, it } from 'vitest';
import { authoredScenarioResponse } from '#shared/api/authoring';
import { SCENARIO_LIMITS } from '#shared/scenarioSeed';
import { ask } from '../../../helpers/conversations';
import { customSeed } from '../../../helpers/customScenario';
import { signedInClient } from '../../../helpers/httpClient';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { worstCaseSeed, worstCaseTurn } from '../../../fixtures/worstCaseScenario';

/**
 * Issue 22, as the attacker sent it: a scenario with thousands of keywords, NUL characters in
 * its fields and a title that spoofs another are refused with a clear 400 on create, update and
 * import, and nothing is stored; the heaviest scenario the schema allows is played as any other.
 */

printSkipNotice();

const BASE = '/api/authoring/scenarios';

describe.each(routeDatabaseKinds())('scenario limits over HTTP on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);
  const scenarioCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scenarios'))[0]!.n;

  it('refuses the 5,000-keyword hidden concern on create, update and import', async () => {
    const user = await signedInClient(server.url);
    const attack = customSeed();
    attack.extras.hiddenConcerns[0]!.keywords = Array.from({ length: 5000 }, (_, i) => `k${i}`);
    const made = authoredScenarioResponse.parse(
      (await user.post(BASE, { scenario: customSeed() })).body,
    );
    const before = await scenarioCount();

    const expected = `1 problem: scenario.extras.hiddenConcerns[0].keywords: Too big: expected array to have <=${SCENARIO_LIMITS.keywordsPerConcern} items`;
    for (const [path, body] of [
      [BASE, { scenario: attack }],
      [`${BASE}/${made.summary.id}`, { scenario: attack }],
    ] as const) {
      const response = await user.post(path, body);
      expect(response.status, path).toBe(400);
      expect(response.body.error).toEqual({ code: 'bad_request:validation', message: expected });
    }
    const imported = await user.post(`${BASE}/import`, { scenarios: [customSeed(), attack] });
    expect(imported.status).toBe(400);
    expect(imported.body.error.message).toMatch(/^1 problem: scenarios\[1\]\.extras\.hidden/);
    expect(await scenarioCount()).toBe(before);
    const kept = await user.get(`${BASE}/${made.summary.id}`);
    expect(kept.body.scenario).toEqual(made.scenario);
  });

  it('answers NUL in any field with a 400 naming it, never a 500', async () => {
    const user = await signedInClient(server.url);
    const made = authoredScenarioResponse.parse(
      (await user.post(BASE, { scenario: customSeed() })).body,
    );
    const before = await scenarioCount();
    const spoil = [
      (s: ReturnType<typeof customSeed>) => ({ ...s, title: 'A\u0000B' }),
      (s: ReturnType<typeof customSeed>) => ({ ...s, description: 'Words\u0000' }),
      (s: ReturnType<typeof customSeed>) => {
        s.extras.statedConcerns[0]!.keywords[0] = 'co\u0000st';
        return s;
      },
      (s: ReturnType<typeof customSeed>) => {
        s.extras.lines.neutral[0] = '\u0000';
        return s;
      },
    ];
    for (const bad of spoil) {
      for (const [path, body] of [
        [BASE, { scenario: bad(customSeed()) }],
        [`${BASE}/${made.summary.id}`, { scenario: bad(customSeed()) }],
        [`${BASE}/import`, { scenarios: [bad(customSeed())] }],
      ] as const) {
        const response = await user.post(path, body);
        expect(response.status, `${path}: ${response.text}`).toBe(400);
        expect(response.body.error.code).toBe('bad_request:validation');
        expect(response.body.error.message).toMatch(/No control|One line|Required/);
      }
    }
    expect(await scenarioCount()).toBe(before);
  });

  it('refuses a title that could pass for another (ESC, a right-to-left override, a new line)', async () => {
    const user = await signedInClient(server.url);
    for (const title of ['\u001b[2JCrown', 'Crown \u202Egnp.exe', 'Crown\nFor beginners']) {
      const response = await user.post(BASE, { scenario: { ...customSeed(), title } });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        '1 problem: scenario.title: One line, without control or text-direction characters.',
      );
    }
  });

  it('plays the heaviest scenario the schema allows like any other', async () => {
    const user = await signedInClient(server.url);
    const created = await user.post(BASE, { scenario: worstCaseSeed() });
    expect(created.status, created.text).toBe(201);
    const opened = await user.post('/api/conversations', {
      scenarioId: created.body.summary.id,
    });
    expect(opened.status).toBe(201);
    const conversationId = opened.body.session.id as string;
    const replies = await ask(user, conversationId, [
      worstCaseTurn(2000, ' 1'),
      worstCaseTurn(2000, ' 2'),
      'What worries you most about the pain?',
    ]);
    expect(replies).toHaveLength(3);
    for (const reply of replies) expect(reply.length).toBeGreaterThan(0);
    const ended = await user.post(`/api/conversations/${conversationId}/end`, {});
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.feedback.overallScore).toBeGreaterThanOrEqual(1);
  });
});
