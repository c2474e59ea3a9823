import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { say } from '../../../helpers/conversations';
import { trainerConversationResponse } from '#shared/api/organisations';
import { ORGANISATION_LIMITS } from '#shared/organisations';
import type { ERRORS } from '#shared/errors';

/**
 * Issue 22: nothing bounded how many organisations, cohorts, invites or comments one user made
 * (120 of each were accepted; 120 comments of 2,000 characters made one conversation detail
 * 268 KB). Each bound is counted in the database inside one transaction that first locks the
 * row the things belong to, so requests racing past it on several connections (PostgreSQL,
 * Neon) cannot all pass.
 */

printSkipNotice();

const BASE = '/api/organisations';
const COHORTS = 3;
const COMMENTS_PER_DAY = 4;

type Response = { status: number; body: any; headers: Headers; text: string };

/** Refused at the bound: a 409 with the limit's code and a sentence naming the figure. */
function expectLimit(response: Response, code: keyof typeof ERRORS, figure: number) {
  expect(response.status, response.text).toBe(409);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message).toContain(String(figure));
}

/** Of requests sent together at one below a bound, exactly one is made; the rest are refused. */
async function oneOf(requests: Array<Promise<Response>>, code: keyof typeof ERRORS) {
  const responses = await Promise.all(requests);
  const made = responses.filter((r) => r.status === 201);
  const refused = responses.filter((r) => r.status === 409);
  expect(made, responses.map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
  expect(refused).toHaveLength(requests.length - 1);
  for (const r of refused) expect(r.body.error.code).toBe(code);
}

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Array.from({ length: n }, (_, i) => make(i));

async function inSequence<T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await make(i));
  return out;
}

describe.each(routeDatabaseKinds())('organisation limits on %s', (kind) => {
  const { server } = useTestServer(kind, { env: { COHORTS_PER_ORGANISATION: String(COHORTS) } });

  const createOrganisation = (trainer: HttpClient, i: number) =>
    trainer.post(BASE, { name: `School ${i}` });

  it('organisations per trainer: the bound is a 409, even for requests sent together', async () => {
    const trainer = await signedInClient(server.url, 'Dr Busy');
    const max = ORGANISATION_LIMITS.organisationsPerTrainer;
    for (const made of await inSequence(max - 1, (i) => createOrganisation(trainer, i))) {
      expect(made.status, made.text).toBe(201);
    }
    await oneOf(
      times(6, (i) => createOrganisation(trainer, 100 + i)),
      'limit:organisations',
    );
    expectLimit(await createOrganisation(trainer, 200), 'limit:organisations', max);
    const mine = await trainer.get(BASE);
    expect(mine.body.training).toHaveLength(max);
    // Another trainer is not held by this one's organisations.
    const other = await signedInClient(server.url, 'Dr Other');
    expect((await createOrganisation(other, 0)).status).toBe(201);
  });

  it('cohorts per organisation (COHORTS_PER_ORGANISATION): a 409 past it, for requests sent together too', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const org = (await createOrganisation(trainer, 0)).body.id as string;
    const cohort = (i: number) => trainer.post(`${BASE}/${org}/cohorts`, { name: `Year ${i}` });
    for (const made of await inSequence(COHORTS - 1, cohort)) expect(made.status).toBe(201);
    await oneOf(
      times(6, (i) => cohort(10 + i)),
      'limit:cohorts',
    );
    expectLimit(await cohort(20), 'limit:cohorts', COHORTS);
    // The bound is per organisation.
    const second = (await createOrganisation(trainer, 1)).body.id as string;
    expect((await trainer.post(`${BASE}/${second}/cohorts`, { name: 'Year 1' })).status).toBe(201);
  });

  it('live invites per cohort: revoking or expiry frees a place', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const org = (await createOrganisation(trainer, 0)).body.id as string;
    const cohort = (await trainer.post(`${BASE}/${org}/cohorts`, { name: 'Year 3' })).body
      .id as string;
    const invite = () => trainer.post(`${BASE}/cohorts/${cohort}/invites`, {});
    const max = ORGANISATION_LIMITS.liveInvitesPerCohort;
    const made = await inSequence(max - 1, invite);
    for (const m of made) expect(m.status, m.text).toBe(201);
    await oneOf(times(6, invite), 'limit:invites');
    expectLimit(await invite(), 'limit:invites', max);
    const revoked = await trainer.post(`${BASE}/invites/${made[0]!.body.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await invite()).status).toBe(201);
    expectLimit(await invite(), 'limit:invites', max);
    await server.services.db.query(
      `UPDATE cohort_invites SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [made[1]!.body.id],
    );
    expect((await invite()).status).toBe(201);
  });

  it('comments per conversation and organisation: a 409 past it; another organisation has its own', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Second School');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    for (const who of [trainer, other]) {
      const org = (await createOrganisation(who, 0)).body.id as string;
      const cohort = (await who.post(`${BASE}/${org}/cohorts`, { name: 'Year 3' })).body.id;
      const code = (await who.post(`${BASE}/cohorts/${cohort}/invites`, {})).body.code;
      expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);
    }
    const scenarioId = (await trainee.get('/api/scenarios')).body.scenarios[0].id;
    const session = (await trainee.post('/api/conversations', { scenarioId })).body.session
      .id as string;
    await say(trainee, session, ['What worries you most about the treatment?']);
    const messageId = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${session}`)).body,
    ).messages[1]!.id;
    const comment = (who: HttpClient, i: number) =>
      who.post(`${BASE}/conversations/${session}/comments`, {
        messageId,
        comment: `Note ${i}: ${'x'.repeat(1900)}`,
      });
    const max = ORGANISATION_LIMITS.commentsPerConversation;
    for (const made of await inSequence(max - 1, (i) => comment(trainer, i))) {
      expect(made.status, made.text).toBe(201);
    }
    await oneOf(
      times(6, (i) => comment(trainer, 100 + i)),
      'limit:comments',
    );
    expectLimit(await comment(trainer, 200), 'limit:comments', max);
    // The other organisation's trainer is not held by the first one's comments.
    expect((await comment(other, 0)).status).toBe(201);
    const detail = await trainee.get(`/api/conversations/${session}`);
    expect(detail.body.review.comments).toHaveLength(max + 1);
  });
});

describe.each(routeDatabaseKinds())('comments per trainer per day on %s', (kind) => {
  const { server } = useTestServer(kind, {
    env: { TRAINER_COMMENTS_PER_DAY: String(COMMENTS_PER_DAY) },
  });

  it('past TRAINER_COMMENTS_PER_DAY, across conversations, a 429 with Retry-After', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const org = (await trainer.post(BASE, { name: 'School' })).body.id as string;
    const cohort = (await trainer.post(`${BASE}/${org}/cohorts`, { name: 'Year 3' })).body.id;
    const code = (await trainer.post(`${BASE}/cohorts/${cohort}/invites`, {})).body.code;
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);
    const scenarios = (await trainee.get('/api/scenarios')).body.scenarios;
    const turns: Array<{ session: string; messageId: string }> = [];
    for (const index of [0, 1]) {
      const session = (
        await trainee.post('/api/conversations', { scenarioId: scenarios[index].id })
      ).body.session.id as string;
      const messageId = trainerConversationResponse.parse(
        (await trainer.get(`${BASE}/conversations/${session}`)).body,
      ).messages[0]!.id;
      turns.push({ session, messageId });
    }
    const comment = (i: number) => {
      const { session, messageId } = turns[i % 2]!;
      return trainer.post(`${BASE}/conversations/${session}/comments`, {
        messageId,
        comment: `Note ${i}`,
      });
    };
    for (const made of await inSequence(COMMENTS_PER_DAY - 1, comment)) {
      expect(made.status, made.text).toBe(201);
    }
    const together = await Promise.all(times(5, (i) => comment(10 + i)));
    expect(together.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = together.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    const late = await comment(20);
    expect(late.status, late.text).toBe(429);
    expect(late.body.error.code).toBe('rate_limit:comments');
    expect(late.body.error.message).toContain(String(COMMENTS_PER_DAY));
    const wait = Number(late.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
    const stored = await server.services.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM turn_comments WHERE trainer_id = (
         SELECT id FROM users WHERE full_name = 'Dr Trainer' AND id IN (
           SELECT trainer_id FROM organisations WHERE id = $1))`,
      [org],
    );
    expect(stored[0]!.n).toBe(COMMENTS_PER_DAY);
    // A day later the oldest ones no longer count.
    await server.services.db.query(
      `UPDATE turn_comments SET created_at = created_at - interval '1 day'
        WHERE organisation_id = $1`,
      [org],
    );
    expect((await comment(21)).status).toBe(201);
  });
});
