import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/db';
import {
  assignScenario,
  createCohort,
  createInvite,
  createOrganisation,
  joinByCode,
  leaveOrganisation,
  listMemberships,
  listMyAssignments,
  listTrainedOrganisations,
  revokeInvite,
  trainerMaySee,
} from '../../server/db/organisations';
import { insertOwnScenario } from '../../server/db/customScenarios';
import { getVisibleScenario, listScenarios, ownScenariosStamp } from '../../server/db/scenarios';
import { createUser } from '../../server/db/users';
import { customSeed } from '../helpers/customScenario';
import { databaseKinds, printSkipNotice } from '../helpers/testDb';
import { useTestDb } from '../helpers/useTestServer';

/**
 * Organisations at the data layer (issue 17, decision 023): who trains what, who joins with
 * which code, what a trainer may read, and what leaving ends.
 */

printSkipNotice();

const DAY = 86_400_000;

describe.each(databaseKinds())('organisations on %s', (kind) => {
  const t = useTestDb(kind);

  const newUser = async () => {
    const email = `u${randomUUID().slice(0, 12)}@example.com`;
    const user = await createUser(t.db, { email, fullName: 'Test User', passwordHash: 'x' });
    if (!user) throw new Error('user not created');
    return user;
  };

  /** A trainer with one organisation, one cohort and a usable invite. */
  async function course(db: Db) {
    const trainer = await newUser();
    const org = await createOrganisation(db, { trainerId: trainer.id, name: 'Dental School' });
    const cohort = (await createCohort(db, {
      trainerId: trainer.id,
      organisationId: org.id,
      name: 'Year 3',
    }))!;
    const invite = (await createInvite(db, {
      trainerId: trainer.id,
      cohortId: cohort.id,
      code: randomUUID().slice(0, 10).toUpperCase(),
      expiresAt: new Date(Date.now() + DAY),
    }))!;
    return { trainer, org, cohort, invite };
  }

  /** A conversation of the user's, started at the given time (ended a minute later). */
  async function conversation(userId: string, scenarioId: string, at: Date) {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [userId, scenarioId, at.toISOString(), new Date(at.getTime() + 60_000).toISOString()],
    );
    return row!.id;
  }

  const shippedId = async () => (await listScenarios(t.db))[0]!.id;

  it('a trainer creates cohorts and invites only in their own organisation', async () => {
    const mine = await course(t.db);
    const other = await course(t.db);
    expect(
      await createCohort(t.db, {
        trainerId: mine.trainer.id,
        organisationId: other.org.id,
        name: 'x',
      }),
    ).toBeNull();
    expect(
      await createInvite(t.db, {
        trainerId: mine.trainer.id,
        cohortId: other.cohort.id,
        code: 'NOTMINE123',
        expiresAt: new Date(Date.now() + DAY),
      }),
    ).toBeNull();
    expect(
      await revokeInvite(t.db, { trainerId: mine.trainer.id, inviteId: other.invite.id }),
    ).toBeNull();
    const listed = await listTrainedOrganisations(t.db, { trainerId: mine.trainer.id });
    expect(listed.map((o) => o.id)).toEqual([mine.org.id]);
    expect(listed[0]!.cohorts.map((c) => [c.id, c.members, c.invites.length])).toEqual([
      [mine.cohort.id, 0, 1],
    ]);
  });

  it('joins with a usable code; expired, revoked, unknown codes and the own organisation do not', async () => {
    const { trainer, cohort, invite, org } = await course(t.db);
    const trainee = await newUser();
    expect(await joinByCode(t.db, { userId: trainer.id, code: invite.code })).toEqual({
      joined: false,
      reason: 'own_organisation',
    });
    expect(await joinByCode(t.db, { userId: trainee.id, code: 'NOSUCHCODE' })).toEqual({
      joined: false,
      reason: 'not_found',
    });
    const expired = (await createInvite(t.db, {
      trainerId: trainer.id,
      cohortId: cohort.id,
      code: randomUUID().slice(0, 10),
      expiresAt: new Date(Date.now() - 1000),
    }))!;
    expect((await joinByCode(t.db, { userId: trainee.id, code: expired.code })).joined).toBe(false);
    const revoked = await revokeInvite(t.db, { trainerId: trainer.id, inviteId: invite.id });
    expect(revoked?.revokedAt).not.toBeNull();
    expect((await joinByCode(t.db, { userId: trainee.id, code: invite.code })).joined).toBe(false);
    expect(await listMemberships(t.db, { userId: trainee.id })).toEqual([]);

    const fresh = (await createInvite(t.db, {
      trainerId: trainer.id,
      cohortId: cohort.id,
      code: randomUUID().slice(0, 10),
      expiresAt: new Date(Date.now() + DAY),
    }))!;
    const joined = { joined: true, cohortId: cohort.id, organisationId: org.id };
    expect(await joinByCode(t.db, { userId: trainee.id, code: fresh.code })).toEqual(joined);
    // Twice is once.
    expect(await joinByCode(t.db, { userId: trainee.id, code: fresh.code })).toEqual(joined);
    const memberships = await listMemberships(t.db, { userId: trainee.id });
    expect(memberships.map((m) => m.cohortId)).toEqual([cohort.id]);
  });

  it("a trainer reads a member's work from joining until leaving, and nobody else's", async () => {
    const { trainer, invite, org } = await course(t.db);
    const stranger = await course(t.db);
    const trainee = await newUser();
    const scenarioId = await shippedId();
    await joinByCode(t.db, { userId: trainee.id, code: invite.code });
    // Joined a day ago, so the conversation below falls between joining and leaving (now).
    await t.db.query(
      `UPDATE cohort_memberships SET joined_at = now() - interval '1 day' WHERE user_id = $1`,
      [trainee.id],
    );
    const before = await conversation(trainee.id, scenarioId, new Date(Date.now() - 2 * DAY));
    const during = await conversation(trainee.id, scenarioId, new Date(Date.now() - DAY / 2));
    const see = (trainerId: string, sessionId: string) =>
      trainerMaySee(t.db, { trainerId, sessionId });
    expect(await see(trainer.id, before)).toBe(false);
    expect(await see(trainer.id, during)).toBe(true);
    expect(await see(stranger.trainer.id, during)).toBe(false);

    expect(await leaveOrganisation(t.db, { userId: trainee.id, organisationId: org.id })).toBe(
      true,
    );
    const after = await conversation(trainee.id, scenarioId, new Date(Date.now() + 5 * DAY));
    expect(await see(trainer.id, after)).toBe(false);
    // Decision 023: work done while a member stays readable after leaving.
    expect(await see(trainer.id, during)).toBe(true);
    expect(await listMemberships(t.db, { userId: trainee.id })).toEqual([]);
    expect(await leaveOrganisation(t.db, { userId: trainee.id, organisationId: org.id })).toBe(
      false,
    );
  });

  it("assigning a trainer's private scenario shares it with the organisation only", async () => {
    const { trainer, cohort, invite, org } = await course(t.db);
    const other = await course(t.db);
    const trainee = await newUser();
    const outsider = await newUser();
    await joinByCode(t.db, { userId: trainee.id, code: invite.code });
    await joinByCode(t.db, { userId: outsider.id, code: other.invite.code });
    const scenarioId = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
    const visible = (userId: string) => getVisibleScenario(t.db, { id: scenarioId, userId });
    expect(await visible(trainee.id)).toBeNull();
    const stampBefore = await ownScenariosStamp(t.db, { userId: trainee.id });

    const due = new Date(Date.now() + 3 * DAY);
    const assign = (trainerId: string, cohortId: string) =>
      assignScenario(t.db, { trainerId, cohortId, scenarioId, dueAt: due });
    expect(await assign(other.trainer.id, other.cohort.id)).toEqual({
      assigned: false,
      reason: 'not_found',
    });
    expect((await assign(trainer.id, cohort.id)).assigned).toBe(true);
    expect((await visible(trainee.id))?.id).toBe(scenarioId);
    expect(await visible(outsider.id)).toBeNull();
    expect(await ownScenariosStamp(t.db, { userId: trainee.id })).not.toBe(stampBefore);
    const [shared] = await t.db.query<{ visibility: string; organisation_id: string }>(
      'SELECT visibility, organisation_id FROM scenarios WHERE id = $1',
      [scenarioId],
    );
    expect(shared).toEqual({ visibility: 'organisation', organisation_id: org.id });

    const [assignment] = await listMyAssignments(t.db, { userId: trainee.id });
    expect(assignment).toMatchObject({ scenarioId, dueAt: due.toISOString(), doneAt: null });
    expect(await listMyAssignments(t.db, { userId: outsider.id })).toEqual([]);
    await conversation(trainee.id, scenarioId, new Date(Date.now() + 1000));
    const [done] = await listMyAssignments(t.db, { userId: trainee.id });
    expect(done?.doneAt).not.toBeNull();

    await leaveOrganisation(t.db, { userId: trainee.id, organisationId: org.id });
    expect(await visible(trainee.id)).toBeNull();
    expect(await listMyAssignments(t.db, { userId: trainee.id })).toEqual([]);
  });

  it('the visibility CHECK ties organisation to an organisation id', async () => {
    const { trainer } = await course(t.db);
    const id = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
    await expect(
      t.db.query(`UPDATE scenarios SET visibility = 'organisation' WHERE id = $1`, [id]),
    ).rejects.toThrow();
    await expect(
      t.db.query(`UPDATE scenarios SET visibility = 'everyone' WHERE id = $1`, [id]),
    ).rejects.toThrow();
  });
});
