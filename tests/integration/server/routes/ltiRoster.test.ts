import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../helpers/freePort';
import { LTI_ROLE, type Membership } from '#server/lti/claims';
import {
  startLtiPlatform,
  type LtiPlatform,
  type StartedLaunch,
} from '../../../fixtures/ltiPlatform';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { CookieJar, launchThroughBrowser } from '../../../helpers/ltiLaunchClient';
import {
  createTestDb,
  printSkipNotice,
  routeDatabaseKinds,
  type TestDb,
} from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

printSkipNotice();

const learner = (sub: string, extra: Partial<Membership> = {}): Membership => ({
  user_id: sub,
  roles: [LTI_ROLE.learner],
  name: `Learner ${sub}`,
  email: `${sub}@school.example`,
  ...extra,
});

/**
 * Names and Roles Provisioning through the real server and the test platform (decision 051):
 * the trainer's "Sync roster from the course" brings the course's learners into the cohort
 * (every page of the roster), again changes nothing, lets inactive or departed learners go,
 * never touches an invited member, and is the cohort's trainer's alone. Co-instructors follow
 * the course's instructors (052, addendum): those who launched before are added, those the course
 * no longer lists as teaching removed; never the trainer, never one not linked at this issuer.
 */
describe.each(routeDatabaseKinds())('LTI roster sync on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  let platform: LtiPlatform;
  let trainer: HttpClient;
  let cohortId: string;
  let invitedId: string;
  let orgId: string;
  let trainerId: string;
  let unlinkedId: string;

  const sync = (client: HttpClient, id = cohortId) =>
    client.post(`/api/organisations/cohorts/${id}/lti/roster/sync`);
  /** The cohort's co-instructors: their `sub` here, or `unlinked:` and their name. */
  const coInstructors = async () =>
    (
      await t.db.query<{ subject: string | null; fullName: string }>(
        `SELECT e.subject, u.full_name AS "fullName" FROM cohort_instructors i
           JOIN users u ON u.id = i.user_id
           LEFT JOIN external_identities e ON e.user_id = i.user_id AND e.kind = 'lti'
                                          AND e.issuer = $2
          WHERE i.cohort_id = $1 ORDER BY e.subject NULLS FIRST`,
        [cohortId, platform.issuer],
      )
    ).map((row) => row.subject ?? `unlinked:${row.fullName}`);
  const instructor = (sub: string, extra: Partial<Membership> = {}): Membership => ({
    user_id: sub,
    roles: [LTI_ROLE.instructor],
    ...extra,
  });
  const counts = (
    joined: number,
    left: number,
    unchanged: number,
    coInstructorsAdded: number,
    coInstructorsRemoved: number,
  ) => ({ joined, left, unchanged, coInstructorsAdded, coInstructorsRemoved });

  const currentMembers = async () =>
    (
      await t.db.query<{ subject: string | null; fullName: string }>(
        `SELECT e.subject, u.full_name AS "fullName" FROM cohort_memberships m
           JOIN users u ON u.id = m.user_id
           LEFT JOIN external_identities e ON e.user_id = m.user_id AND e.kind = 'lti'
          WHERE m.cohort_id = $1 AND m.left_at IS NULL ORDER BY e.subject NULLS FIRST`,
        [cohortId],
      )
    ).map((row) => row.subject ?? `invited:${row.fullName}`);

  /** A browser's launch, signed in to ChairTalk as `cookie` (the trainer). */
  const launch = async (started: StartedLaunch, cookie: string) =>
    (
      await launchThroughBrowser(started, {
        toolUrl: server.url,
        platformIssuer: platform.issuer,
        jar: CookieJar.holding(cookie),
      })
    ).location;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await startTestServer(t.db, {
      PORT: String(port),
      PUBLIC_URL: url,
      LTI_ALLOW_HTTP: 'true',
    });
    platform = await startLtiPlatform({
      tool: {
        loginUrl: `${url}/lti/login`,
        launchUrl: `${url}/lti/launch`,
        jwksUrl: `${url}/lti/jwks`,
      },
      deploymentIds: ['deployment-1'],
      membershipPageSize: 2,
    });
    trainer = await signedInClient(server.url, 'Dr Trainer');
    orgId = (await trainer.post('/api/organisations', { name: 'LMS School' })).body.id;
    const made = await trainer.post(`/api/organisations/${orgId}/lti/platforms`, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      authUrl: platform.authorizationUrl,
      jwksUrl: platform.jwksUrl,
      tokenUrl: platform.tokenUrl,
      deploymentIds: [...platform.deploymentIds],
    });
    expect(made.status).toBe(201);

    // The instructor's first launch makes the course's cohort and keeps its memberships URL.
    // Its own roster sync finds an empty roster (which removes no one); it is awaited by
    // waiting for the platform to have served that roster, so it cannot race what follows.
    const location = await launch(
      platform.startLaunch({ user: { sub: 'teacher-1' }, roles: [LTI_ROLE.instructor] }),
      trainer.cookie!,
    );
    expect(location).toBe('/organisations');
    while (!platform.requests.some((r) => r.path.endsWith('/memberships')))
      await new Promise((resolve) => setImmediate(resolve));
    [{ cohortId }] = (await t.db.query<{ cohortId: string }>(
      `SELECT cohort_id AS "cohortId" FROM lti_contexts`,
    )) as [{ cohortId: string }];

    // A member who joined by invite: not the course's to remove.
    const invited = await signedInClient(server.url, 'Invited Ivy');
    const invite = await trainer.post(`/api/organisations/cohorts/${cohortId}/invites`, {});
    expect((await invited.post('/api/organisations/join', { code: invite.body.code })).status).toBe(
      200,
    );
    invitedId = (await invited.get('/api/auth/me')).body.user.id;
    trainerId = (await trainer.get('/api/auth/me')).body.user.id;
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await server?.close({ keepDb: true });
    await t?.drop();
  });

  it('brings every page of active learners in, with accounts linked to their LMS identity', async () => {
    platform.setRoster('course-1', [
      { user_id: 'teacher-1', roles: [LTI_ROLE.instructor] },
      learner('s1'),
      learner('s2'),
      learner('s3'),
      learner('s4', { status: 'Inactive' }),
    ]);
    const first = await sync(trainer);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      joined: 3,
      left: 0,
      unchanged: 0,
      coInstructorsAdded: 0,
      coInstructorsRemoved: 0,
    });
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 's1', 's2', 's3']);
    const [account] = await t.db.query<{ email: string; fullName: string; hash: string | null }>(
      `SELECT u.email, u.full_name AS "fullName", u.password_hash AS hash FROM users u
         JOIN external_identities e ON e.user_id = u.id
        WHERE e.kind = 'lti' AND e.issuer = $1 AND e.subject = 's2'`,
      [platform.issuer],
    );
    expect(account).toEqual({ email: 's2@school.example', fullName: 'Learner s2', hash: null });
    // Three pages of two: every page was read.
    expect(
      platform.requests.filter((r) => r.path.endsWith('/memberships')).length,
    ).toBeGreaterThanOrEqual(4);
    // The instructor was not made a trainee (nor anything else).
    const [teacher] = await t.db.query(
      `SELECT 1 FROM external_identities WHERE kind = 'lti' AND subject = 'teacher-1'
         AND user_id IN (SELECT user_id FROM cohort_memberships WHERE cohort_id = $1)`,
      [cohortId],
    );
    expect(teacher).toBeUndefined();
  });

  it('changes nothing when synced again', async () => {
    const users = await t.db.query(`SELECT count(*)::int AS n FROM users`);
    const again = await sync(trainer);
    expect(again.body).toEqual({
      joined: 0,
      left: 0,
      unchanged: 3,
      coInstructorsAdded: 0,
      coInstructorsRemoved: 0,
    });
    expect(await t.db.query(`SELECT count(*)::int AS n FROM users`)).toEqual(users);
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 's1', 's2', 's3']);
  });

  it('lets inactive and departed learners leave, and never the invited member', async () => {
    platform.setRoster('course-1', [learner('s1'), learner('s2', { status: 'Inactive' })]);
    const result = await sync(trainer);
    expect(result.body).toEqual({
      joined: 0,
      left: 2,
      unchanged: 1,
      coInstructorsAdded: 0,
      coInstructorsRemoved: 0,
    });
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 's1']);
    const [invited] = await t.db.query<{ leftAt: unknown }>(
      `SELECT left_at AS "leftAt" FROM cohort_memberships WHERE cohort_id = $1 AND user_id = $2`,
      [cohortId, invitedId],
    );
    expect(invited!.leftAt).toBeNull();
  });

  it('answers a platform failure with a clear 502 and changes nothing', async () => {
    platform.setRoster('course-1', []);
    platform.queueFault({ endpoint: 'memberships', kind: 'status', status: 500 });
    const failed = await sync(trainer);
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('bad_gateway:lti_roster');
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 's1']);
  });

  it('answers 409 for a cohort without a course roster, and 404 to anyone but its trainer', async () => {
    const plain = await trainer.post(`/api/organisations/${orgId}/cohorts`, { name: 'Plain' });
    const refused = await sync(trainer, plain.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict:lti_no_roster');

    const otherTrainer = await signedInClient(server.url, 'Other Trainer');
    await otherTrainer.post('/api/organisations', { name: 'Elsewhere' });
    expect((await sync(otherTrainer)).status).toBe(404);
    expect((await sync(new HttpClient(server.url))).status).toBe(401);
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 's1']);
  });

  it('adds the course instructors who launched before as co-instructors, never the trainer, and makes no account', async () => {
    // teacher-2 and teacher-3 launched once, from another course of this platform that shares no
    // roster (so no sync of their own races this one): their accounts are linked here.
    const jars = new Map<string, CookieJar>();
    for (const [sub, roles] of [
      ['teacher-2', [LTI_ROLE.instructor]],
      ['teacher-3', [LTI_ROLE.teachingAssistant]],
    ] as const) {
      const landed = await launchThroughBrowser(
        platform.startLaunch({
          user: { sub },
          roles: [...roles],
          course: { id: 'side' },
          nrps: false,
        }),
        { toolUrl: server.url, platformIssuer: platform.issuer },
      );
      expect(landed.location).toBe('/organisations');
      jars.set(sub, landed.jar);
    }
    // A co-instructor with no LMS identity at this platform (made as another platform's launch
    // would make one): the course's roster says nothing about them.
    const unlinked = await signedInClient(server.url, 'Dr Unlinked');
    unlinkedId = (await unlinked.get('/api/auth/me')).body.user.id;
    await t.db.query(`INSERT INTO cohort_instructors (cohort_id, user_id) VALUES ($1, $2)`, [
      cohortId,
      unlinkedId,
    ]);
    const users = await t.db.query(`SELECT count(*)::int AS n FROM users`);

    platform.setRoster('course-1', [
      instructor('teacher-1'),
      instructor('teacher-2'),
      instructor('teacher-3', { roles: [LTI_ROLE.teachingAssistant] }),
      instructor('never-launched'),
      learner('s1'),
    ]);
    const result = await sync(trainer);
    expect(result.status).toBe(200);
    expect(result.body).toEqual(counts(0, 0, 1, 2, 0));
    expect(await coInstructors()).toEqual(['unlinked:Dr Unlinked', 'teacher-2', 'teacher-3']);
    // No account for the instructor who never launched: their first launch makes or links it.
    expect(await t.db.query(`SELECT count(*)::int AS n FROM users`)).toEqual(users);
    // The trainer (teacher-1) is the owner, not a co-instructor of their own cohort.
    const [owner] = await t.db.query(
      `SELECT 1 FROM cohort_instructors WHERE cohort_id = $1 AND user_id = $2`,
      [cohortId, trainerId],
    );
    expect(owner).toBeUndefined();

    // What the added co-instructor sees: the cohort under "Courses you co-teach".
    const mine = await fetch(`${server.url}/api/organisations`, {
      headers: { cookie: jars.get('teacher-2')!.header() },
    });
    const page = (await mine.json()) as { coTeaching: { id: string }[] };
    expect(page.coTeaching.map((cohort) => cohort.id)).toContain(cohortId);

    expect((await sync(trainer)).body).toEqual(counts(0, 0, 1, 0, 0));
  });

  it('removes co-instructors the course lists as Inactive or as learners, and a learner who now teaches changes sides', async () => {
    platform.setRoster('course-1', [
      instructor('teacher-1'),
      instructor('teacher-2', { status: 'Inactive' }),
      learner('teacher-3'),
      instructor('s1'),
    ]);
    const result = await sync(trainer);
    // s1 leaves the trainees and becomes a co-instructor; teacher-3 the reverse.
    expect(result.body).toEqual(counts(1, 1, 0, 1, 2));
    expect(await coInstructors()).toEqual(['unlinked:Dr Unlinked', 's1']);
    expect(await currentMembers()).toEqual(['invited:Invited Ivy', 'teacher-3']);
    // The trainer still owns, and syncs, the cohort.
    const [org] = await t.db.query<{ trainerId: string }>(
      `SELECT trainer_id AS "trainerId" FROM organisations WHERE id = $1`,
      [orgId],
    );
    expect(org!.trainerId).toBe(trainerId);
  });

  it('an empty roster removes no co-instructor; one that no longer lists them does, never the unlinked one', async () => {
    platform.setRoster('course-1', []);
    expect((await sync(trainer)).body).toEqual(counts(0, 0, 1, 0, 0));
    expect(await coInstructors()).toEqual(['unlinked:Dr Unlinked', 's1']);

    platform.setRoster('course-1', [instructor('teacher-1')]);
    expect((await sync(trainer)).body).toEqual(counts(0, 1, 0, 0, 1));
    expect(await coInstructors()).toEqual(['unlinked:Dr Unlinked']);
    expect(await currentMembers()).toEqual(['invited:Invited Ivy']);
  });
});
