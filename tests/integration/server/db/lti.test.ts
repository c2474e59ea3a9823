import { describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { assignScenario } from '#server/db/assignments';
import { createOrganisation } from '#server/db/organisations';
import { createUser } from '#server/db/users';
import {
  getSigningKey,
  insertSigningKeyIfNone,
  listPublishedKeys,
  rotateSigningKey,
} from '#server/db/ltiKeys';
import {
  deletePlatform,
  findPlatform,
  listPlatforms,
  registerPlatform,
  updatePlatform,
} from '#server/db/ltiPlatforms';
import {
  insertLoginTransaction,
  purgeExpiredLtiLogins,
  takeLoginTransaction,
  useNonce,
} from '#server/db/ltiLogins';
import {
  ensureContextCohort,
  getCohortContext,
  joinContextCohort,
  resolveResourceLink,
  saveGradeTarget,
} from '#server/db/ltiContexts';
import {
  claimDuePassbacks,
  listFailedPassbacks,
  markPassbackFailed,
  markPassbackSent,
  queuePassbacks,
  retryFailedPassback,
} from '#server/db/ltiPassbacks';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * The LTI tables at the data layer (decision 051): keys and their rotation, registrations
 * scoped to their trainer, one-use logins and nonces, courses as cohorts, links bound only to
 * their own course's work, and the passback queue's claims, fences and retries.
 */

printSkipNotice();

const MINUTE = 60_000;

describe.each(databaseKinds())('LTI data on %s', (kind) => {
  const t = useTestDb(kind);

  const newUser = async () => {
    const user = await createUser(t.db, {
      email: `u${randomUUID().slice(0, 12)}@example.com`,
      fullName: 'Test User',
      passwordHash: 'x',
    });
    if (!user) throw new Error('user not created');
    return user;
  };

  async function organisation() {
    const trainer = await newUser();
    const org = await createOrganisation(t.db, { trainerId: trainer.id, name: 'School' });
    if (org === 'limit') throw new Error('limit');
    return { trainer, org };
  }

  const platformInput = (issuer = `https://lms-${randomUUID().slice(0, 8)}.example`) => ({
    issuer,
    clientId: 'client-1',
    authUrl: `${issuer}/auth`,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    deploymentIds: ['dep-1'],
  });

  async function registered() {
    const { trainer, org } = await organisation();
    const platform = await registerPlatform(t.db, {
      trainerId: trainer.id,
      organisationId: org.id,
      max: 5,
      ...platformInput(),
    });
    if (typeof platform === 'string') throw new Error(platform);
    return { trainer, org, platform };
  }

  const shippedScenarioId = async () => {
    const [row] = await t.db.query<{ id: string }>(
      `SELECT id FROM scenarios WHERE visibility = 'shipped' ORDER BY slug LIMIT 1`,
    );
    return row!.id;
  };

  it('makes one signing key, rotates it and publishes the retired one for the overlap only', async () => {
    const first = await insertSigningKeyIfNone(t.db, {
      kid: 'k1',
      publicJwk: { kid: 'k1', kty: 'RSA' },
      privateJwk: { kid: 'k1', kty: 'RSA', d: 'secret' },
    });
    const again = await insertSigningKeyIfNone(t.db, {
      kid: 'k2',
      publicJwk: { kid: 'k2' },
      privateJwk: { kid: 'k2' },
    });
    expect(again.kid).toBe(first.kid);
    expect((await getSigningKey(t.db))?.privateJwk).toMatchObject({ d: 'secret' });

    expect(
      await rotateSigningKey(t.db, {
        replaces: 'k2',
        kid: 'kx',
        publicJwk: {},
        privateJwk: {},
        dropAfterSeconds: 3600,
      }),
    ).toBe(false);
    await rotateSigningKey(t.db, {
      replaces: 'k1',
      kid: 'k3',
      publicJwk: { kid: 'k3' },
      privateJwk: { kid: 'k3' },
      dropAfterSeconds: 3600,
    });
    expect((await getSigningKey(t.db))?.kid).toBe('k3');
    const published = await listPublishedKeys(t.db, { overlapSeconds: 3600 });
    expect(published.map((k) => k.kid)).toEqual(['k3', 'k1']);
    expect(published.every((k) => !('d' in k))).toBe(true);
    expect((await listPublishedKeys(t.db, { overlapSeconds: 0 })).map((k) => k.kid)).toEqual([
      'k3',
    ]);
    // A second rotation drops keys retired longer ago than the overlap.
    await rotateSigningKey(t.db, {
      replaces: 'k3',
      kid: 'k4',
      publicJwk: { kid: 'k4' },
      privateJwk: { kid: 'k4' },
      dropAfterSeconds: 0,
    });
    const kids = await t.db.query<{ kid: string }>(`SELECT kid FROM lti_tool_keys ORDER BY kid`);
    expect(kids.map((k) => k.kid)).toEqual(['k3', 'k4']);
  });

  it('keeps registrations to their trainer and one organisation per issuer and client id', async () => {
    const { trainer, org, platform } = await registered();
    const other = await organisation();
    expect(platform.deploymentIds).toEqual(['dep-1']);
    expect(await listPlatforms(t.db, { trainerId: other.trainer.id, organisationId: org.id })).toBe(
      null,
    );
    expect(
      await registerPlatform(t.db, {
        trainerId: other.trainer.id,
        organisationId: org.id,
        max: 5,
        ...platformInput(),
      }),
    ).toBe('not_found');
    expect(
      await registerPlatform(t.db, {
        trainerId: other.trainer.id,
        organisationId: other.org.id,
        max: 5,
        ...platformInput(platform.issuer),
      }),
    ).toBe('taken');
    expect(
      await registerPlatform(t.db, {
        trainerId: trainer.id,
        organisationId: org.id,
        max: 1,
        ...platformInput(),
      }),
    ).toBe('limit');

    const changed = { ...platformInput(platform.issuer), deploymentIds: ['dep-2', 'dep-3'] };
    expect(
      await updatePlatform(t.db, {
        trainerId: other.trainer.id,
        platformId: platform.id,
        ...changed,
      }),
    ).toBe(null);
    const updated = await updatePlatform(t.db, {
      trainerId: trainer.id,
      platformId: platform.id,
      ...changed,
    });
    expect(updated?.deploymentIds).toEqual(['dep-2', 'dep-3']);
    expect((await findPlatform(t.db, { issuer: platform.issuer, clientId: 'client-1' }))?.id).toBe(
      platform.id,
    );
    expect(await findPlatform(t.db, { issuer: platform.issuer, clientId: 'client-2' })).toBe(null);

    expect(
      await deletePlatform(t.db, { trainerId: other.trainer.id, platformId: platform.id }),
    ).toBe(false);
    expect(await deletePlatform(t.db, { trainerId: trainer.id, platformId: platform.id })).toBe(
      true,
    );
    expect(await listPlatforms(t.db, { trainerId: trainer.id, organisationId: org.id })).toEqual(
      [],
    );
  });

  it('takes a login once and refuses a nonce used before, until it is purged', async () => {
    const { platform } = await registered();
    const stateHash = createHash('sha256').update(randomUUID()).digest('hex');
    const nonce = `n-${randomUUID()}`;
    const expiresAt = new Date(Date.now() + 5 * MINUTE);
    await insertLoginTransaction(t.db, {
      stateHash,
      nonce,
      platformId: platform.id,
      targetLinkUri: 'https://tool.example/lti/launch',
      expiresAt,
    });
    const [taken, second] = await Promise.all([
      takeLoginTransaction(t.db, { stateHash }),
      takeLoginTransaction(t.db, { stateHash }),
    ]);
    expect([taken, second].filter((x) => x !== null)).toHaveLength(1);
    expect(taken ?? second).toMatchObject({ nonce, platformId: platform.id });

    expect(await useNonce(t.db, { platformId: platform.id, nonce, expiresAt })).toBe(true);
    expect(await useNonce(t.db, { platformId: platform.id, nonce, expiresAt })).toBe(false);
    expect(await purgeExpiredLtiLogins(t.db, { now: new Date(Date.now() + 10 * MINUTE) })).toBe(1);
    expect(await useNonce(t.db, { platformId: platform.id, nonce, expiresAt })).toBe(true);
  });

  it('makes a course one cohort, binds links only to its own work, and queues scores', async () => {
    const { trainer, org, platform } = await registered();
    const context = {
      platformId: platform.id,
      deploymentId: 'dep-1',
      contextId: 'course-1',
      title: 'Dental ethics',
      membershipsUrl: 'https://lms.example/nrps',
      lineitemsUrl: null,
    };
    const [a, b] = await Promise.all([
      ensureContextCohort(t.db, { ...context, maxCohorts: 100 }),
      ensureContextCohort(t.db, { ...context, maxCohorts: 100 }),
    ]);
    if (a === 'limit' || b === 'limit') throw new Error('limit');
    expect(a.cohortId).toBe(b.cohortId);
    expect(a).toMatchObject({ organisationId: org.id, trainerId: trainer.id });
    expect(
      await ensureContextCohort(t.db, { ...context, contextId: 'course-2', maxCohorts: 1 }),
    ).toBe('limit');
    expect(await getCohortContext(t.db, { trainerId: trainer.id, cohortId: a.cohortId })).toEqual({
      platformId: platform.id,
      deploymentId: 'dep-1',
      contextId: 'course-1',
      membershipsUrl: 'https://lms.example/nrps',
      lineitemsUrl: null,
    });

    const scenarioId = await shippedScenarioId();
    const assigned = await assignScenario(t.db, {
      trainerId: trainer.id,
      cohortId: a.cohortId,
      scenarioId,
      dueAt: null,
    });
    if (!assigned.assigned) throw new Error('not assigned');

    // Another organisation's assignment cannot be claimed through this course's link.
    const other = await registered();
    const otherCohort = await ensureContextCohort(t.db, {
      ...context,
      platformId: other.platform.id,
      maxCohorts: 100,
    });
    if (otherCohort === 'limit') throw new Error('limit');
    const otherAssigned = await assignScenario(t.db, {
      trainerId: other.trainer.id,
      cohortId: otherCohort.cohortId,
      scenarioId,
      dueAt: null,
    });
    if (!otherAssigned.assigned) throw new Error('not assigned');
    const link = { platformId: platform.id, deploymentId: 'dep-1', contextId: 'course-1' };
    expect(
      await resolveResourceLink(t.db, {
        ...link,
        resourceLinkId: 'rl-x',
        claimedAssignmentId: otherAssigned.id,
      }),
    ).toBe(null);
    const resolved = await resolveResourceLink(t.db, {
      ...link,
      resourceLinkId: 'rl-1',
      claimedAssignmentId: assigned.id,
    });
    expect(resolved).toEqual({ assignmentId: assigned.id, scenarioId, cohortId: a.cohortId });
    // Once bound, the link's row decides; a different claim cannot move it.
    expect(
      await resolveResourceLink(t.db, {
        ...link,
        resourceLinkId: 'rl-1',
        claimedAssignmentId: otherAssigned.id,
      }),
    ).toEqual(resolved);
    expect(
      await resolveResourceLink(t.db, {
        ...link,
        platformId: other.platform.id,
        resourceLinkId: 'rl-1',
        claimedAssignmentId: null,
      }),
    ).toBe(null);

    const learner = await newUser();
    await joinContextCohort(t.db, { cohortId: a.cohortId, userId: learner.id });
    await joinContextCohort(t.db, { cohortId: a.cohortId, userId: learner.id });
    await joinContextCohort(t.db, { cohortId: a.cohortId, userId: trainer.id });
    const members = await t.db.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM cohort_memberships WHERE cohort_id = $1`,
      [a.cohortId],
    );
    expect(members).toEqual([{ userId: learner.id }]);

    const [session] = await t.db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp()) RETURNING id`,
      [learner.id, scenarioId],
    );
    const score = { scoreGiven: 7, scoreMaximum: 10, comment: 'Review: x', scoredAt: new Date() };
    // No launch yet, so no line item: nothing is owed.
    expect(await queuePassbacks(t.db, { sessionId: session!.id, ...score })).toBe(0);
    await saveGradeTarget(t.db, {
      assignmentId: assigned.id,
      userId: learner.id,
      platformId: platform.id,
      lineitemUrl: 'https://lms.example/lineitems/1',
      lmsUserId: 'lms-learner',
    });
    expect(await queuePassbacks(t.db, { sessionId: session!.id, ...score })).toBe(1);
    // An older score does not replace a newer one.
    expect(
      await queuePassbacks(t.db, {
        sessionId: session!.id,
        ...score,
        scoreGiven: 2,
        scoredAt: new Date(Date.now() - MINUTE),
      }),
    ).toBe(0);

    const now = new Date(Date.now() + 1000);
    const [claimed, ...more] = await claimDuePassbacks(t.db, { now, limit: 10, leaseSeconds: 60 });
    expect(more).toEqual([]);
    expect(claimed).toMatchObject({
      assignmentId: assigned.id,
      userId: learner.id,
      scoreGiven: 7,
      scoreMaximum: 10,
      attempts: 1,
      lineitemUrl: 'https://lms.example/lineitems/1',
      lmsUserId: 'lms-learner',
    });
    // Leased: not claimed again until the lease ends (a dead sender's claim comes back).
    expect(await claimDuePassbacks(t.db, { now, limit: 10, leaseSeconds: 60 })).toEqual([]);
    const afterLease = new Date(now.getTime() + 61_000);
    const [reclaimed] = await claimDuePassbacks(t.db, {
      now: afterLease,
      limit: 10,
      leaseSeconds: 60,
    });
    expect(reclaimed?.attempts).toBe(2);
    // The first claim's report is stale: the row is the second claim now.
    expect(await markPassbackSent(t.db, claimed!)).toBe(false);
    expect(
      await markPassbackFailed(t.db, {
        ...reclaimed!,
        error: 'HTTP 503',
        retryAt: new Date(afterLease.getTime() + 30_000),
      }),
    ).toBe(true);
    expect(await claimDuePassbacks(t.db, { now: afterLease, limit: 10, leaseSeconds: 60 })).toEqual(
      [],
    );
    const [third] = await claimDuePassbacks(t.db, {
      now: new Date(afterLease.getTime() + 31_000),
      limit: 10,
      leaseSeconds: 60,
    });
    expect(await markPassbackFailed(t.db, { ...third!, error: 'HTTP 400', retryAt: null })).toBe(
      true,
    );

    expect(
      await listFailedPassbacks(t.db, { trainerId: other.trainer.id, cohortId: a.cohortId }),
    ).toBe(null);
    expect(
      await listFailedPassbacks(t.db, { trainerId: trainer.id, cohortId: a.cohortId }),
    ).toEqual([
      expect.objectContaining({ userId: learner.id, attempts: 3, lastError: 'HTTP 400' }),
    ]);
    const key = { cohortId: a.cohortId, assignmentId: assigned.id, userId: learner.id };
    expect(await retryFailedPassback(t.db, { trainerId: other.trainer.id, ...key })).toBe(false);
    expect(await retryFailedPassback(t.db, { trainerId: trainer.id, ...key })).toBe(true);
    const [resent] = await claimDuePassbacks(t.db, {
      now: new Date(Date.now() + 120_000),
      limit: 10,
      leaseSeconds: 60,
    });
    expect(resent?.attempts).toBe(1);
    expect(await markPassbackSent(t.db, resent!)).toBe(true);
    expect(
      await listFailedPassbacks(t.db, { trainerId: trainer.id, cohortId: a.cohortId }),
    ).toEqual([]);
  });
});
