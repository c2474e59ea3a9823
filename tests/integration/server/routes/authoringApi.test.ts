import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { ask, say } from '../../../helpers/conversations';
import { customSeed } from '../../../helpers/customScenario';
import { scenarioLibrary } from '#server/scenarios/library';
import { PLACEHOLDER_HIDDEN_CONCERN } from '#server/scenarios/duplicate';
import { authoredScenarioResponse, updatedScenarioResponse } from '#shared/api/authoring';
import { conversationDetailResponse } from '#shared/api/conversations';
import { scenarioFileSchema } from '#shared/scenarioSeed';

/**
 * Authors' own scenarios: /api/authoring/scenarios, versions kept for the
 * conversations that used them, import and export, and practising a custom scenario.
 */

printSkipNotice();

const BASE = '/api/authoring/scenarios';

async function create(user: HttpClient, seed = customSeed()) {
  const response = await user.post(BASE, { scenario: seed });
  expect(response.status, response.text).toBe(201);
  return authoredScenarioResponse.parse(response.body);
}

async function detailScenario(user: HttpClient, conversationId: string) {
  const response = await user.get(`/api/conversations/${conversationId}`);
  expect(response.status).toBe(200);
  return conversationDetailResponse.parse(response.body).scenario;
}

const libraryTitles = async (user: HttpClient) =>
  ((await user.get('/api/scenarios')).body.scenarios as Array<{ title: string }>).map(
    (s) => s.title,
  );

describe.each(routeDatabaseKinds())('authoring API on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);
  const scenarioCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scenarios'))[0]!.n;

  it('creates, lists, reads back, edits in place while unpractised, and deletes', async () => {
    const user = await signedInClient(server.url);
    const seed = customSeed();
    const made = await create(user, seed);
    expect(made.scenario).toEqual(seed);
    expect(made.summary).toMatchObject({ visibility: 'private', version: 1, conversations: 0 });

    const list = await user.get(BASE);
    expect(list.body.scenarios.map((s: { id: string }) => s.id)).toEqual([made.summary.id]);
    const read = await user.get(`${BASE}/${made.summary.id}`);
    expect(read.status).toBe(200);
    expect(read.body.scenario.extras.hiddenConcerns).toEqual(seed.extras.hiddenConcerns);

    const edited = { ...seed, title: `${seed.title} edited` };
    const saved = await user.post(`${BASE}/${made.summary.id}`, { scenario: edited });
    expect(saved.status).toBe(200);
    expect(updatedScenarioResponse.parse(saved.body)).toMatchObject({
      versioned: false,
      summary: { version: 1, title: edited.title },
      scenario: edited,
    });

    const deleted = await user.request('DELETE', `${BASE}/${made.summary.id}`);
    expect(deleted.body).toEqual({ deleted: 'hard' });
    expect((await user.get(`${BASE}/${made.summary.id}`)).status).toBe(404);
    expect((await user.get(BASE)).body.scenarios).toEqual([]);
  });

  it('refuses a bad scenario with every problem and its path, and stores nothing', async () => {
    const user = await signedInClient(server.url);
    const seed = customSeed() as any;
    delete seed.extras.hiddenConcerns[0].unlock;
    seed.difficulty = 'expert';
    const before = await scenarioCount();
    const response = await user.post(BASE, { scenario: seed });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request:validation');
    expect(response.body.error.message).toMatch(/^2 problems: /);
    expect(response.body.error.message).toContain('scenario.difficulty: Invalid option');
    expect(response.body.error.message).toContain(
      'scenario.extras.hiddenConcerns[0].unlock: required',
    );
    expect(await scenarioCount()).toBe(before);
  });

  it('practises a custom scenario: listed for its author, opened with its own first line', async () => {
    const author = await signedInClient(server.url);
    const other = await signedInClient(server.url);
    const seed = { ...customSeed(), initialMessage: 'Hello, I am the custom patient today.' };
    const { summary } = await create(author, seed);

    expect(await libraryTitles(author)).toContain(seed.title);
    expect(await libraryTitles(other)).not.toContain(seed.title);
    expect((await author.get(`/api/scenarios/${summary.id}`)).body.scenario.title).toBe(seed.title);

    const opened = await author.post('/api/conversations', { scenarioId: summary.id });
    expect(opened.status).toBe(201);
    const conversationId = opened.body.session.id as string;
    const [reply] = await ask(author, conversationId, ['What worries you most about it?']);
    expect(reply).toBeTruthy();
    const detail = await author.get(`/api/conversations/${conversationId}`);
    expect(detail.body.messages[0]).toMatchObject({
      role: 'assistant',
      content: seed.initialMessage,
    });
    expect(JSON.stringify(detail.body.scenario)).not.toContain(
      seed.extras.hiddenConcerns[0]!.reveal,
    );

    const refused = await other.post('/api/conversations', { scenarioId: summary.id });
    expect(refused.status).toBe(404);
    expect((await other.get(`/api/scenarios/${summary.id}`)).status).toBe(404);
  });

  it('keeps the list per user: an ETag from before an edit no longer matches', async () => {
    const user = await signedInClient(server.url);
    const first = await user.get('/api/scenarios');
    const tag = first.headers.get('etag')!;
    expect(tag).toBeTruthy();
    const { scenario } = await create(user);
    const again = await user.request('GET', '/api/scenarios', undefined, { 'if-none-match': tag });
    expect(again.status).toBe(200);
    expect(again.body.scenarios.map((s: { title: string }) => s.title)).toContain(scenario.title);
    const unchanged = await user.request('GET', '/api/scenarios', undefined, {
      'if-none-match': again.headers.get('etag')!,
    });
    expect(unchanged.status).toBe(304);
    // Someone with no scenarios of their own still gets the shipped list alone.
    const other = await signedInClient(server.url);
    expect(await libraryTitles(other)).toHaveLength(scenarioLibrary.length);
  });

  it('versions an edit after a conversation: the old conversation shows the scenario as it was', async () => {
    const user = await signedInClient(server.url);
    const seed = customSeed();
    const { summary } = await create(user, seed);
    const first = (await user.post('/api/conversations', { scenarioId: summary.id })).body.session
      .id as string;
    await say(user, first, ['What worries you most?', 'Tell me more about that.']);
    expect((await user.post(`/api/conversations/${first}/end`)).status).toBe(200);

    const edited = {
      ...seed,
      title: `${seed.title} v2`,
      initialMessage: 'A different opening line, after the edit.',
    };
    const saved = await user.post(`${BASE}/${summary.id}`, { scenario: edited });
    expect(saved.body).toMatchObject({
      versioned: true,
      summary: { version: 2, conversations: 1 },
    });

    expect(await detailScenario(user, first)).toMatchObject({
      id: summary.id,
      title: seed.title,
      initialMessage: seed.initialMessage,
    });
    const second = (await user.post('/api/conversations', { scenarioId: summary.id })).body.session
      .id as string;
    expect(second).not.toBe(first);
    expect(await detailScenario(user, second)).toMatchObject({ title: edited.title });
    expect((await user.get(`/api/conversations/${second}`)).body.messages[0].content).toBe(
      edited.initialMessage,
    );

    // History lists the conversation under the title it was practised with.
    const history = await user.get('/api/history');
    expect(history.body.entries).toEqual([expect.objectContaining({ conversationId: first })]);
    expect(JSON.stringify(history.body.entries[0])).toContain(seed.title);
    expect(JSON.stringify(history.body.entries[0])).not.toContain(edited.title);

    // An edit while the new version is practised keeps that one too; the first stays as it was.
    await user.post(`${BASE}/${summary.id}`, { scenario: { ...edited, title: 'Third' } });
    expect(await detailScenario(user, first)).toMatchObject({ title: seed.title });
    expect(await detailScenario(user, second)).toMatchObject({ title: edited.title });

    // Deleting a practised scenario only hides it: the conversations still show it.
    const deleted = await user.request('DELETE', `${BASE}/${summary.id}`);
    expect(deleted.body).toEqual({ deleted: 'soft' });
    expect(await libraryTitles(user)).not.toContain('Third');
    expect((await user.get(BASE)).body.scenarios).toEqual([]);
    expect((await user.post('/api/conversations', { scenarioId: summary.id })).status).toBe(404);
    expect(await detailScenario(user, first)).toMatchObject({ title: seed.title });
  });

  it('imports twelve scenarios in one transaction and exports them in the same format', async () => {
    const user = await signedInClient(server.url);
    const seeds = scenarioLibrary.slice(0, 12);
    const imported = await user.post(`${BASE}/import`, { scenarios: seeds });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.scenarios.map((s: { title: string }) => s.title)).toEqual(
      seeds.map((s) => s.title),
    );
    const ids = imported.body.scenarios.map((s: { id: string }) => s.id) as string[];
    expect((await user.get(BASE)).body.scenarios).toHaveLength(12);

    const exported = await user.get(`${BASE}/export?ids=${ids.join(',')}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    expect(scenarioFileSchema.parse(exported.body)).toEqual({ scenarios: seeds });
    // What was exported imports again as it is.
    expect((await user.post(`${BASE}/import`, exported.body)).status).toBe(201);
  });

  it('imports nothing from a file with one bad field, and names the field', async () => {
    const user = await signedInClient(server.url);
    const seeds = structuredClone(scenarioLibrary.slice(0, 12)) as any[];
    const hidden = seeds[3].extras.hiddenConcerns;
    delete hidden[hidden.length - 1].unlock;
    const before = await scenarioCount();
    const response = await user.post(`${BASE}/import`, { scenarios: seeds });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      `1 problem: scenarios[3].extras.hiddenConcerns[${hidden.length - 1}].unlock: required`,
    );
    expect(await scenarioCount()).toBe(before);
    expect((await user.get(BASE)).body.scenarios).toEqual([]);
  });

  it('duplicates a shipped scenario without its secrets, and one of the author’s own whole', async () => {
    const user = await signedInClient(server.url);
    const shipped = (await user.get('/api/scenarios')).body.scenarios[0] as { id: string };
    const copied = await user.post(`${BASE}/${shipped.id}/duplicate`);
    expect(copied.status).toBe(201);
    const copy = authoredScenarioResponse.parse(copied.body);
    expect(copy.scenario.extras.hiddenConcerns).toEqual([PLACEHOLDER_HIDDEN_CONCERN]);
    const original = scenarioLibrary.find((s) => `${s.title} (copy)` === copy.scenario.title)!;
    for (const h of original.extras.hiddenConcerns) expect(copied.text).not.toContain(h.reveal);

    const own = await create(user);
    const again = await user.post(`${BASE}/${own.summary.id}/duplicate`);
    expect(again.status).toBe(201);
    expect(again.body.scenario).toEqual({ ...own.scenario, title: `${own.scenario.title} (copy)` });
    expect((await user.get(BASE)).body.scenarios).toHaveLength(3);
  });
});
