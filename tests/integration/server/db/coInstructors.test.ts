import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addCoInstructor, listCoTaughtCohorts, removeCoInstructor } from '#server/db/coInstructors';
import { createCohort, runsCohort, teachesCohort } from '#server/db/cohorts';
import { createInvite } from '#server/db/invites';
import { joinContextCohort } from '#server/db/ltiContexts';
import { joinByCode, listMemberships } from '#server/db/memberships';
import { createOrganisation } from '#server/db/organisations';
import { trainerMaySee } from '#server/db/reviews';
import { createUser } from '#server/db/users';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * Co-instructors at the data layer (decision 052): one cohort's teacher, never its trainee; the
 * cohort's work through TEACHES_COHORT, the organisation's through its trainer alone; removed
 * by that trainer only, their access ending with the row.
 */

printSkipNotice();

describe.each(databaseKinds())('co-instructors on %s', (kind) => {
  const t = useTestDb(kind);

  const newUser = async (fullName = 'Test User') => {
    const user = await createUser(t.db, {
      email: `u${randomUUID().slice(0, 12)}@example.com`,
      fullName,
      passwordHash: 'x',
    });
    if (!user) throw new Error('user not created');
    return user;
  };

  async function school() {
    const trainer = await newUser('Dr Owner');
    const org = await createOrganisation(t.db, { trainerId: trainer.id, name: 'Perio School' });
    if (org === 'limit') throw new Error('limit');
    const cohort = async (name: string) => {
      const made = await createCohort(t.db, {
        trainerId: trainer.id,
        organisationId: org.id,
        name,
        max: 10,
      });
      if (made === null || made === 'limit') throw new Error('no cohort');
      return made.id;
    };
    return { trainer, org, course: await cohort('Course'), evening: await cohort('Evening') };
  }

  it('adds a co-instructor once, never the trainer and never a current trainee', async () => {
    const { trainer, course } = await school();
    const teacher = await newUser('Dr Second');
    const learner = await newUser();
    await joinContextCohort(t.db, { cohortId: course, userId: learner.id });

    expect(await addCoInstructor(t.db, { cohortId: course, userId: teacher.id })).toBe('added');
    expect(await addCoInstructor(t.db, { cohortId: course, userId: teacher.id })).toBe('already');
    expect(await addCoInstructor(t.db, { cohortId: course, userId: trainer.id })).toBe('already');
    expect(await addCoInstructor(t.db, { cohortId: course, userId: learner.id })).toBe('trainee');
    const rows = await t.db.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM cohort_instructors WHERE cohort_id = $1`,
      [course],
    );
    expect(rows).toEqual([{ userId: teacher.id }]);

    // The reverse: a launch or a roster sync never makes them a trainee of the cohort.
    await joinContextCohort(t.db, { cohortId: course, userId: teacher.id });
    const members = await t.db.query(
      `SELECT 1 FROM cohort_memberships WHERE cohort_id = $1 AND user_id = $2`,
      [course, teacher.id],
    );
    expect(members).toEqual([]);
  });

  it("teaches that cohort's work only; the organisation stays its trainer's", async () => {
    const { trainer, org, course, evening } = await school();
    const teacher = await newUser('Dr Second');
    await addCoInstructor(t.db, { cohortId: course, userId: teacher.id });

    const cases: Array<[string, string, boolean, boolean]> = [
      // who, cohort, teaches, runs (owner)
      ['trainer', course, true, true],
      ['trainer', evening, true, true],
      ['teacher', course, true, false],
      ['teacher', evening, false, false],
    ];
    for (const [who, cohortId, teaches, runs] of cases) {
      const userId = who === 'trainer' ? trainer.id : teacher.id;
      expect(await teachesCohort(t.db, { userId, cohortId }), `${who} teaches`).toBe(teaches);
      expect(await runsCohort(t.db, { trainerId: userId, cohortId }), `${who} runs`).toBe(runs);
    }
    expect(await listCoTaughtCohorts(t.db, { userId: teacher.id })).toEqual([
      {
        id: course,
        organisationId: org.id,
        name: 'Course',
        organisationName: 'Perio School',
        members: 0,
        former: 0,
        lmsRoster: false,
      },
    ]);
    expect(await listCoTaughtCohorts(t.db, { userId: trainer.id })).toEqual([]);

    // An invite to the cohort they teach is refused, one to another cohort is not.
    const invite = async (cohortId: string) => {
      const made = await createInvite(t.db, {
        trainerId: trainer.id,
        cohortId,
        code: randomUUID().slice(0, 10).toUpperCase(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      if (made === null || made === 'limit') throw new Error('no invite');
      return made.code;
    };
    // Refused in their own words (not the trainer's "own organisation"), and no membership made.
    expect(await joinByCode(t.db, { userId: teacher.id, code: await invite(course) })).toEqual({
      joined: false,
      reason: 'teaches_cohort',
    });
    expect(await listMemberships(t.db, { userId: teacher.id })).toEqual([]);
    expect(
      await joinByCode(t.db, { userId: teacher.id, code: await invite(evening) }),
    ).toMatchObject({ joined: true, cohortId: evening });
  });

  it("reads a member's work while they co-instruct, until the trainer removes them", async () => {
    const { trainer, course } = await school();
    const teacher = await newUser('Dr Second');
    const stranger = await newUser();
    const learner = await newUser();
    await addCoInstructor(t.db, { cohortId: course, userId: teacher.id });
    await joinContextCohort(t.db, { cohortId: course, userId: learner.id });
    const [scenario] = await t.db.query<{ id: string }>(
      `SELECT id FROM scenarios WHERE visibility = 'shipped' ORDER BY slug LIMIT 1`,
    );
    const [session] = await t.db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, created_at)
       VALUES ($1, $2, clock_timestamp()) RETURNING id`,
      [learner.id, scenario!.id],
    );
    const conversationId = session!.id;
    expect(await trainerMaySee(t.db, { trainerId: teacher.id, conversationId })).toBe(true);
    expect(await trainerMaySee(t.db, { trainerId: stranger.id, conversationId })).toBe(false);

    // Only the organisation's trainer removes them.
    const removal = { cohortId: course, userId: teacher.id };
    expect(await removeCoInstructor(t.db, { trainerId: teacher.id, ...removal })).toBe(false);
    expect(await removeCoInstructor(t.db, { trainerId: stranger.id, ...removal })).toBe(false);
    expect(await removeCoInstructor(t.db, { trainerId: trainer.id, ...removal })).toBe(true);
    expect(await removeCoInstructor(t.db, { trainerId: trainer.id, ...removal })).toBe(false);
    expect(await trainerMaySee(t.db, { trainerId: teacher.id, conversationId })).toBe(false);
    expect(await teachesCohort(t.db, { userId: teacher.id, cohortId: course })).toBe(false);
  });
});
