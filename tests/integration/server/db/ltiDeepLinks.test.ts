import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createCohort } from '#server/db/cohorts';
import { insertOwnScenario } from '#server/db/customScenarios';
import {
  answerDeepLink,
  getDeepLink,
  insertDeepLink,
  listAssignableScenarios,
  mayAssignToCohort,
  takeDeepLinkAnswer,
} from '#server/db/ltiDeepLinks';
import { purgeExpiredLtiLogins } from '#server/db/ltiLogins';
import { registerPlatform } from '#server/db/ltiPlatforms';
import { createOrganisation } from '#server/db/organisations';
import { createUser } from '#server/db/users';
import { customSeed } from '../../../helpers/customScenario';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * Deep-linking requests at the data layer (decision 051): the instructor's alone, answered
 * once even when two answers race, the answer taken once, purged when expired; and the picker
 * offers exactly what assigning would accept.
 */

printSkipNotice();

describe.each(databaseKinds())('LTI deep-linking data on %s', (kind) => {
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

  /** A trainer's organisation, a cohort, a registered platform and a waiting request. */
  async function waiting(expiresInMs = 60_000) {
    const trainer = await newUser();
    const org = await createOrganisation(t.db, { trainerId: trainer.id, name: 'School' });
    if (org === 'limit') throw new Error('limit');
    const cohort = await createCohort(t.db, {
      trainerId: trainer.id,
      organisationId: org.id,
      name: 'Course',
      max: 5,
    });
    if (cohort === null || cohort === 'limit') throw new Error('no cohort');
    const issuer = `https://lms-${randomUUID().slice(0, 8)}.example`;
    const platform = await registerPlatform(t.db, {
      trainerId: trainer.id,
      organisationId: org.id,
      max: 5,
      issuer,
      clientId: 'client-1',
      authUrl: `${issuer}/auth`,
      jwksUrl: `${issuer}/jwks`,
      tokenUrl: `${issuer}/token`,
      deploymentIds: ['dep-1'],
    });
    if (typeof platform === 'string') throw new Error(platform);
    const settings = {
      deep_link_return_url: `${issuer}/return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['window'],
      data: 'opaque',
    };
    const id = await insertDeepLink(t.db, {
      platformId: platform.id,
      deploymentId: 'dep-1',
      cohortId: cohort.id,
      userId: trainer.id,
      settings,
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    return { trainer, org, cohort, id, settings };
  }

  it('is the requesting instructor’s alone, with its settings as the platform sent them', async () => {
    const { trainer, cohort, id, settings } = await waiting();
    const other = await newUser();
    expect(await getDeepLink(t.db, { id, userId: other.id })).toBe(null);
    expect(await getDeepLink(t.db, { id, userId: trainer.id })).toMatchObject({
      cohortId: cohort.id,
      cohortName: 'Course',
      settings,
      answered: false,
    });
    expect(await mayAssignToCohort(t.db, { userId: trainer.id, cohortId: cohort.id })).toBe(true);
    expect(await mayAssignToCohort(t.db, { userId: other.id, cohortId: cohort.id })).toBe(false);
    expect(await takeDeepLinkAnswer(t.db, { id, userId: trainer.id })).toBe(null);
  });

  it('is answered once when two answers race, and its answer is taken once', async () => {
    const { trainer, id, settings } = await waiting();
    const now = new Date();
    const results = await Promise.all(
      ['jwt-a', 'jwt-b'].map((responseJwt) =>
        answerDeepLink(t.db, { id, userId: trainer.id, responseJwt, now }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const other = await newUser();
    expect(await takeDeepLinkAnswer(t.db, { id, userId: other.id })).toBe(null);
    const taken = await takeDeepLinkAnswer(t.db, { id, userId: trainer.id });
    expect(taken?.returnUrl).toBe(settings.deep_link_return_url);
    expect(['jwt-a', 'jwt-b']).toContain(taken?.responseJwt);
    expect(await takeDeepLinkAnswer(t.db, { id, userId: trainer.id })).toBe(null);
  });

  it('takes no answer once expired, and is purged with the other LTI rows', async () => {
    const { trainer, id } = await waiting(1_000);
    const later = new Date(Date.now() + 5_000);
    expect(
      await answerDeepLink(t.db, { id, userId: trainer.id, responseJwt: 'late', now: later }),
    ).toBe(false);
    expect(await purgeExpiredLtiLogins(t.db, { now: later })).toBeGreaterThanOrEqual(1);
    expect(await getDeepLink(t.db, { id, userId: trainer.id })).toBe(null);
  });

  it('offers what assigning accepts: shipped, one’s own, the organisation’s; not another’s', async () => {
    const { trainer, org, cohort } = await waiting();
    const mine = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
    const sharedHere = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
    const sharedElsewhere = await insertOwnScenario(t.db, {
      userId: trainer.id,
      seed: customSeed(),
    });
    const stranger = await newUser();
    const theirs = await insertOwnScenario(t.db, { userId: stranger.id, seed: customSeed() });
    const elsewhere = await createOrganisation(t.db, { trainerId: stranger.id, name: 'Other' });
    if (elsewhere === 'limit') throw new Error('limit');
    await t.db.query(
      `UPDATE scenarios SET visibility = 'organisation', organisation_id = $2 WHERE id = $1`,
      [sharedHere, org.id],
    );
    await t.db.query(
      `UPDATE scenarios SET visibility = 'organisation', organisation_id = $2 WHERE id = $1`,
      [sharedElsewhere, elsewhere.id],
    );
    const offered = new Set(
      (await listAssignableScenarios(t.db, { userId: trainer.id, cohortId: cohort.id })).map(
        (s) => s.id,
      ),
    );
    const [shipped] = await t.db.query<{ id: string }>(
      `SELECT id FROM scenarios WHERE visibility = 'shipped' LIMIT 1`,
    );
    expect(offered.has(shipped!.id)).toBe(true);
    expect(offered.has(mine)).toBe(true);
    expect(offered.has(sharedHere)).toBe(true);
    expect(offered.has(sharedElsewhere)).toBe(false);
    expect(offered.has(theirs)).toBe(false);
  });
});
