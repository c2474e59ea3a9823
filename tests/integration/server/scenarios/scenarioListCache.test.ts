import { afterAll, describe, expect, it } from 'vitest';
import { insertOwnScenario } from '#server/db/customScenarios';
import type { Db, Queryable } from '#server/db/db';
import { scenarioLibrary } from '#server/scenarios/library';
import { authoredScenarioResponse } from '#shared/api/authoring';
import { customSeed } from '../../../helpers/customScenario';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { useTestDb, useTestServer } from '../../../helpers/useTestServer';

/**
 * The scenario list's cache: bounded by bytes with one list per user, and the list
 * everyone shares never holds anyone's own scenario, however requests and edits interleave.
 */

printSkipNotice();

const AUTHORING = '/api/authoring/scenarios';
const ORGANISATIONS = '/api/organisations';
const BROTLI = { 'accept-encoding': 'br, gzip' };
const MB = 1024 * 1024;

const titlesOf = (response: { body: any }) =>
  (response.body.scenarios as Array<{ title: string }>).map((s) => s.title);
const shippedTitles = new Set(scenarioLibrary.map((s) => s.title));

describe.each(routeDatabaseKinds())('scenario list cache on %s', (kind) => {
  const { server } = useTestServer(kind, { env: { SCENARIO_LIST_CACHE_MB: '1' } });

  it('one author editing and listing in a loop keeps the cache under its budget, one list per user', async () => {
    const author = await signedInClient(server.url, 'Dr Prolific');
    const seeds = Array.from({ length: 100 }, (_, i) => customSeed(`big${i}`, i));
    const imported = await author.post(`${AUTHORING}/import`, { scenarios: seeds });
    expect(imported.status, imported.text).toBe(201);
    const id = imported.body.scenarios[0].id as string;
    const reader = await signedInClient(server.url, 'Dr Reader');

    let listBytes = 0;
    for (let round = 0; round < 12; round++) {
      const edited = { ...seeds[0]!, title: `Edited ${round}` };
      expect((await author.post(`${AUTHORING}/${id}`, { scenario: edited })).status).toBe(200);
      const list = await author.request('GET', '/api/scenarios', undefined, BROTLI);
      expect(list.status).toBe(200);
      expect(titlesOf(list)).toContain(`Edited ${round}`);
      listBytes = Math.max(listBytes, list.text.length);
      expect(titlesOf(await reader.get('/api/scenarios'))).toHaveLength(scenarioLibrary.length);

      const stats = server.services.scenarioLists.stats();
      expect(stats.maxBytes).toBe(1 * MB);
      expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
      // The author's latest list and the shared one: older stamps are not kept beside them.
      expect(stats.entries).toBeLessThanOrEqual(2);
    }
    // The loop made more lists than the budget could hold had each been kept.
    expect(listBytes * 12).toBeGreaterThan(1 * MB);
  });

  it('still answers revalidations with 304 and an edit with a new list', async () => {
    const author = await signedInClient(server.url, 'Dr Author');
    const made = await author.post(AUTHORING, { scenario: customSeed() });
    const { scenario, summary } = authoredScenarioResponse.parse(made.body);
    const first = await author.request('GET', '/api/scenarios', undefined, BROTLI);
    const tag = first.headers.get('etag')!;
    const again = await author.request('GET', '/api/scenarios', undefined, {
      ...BROTLI,
      'if-none-match': tag,
    });
    expect(again.status).toBe(304);
    await author.post(`${AUTHORING}/${summary.id}`, {
      scenario: { ...scenario, title: 'Renamed' },
    });
    const after = await author.request('GET', '/api/scenarios', undefined, {
      ...BROTLI,
      'if-none-match': tag,
    });
    expect(after.status).toBe(200);
    expect(titlesOf(after)).toContain('Renamed');
  });
});

/**
 * Holds the first query about one user's scenarios until the test lets it go, so a write can
 * land between the list's stamp and the list itself (the window a concurrent edit opens).
 */
function gatedDb(inner: Db) {
  let armed: { userId: string; reached: () => void; release: Promise<void> } | null = null;
  const gate = {
    arm(userId: string) {
      let reached!: () => void;
      let release!: () => void;
      const atGate = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      armed = { userId, reached, release: released };
      return { atGate, release };
    },
  };
  const query: Queryable['query'] = async (sql, params) => {
    const rows = await inner.query(sql, params);
    const hold = armed;
    if (hold && /\bscenarios\b/.test(sql) && params?.[0] === hold.userId) {
      armed = null;
      hold.reached();
      await hold.release;
    }
    return rows as never;
  };
  const db: Db = {
    kind: inner.kind,
    query,
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction(fn),
    raw: (sql, params) => inner.raw(sql, params),
    close: async () => {},
  };
  return { db, gate };
}

describe.each(routeDatabaseKinds())('the shared scenario list on %s', (kind) => {
  const t = useTestDb(kind);
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close({ keepDb: true });
  });

  async function freshServer(env: Record<string, string> = {}) {
    const gated = gatedDb(t.db);
    const server = await startTestServer(gated.db, env);
    servers.push(server);
    return { server, gate: gated.gate };
  }

  const userIdOf = async (user: HttpClient) =>
    (await user.get('/api/auth/me')).body.user.id as string;

  it('a scenario written between the stamp and the list never reaches the shared list', async () => {
    const { server, gate } = await freshServer();
    const author = await signedInClient(server.url, 'Dr Quick');
    const other = await signedInClient(server.url, 'Dr Other');
    const { atGate, release } = gate.arm(await userIdOf(author));

    // The author has nothing of their own yet when their list request reads its stamp...
    const listing = author.get('/api/scenarios');
    await atGate;
    // ...and writes a private scenario before the list itself is read.
    const seed = customSeed('quick');
    const made = await author.post(AUTHORING, { scenario: seed });
    expect(made.status, made.text).toBe(201);
    release();
    expect((await listing).status).toBe(200);

    expect(titlesOf(await other.get('/api/scenarios'))).not.toContain(seed.title);
    expect(titlesOf(await author.get('/api/scenarios'))).toContain(seed.title);
  });

  it('many users writing, sharing and deleting while others list: each sees only their own', async () => {
    // A small budget so lists, the shared one too, are evicted and rebuilt while it runs.
    const { server } = await freshServer({ SCENARIO_LIST_CACHE_MB: '1' });
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const org = await trainer.post(ORGANISATIONS, { name: 'Shared Practice' });
    const cohort = await trainer.post(`${ORGANISATIONS}/${org.body.id}/cohorts`, { name: 'Y1' });
    const invite = await trainer.post(`${ORGANISATIONS}/cohorts/${cohort.body.id}/invites`, {});
    const members = await Promise.all(
      Array.from({ length: 3 }, (_, i) => signedInClient(server.url, `Dr Member ${i}`)),
    );
    for (const m of members)
      expect((await m.post(`${ORGANISATIONS}/join`, { code: invite.body.code })).status).toBe(200);
    const loners = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signedInClient(server.url, `Dr Loner ${i}`)),
    );
    const people = [
      { user: trainer, marker: 'trainer', member: true },
      ...members.map((user, i) => ({ user, marker: `member${i}`, member: true })),
      ...loners.map((user, i) => ({ user, marker: `loner${i}`, member: false })),
    ];

    // A scenario's title says whose it is and who may see it: `Private <marker> n` only its
    // author, `Shared n` the organisation's trainer and members.
    const mayRead = (person: (typeof people)[number], title: string) =>
      shippedTitles.has(title) ||
      title.startsWith(`Private ${person.marker} `) ||
      (person.member && title.startsWith('Shared '));
    const leaks: string[] = [];
    const check = async (person: (typeof people)[number]) => {
      const response = await person.user.get('/api/scenarios');
      expect(response.status).toBe(200);
      for (const title of titlesOf(response))
        if (!mayRead(person, title)) leaks.push(`${person.marker} saw ${title}`);
    };

    const write = async (person: (typeof people)[number], round: number) => {
      const seed = { ...customSeed(), title: `Private ${person.marker} ${round}` };
      const made = await person.user.post(AUTHORING, { scenario: seed });
      expect(made.status, made.text).toBe(201);
      await check(person);
      if (round % 2 === 0) {
        const gone = await person.user.request('DELETE', `${AUTHORING}/${made.body.summary.id}`);
        expect(gone.status).toBe(200);
      }
    };
    const share = async (round: number) => {
      const made = await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: `Shared ${round}` },
        sharing: { visibility: 'organisation', organisationId: org.body.id },
      });
      expect(made.status, made.text).toBe(201);
      if (round % 3 === 0) await trainer.request('DELETE', `${AUTHORING}/${made.body.summary.id}`);
    };

    for (let round = 0; round < 6; round++) {
      await Promise.all([
        ...people.map((p) => write(p, round)),
        share(round),
        ...people.map(check),
        ...people.map(check),
      ]);
    }
    await Promise.all(people.map(check));
    expect(leaks).toEqual([]);
  });
});

/**
 * A write that commits after a later one (its clock_timestamp is older) must still change the
 * stamp: with only the count and the newest time, a scenario made private while another was
 * being shared left the stamp as it was, and members kept the list that showed it. PostgreSQL
 * only: PGlite runs one transaction at a time.
 */
describe.each(routeDatabaseKinds().filter((kind) => kind !== 'pglite'))(
  'the list stamp with writes committed out of order on %s',
  (kind) => {
    const { server, testDb: t } = useTestServer(kind);

    it('a scenario made private leaves members’ lists even when another one commits late', async () => {
      const trainer = await signedInClient(server.url, 'Dr Trainer');
      const member = await signedInClient(server.url, 'Dr Member');
      const org = await trainer.post(ORGANISATIONS, { name: 'Late Commits' });
      const orgId = org.body.id as string;
      const cohort = await trainer.post(`${ORGANISATIONS}/${orgId}/cohorts`, { name: 'Y1' });
      const invite = await trainer.post(`${ORGANISATIONS}/cohorts/${cohort.body.id}/invites`, {});
      expect((await member.post(`${ORGANISATIONS}/join`, { code: invite.body.code })).status).toBe(
        200,
      );
      const trainerId = (await trainer.get('/api/auth/me')).body.user.id as string;
      const shared = { visibility: 'organisation', organisationId: orgId };
      const x = await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'Soon private' },
        sharing: shared,
      });

      // Another scenario is being shared in a transaction that stays open: its time is taken now.
      let commitLate!: () => void;
      const late = new Promise<void>((resolve) => (commitLate = resolve));
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      const lateWrite = t.db.transaction(async (tx) => {
        const id = await insertOwnScenario(tx, {
          userId: trainerId,
          seed: { ...customSeed(), title: 'Shared late' },
        });
        await tx.query(
          `UPDATE scenarios SET visibility = 'organisation', organisation_id = $2 WHERE id = $1`,
          [id, orgId],
        );
        begun();
        await late;
      });
      await started;
      // A newer shared scenario, so neither of the others is the newest.
      await trainer.post(AUTHORING, {
        scenario: { ...customSeed(), title: 'Newest' },
        sharing: shared,
      });
      expect(titlesOf(await member.get('/api/scenarios'))).toContain('Soon private');

      const own = await trainer.get(`${AUTHORING}/${x.body.summary.id}`);
      const made = await trainer.post(`${AUTHORING}/${x.body.summary.id}`, {
        scenario: own.body.scenario,
        sharing: { visibility: 'private' },
      });
      expect(made.status, made.text).toBe(200);
      commitLate();
      await lateWrite;

      const titles = titlesOf(await member.get('/api/scenarios'));
      expect(titles).toContain('Shared late');
      expect(titles).not.toContain('Soon private');
    });
  },
);
