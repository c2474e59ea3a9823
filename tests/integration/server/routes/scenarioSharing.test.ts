import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { customSeed } from '../../../helpers/customScenario';
import { authoredScenarioResponse } from '#shared/api/authoring';
import { ORGANISATION_TEXT } from '#shared/text';

/**
 * Sharing a scenario with an organisation from the authoring screen (decision 025),
 * and the resource caption an author writes for it.
 */

printSkipNotice();

const BASE = '/api/organisations';
const AUTHORING = '/api/authoring/scenarios';

describe.each(routeDatabaseKinds())('scenario sharing and captions on %s', (kind) => {
  const { server } = useTestServer(kind);

  async function courseOf(trainer: HttpClient, name = 'Dental School') {
    const org = await trainer.post(BASE, { name });
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
    const invite = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
    return {
      orgId: org.body.id as string,
      cohortId: cohort.body.id as string,
      code: invite.body.code as string,
    };
  }

  it('shares a new scenario with an organisation the author trains; its members see it', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { orgId, code } = await courseOf(trainer);
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);

    const created = await trainer.post(AUTHORING, {
      scenario: customSeed(),
      sharing: { visibility: 'organisation', organisationId: orgId },
    });
    expect(created.status, created.text).toBe(201);
    const { summary } = authoredScenarioResponse.parse(created.body);
    expect(summary).toMatchObject({ visibility: 'organisation', organisationId: orgId });
    expect((await trainee.get(`/api/scenarios/${summary.id}`)).status).toBe(200);

    // Back to private: the member no longer sees it, and the summary says so.
    const seed = authoredScenarioResponse.parse(created.body).scenario;
    const back = await trainer.post(`${AUTHORING}/${summary.id}`, {
      scenario: seed,
      sharing: { visibility: 'private' },
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body.summary).toMatchObject({ visibility: 'private', organisationId: null });
    expect((await trainee.get(`/api/scenarios/${summary.id}`)).status).toBe(404);

    // An update without a sharing leaves it as it was.
    const shared = await trainer.post(`${AUTHORING}/${summary.id}`, {
      scenario: seed,
      sharing: { visibility: 'organisation', organisationId: orgId },
    });
    expect(shared.body.summary.organisationId).toBe(orgId);
    const untouched = await trainer.post(`${AUTHORING}/${summary.id}`, { scenario: seed });
    expect(untouched.body.summary).toMatchObject({
      visibility: 'organisation',
      organisationId: orgId,
    });
    const list = await trainer.get(AUTHORING);
    expect(list.body.scenarios[0]).toMatchObject({ id: summary.id, organisationId: orgId });
  });

  it.each([
    ['someone else’s organisation', 'other'],
    ['an organisation the author only belongs to', 'member'],
    ['an id that names nothing', 'none'],
    ['an id that is not even a uuid', 'garbage'],
  ] as const)('sharing with %s is not found, on create and on update', async (_label, whose) => {
    const author = await signedInClient(server.url, 'Dr Author');
    const other = await signedInClient(server.url, 'Dr Other');
    const theirs = await courseOf(other, 'Their Practice');
    if (whose === 'member')
      expect((await author.post(`${BASE}/join`, { code: theirs.code })).status).toBe(200);
    const organisationId =
      whose === 'none'
        ? '00000000-0000-4000-8000-000000000000'
        : whose === 'garbage'
          ? 'not-a-uuid'
          : theirs.orgId;
    const sharing = { visibility: 'organisation', organisationId };

    const before = (await author.get(AUTHORING)).body.scenarios.length;
    const created = await author.post(AUTHORING, { scenario: customSeed(), sharing });
    expect(created.status, created.text).toBe(404);
    expect(created.body.error.code).toBe('not_found:organisation');
    expect((await author.get(AUTHORING)).body.scenarios).toHaveLength(before);

    const own = await author.post(AUTHORING, { scenario: customSeed() });
    const id = own.body.summary.id as string;
    const updated = await author.post(`${AUTHORING}/${id}`, {
      scenario: own.body.scenario,
      sharing,
    });
    expect(updated.status, updated.text).toBe(404);
    expect(updated.body.error.code).toBe('not_found:organisation');
    expect((await author.get(`${AUTHORING}/${id}`)).body.summary).toMatchObject({
      visibility: 'private',
      organisationId: null,
    });
  });

  it('refuses to move an assigned scenario away from its organisation, and says why', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const first = await courseOf(trainer, 'First');
    const second = await courseOf(trainer, 'Second');
    expect((await trainee.post(`${BASE}/join`, { code: first.code })).status).toBe(200);
    const own = await trainer.post(AUTHORING, { scenario: customSeed() });
    const id = own.body.summary.id as string;
    const assign = await trainer.post(`${BASE}/cohorts/${first.cohortId}/assignments`, {
      scenarioId: id,
    });
    expect(assign.status, assign.text).toBe(201);

    for (const sharing of [
      { visibility: 'private' },
      { visibility: 'organisation', organisationId: second.orgId },
    ]) {
      const moved = await trainer.post(`${AUTHORING}/${id}`, {
        scenario: own.body.scenario,
        sharing,
      });
      expect(moved.status, moved.text).toBe(409);
      expect(moved.body.error).toEqual({
        code: 'conflict:assigned',
        message: ORGANISATION_TEXT.assignedScenario,
      });
    }
    // Nothing changed: the trainee still has it, and an edit that keeps it there is saved.
    expect((await trainee.get(`/api/scenarios/${id}`)).status).toBe(200);
    const kept = await trainer.post(`${AUTHORING}/${id}`, {
      scenario: { ...own.body.scenario, title: 'Renamed' },
      sharing: { visibility: 'organisation', organisationId: first.orgId },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.summary).toMatchObject({ title: 'Renamed', organisationId: first.orgId });
  });

  it('stores, exports, imports and shows a resource caption; a bad one is named', async () => {
    const author = await signedInClient(server.url, 'Dr Author');
    const caption = 'A bridge: the crown on each side holds the false tooth between them.';
    const created = await author.post(AUTHORING, {
      scenario: { ...customSeed(), resourceCaption: `  ${caption}  ` },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.scenario.resourceCaption).toBe(caption);
    const id = created.body.summary.id as string;
    expect((await author.get(`/api/scenarios/${id}`)).body.scenario.resourceCaption).toBe(caption);

    const exported = await author.get(`${AUTHORING}/export?ids=${id}`);
    expect(exported.body.scenarios[0].resourceCaption).toBe(caption);
    const imported = await author.post(`${AUTHORING}/import`, exported.body);
    expect(imported.status, imported.text).toBe(201);
    const copy = await author.get(`${AUTHORING}/${imported.body.scenarios[0].id}`);
    expect(copy.body.scenario.resourceCaption).toBe(caption);

    // Without one, the seed has no caption at all (not a null) and the scenario says null.
    const plain = await author.post(AUTHORING, { scenario: customSeed() });
    expect(plain.body.scenario).not.toHaveProperty('resourceCaption');
    const plainId = plain.body.summary.id as string;
    expect(
      (await author.get(`/api/scenarios/${plainId}`)).body.scenario.resourceCaption,
    ).toBeNull();

    for (const [bad, message] of [
      ['x'.repeat(121), 'At most 120 characters'],
      ['Two\nlines', 'One line, no control characters'],
    ]) {
      const refused = await author.post(AUTHORING, {
        scenario: { ...customSeed(), resourceCaption: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain(`scenario.resourceCaption: ${message}`);
    }
  });

  it('an old conversation keeps the caption it was practised with', async () => {
    const author = await signedInClient(server.url, 'Dr Author');
    const created = await author.post(AUTHORING, {
      scenario: { ...customSeed(), resourceCaption: 'The first caption.' },
    });
    const id = created.body.summary.id as string;
    const open = await author.post('/api/conversations', { scenarioId: id });
    expect(open.status, open.text).toBe(201);
    const session = open.body.session.id as string;
    const edited = await author.post(`${AUTHORING}/${id}`, {
      scenario: { ...created.body.scenario, resourceCaption: 'The second caption.' },
    });
    expect(edited.body.versioned).toBe(true);
    const detail = await author.get(`/api/conversations/${session}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.scenario.resourceCaption).toBe('The first caption.');
    expect((await author.get(`/api/scenarios/${id}`)).body.scenario.resourceCaption).toBe(
      'The second caption.',
    );
  });
});
