import { describe, expect, it } from 'vitest';
import { scenarioLibrary } from '#server/scenarios/library';
import { authoredScenarioResponse } from '#shared/api/authoring';
import { scenarioBytes } from '#shared/scenarioBudget';
import { AUTHORING_TEXT } from '#shared/text';
import { customSeed } from '../../../helpers/customScenario';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Each author's scenario storage budget (decision 028): how many scenarios and how
 * many bytes of JSON they keep, counted in the database under a lock on the author, so it holds
 * across requests running at once and across instances.
 */

printSkipNotice();

const BASE = '/api/authoring/scenarios';
const CODE = 'conflict:scenario_budget';

const countOf = async (user: HttpClient) => ((await user.get(BASE)).body.scenarios as []).length;

const expectRefused = (response: { status: number; body: any; text: string }, message: string) => {
  expect(response.status, response.text).toBe(409);
  expect(response.body.error).toEqual({ code: CODE, message });
};

describe.each(routeDatabaseKinds())('scenario count budget on %s', (kind) => {
  const { server } = useTestServer(kind, { env: { SCENARIOS_PER_USER: '3' } });

  it('refuses a create, a copy and an import past the count, saves nothing, and frees room on delete', async () => {
    const user = await signedInClient(server.url, 'Dr Full');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await user.post(BASE, { scenario: customSeed() });
      expect(made.status, made.text).toBe(201);
      ids.push(made.body.summary.id);
    }

    expectRefused(
      await user.post(BASE, { scenario: customSeed() }),
      AUTHORING_TEXT.tooManyScenarios(3),
    );
    expectRefused(
      await user.post(`${BASE}/${ids[0]}/duplicate`),
      AUTHORING_TEXT.tooManyScenarios(3),
    );
    const shipped = (await user.get('/api/scenarios')).body.scenarios[0].id as string;
    expectRefused(
      await user.post(`${BASE}/${shipped}/duplicate`),
      AUTHORING_TEXT.tooManyScenarios(3),
    );
    expectRefused(
      await user.post(`${BASE}/import`, { scenarios: [customSeed(), customSeed()] }),
      AUTHORING_TEXT.importTooMany(2, 0, 3),
    );
    expect(await countOf(user)).toBe(3);

    // An edit adds no scenario: it saves at the count.
    const own = authoredScenarioResponse.parse((await user.get(`${BASE}/${ids[0]}`)).body);
    const edited = await user.post(`${BASE}/${ids[0]}`, {
      scenario: { ...own.scenario, title: 'Still fits' },
    });
    expect(edited.status, edited.text).toBe(200);

    // Someone else's budget is their own.
    const other = await signedInClient(server.url, 'Dr Empty');
    expect((await other.post(BASE, { scenario: customSeed() })).status).toBe(201);

    expect((await user.request('DELETE', `${BASE}/${ids[1]}`)).status).toBe(200);
    expect((await user.post(`${BASE}/${ids[0]}/duplicate`)).status).toBe(201);
    expect(await countOf(user)).toBe(3);
  });

  it('an import that would cross the count imports nothing; one that fits imports all', async () => {
    const user = await signedInClient(server.url, 'Dr Importer');
    expect((await user.post(BASE, { scenario: customSeed() })).status).toBe(201);
    expectRefused(
      await user.post(`${BASE}/import`, { scenarios: [customSeed(), customSeed(), customSeed()] }),
      AUTHORING_TEXT.importTooMany(3, 2, 3),
    );
    expect(await countOf(user)).toBe(1);
    const fits = await user.post(`${BASE}/import`, { scenarios: [customSeed(), customSeed()] });
    expect(fits.status, fits.text).toBe(201);
    expect(await countOf(user)).toBe(3);
  });

  it('a scenario deleted after practice (kept for its conversations) no longer counts', async () => {
    const user = await signedInClient(server.url, 'Dr Practised');
    const made = await user.post(`${BASE}/import`, {
      scenarios: [customSeed(), customSeed(), customSeed()],
    });
    const id = made.body.scenarios[0].id as string;
    expect((await user.post('/api/conversations', { scenarioId: id })).status).toBe(201);
    const deleted = await user.request('DELETE', `${BASE}/${id}`);
    expect(deleted.body).toEqual({ deleted: 'soft' });
    expect((await user.post(BASE, { scenario: customSeed() })).status).toBe(201);
  });

  it('imports running at once cannot both pass: exactly one fits', async () => {
    const user = await signedInClient(server.url, 'Dr Racer');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        user.post(`${BASE}/import`, { scenarios: [customSeed(), customSeed()] }),
      ),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await countOf(user)).toBe(2);
  });

  it('creates running at once stop at the count', async () => {
    const user = await signedInClient(server.url, 'Dr Rush');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => user.post(BASE, { scenario: customSeed() })),
    );
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(3);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await countOf(user)).toBe(3);
  });
});

/**
 * Seeds of one shipped base share a size (markers of one length), so the byte budget can be
 * set just above a handful of them: the room left is smaller than any scenario.
 */
const marker = (i: number) => `m${String(i).padStart(7, '0')}`;
const bySize = scenarioLibrary
  .map((_, base) => ({ base, bytes: scenarioBytes(customSeed(marker(0), base)) }))
  .sort((a, b) => a.bytes - b.bytes);
const smallest = bySize[0]!;
const largest = bySize[bySize.length - 1]!;
const FILL = Math.ceil((63 * 1024) / smallest.bytes);
const USED = FILL * smallest.bytes;
const BUDGET_KB = Math.ceil(USED / 1024);
const ROOM = BUDGET_KB * 1024 - USED;
/** A base that grows the smallest by no more than the room left. */
const fitting = [...bySize].reverse().find((s) => s.bytes - smallest.bytes <= ROOM)!;

describe.each(routeDatabaseKinds())('scenario byte budget on %s', (kind) => {
  const { server } = useTestServer(kind, {
    env: { SCENARIOS_PER_USER: '1000', SCENARIO_KB_PER_USER: String(BUDGET_KB) },
  });

  it('measures the budget so the room left is smaller than any scenario, and a larger edit', () => {
    expect(ROOM).toBeLessThan(smallest.bytes);
    expect(largest.bytes - smallest.bytes).toBeGreaterThan(ROOM);
    expect(fitting.bytes).toBeGreaterThan(smallest.bytes);
  });

  async function filled(name: string) {
    const user = await signedInClient(server.url, name);
    const seeds = Array.from({ length: FILL }, (_, i) => customSeed(marker(i), smallest.base));
    const imported = await user.post(`${BASE}/import`, { scenarios: seeds });
    expect(imported.status, imported.text).toBe(201);
    return { user, ids: imported.body.scenarios.map((s: { id: string }) => s.id) as string[] };
  }

  it('refuses a create and an import past the bytes, with the limit in the sentence', async () => {
    const { user } = await filled('Dr Wordy');
    expectRefused(
      await user.post(BASE, { scenario: customSeed(marker(99), smallest.base) }),
      AUTHORING_TEXT.tooManyBytes(BUDGET_KB),
    );
    expectRefused(
      await user.post(`${BASE}/import`, { scenarios: [customSeed(marker(99), smallest.base)] }),
      AUTHORING_TEXT.importTooLarge(BUDGET_KB),
    );
    expect(await countOf(user)).toBe(FILL);
  });

  it('refuses an edit that grows a scenario past the bytes and keeps it as it was; others save', async () => {
    const { user, ids } = await filled('Dr Grower');
    const id = ids[0]!;
    const grown = customSeed(marker(0), largest.base);
    expectRefused(
      await user.post(`${BASE}/${id}`, { scenario: grown }),
      AUTHORING_TEXT.tooManyBytes(BUDGET_KB),
    );
    const kept = authoredScenarioResponse.parse((await user.get(`${BASE}/${id}`)).body);
    expect(kept.scenario).toEqual(customSeed(marker(0), smallest.base));

    // Growing within the room saves; so does shrinking back.
    const within = await user.post(`${BASE}/${id}`, {
      scenario: customSeed(marker(0), fitting.base),
    });
    expect(within.status, within.text).toBe(200);
    const back = await user.post(`${BASE}/${id}`, {
      scenario: customSeed(marker(0), smallest.base),
    });
    expect(back.status, back.text).toBe(200);
  });

  it('an edit of a practised scenario keeps its old version without counting it', async () => {
    const { user, ids } = await filled('Dr Versions');
    const id = ids[0]!;
    expect((await user.post('/api/conversations', { scenarioId: id })).status).toBe(201);
    const same = customSeed(marker(0), smallest.base);
    const saved = await user.post(`${BASE}/${id}`, {
      scenario: { ...same, title: 'Custom x0000000' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.versioned).toBe(true);
    // The kept version took no room: the room left is what it was before.
    const again = await user.post(`${BASE}/${id}`, {
      scenario: customSeed(marker(0), fitting.base),
    });
    expect(again.status, again.text).toBe(200);
  });
});
