import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_CLAIM, LTI_ROLE, type LtiResourceLinkItem } from '#server/lti/claims';
import { ASSIGNMENT_CUSTOM } from '#server/lti/launchFlow';
import { freePort } from '../../../helpers/freePort';
import {
  parseAutoSubmitForm,
  startLtiPlatform,
  type DeepLinkingLaunch,
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

/**
 * Deep linking through the real server and the test platform (decision 051): an instructor's
 * request lands on the picker, their choice becomes a cohort assignment and our signed
 * LtiDeepLinkingResponse, posted from a page whose CSP lets a form reach the platform only;
 * the platform verifies it against our keyset and places the link, which a learner then
 * launches into the scenario. A request is its instructor's alone, answered once, in time.
 */
describe.each(routeDatabaseKinds())('LTI deep linking on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  let platform: LtiPlatform;
  let trainer: HttpClient;
  let stranger: HttpClient;
  let orgId: string;
  let scenarios: Array<{ id: string; title: string }>;

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
    platform = await startLtiPlatform({
      // Another site than the tool, as an LMS is.
      hostname: 'localhost',
      deploymentIds: ['deployment-1'],
      tool: {
        loginUrl: `${url}/lti/login`,
        launchUrl: `${url}/lti/launch`,
        jwksUrl: `${url}/lti/jwks`,
      },
    });
    trainer = await signedInClient(server.url, 'Dr Linker');
    stranger = await signedInClient(server.url, 'Dr Stranger');
    orgId = (await trainer.post('/api/organisations', { name: 'Linking School' })).body.id;
    const made = await trainer.post(`/api/organisations/${orgId}/lti/platforms`, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      authUrl: platform.authorizationUrl,
      jwksUrl: platform.jwksUrl,
      tokenUrl: platform.tokenUrl,
      deploymentIds: [...platform.deploymentIds],
    });
    if (made.status !== 201) throw new Error(`registration failed: ${made.text}`);
    scenarios = (await trainer.get('/api/scenarios')).body.scenarios;
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    await server?.close({ keepDb: true });
    await t?.drop();
  });

  /** A browser through a launch: login, the platform's form, our continue step. */
  const launch = (started: StartedLaunch, jar = new CookieJar()) =>
    launchThroughBrowser(started, { toolUrl: server.url, platformIssuer: platform.issuer, jar });

  const trainerJar = () => CookieJar.holding(trainer.cookie!);

  const instructorRequest = (over: Partial<DeepLinkingLaunch> = {}): DeepLinkingLaunch => ({
    user: { sub: 'teacher-1', name: 'Dr Linker' },
    roles: [LTI_ROLE.instructor],
    ...over,
  });

  /** The instructor's request, landed on the picker: its id. */
  async function openPicker(over: Partial<DeepLinkingLaunch> = {}): Promise<string> {
    const { location } = await launch(
      platform.startDeepLinking(instructorRequest(over)),
      trainerJar(),
    );
    const match = /^\/lti\/deep-link\/([0-9a-f-]{36})$/.exec(location);
    if (!match) throw new Error(`not the picker: ${location}`);
    return match[1]!;
  }

  /** The posting page as the instructor's browser reads it. */
  const sendPage = (sendUrl: string, client: HttpClient = trainer) =>
    fetch(`${server.url}${sendUrl}`, { headers: client.cookie ? { cookie: client.cookie } : {} });

  /** What the browser's form post delivers to the platform. */
  async function postToPlatform(html: string) {
    const form = parseAutoSubmitForm(html);
    const answered = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
    });
    return { form, status: answered.status, record: platform.deepLinkReturns.at(-1)! };
  }

  it('places a chosen scenario: an assignment, a signed link the platform verifies, a learner launching into it', async () => {
    const id = await openPicker({ settings: { data: 'opaque-data-1' } });
    const picker = await trainer.get(`/api/lti/deep-links/${id}`);
    expect(picker.status).toBe(200);
    expect(picker.body.cohortName).toBe('Course 1');
    expect(picker.body.lineItem).toBe(true);
    const scenario = scenarios[2]!;
    expect(picker.body.scenarios.map((s: { id: string }) => s.id)).toContain(scenario.id);

    const chosen = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenario.id,
      dueAt: '2031-03-04T23:59:59.000Z',
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.sendUrl).toBe(`/lti/deep-link/${id}/send`);
    const [assignment] = await t.db.query<{ id: string; dueAt: Date | string }>(
      `SELECT a.id, a.due_at AS "dueAt" FROM cohort_assignments a
         JOIN lti_contexts x ON x.cohort_id = a.cohort_id WHERE a.scenario_id = $1`,
      [scenario.id],
    );
    expect(new Date(assignment!.dueAt).toISOString()).toBe('2031-03-04T23:59:59.000Z');

    const page = await sendPage(chosen.body.sendUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const { form, status, record } = await postToPlatform(html);
    expect(form.action).toBe(platform.deepLinkReturnUrl);
    expect(status).toBe(200);
    expect(record.error).toBe(null);

    // Signed with our current key, named by its kid, verified against our published keyset.
    const jwks = (await (await fetch(`${server.url}/lti/jwks`)).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(form.fields.JWT!, createLocalJWKSet(jwks), {
      issuer: platform.clientId,
      audience: platform.issuer,
    });
    const [current] = await t.db.query<{ kid: string }>(
      `SELECT kid FROM lti_tool_keys WHERE retired_at IS NULL`,
    );
    expect(decodeProtectedHeader(form.fields.JWT!).kid).toBe(current!.kid);
    expect(payload[LTI_CLAIM.data]).toBe('opaque-data-1');
    expect(payload[LTI_CLAIM.deploymentId]).toBe('deployment-1');
    const [placed] = record.placedLinks;
    const item = placed!.item as LtiResourceLinkItem;
    expect(item).toMatchObject({
      type: 'ltiResourceLink',
      title: scenario.title,
      url: `${server.url}/lti/launch`,
      custom: { [ASSIGNMENT_CUSTOM]: assignment!.id },
      lineItem: { scoreMaximum: 10, label: scenario.title },
      submission: { endDateTime: '2031-03-04T23:59:59.000Z' },
    });
    expect(placed!.lineItem?.scoreMaximum).toBe(10);

    // A learner launching the placed link lands on the scenario, its line item their grade target.
    const { location, jar } = await launch(
      platform.startLaunch({
        user: { sub: 'learner-1', name: 'Lena Learner' },
        roles: [LTI_ROLE.learner],
        resourceLink: { id: placed!.resourceLinkId, title: item.title },
        ...(item.custom ? { custom: item.custom } : {}),
      }),
    );
    expect(location).toBe(`/scenario/${scenario.id}`);
    expect(jar.cookies.has('chairtalk_session')).toBe(true);
    const targets = await t.db.query<{ lineitem: string }>(
      `SELECT lineitem_url AS lineitem FROM lti_grade_targets WHERE assignment_id = $1`,
      [assignment!.id],
    );
    expect(targets).toEqual([{ lineitem: placed!.lineItem!.id }]);

    // One use: the picker, a second answer and the posting page are gone.
    expect((await trainer.get(`/api/lti/deep-links/${id}`)).status).toBe(404);
    const again = await trainer.post(`/api/lti/deep-links/${id}`, { scenarioId: scenario.id });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found:lti_deep_link');
    const replay = await sendPage(chosen.body.sendUrl);
    expect(replay.status).toBe(404);
    expect(await replay.text()).not.toContain('name="JWT"');
  });

  it('posts from a page whose CSP lets forms reach exactly the return URL’s origin', async () => {
    const id = await openPicker();
    const chosen = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenarios[0]!.id,
    });
    const page = await sendPage(chosen.body.sendUrl);
    const csp = page.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['form-action']).toEqual([new URL(platform.deepLinkReturnUrl).origin]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'none'"]);
    // The one script runs by the page's nonce; nothing else may.
    const nonce = /<script nonce="([^"]+)">/.exec(await page.text())?.[1];
    expect(directives['script-src']).toEqual([`'nonce-${nonce}'`]);
  });

  it('sends no line item to a platform that ignores them, and no data when it sent none', async () => {
    const id = await openPicker({ settings: { accept_lineitem: false, data: undefined } });
    const picker = await trainer.get(`/api/lti/deep-links/${id}`);
    expect(picker.body.lineItem).toBe(false);
    const chosen = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenarios[3]!.id,
    });
    const { status, record, form } = await postToPlatform(
      await (await sendPage(chosen.body.sendUrl)).text(),
    );
    expect(status).toBe(200);
    expect(record.error).toBe(null);
    const item = record.placedLinks[0]!.item as LtiResourceLinkItem;
    expect(item.lineItem).toBeUndefined();
    expect(item.submission).toBeUndefined();
    expect(record.placedLinks[0]!.lineItem).toBe(null);
    const { payload } = await jwtVerify(
      form.fields.JWT!,
      createLocalJWKSet((await (await fetch(`${server.url}/lti/jwks`)).json()) as JSONWebKeySet),
    );
    expect(LTI_CLAIM.data in payload).toBe(false);
  });

  it('sends an empty answer when the instructor cancels, and creates nothing', async () => {
    const before = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cohort_assignments`,
    );
    const id = await openPicker();
    const cancelled = await trainer.post(`/api/lti/deep-links/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    const { status, record, form } = await postToPlatform(
      await (await sendPage(cancelled.body.sendUrl)).text(),
    );
    expect(status).toBe(200);
    expect(record.error).toBe(null);
    expect(record.contentItems).toEqual([]);
    expect(record.placedLinks).toEqual([]);
    const { payload } = await jwtVerify(
      form.fields.JWT!,
      createLocalJWKSet((await (await fetch(`${server.url}/lti/jwks`)).json()) as JSONWebKeySet),
    );
    expect(payload[LTI_CLAIM.contentItems]).toEqual([]);
    const after = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cohort_assignments`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await trainer.post(`/api/lti/deep-links/${id}/cancel`)).status).toBe(404);
  });

  it('answers anyone but the requesting instructor 404, and leaves the request usable', async () => {
    const id = await openPicker();
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get(`/api/lti/deep-links/${id}`)).status).toBe(401);
    for (const attempt of [
      () => stranger.get(`/api/lti/deep-links/${id}`),
      () => stranger.post(`/api/lti/deep-links/${id}`, { scenarioId: scenarios[0]!.id }),
      () => stranger.post(`/api/lti/deep-links/${id}/cancel`),
    ]) {
      const answer = await attempt();
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found:lti_deep_link');
    }
    expect((await trainer.get(`/api/lti/deep-links/not-an-id`)).status).toBe(404);
    // A scenario the instructor may not assign is not found; the request still stands.
    const unknown = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found:scenario');
    const chosen = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenarios[0]!.id,
    });
    expect(chosen.status).toBe(200);
    // The posting page is the instructor's too: another account sees nothing to send.
    const theirs = await sendPage(chosen.body.sendUrl, stranger);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain('name="JWT"');
    expect((await sendPage(chosen.body.sendUrl)).status).toBe(200);
  });

  it('lets a co-instructor of the course place a link too (decision 052), into that course only', async () => {
    // A second instructor, not signed in here: the launch makes their account a co-instructor.
    const { location, jar } = await launch(
      platform.startDeepLinking({
        user: { sub: 'co-teacher-1', name: 'Dr Helper' },
        roles: [LTI_ROLE.instructor],
      }),
    );
    const match = /^\/lti\/deep-link\/([0-9a-f-]{36})$/.exec(location);
    expect(match, location).not.toBe(null);
    const id = match![1]!;
    const coInstructor = new HttpClient(server.url);
    coInstructor.cookie = `chairtalk_session=${jar.cookies.get('chairtalk_session')}`;
    const picker = await coInstructor.get(`/api/lti/deep-links/${id}`);
    expect(picker.status).toBe(200);
    expect(picker.body.cohortName).toBe('Course 1');
    // The organisation's trainer did not make this request: it is not theirs to answer.
    expect((await trainer.get(`/api/lti/deep-links/${id}`)).status).toBe(404);
    const scenario = scenarios[3]!;
    const chosen = await coInstructor.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenario.id,
    });
    expect(chosen.status).toBe(200);
    const rows = await t.db.query<{ cohortId: string }>(
      `SELECT a.cohort_id AS "cohortId" FROM cohort_assignments a
         JOIN lti_contexts x ON x.cohort_id = a.cohort_id WHERE a.scenario_id = $1`,
      [scenario.id],
    );
    expect(rows).toHaveLength(1);
    const [taught] = await t.db.query<{ cohortId: string }>(
      `SELECT i.cohort_id AS "cohortId" FROM cohort_instructors i
         JOIN external_identities e ON e.user_id = i.user_id WHERE e.subject = 'co-teacher-1'`,
    );
    expect(rows[0]!.cohortId).toBe(taught!.cohortId);
    const { record } = await postToPlatform(
      await (await sendPage(chosen.body.sendUrl, coInstructor)).text(),
    );
    expect(record.error).toBe(null);
    expect(record.placedLinks).toHaveLength(1);
  });

  it('refuses an expired request with a clear answer', async () => {
    const id = await openPicker();
    await t.db.query(
      `UPDATE lti_deep_links SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    const picker = await trainer.get(`/api/lti/deep-links/${id}`);
    expect(picker.status).toBe(409);
    expect(picker.body.error.code).toBe('conflict:lti_deep_link_expired');
    const chosen = await trainer.post(`/api/lti/deep-links/${id}`, {
      scenarioId: scenarios[0]!.id,
    });
    expect(chosen.body.error.code).toBe('conflict:lti_deep_link_expired');
    const [row] = await t.db.query<{ answered: boolean }>(
      `SELECT answered_at IS NOT NULL AS answered FROM lti_deep_links WHERE id = $1`,
      [id],
    );
    expect(row?.answered).toBe(false);
  });

  it('refuses a platform taking no LTI links, and a learner asking to place one, with a page', async () => {
    const rows = async () =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lti_deep_links`))[0]!.n;
    const before = await rows();
    const noLinks = await launch(
      platform.startDeepLinking(
        instructorRequest({ settings: { accept_types: ['link', 'file'] } }),
      ),
      trainerJar(),
    );
    expect(noLinks.location).toBe('/lti/launch-failed?reason=deep_link_types');
    const learner = await launch(
      platform.startDeepLinking({
        user: { sub: 'learner-9', name: 'Lee Learner' },
        roles: [LTI_ROLE.learner],
      }),
    );
    expect(learner.location).toBe('/lti/launch-failed?reason=claims');
    expect(await rows()).toBe(before);
  });
});
