import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../helpers/freePort';
import { LTI_ROLE } from '#server/lti/claims';
import { ASSIGNMENT_CUSTOM } from '#server/lti/launchFlow';
import {
  startLtiPlatform,
  type LaunchAttack,
  type LtiPlatform,
  type ResourceLinkLaunch,
  type StartedLaunch,
} from '../../../fixtures/ltiPlatform';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { CookieJar, launchThroughBrowser } from '../../../helpers/ltiLaunchClient';
import { say } from '../../../helpers/conversations';
import {
  createTestDb,
  printSkipNotice,
  routeDatabaseKinds,
  type TestDb,
} from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

printSkipNotice();

/**
 * Launches from LMSs through the real server and the test platform (decision 051): a learner
 * and an instructor land where they should, signed in; every forged, replayed, expired or
 * misdirected launch ends on the launch-failed page with its reason, signed in as nobody and
 * with nothing made; and one platform's launch never reaches another organisation.
 */
describe.each(routeDatabaseKinds())('LTI launches on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  let platform: LtiPlatform;
  let other: LtiPlatform;
  let trainer: HttpClient;
  let trainerId: string;
  let orgId: string;

  const register = async (client: HttpClient, organisationId: string, lms: LtiPlatform) => {
    const made = await client.post(`/api/organisations/${organisationId}/lti/platforms`, {
      issuer: lms.issuer,
      clientId: lms.clientId,
      authUrl: lms.authorizationUrl,
      jwksUrl: lms.jwksUrl,
      tokenUrl: lms.tokenUrl,
      deploymentIds: [...lms.deploymentIds],
    });
    if (made.status !== 201) throw new Error(`registration failed: ${made.text}`);
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await startTestServer(t.db, {
      PORT: String(port),
      PUBLIC_URL: url,
      LTI_ALLOW_HTTP: 'true',
      AUTH_ATTEMPTS_PER_ADDRESS: '500',
    });
    const tool = {
      loginUrl: `${url}/lti/login`,
      launchUrl: `${url}/lti/launch`,
      jwksUrl: `${url}/lti/jwks`,
    };
    platform = await startLtiPlatform({ tool, deploymentIds: ['deployment-1'] });
    other = await startLtiPlatform({
      tool,
      hostname: 'localhost',
      deploymentIds: ['deployment-1'],
    });
    trainer = await signedInClient(server.url, 'Dr Trainer');
    trainerId = (await trainer.get('/api/auth/me')).body.user.id;
    orgId = (await trainer.post('/api/organisations', { name: 'LMS School' })).body.id;
    await register(trainer, orgId, platform);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await other?.close();
    await server?.close({ keepDb: true });
    await t?.drop();
  });

  /** A browser going through a launch: login, the platform's form, our continue step. */
  const launch = (
    started: StartedLaunch,
    jar = new CookieJar(),
    options: { dropCookie?: boolean } = {},
  ) =>
    launchThroughBrowser(started, {
      toolUrl: server.url,
      platformIssuer: platform.issuer,
      jar,
      dropLoginCookie: options.dropCookie ?? false,
    });

  const signedInAs = async (jar: CookieJar) => {
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: jar.header() } });
    return me.status === 200
      ? ((await me.json()) as { user: { id: string; fullName: string } }).user
      : null;
  };

  const trainerJar = () => CookieJar.holding(trainer.cookie!);

  let cohortId: string;
  let assignmentId: string;
  let scenarioId: string;
  let conversationId: string;

  it('takes the registering trainer in as the instructor, linking their LMS identity once', async () => {
    const instructor = { sub: 'teacher-1', name: 'Teacher One' };
    // Signed in as the trainer: linked, and sent to the organisations page.
    const first = await launch(
      platform.startLaunch({ user: instructor, roles: [LTI_ROLE.instructor] }),
      trainerJar(),
    );
    expect(first.location).toBe('/organisations');
    // Later, from any browser, the identity signs the trainer in.
    const again = await launch(
      platform.startLaunch({ user: instructor, roles: [LTI_ROLE.instructor] }),
    );
    expect(again.location).toBe('/organisations');
    expect((await signedInAs(again.jar))?.id).toBe(trainerId);

    const [context] = await t.db.query<{ cohortId: string; name: string; organisationId: string }>(
      `SELECT x.cohort_id AS "cohortId", c.name, c.organisation_id AS "organisationId"
         FROM lti_contexts x JOIN cohorts c ON c.id = x.cohort_id
         JOIN lti_platforms p ON p.id = x.platform_id WHERE p.issuer = $1`,
      [platform.issuer],
    );
    expect(context).toMatchObject({ name: 'Course 1', organisationId: orgId });
    cohortId = context!.cohortId;
    const scenarios = (await trainer.get('/api/scenarios')).body.scenarios as Array<{ id: string }>;
    scenarioId = scenarios[1]!.id;
    const assigned = await trainer.post(`/api/organisations/cohorts/${cohortId}/assignments`, {
      scenarioId,
    });
    assignmentId = assigned.body.id;
  });

  const learnerLaunch = (over: Partial<ResourceLinkLaunch> = {}): ResourceLinkLaunch => ({
    user: { sub: 'learner-1', name: 'Lena Learner', email: 'Lena@Example.edu' },
    roles: [LTI_ROLE.learner],
    resourceLink: { id: 'link-1', title: 'Practice' },
    custom: { [ASSIGNMENT_CUSTOM]: assignmentId },
    ...over,
  });

  it("signs a learner in to a new account, makes them a trainee and opens the assignment's scenario", async () => {
    const item = platform.createLineItem('course-1', {
      label: 'Practice',
      scoreMaximum: 10,
      resourceLinkId: 'link-1',
    });
    const { location, jar } = await launch(platform.startLaunch(learnerLaunch()));
    expect(location).toBe(`/scenario/${scenarioId}`);
    const user = await signedInAs(jar);
    expect(user?.fullName).toBe('Lena Learner');
    const [row] = await t.db.query<{ email: string; password: string | null; verified: boolean }>(
      `SELECT email, password_hash AS password, email_verified_at IS NOT NULL AS verified
         FROM users WHERE id = $1`,
      [user!.id],
    );
    expect(row).toEqual({ email: 'lena@example.edu', password: null, verified: false });
    const members = await t.db.query(
      `SELECT 1 FROM cohort_memberships WHERE cohort_id = $1 AND user_id = $2 AND left_at IS NULL`,
      [cohortId, user!.id],
    );
    expect(members).toHaveLength(1);
    const [target] = await t.db.query<{ lineitem: string; lms: string }>(
      `SELECT lineitem_url AS lineitem, lms_user_id AS lms FROM lti_grade_targets
        WHERE assignment_id = $1 AND user_id = $2`,
      [assignmentId, user!.id],
    );
    expect(target).toEqual({ lineitem: item.id, lms: 'learner-1' });

    // The same person again: the same account, no second one.
    const again = await launch(platform.startLaunch(learnerLaunch()));
    expect((await signedInAs(again.jar))?.id).toBe(user!.id);
  });

  it("sends the graded score to the line item, then a trainer's override, retried after a 503 by another instance", async () => {
    const { jar } = await launch(platform.startLaunch(learnerLaunch()));
    const learner = new HttpClient(server.url);
    learner.cookie = [...jar.cookies].find(([name]) => name === 'chairtalk_session')!.join('=');
    const created = await learner.post('/api/conversations', { scenarioId });
    conversationId = created.body.session.id as string;
    await say(learner, conversationId, [
      'Hello, what brings you in today?',
      'Can you tell me more about what worries you?',
      'Shall we go through the options together?',
    ]);
    const ended = await learner.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    // The pass the grading started: its score reaches the platform.
    await server.services.ltiPassbacks.settle();
    const [graded] = platform.scores;
    expect(graded).toMatchObject({
      courseId: 'course-1',
      score: {
        userId: 'learner-1',
        scoreGiven: ended.body.feedback.overallScore,
        scoreMaximum: 10,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      },
    });
    expect(graded!.score.comment).toContain(`/conversation/${conversationId}`);

    // The trainer's override is owed too; the platform is down for it.
    platform.queueFault({ endpoint: 'scores', kind: 'status', status: 503 });
    const overridden = await trainer.post(
      `/api/organisations/conversations/${conversationId}/override`,
      { score: 9, comment: 'Well handled' },
    );
    expect(overridden.status).toBe(200);
    await server.services.ltiPassbacks.settle();
    expect(platform.scores).toHaveLength(1);
    const [pending] = await t.db.query<{ status: string; attempts: number; error: string }>(
      `SELECT status, attempts, last_error AS error FROM lti_grade_passbacks
        WHERE assignment_id = $1`,
      [assignmentId],
    );
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.error).toContain('503');

    // Another instance (or this one restarted) sends it once the back-off is over.
    const second = await startTestServer(t.db, { LTI_ALLOW_HTTP: 'true' });
    try {
      expect(await second.services.ltiPassbacks.runOnce(new Date())).toBe(0);
      const later = new Date(Date.now() + 10 * 60_000);
      expect(await second.services.ltiPassbacks.runOnce(later)).toBe(1);
    } finally {
      await second.close({ keepDb: true });
    }
    expect(platform.scores.at(-1)?.score).toMatchObject({ userId: 'learner-1', scoreGiven: 9 });
    const [sent] = await t.db.query<{ status: string }>(
      `SELECT status FROM lti_grade_passbacks WHERE assignment_id = $1`,
      [assignmentId],
    );
    expect(sent?.status).toBe('sent');

    // A score the platform refuses fails at once; the trainer sees it and sends it again.
    platform.queueFault({ endpoint: 'scores', kind: 'status', status: 400 });
    await trainer.post(`/api/organisations/conversations/${conversationId}/override`, {
      score: 4,
      comment: 'Missed the consent',
    });
    await server.services.ltiPassbacks.settle();
    const failed = await trainer.get(`/api/organisations/cohorts/${cohortId}/lti/passbacks`);
    expect(failed.status).toBe(200);
    expect(failed.body.passbacks).toEqual([
      expect.objectContaining({ fullName: 'Lena Learner', scoreGiven: 4, attempts: 1 }),
    ]);
    const { assignmentId: failedAssignment, userId } = failed.body.passbacks[0];
    const resent = await trainer.post(
      `/api/organisations/cohorts/${cohortId}/lti/passbacks/resend`,
      {
        assignmentId: failedAssignment,
        userId,
      },
    );
    expect(resent.status).toBe(204);
    await server.services.ltiPassbacks.settle();
    expect(platform.scores.at(-1)?.score).toMatchObject({ userId: 'learner-1', scoreGiven: 4 });
    const after = await trainer.get(`/api/organisations/cohorts/${cohortId}/lti/passbacks`);
    expect(after.body.passbacks).toEqual([]);
    const again = await trainer.post(
      `/api/organisations/cohorts/${cohortId}/lti/passbacks/resend`,
      {
        assignmentId: failedAssignment,
        userId,
      },
    );
    expect(again.status).toBe(404);
  });

  it("makes a second instructor a co-instructor of that course's cohort only, until the trainer removes them", async () => {
    const otherCohort = (
      await trainer.post(`/api/organisations/${orgId}/cohorts`, { name: 'Evening class' })
    ).body.id as string;
    const elsewhere = await signedInClient(server.url, 'Dr Elsewhere');
    const elsewhereOrg = (await elsewhere.post('/api/organisations', { name: 'Elsewhere' })).body
      .id as string;
    const elsewhereCohort = (
      await elsewhere.post(`/api/organisations/${elsewhereOrg}/cohorts`, { name: 'Theirs' })
    ).body.id as string;

    // Not signed in here and never linked: a new passwordless account, on the same page.
    const second = { sub: 'teacher-2', name: 'Teacher Two' };
    const landed = await launch(
      platform.startLaunch({
        user: second,
        roles: [LTI_ROLE.teachingAssistant],
      }),
    );
    expect(landed.location).toBe('/organisations');
    const me = await signedInAs(landed.jar);
    expect(me?.fullName).toBe('Teacher Two');
    expect(me?.id).not.toBe(trainerId);
    const co = new HttpClient(server.url);
    co.cookie = [...landed.jar.cookies].find(([name]) => name === 'chairtalk_session')!.join('=');

    // Their page lists that course's cohort, with its organisation; they train nothing.
    const mine = await co.get('/api/organisations');
    expect(mine.body.training).toEqual([]);
    expect(mine.body.memberships).toEqual([]);
    expect(mine.body.coTeaching).toEqual([
      expect.objectContaining({ id: cohortId, organisationName: 'LMS School', members: 1 }),
    ]);
    // The trainer sees them beside the cohort.
    const owned = (await trainer.get('/api/organisations')).body.training[0].cohorts;
    expect(owned.find((c: { id: string }) => c.id === cohortId).instructors).toEqual([
      expect.objectContaining({ userId: me!.id, fullName: 'Teacher Two' }),
    ]);

    // The cohort's work: its table, its summary, a member's conversation, its review.
    const table = await co.get(`/api/organisations/cohorts/${cohortId}/table`);
    expect(table.status).toBe(200);
    expect(JSON.stringify(table.body)).toContain('Lena Learner');
    expect((await co.get(`/api/organisations/cohorts/${cohortId}/summary`)).status).toBe(200);
    expect((await co.get(`/api/organisations/conversations/${conversationId}`)).status).toBe(200);
    expect((await co.get(`/api/organisations/cohorts/${cohortId}/lti/passbacks`)).status).toBe(200);
    const overridden = await co.post(
      `/api/organisations/conversations/${conversationId}/override`,
      {
        score: 7,
        comment: 'Second opinion',
      },
    );
    expect(overridden.status).toBe(200);
    // The override is the organisation's, and owed to the course's gradebook.
    await server.services.ltiPassbacks.settle();
    expect(platform.scores.at(-1)?.score).toMatchObject({ userId: 'learner-1', scoreGiven: 7 });
    const seenByTrainer = await trainer.get(`/api/organisations/conversations/${conversationId}`);
    expect(JSON.stringify(seenByTrainer.body)).toContain('Second opinion');

    // Nothing else: another cohort of the organisation, the organisation, its registrations,
    // another organisation, the trainer's owner-only routes.
    for (const path of [
      `/api/organisations/cohorts/${otherCohort}/table`,
      `/api/organisations/cohorts/${elsewhereCohort}/table`,
      `/api/organisations/${orgId}/lti/platforms`,
    ]) {
      expect((await co.get(path)).status, path).toBe(404);
    }
    expect((await co.post(`/api/organisations/${orgId}/name`, { name: 'Mine now' })).status).toBe(
      404,
    );
    expect((await co.request('DELETE', `/api/organisations/${orgId}`)).status).toBe(404);
    expect((await co.request('DELETE', `/api/organisations/cohorts/${cohortId}`)).status).toBe(404);
    expect(
      (await co.post(`/api/organisations/cohorts/${cohortId}/name`, { name: 'Renamed' })).status,
    ).toBe(404);
    expect(
      (await co.post(`/api/organisations/cohorts/${cohortId}/invites`, { days: 7 })).status,
    ).toBe(404);
    expect(
      (await co.request('DELETE', `/api/organisations/cohorts/${cohortId}/instructors/${me!.id}`))
        .status,
    ).toBe(404);

    // Again from the LMS: the same account, still one co-instructor row.
    const again = await launch(
      platform.startLaunch({ user: second, roles: [LTI_ROLE.instructor] }),
    );
    expect((await signedInAs(again.jar))?.id).toBe(me!.id);
    const rows = await t.db.query(`SELECT 1 FROM cohort_instructors WHERE user_id = $1`, [me!.id]);
    expect(rows).toHaveLength(1);

    // The trainer removes them: their access ends at once.
    const removed = await trainer.request(
      'DELETE',
      `/api/organisations/cohorts/${cohortId}/instructors/${me!.id}`,
    );
    expect(removed.status).toBe(204);
    expect((await co.get(`/api/organisations/cohorts/${cohortId}/table`)).status).toBe(404);
    expect((await co.get(`/api/organisations/conversations/${conversationId}`)).status).toBe(404);
    expect((await co.get('/api/organisations')).body.coTeaching).toEqual([]);
    expect(
      (
        await trainer.request(
          'DELETE',
          `/api/organisations/cohorts/${cohortId}/instructors/${me!.id}`,
        )
      ).status,
    ).toBe(404);
  });

  it("refuses an instructor launch by a current trainee of the course's cohort, linking nothing", async () => {
    // Lena is a trainee of the course; the LMS now calls her an instructor.
    const { location, jar } = await launch(
      platform.startLaunch({
        user: { sub: 'learner-1', name: 'Lena Learner' },
        roles: [LTI_ROLE.instructor],
      }),
    );
    expect(location).toBe('/lti/launch-failed?reason=trainee_of_course');
    expect(await signedInAs(jar)).toBe(null);
    const rows = await t.db.query(
      `SELECT 1 FROM cohort_instructors i JOIN external_identities e ON e.user_id = i.user_id
        WHERE e.subject = 'learner-1'`,
    );
    expect(rows).toEqual([]);
  });

  const refusals: Array<[string, LaunchAttack | undefined, string, { dropCookie?: boolean }?]> = [
    ['a forged signature', { foreignKey: true }, 'signature'],
    ['an expired id_token', { expired: true }, 'expired'],
    ['a replayed nonce', { nonce: 'previous' }, 'replayed'],
    ['an unregistered deployment', { deploymentId: 'deployment-9' }, 'deployment'],
    ['another audience', { audience: 'someone-else' }, 'signature'],
    ['another issuer', { issuer: 'https://evil.example' }, 'signature'],
    ['an altered state', { state: 'alter' }, 'state'],
    ['no state', { state: 'drop' }, 'state'],
    [
      'another LTI version',
      { claims: { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' } },
      'claims',
    ],
    ['a browser without the login cookie', undefined, 'cookie', { dropCookie: true }],
  ];

  it.each(refusals)(
    'refuses %s with a clear page, signing nobody in',
    async (_name, attack, reason, options) => {
      const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      const sub = `attacker-${reason}`;
      const { location, jar } = await launch(
        platform.startLaunch(
          learnerLaunch({ user: { sub, name: 'Mallory' }, ...(attack ? { attack } : {}) }),
        ),
        new CookieJar(),
        options,
      );
      expect(location).toBe(`/lti/launch-failed?reason=${reason}`);
      expect(await signedInAs(jar)).toBe(null);
      const after = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      expect(after[0]!.n).toBe(before[0]!.n);
      // The page is the client's: served, not an error status.
      expect((await fetch(`${server.url}${location}`)).status).toBeLessThan(500);
    },
  );

  it('refuses a login from an unknown issuer, and a posted launch nobody began', async () => {
    const unknown = await fetch(
      `${server.url}/lti/login?iss=${encodeURIComponent('https://nobody.example')}&login_hint=x&target_link_uri=${encodeURIComponent(`${server.url}/lti/launch`)}`,
      { redirect: 'manual' },
    );
    expect(unknown.headers.get('location')).toBe('/lti/launch-failed?reason=unknown_platform');
    const posted = await fetch(`${server.url}/lti/launch`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id_token=eyJhbGciOiJub25lIn0.e30.&state=whatever',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/lti/launch-failed?reason=state');
  });

  it("keeps another organisation's platform out of this organisation's courses and work", async () => {
    const owner = await signedInClient(server.url, 'Dr Other');
    const otherOrg = (await owner.post('/api/organisations', { name: 'Other School' })).body.id;
    await register(owner, otherOrg, other);
    // The same course id and a link claiming this organisation's assignment.
    const { location, jar } = await launch(
      other.startLaunch(
        learnerLaunch({
          user: { sub: 'learner-1', name: 'Same Sub' },
          resourceLink: { id: 'link-1' },
        }),
      ),
    );
    expect(location).toBe('/lti/launch-failed?reason=unknown_link');
    const intruder = await signedInAs(jar);
    // A different account from this platform's learner-1, and not in this organisation's cohort.
    const [ours] = await t.db.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM external_identities WHERE issuer = $1 AND subject = 'learner-1'`,
      [platform.issuer],
    );
    expect(intruder?.id ?? null).not.toBe(ours!.userId);
    const inOurs = await t.db.query(
      `SELECT 1 FROM cohort_memberships m JOIN users u ON u.id = m.user_id
        WHERE m.cohort_id = $1 AND u.full_name = 'Same Sub'`,
      [cohortId],
    );
    expect(inOurs).toEqual([]);
    const cohorts = await t.db.query<{ organisationId: string }>(
      `SELECT c.organisation_id AS "organisationId" FROM lti_contexts x
         JOIN cohorts c ON c.id = x.cohort_id JOIN lti_platforms p ON p.id = x.platform_id
        WHERE p.issuer = $1`,
      [other.issuer],
    );
    expect(cohorts).toEqual([{ organisationId: otherOrg }]);
  });
});
