import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { customSeed } from '../../../helpers/customScenario';
import { say } from '../../../helpers/conversations';
import {
  classSummaryResponse,
  cohortTableResponse,
  memberConversationsResponse,
  myOrganisationsResponse,
} from '#shared/api/organisations';

/**
 * Decision 044: a trainer renames and deletes what they run and removes a trainee from a cohort;
 * opens a member's every conversation from while a member; reads the cohort's class summary.
 * Only the organisation's trainer may; everyone else gets the 404 an unknown id gets.
 */

printSkipNotice();

const BASE = '/api/organisations';

const del = (client: HttpClient, path: string) => client.request('DELETE', path);
const idOf = async (client: HttpClient) =>
  (await client.get('/api/auth/me')).body.user.id as string;

describe.each(routeDatabaseKinds())('managing cohorts and reading a class on %s', (kind) => {
  const { server, testDb } = useTestServer(kind);

  async function course(trainer: HttpClient, name = 'Dental School') {
    const org = await trainer.post(BASE, { name });
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
    const invite = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
    expect(invite.status, invite.text).toBe(201);
    return {
      orgId: org.body.id as string,
      cohortId: cohort.body.id as string,
      code: invite.body.code as string,
    };
  }

  /** A graded conversation of `user` on `scenarioId`. */
  async function graded(user: HttpClient, scenarioId: string): Promise<string> {
    const open = await user.post('/api/conversations', { scenarioId });
    expect(open.status, open.text).toBe(201);
    const id = open.body.session.id as string;
    await say(user, id, [
      'Hello, what brings you in today?',
      'That sounds worrying. What concerns you most about it?',
      'Would it help if we went through the costs together?',
    ]);
    const ended = await user.post(`/api/conversations/${id}/end`);
    expect(ended.status, ended.text).toBe(200);
    return id;
  }

  const scenarioIds = async (user: HttpClient) =>
    (await user.get('/api/scenarios')).body.scenarios.map((s: { id: string }) => s.id) as string[];

  it('renames: only the trainer; another trainer and a trainee get 404, even with a bad body', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Other');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { orgId, cohortId, code } = await course(trainer);
    await trainee.post(`${BASE}/join`, { code });

    for (const who of [other, trainee]) {
      for (const body of [{ name: 'Taken over' }, { name: '' }, {}]) {
        expect((await who.post(`${BASE}/${orgId}/name`, body)).status).toBe(404);
        expect((await who.post(`${BASE}/cohorts/${cohortId}/name`, body)).status).toBe(404);
      }
    }
    expect((await trainer.post(`${BASE}/${orgId}/name`, { name: '' })).status).toBe(400);
    const renamed = await trainer.post(`${BASE}/${orgId}/name`, { name: '  Smile School ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ id: orgId, name: 'Smile School' });
    const cohort = await trainer.post(`${BASE}/cohorts/${cohortId}/name`, { name: 'Year 4' });
    expect(cohort.body).toEqual({ id: cohortId, organisationId: orgId, name: 'Year 4' });
    const seen = myOrganisationsResponse.parse((await trainee.get(BASE)).body);
    expect(seen.memberships[0]).toMatchObject({
      organisationName: 'Smile School',
      cohortName: 'Year 4',
    });
  });

  it("removing a trainee ends their period: the work from before stays the trainer's, nothing after", async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Other');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { cohortId, code } = await course(trainer);
    const [first, second, third] = await scenarioIds(trainee);
    const before = await graded(trainee, first!);
    await trainee.post(`${BASE}/join`, { code });
    await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, { scenarioId: first });
    // Assigned and not: both are work done while a member.
    const assigned = await graded(trainee, first!);
    const free = await graded(trainee, second!);
    const userId = await idOf(trainee);
    const member = `${BASE}/cohorts/${cohortId}/members/${userId}`;

    for (const who of [other, trainee]) {
      expect((await who.get(member)).status).toBe(404);
      expect((await del(who, member)).status).toBe(404);
    }
    const read = memberConversationsResponse.parse((await trainer.get(member)).body);
    expect(read.member).toMatchObject({ id: userId, fullName: 'Dr Trainee' });
    expect(read.member.periods).toHaveLength(1);
    expect(read.conversations.map((c) => [c.id, c.assigned])).toEqual([
      [free, false],
      [assigned, true],
    ]);
    expect(read.conversations.every((c) => c.score !== null && c.endedAt !== null)).toBe(true);
    const opened = await trainer.get(`${BASE}/conversations/${free}`);
    expect(opened.status, opened.text).toBe(200);

    expect((await del(trainer, member)).status).toBe(204);
    expect((await del(trainer, member)).status).toBe(404);
    expect((await trainee.get(`${BASE}/assignments`)).body.assignments).toEqual([]);
    const after = await graded(trainee, third!);
    const still = memberConversationsResponse.parse((await trainer.get(member)).body);
    expect(still.conversations.map((c) => c.id)).toEqual([free, assigned]);
    expect(still.member.periods[0]!.leftAt).not.toBeNull();
    expect((await trainer.get(`${BASE}/conversations/${after}`)).status).toBe(404);
    expect((await trainer.get(`${BASE}/conversations/${before}`)).status).toBe(404);

    const mine = myOrganisationsResponse.parse((await trainer.get(BASE)).body);
    expect(mine.training[0]!.cohorts[0]).toMatchObject({ members: 0, former: 1 });
    const table = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
    );
    expect(table.rows.map((r) => [r.fullName, r.done, r.leftAt !== null])).toEqual([
      ['Dr Trainee', 1, true],
    ]);
    // Never a member, or an id that is nobody: the same 404.
    expect(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/members/${await idOf(other)}`)).status,
    ).toBe(404);
    expect((await trainer.get(`${BASE}/cohorts/${cohortId}/members/not-an-id`)).status).toBe(404);
    // Joining again with a live code opens a new period.
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);
    const again = memberConversationsResponse.parse((await trainer.get(member)).body);
    expect(again.member.periods).toHaveLength(2);
  });

  it("deleting a cohort removes its members, invites and assignments; conversations and the organisation's scores stay", async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Other');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { cohortId, code } = await course(trainer);
    const [first] = await scenarioIds(trainee);
    await trainee.post(`${BASE}/join`, { code });
    await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, { scenarioId: first });
    const id = await graded(trainee, first!);
    await trainer.post(`${BASE}/conversations/${id}/override`, { score: 3, comment: 'Slow down.' });

    expect((await del(other, `${BASE}/cohorts/${cohortId}`)).status).toBe(404);
    expect((await del(trainee, `${BASE}/cohorts/${cohortId}`)).status).toBe(404);
    expect((await del(trainer, `${BASE}/cohorts/${cohortId}`)).status).toBe(204);
    expect((await del(trainer, `${BASE}/cohorts/${cohortId}`)).status).toBe(404);
    expect((await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).status).toBe(404);
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(404);
    expect(myOrganisationsResponse.parse((await trainee.get(BASE)).body).memberships).toEqual([]);
    const own = await trainee.get(`/api/conversations/${id}`);
    expect(own.status).toBe(200);
    expect(own.body.review.overrides.map((o: { score: number }) => o.score)).toEqual([3]);
    const [left] = await testDb.db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM cohort_memberships WHERE cohort_id = $1)
            + (SELECT count(*)::int FROM cohort_invites WHERE cohort_id = $1)
            + (SELECT count(*)::int FROM cohort_assignments WHERE cohort_id = $1) AS n`,
      [cohortId],
    );
    expect(left!.n).toBe(0);
  });

  it('deleting an organisation: its scores go, its shared scenarios go back to their author, conversations stay', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Other');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { orgId, cohortId, code } = await course(trainer);
    const own = await trainer.post('/api/authoring/scenarios', { scenario: customSeed() });
    const scenarioId = own.body.summary.id as string;
    await trainee.post(`${BASE}/join`, { code });
    await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, { scenarioId });
    const id = await graded(trainee, scenarioId);
    await trainer.post(`${BASE}/conversations/${id}/override`, { score: 3, comment: 'Slow down.' });

    expect((await del(other, `${BASE}/${orgId}`)).status).toBe(404);
    expect((await del(trainee, `${BASE}/${orgId}`)).status).toBe(404);
    expect((await del(trainer, `${BASE}/${orgId}`)).status).toBe(204);
    expect((await del(trainer, `${BASE}/${orgId}`)).status).toBe(404);
    expect(myOrganisationsResponse.parse((await trainer.get(BASE)).body).training).toEqual([]);
    const mine = await trainee.get(`/api/conversations/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.feedback).not.toBeNull();
    expect(mine.body.review.overrides).toEqual([]);
    // The scenario is its author's again, private: the trainee no longer sees it.
    const authored = await trainer.get(`/api/authoring/scenarios/${scenarioId}`);
    expect(authored.status).toBe(200);
    expect(authored.body.summary).toMatchObject({ visibility: 'private', organisationId: null });
    expect((await trainee.get(`/api/scenarios/${scenarioId}`)).status).toBe(404);
  });

  it('the class summary: empty, then the members’ graded work while members only; 404 to others', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const other = await signedInClient(server.url, 'Dr Other');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { cohortId, code } = await course(trainer);
    const summary = `${BASE}/cohorts/${cohortId}/summary`;
    const empty = classSummaryResponse.parse((await trainer.get(summary)).body);
    expect(empty.conversations).toBe(0);
    expect(empty.scores.every((s) => s.average === null)).toBe(true);

    const [first, second] = await scenarioIds(trainee);
    await graded(trainee, first!);
    await trainee.post(`${BASE}/join`, { code });
    const during = await graded(trainee, second!);
    await trainer.post(`${BASE}/conversations/${during}/override`, {
      score: 2,
      comment: 'Listen.',
      skills: [{ skill: 'clarity', score: 9, comment: 'Clear words.' }],
    });
    expect((await other.get(summary)).status).toBe(404);
    expect((await trainee.get(summary)).status).toBe(404);
    const read = classSummaryResponse.parse((await trainer.get(summary)).body);
    expect(read.conversations).toBe(1);
    expect(read.trainees).toBe(1);
    // The overall score is the one the cohort table counts: this organisation's.
    expect(read.scores[0]).toEqual({ key: 'overall', average: 2, count: 1 });
    // So is a skill this review scored; one it left to the grader keeps the grader's.
    expect(read.scores.find((s) => s.key === 'clarity')).toEqual({
      key: 'clarity',
      average: 9,
      count: 1,
    });
    const graderEmpathy = (await trainee.get(`/api/conversations/${during}`)).body.feedback
      .empathyScore as number;
    expect(read.scores.find((s) => s.key === 'empathy')?.average).toBe(graderEmpathy);
    expect(read.debriefed).toBe(1);
    expect(read.consent.map((c) => c.met + c.partlyMet + c.notMet)).toEqual([1, 1, 1, 1, 1]);
  });
});
