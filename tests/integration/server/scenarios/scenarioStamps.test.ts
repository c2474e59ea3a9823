import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterBus } from '#server/cluster/bus';
import { createLocalTransport } from '#server/cluster/localTransport';
import { insertOwnScenario } from '#server/db/customScenarios';
import { createLogger } from '#server/logger';
import { customSeed } from '../../../helpers/customScenario';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * The scenarios stamp is kept in memory (decision 036). The clock it expires on is frozen here,
 * so a list that changes can only have changed because the write forgot the stamp: every writer
 * of what the stamp covers is listed below, and one that forgot to forget fails its case.
 */

printSkipNotice();

const AUTHORING = '/api/authoring/scenarios';
const ORGANISATIONS = '/api/organisations';
const TTL_SECONDS = 5;

const titlesOf = async (user: HttpClient) => {
  const response = await user.get('/api/scenarios');
  expect(response.status).toBe(200);
  return (response.body.scenarios as Array<{ title: string }>).map((s) => s.title);
};

/** A trainer, an organisation with one cohort, an invite code to it, and a member who joined. */
async function organisationOn(server: TestServer) {
  const trainer = await signedInClient(server.url, 'Dr Trainer');
  const org = await trainer.post(ORGANISATIONS, { name: 'Stamp Practice' });
  const orgId = org.body.id as string;
  const cohort = await trainer.post(`${ORGANISATIONS}/${orgId}/cohorts`, { name: 'Y1' });
  const cohortId = cohort.body.id as string;
  const invite = await trainer.post(`${ORGANISATIONS}/cohorts/${cohortId}/invites`, {});
  const code = invite.body.code as string;
  const member = await signedInClient(server.url, 'Dr Member');
  expect((await member.post(`${ORGANISATIONS}/join`, { code })).status).toBe(200);
  const shared = { visibility: 'organisation', organisationId: orgId };
  return { trainer, member, orgId, cohortId, code, shared };
}

describe.each(routeDatabaseKinds())(
  'scenario lists after a write on the same instance, on %s',
  (kind) => {
    const t = useTestDb(kind);
    let server: TestServer;
    beforeAll(async () => {
      // Time stands still: no stamp ever expires, only a write can make one be read again.
      server = await startTestServer(
        t.db,
        { SCENARIO_LIST_CACHE_SECONDS: String(TTL_SECONDS) },
        { scenarioStampClock: () => 1_000_000 },
      );
    });
    afterAll(async () => {
      await server?.close({ keepDb: true });
    });

    it('a write behind the server’s back is not seen: the stamp is really kept', async () => {
      const author = await signedInClient(server.url, 'Dr Bypass');
      const userId = (await author.get('/api/auth/me')).body.user.id as string;
      const made = await author.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'Via API' },
      });
      expect(made.status, made.text).toBe(201);
      expect(await titlesOf(author)).toContain('Via API');
      await insertOwnScenario(t.db, {
        userId,
        seed: { ...customSeed(), title: 'Behind its back' },
      });
      expect(await titlesOf(author)).not.toContain('Behind its back');
      // A write through the server forgets the stamp, so both show.
      await author.post(AUTHORING, { scenario: { ...customSeed(), title: 'Via API again' } });
      expect(await titlesOf(author)).toEqual(
        expect.arrayContaining(['Via API', 'Behind its back', 'Via API again']),
      );
    });

    it('create, edit, copy, import and delete of a private scenario show in its author’s list at once', async () => {
      const author = await signedInClient(server.url, 'Dr Author');
      expect(await titlesOf(author)).not.toContain('Mine');
      const made = await author.post(AUTHORING, { scenario: { ...customSeed(), title: 'Mine' } });
      const id = made.body.summary.id as string;
      expect(await titlesOf(author)).toContain('Mine');

      const edited = await author.post(`${AUTHORING}/${id}`, {
        scenario: { ...made.body.scenario, title: 'Mine, renamed' },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(await titlesOf(author)).toContain('Mine, renamed');

      const copy = await author.post(`${AUTHORING}/${id}/duplicate`);
      expect(copy.status, copy.text).toBe(201);
      expect(await titlesOf(author)).toContain(copy.body.summary.title);

      const imported = await author.post(`${AUTHORING}/import`, {
        scenarios: [{ ...customSeed(), title: 'Imported' }],
      });
      expect(imported.status, imported.text).toBe(201);
      expect(await titlesOf(author)).toContain('Imported');

      expect((await author.request('DELETE', `${AUTHORING}/${id}`)).status).toBe(200);
      expect(await titlesOf(author)).not.toContain('Mine, renamed');
    });

    it('a shared scenario’s create, edit, unsharing and delete show in a member’s list at once', async () => {
      const { trainer, member, shared } = await organisationOn(server);
      expect(await titlesOf(member)).not.toContain('For the class');
      const made = await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'For the class' },
        sharing: shared,
      });
      expect(made.status, made.text).toBe(201);
      const id = made.body.summary.id as string;
      expect(await titlesOf(member)).toContain('For the class');

      await trainer.post(`${AUTHORING}/${id}`, {
        scenario: { ...made.body.scenario, title: 'For the class, v2' },
      });
      expect(await titlesOf(member)).toContain('For the class, v2');

      await trainer.post(`${AUTHORING}/${id}`, {
        scenario: { ...made.body.scenario, title: 'For the class, v2' },
        sharing: { visibility: 'private' },
      });
      expect(await titlesOf(member)).not.toContain('For the class, v2');

      await trainer.post(`${AUTHORING}/${id}`, {
        scenario: { ...made.body.scenario, title: 'Shared again' },
        sharing: shared,
      });
      expect(await titlesOf(member)).toContain('Shared again');

      expect((await trainer.request('DELETE', `${AUTHORING}/${id}`)).status).toBe(200);
      expect(await titlesOf(member)).not.toContain('Shared again');
    });

    it('assigning a private scenario shares it: members see it at once', async () => {
      const { trainer, member, cohortId } = await organisationOn(server);
      const made = await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'Set as work' },
      });
      expect(await titlesOf(member)).not.toContain('Set as work');
      const assigned = await trainer.post(`${ORGANISATIONS}/cohorts/${cohortId}/assignments`, {
        scenarioId: made.body.summary.id,
      });
      expect(assigned.status, assigned.text).toBe(201);
      expect(await titlesOf(member)).toContain('Set as work');
    });

    it('joining (by code or at sign-up) and leaving change a member’s list at once', async () => {
      const { trainer, orgId, code, shared } = await organisationOn(server);
      await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'Members only' },
        sharing: shared,
      });

      const joiner = await signedInClient(server.url, 'Dr Joiner');
      expect(await titlesOf(joiner)).not.toContain('Members only');
      expect((await joiner.post(`${ORGANISATIONS}/join`, { code })).status).toBe(200);
      expect(await titlesOf(joiner)).toContain('Members only');

      expect((await joiner.post(`${ORGANISATIONS}/${orgId}/leave`)).status).toBe(204);
      expect(await titlesOf(joiner)).not.toContain('Members only');

      const invited = new HttpClient(server.url);
      const signUp = await invited.post('/api/auth/sign-up', {
        email: uniqueEmail('invited'),
        password: 'correct horse battery',
        fullName: 'Dr Invited',
        invite: code,
      });
      expect(signUp.status, signUp.text).toBe(201);
      expect(await titlesOf(invited)).toContain('Members only');
    });
  },
);

/**
 * Two instances over one database, as behind a load balancer, when the news of a write never
 * reaches the other instance (a NOTIFY lost, a Neon pooled endpoint; decision 037: each server
 * here gets a bus to nobody): a write on one is seen on the other once the stamp it kept
 * expires, SCENARIO_LIST_CACHE_SECONDS after that stamp was read. With the bus it shows at once
 * (tests/integration/server/cluster/twoInstances.test.ts). Both clocks are driven by the test.
 */
describe.each(routeDatabaseKinds())('scenario lists across two instances on %s', (kind) => {
  const t = useTestDb(kind);
  let now = 5_000_000;
  const clock = () => now;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { SCENARIO_LIST_CACHE_SECONDS: String(TTL_SECONDS) };
    const deaf = () =>
      createClusterBus({ transport: createLocalTransport({}), logger: createLogger('silent') });
    a = await startTestServer(t.db, env, { scenarioStampClock: clock, cluster: deaf() });
    b = await startTestServer(t.db, env, { scenarioStampClock: clock, cluster: deaf() });
  });
  afterAll(async () => {
    await a?.close({ keepDb: true });
    await b?.close({ keepDb: true });
  });

  const on = (server: TestServer, user: HttpClient) => {
    const client = new HttpClient(server.url);
    client.cookie = user.cookie;
    return client;
  };

  it('a scenario shared on A shows to a member listing on B within the bound', async () => {
    const { trainer, member, shared } = await organisationOn(a);
    const memberOnB = on(b, member);
    expect(await titlesOf(memberOnB)).not.toContain('Shared on A');

    const made = await trainer.post(AUTHORING, {
      scenario: { ...customSeed(), title: 'Shared on A' },
      sharing: shared,
    });
    expect(made.status, made.text).toBe(201);
    // On A at once; B trusts the stamp it read until the bound has passed.
    expect(await titlesOf(member)).toContain('Shared on A');
    now += TTL_SECONDS * 1000 - 1;
    expect(await titlesOf(memberOnB)).not.toContain('Shared on A');
    now += 1;
    expect(await titlesOf(memberOnB)).toContain('Shared on A');
  });

  it('an author’s own edit on B shows on A within the bound, and a delete too', async () => {
    const author = await signedInClient(a.url, 'Dr Two Tabs');
    const authorOnB = on(b, author);
    const made = await author.post(AUTHORING, { scenario: { ...customSeed(), title: 'Draft' } });
    const id = made.body.summary.id as string;
    expect(await titlesOf(author)).toContain('Draft');

    await authorOnB.post(`${AUTHORING}/${id}`, {
      scenario: { ...made.body.scenario, title: 'Final' },
    });
    expect(await titlesOf(authorOnB)).toContain('Final');
    now += TTL_SECONDS * 1000;
    expect(await titlesOf(author)).toContain('Final');

    expect((await authorOnB.request('DELETE', `${AUTHORING}/${id}`)).status).toBe(200);
    now += TTL_SECONDS * 1000;
    expect(await titlesOf(author)).not.toContain('Final');
  });
});
