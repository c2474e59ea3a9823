import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { customSeed } from '../../../helpers/customScenario';
import { say } from '../../../helpers/conversations';
import {
  cohortTableResponse,
  inviteSchema,
  myAssignmentSchema,
  myOrganisationsResponse,
} from '#shared/api/organisations';
import { ORGANISATION_TEXT } from '#shared/text';
import { addCoInstructor } from '#server/db/coInstructors';

/**
 * /api/organisations (decision 023): a trainer builds a course, a trainee joins by
 * code, practises an assignment, and the trainer sees it in the cohort table; leaving ends it.
 */

printSkipNotice();

const BASE = '/api/organisations';

describe.each(routeDatabaseKinds())('organisations API on %s', (kind) => {
  const { server } = useTestServer(kind);

  async function course(trainer: HttpClient) {
    const org = await trainer.post(BASE, { name: 'Dental School' });
    expect(org.status, org.text).toBe(201);
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
    expect(cohort.status, cohort.text).toBe(201);
    const invite = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, { days: 3 });
    expect(invite.status, invite.text).toBe(201);
    return {
      orgId: org.body.id as string,
      cohortId: cohort.body.id as string,
      invite: inviteSchema.parse(invite.body),
    };
  }

  async function practise(user: HttpClient, scenarioId: string) {
    const open = await user.post('/api/conversations', { scenarioId });
    expect(open.status, open.text).toBe(201);
    const id = open.body.session.id as string;
    return id;
  }

  it('a course end to end: invite, join, assign, practise, table, leave', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { orgId, cohortId, invite } = await course(trainer);
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(invite.code).toMatch(/^[A-Z2-9]{10}$/);

    const own = await trainer.post('/api/authoring/scenarios', { scenario: customSeed() });
    const scenarioId = own.body.summary.id as string;
    // Not yet assigned: the trainee cannot open the trainer's private scenario.
    expect((await trainee.get(`/api/scenarios/${scenarioId}`)).status).toBe(404);

    const join = await trainee.post(`${BASE}/join`, { code: invite.code.toLowerCase() });
    expect(join.status, join.text).toBe(200);
    expect(join.body).toEqual({ cohortId, organisationId: orgId });
    const dueAt = new Date(Date.now() + 86_400_000).toISOString();
    const assign = await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, {
      scenarioId,
      dueAt,
    });
    expect(assign.status, assign.text).toBe(201);

    const mine = myOrganisationsResponse.parse((await trainee.get(BASE)).body);
    expect(mine.training).toEqual([]);
    expect(mine.memberships.map((m) => m.cohortId)).toEqual([cohortId]);
    const trainerView = myOrganisationsResponse.parse((await trainer.get(BASE)).body);
    expect(trainerView.training[0]!.cohorts[0]!.members).toBe(1);

    const due = (await trainee.get(`${BASE}/assignments`)).body.assignments;
    expect(due.map((a: unknown) => myAssignmentSchema.parse(a).status)).toEqual(['due']);

    const session = await practise(trainee, scenarioId);
    await say(trainee, session, [
      'Hello, what brings you in today?',
      'That sounds worrying. What concerns you most about it?',
      'Would it help if we went through the costs together?',
    ]);
    const ended = await trainee.post(`/api/conversations/${session}/end`);
    expect(ended.status, ended.text).toBe(200);
    const done = (await trainee.get(`${BASE}/assignments`)).body.assignments;
    expect(done[0].status).toBe('done');
    const table = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table?sort=done`)).body,
    );
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.leftAt).toBeNull();
    expect(table.rows[0]!.cells[0]).toMatchObject({ conversationId: session, overridden: false });
    expect(table.rows[0]!.cells[0]!.score).not.toBeNull();

    const stranger = await signedInClient(server.url, 'Dr Stranger');
    const foreign = await stranger.post(`${BASE}/conversations/${session}/override`, {
      score: 1,
      comment: 'Not mine',
    });
    expect(foreign.status).toBe(404);
    // Not a 400 for a bad body either: a stranger learns nothing about the conversation.
    const foreignBad = await stranger.post(`${BASE}/conversations/${session}/override`, {
      score: 99,
    });
    expect(foreignBad.status).toBe(404);
    const override = await trainer.post(`${BASE}/conversations/${session}/override`, {
      score: 2,
      comment: 'Ask before explaining.',
    });
    expect(override.status, override.text).toBe(200);
    const progress = (await trainee.get('/api/progress')).body;
    expect(progress.avgScore).toBe(2);
    const overridden = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
    );
    expect(overridden.rows[0]!.cells[0]).toMatchObject({ score: 2, overridden: true });

    const csv = await fetch(`${server.url}${BASE}/cohorts/${cohortId}/export`, {
      headers: { cookie: trainer.cookie! },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Dr Trainee,[^,]+,,1,/);

    const left = await trainee.post(`${BASE}/${orgId}/leave`);
    expect(left.status).toBe(204);
    expect((await trainee.post(`${BASE}/${orgId}/leave`)).status).toBe(404);
    expect((await trainee.get(`${BASE}/assignments`)).body.assignments).toEqual([]);
    expect((await trainee.get(`/api/scenarios/${scenarioId}`)).status).toBe(404);
    const after = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
    );
    // They keep their row, marked, with the work they did as a member (decision 023).
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toMatchObject({ fullName: 'Dr Trainee', done: 1 });
    expect(Date.parse(after.rows[0]!.leftAt!)).toBeGreaterThan(
      Date.parse(table.rows[0]!.cells[0]!.doneAt!),
    );
  });

  it('removing an assignment: only its trainer; the work stays, the sharing too until changed', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const other = await signedInClient(server.url, 'Dr Other Trainer');
    const { orgId, cohortId, invite } = await course(trainer);
    await course(other);
    expect((await trainee.post(`${BASE}/join`, { code: invite.code })).status).toBe(200);
    const shipped = (await trainer.get('/api/scenarios')).body.scenarios[0].id as string;
    const own = await trainer.post('/api/authoring/scenarios', { scenario: customSeed() });
    const scenarioId = own.body.summary.id as string;
    const assignTo = async (id: string) => {
      const made = await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, {
        scenarioId: id,
      });
      expect(made.status, made.text).toBe(201);
      return made.body.id as string;
    };
    const assignmentId = await assignTo(scenarioId);
    const kept = await assignTo(shipped);
    const session = await practise(trainee, scenarioId);
    await say(trainee, session, ['Hello, what brings you in today?']);
    expect((await trainee.post(`/api/conversations/${session}/end`)).status).toBe(200);
    const makePrivate = () =>
      trainer.post(`/api/authoring/scenarios/${scenarioId}`, {
        scenario: own.body.scenario,
        sharing: { visibility: 'private' },
      });
    const refused = await makePrivate();
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('conflict:assigned');

    // The trainee, another organisation's trainer, a malformed and an unknown id: not found.
    const attempts = [
      trainee.request('DELETE', `${BASE}/assignments/${assignmentId}`),
      other.request('DELETE', `${BASE}/assignments/${assignmentId}`),
      trainer.request('DELETE', `${BASE}/assignments/not-a-uuid`),
      trainer.request('DELETE', `${BASE}/assignments/${session}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, response.text).toBe(404);
      expect(response.body.error).toEqual({
        code: 'not_found:assignment',
        message: ORGANISATION_TEXT.assignmentNotFound,
      });
    }
    const assignedIds = async () =>
      (await trainee.get(`${BASE}/assignments`)).body.assignments.map((a: { id: string }) => a.id);
    expect((await assignedIds()).sort()).toEqual([assignmentId, kept].sort());
    const tableNow = async () =>
      cohortTableResponse.parse((await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body);
    expect((await tableNow()).rows[0]!.done).toBe(1);

    const removed = await trainer.request('DELETE', `${BASE}/assignments/${assignmentId}`);
    expect(removed.status, removed.text).toBe(204);
    expect(removed.text).toBe('');
    const again = await trainer.request('DELETE', `${BASE}/assignments/${assignmentId}`);
    expect(again.status).toBe(404);

    // The table and the trainee's list stop showing it; the other assignment stays.
    const table = await tableNow();
    expect(table.assignments.map((a) => a.id)).toEqual([kept]);
    // One cell, the kept assignment's (cells follow `assignments`), which is not done.
    expect(table.rows[0]!.cells.map((c) => c.conversationId)).toEqual([null]);
    expect(table.rows[0]!.done).toBe(0);
    expect(await assignedIds()).toEqual([kept]);
    // The conversation is the trainee's, and stays readable by them and by the trainer.
    expect((await trainee.get(`/api/conversations/${session}`)).status).toBe(200);
    expect((await trainer.get(`${BASE}/conversations/${session}`)).status).toBe(200);
    // The sharing is unchanged (decision 025) until the author makes it private themselves.
    expect((await trainee.get(`/api/scenarios/${scenarioId}`)).status).toBe(200);
    const summary = (await trainer.get(`/api/authoring/scenarios/${scenarioId}`)).body.summary;
    expect(summary).toMatchObject({ visibility: 'organisation', organisationId: orgId });
    const madePrivate = await makePrivate();
    expect(madePrivate.status, madePrivate.text).toBe(200);
    expect(madePrivate.body.summary).toMatchObject({ visibility: 'private', organisationId: null });
    expect((await trainee.get(`/api/scenarios/${scenarioId}`)).status).toBe(404);
    expect((await trainee.get(`/api/conversations/${session}`)).status).toBe(200);
  });

  it('a co-instructor cannot join the cohort they teach by its code, and nothing changes', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const teacher = await signedInClient(server.url, 'Dr Second');
    const { cohortId, invite } = await course(trainer);
    const me = await teacher.get('/api/auth/me');
    expect(me.status, me.text).toBe(200);
    // Co-instructors come from an LMS launch (052); here the relation is made directly.
    await addCoInstructor(server.services.db, { cohortId, userId: me.body.user.id as string });
    const before = myOrganisationsResponse.parse((await teacher.get(BASE)).body);
    expect(before.coTeaching.map((c) => c.id)).toEqual([cohortId]);

    const refused = await teacher.post(`${BASE}/join`, { code: invite.code });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict:teaches_cohort');
    expect(refused.body.error.message).toBe(ORGANISATION_TEXT.teachesCohort);
    expect(refused.body.error.message).not.toBe(ORGANISATION_TEXT.ownOrganisation);
    expect(myOrganisationsResponse.parse((await teacher.get(BASE)).body)).toEqual(before);
    expect(before.memberships).toEqual([]);
    const table = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
    );
    expect(table.rows).toEqual([]);
  });

  it('codes: revoked and unknown are not found; a trainer cannot join their own', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { invite } = await course(trainer);
    const self = await trainer.post(`${BASE}/join`, { code: invite.code });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('conflict:own_organisation');
    const revoked = await trainer.post(`${BASE}/invites/${invite.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    for (const code of [invite.code, 'NOSUCHCODE']) {
      const refused = await trainee.post(`${BASE}/join`, { code });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('not_found:invite');
    }
  });

  it("another trainer's organisation, cohort and invite are not found", async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const stranger = await signedInClient(server.url, 'Dr Stranger');
    const { orgId, cohortId, invite } = await course(trainer);
    const scenarios = (await stranger.get('/api/scenarios')).body.scenarios;
    const attempts = [
      stranger.post(`${BASE}/${orgId}/cohorts`, { name: 'Mine now' }),
      stranger.post(`${BASE}/${orgId}/leave`),
      stranger.post(`${BASE}/cohorts/${cohortId}/invites`, {}),
      stranger.post(`${BASE}/invites/${invite.id}/revoke`),
      stranger.post(`${BASE}/cohorts/${cohortId}/assignments`, { scenarioId: scenarios[0].id }),
      stranger.get(`${BASE}/cohorts/${cohortId}/table`),
      stranger.get(`${BASE}/cohorts/not-a-uuid/table`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status, response.text).toBe(404);
      expect(response.body.error.code).toMatch(/^not_found:/);
    }
    const view = myOrganisationsResponse.parse((await trainer.get(BASE)).body);
    expect(view.training[0]!.cohorts.map((c) => c.name)).toEqual(['Year 3']);
    expect(view.training[0]!.cohorts[0]!.invites[0]!.revokedAt).toBeNull();
  });

  it('refuses bad bodies with a clear 400', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const blank = await trainer.post(BASE, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toMatch(/name/);
    // A name that could pass for another school's, or break a line in the table.
    for (const name of ['Smile \u202Eloohcs', 'Smile\nSchool', '\u001b[2JSmile']) {
      const spoof = await trainer.post(BASE, { name });
      expect(spoof.status).toBe(400);
      expect(spoof.body.error.message).toBe(
        'name: one line, no control or text-direction characters',
      );
    }
    const { cohortId } = await course(trainer);
    const badDue = await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, {
      scenarioId: cohortId,
      dueAt: 'tomorrow',
    });
    expect(badDue.status).toBe(400);
    const badSort = await trainer.get(`${BASE}/cohorts/${cohortId}/table?sort=shoe`);
    expect(badSort.status).toBe(400);
  });

  it('a due date must be a real date between 2000 and 2199: year 0 and the like are a 400, not a 500', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const { cohortId } = await course(trainer);
    const scenarioId = (await trainer.get('/api/scenarios')).body.scenarios[0].id as string;
    const assign = (dueAt: unknown) =>
      trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, { scenarioId, dueAt });
    for (const dueAt of [
      '0000-01-01T00:00:00Z', // PostgreSQL has no year 0
      '0001-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2200-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+275760-09-13T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-06-01T00:00:00\u0000Z',
      1e308,
      -1,
    ]) {
      const refused = await assign(dueAt);
      expect(refused.status, `${JSON.stringify(dueAt)}: ${refused.text}`).toBe(400);
      expect(refused.body.error.code).toBe('bad_request:validation');
      expect(refused.body.error.message).toMatch(/^dueAt: /);
    }
    // The edges themselves are fine, with any offset.
    for (const dueAt of [
      '2000-01-01T00:00:00Z',
      '2199-12-31T23:59:59.999Z',
      '2026-06-01T09:00:00+14:00',
    ]) {
      const made = await assign(dueAt);
      expect(made.status, `${dueAt}: ${made.text}`).toBe(201);
      const table = cohortTableResponse.parse(
        (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
      );
      expect(table.assignments[0]!.dueAt).toBe(new Date(dueAt).toISOString());
    }
  });

  it('deleting an assigned scenario: gone with its assignments when unpractised, hidden from the Assigned list when practised', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { cohortId, invite } = await course(trainer);
    expect((await trainee.post(`${BASE}/join`, { code: invite.code })).status).toBe(200);
    const assign = async (title: string) => {
      const made = await trainer.post('/api/authoring/scenarios', {
        scenario: { ...customSeed(), title },
      });
      const scenarioId = made.body.summary.id as string;
      const assigned = await trainer.post(`${BASE}/cohorts/${cohortId}/assignments`, {
        scenarioId,
      });
      expect(assigned.status, assigned.text).toBe(201);
      return scenarioId;
    };
    const unpractised = await assign('Never practised');
    const practised = await assign('Practised once');
    await practise(trainee, practised);

    const hard = await trainer.request('DELETE', `/api/authoring/scenarios/${unpractised}`);
    expect(hard.status, hard.text).toBe(200);
    expect(hard.body.deleted).toBe('hard');
    const soft = await trainer.request('DELETE', `/api/authoring/scenarios/${practised}`);
    expect(soft.body.deleted).toBe('soft');

    // Neither is offered to the trainee any more; the practised one keeps its column for the
    // trainer, beside the work done on it.
    expect((await trainee.get(`${BASE}/assignments`)).body.assignments).toEqual([]);
    const table = cohortTableResponse.parse(
      (await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body,
    );
    expect(table.assignments.map((a) => a.title)).toEqual(['Practised once']);
  });
});
