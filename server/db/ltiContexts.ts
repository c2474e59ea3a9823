import type { Db, Queryable } from './db';
import { TEACHES_COHORT } from './sqlRules';

/**
 * What a launch maps onto ChairTalk (decision 051): an LMS course is a cohort of the
 * registering organisation, a link in it an assignment, and a trainee's score goes to the line
 * item of their latest launch. Keys carry the platform and deployment, so one platform's ids
 * never reach another's rows.
 */

export interface ContextInput {
  platformId: string;
  deploymentId: string;
  contextId: string;
  /** The course's title, the cohort's name when it is first made. */
  title: string;
  membershipsUrl: string | null;
  lineitemsUrl: string | null;
}

export interface ContextCohort {
  cohortId: string;
  organisationId: string;
  trainerId: string;
}

/**
 * The cohort of an LMS course, made in the registering organisation at its first launch
 * ('limit' when the organisation has `maxCohorts`). Racing first launches on two instances
 * make one cohort: the platform's row is locked while the context is looked up and made.
 * The service URLs follow the latest launch.
 */
export async function ensureContextCohort(
  db: Db,
  input: ContextInput & { maxCohorts: number },
): Promise<ContextCohort | 'limit'> {
  return db.transaction(async (tx) => {
    const [platform] = await tx.query<{ organisationId: string; trainerId: string }>(
      `SELECT p.organisation_id AS "organisationId", o.trainer_id AS "trainerId"
         FROM lti_platforms p JOIN organisations o ON o.id = p.organisation_id
        WHERE p.id = $1 FOR NO KEY UPDATE OF p, o`,
      [input.platformId],
    );
    if (!platform) throw new Error('LTI platform vanished during a launch');
    const [existing] = await tx.query<{ cohortId: string }>(
      `UPDATE lti_contexts SET memberships_url = coalesce($4, memberships_url),
              lineitems_url = coalesce($5, lineitems_url)
        WHERE platform_id = $1 AND deployment_id = $2 AND context_id = $3
        RETURNING cohort_id AS "cohortId"`,
      [
        input.platformId,
        input.deploymentId,
        input.contextId,
        input.membershipsUrl,
        input.lineitemsUrl,
      ],
    );
    if (existing) return { cohortId: existing.cohortId, ...platform };
    const [cohort] = await tx.query<{ id: string }>(
      `INSERT INTO cohorts (organisation_id, name)
       SELECT $1, $2 WHERE (SELECT count(*) FROM cohorts WHERE organisation_id = $1) < $3
       RETURNING id`,
      [platform.organisationId, input.title, input.maxCohorts],
    );
    if (!cohort) return 'limit';
    await tx.query(
      `INSERT INTO lti_contexts
         (platform_id, deployment_id, context_id, cohort_id, memberships_url, lineitems_url)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        input.platformId,
        input.deploymentId,
        input.contextId,
        cohort.id,
        input.membershipsUrl,
        input.lineitemsUrl,
      ],
    );
    return { cohortId: cohort.id, ...platform };
  });
}

/**
 * Makes a learner a current member of a course's cohort (joining again after leaving opens a
 * new period, as an invite would). Nobody who teaches the cohort (its organisation's trainer, a
 * co-instructor of it: decision 052) is ever made its trainee.
 */
export async function joinContextCohort(
  db: Queryable,
  input: { cohortId: string; userId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO cohort_memberships (cohort_id, user_id)
     SELECT c.id, $1 FROM cohorts c
      WHERE c.id = $2 AND NOT ${TEACHES_COHORT}
     ON CONFLICT (cohort_id, user_id) WHERE left_at IS NULL DO NOTHING`,
    [input.userId, input.cohortId],
  );
}

export interface LinkedAssignment {
  assignmentId: string;
  scenarioId: string;
  cohortId: string;
}

/**
 * The assignment a resource link opens. At a link's first launch the platform names the
 * assignment we put in the link's custom claim: it is bound to the link only when it belongs
 * to this course's cohort, so a link cannot be pointed at another course's work. From then on
 * the link's own row decides.
 */
export async function resolveResourceLink(
  db: Queryable,
  input: {
    platformId: string;
    deploymentId: string;
    contextId: string;
    resourceLinkId: string;
    claimedAssignmentId: string | null;
  },
): Promise<LinkedAssignment | null> {
  if (input.claimedAssignmentId !== null) {
    await db.query(
      `INSERT INTO lti_resource_links (platform_id, deployment_id, resource_link_id, assignment_id)
       SELECT x.platform_id, x.deployment_id, $4, a.id
         FROM lti_contexts x JOIN cohort_assignments a ON a.cohort_id = x.cohort_id
        WHERE x.platform_id = $1 AND x.deployment_id = $2 AND x.context_id = $3 AND a.id = $5
       ON CONFLICT DO NOTHING`,
      [
        input.platformId,
        input.deploymentId,
        input.contextId,
        input.resourceLinkId,
        input.claimedAssignmentId,
      ],
    );
  }
  const [row] = await db.query<LinkedAssignment>(
    `SELECT a.id AS "assignmentId", a.scenario_id AS "scenarioId", a.cohort_id AS "cohortId"
       FROM lti_resource_links l
       JOIN cohort_assignments a ON a.id = l.assignment_id
       JOIN lti_contexts x ON x.cohort_id = a.cohort_id AND x.platform_id = l.platform_id
                          AND x.deployment_id = l.deployment_id
      WHERE l.platform_id = $1 AND l.deployment_id = $2 AND x.context_id = $3
        AND l.resource_link_id = $4`,
    [input.platformId, input.deploymentId, input.contextId, input.resourceLinkId],
  );
  return row ?? null;
}

/** Where this trainee's score on this assignment goes, from their latest launch of it. */
export async function saveGradeTarget(
  db: Queryable,
  input: {
    assignmentId: string;
    userId: string;
    platformId: string;
    lineitemUrl: string;
    lmsUserId: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO lti_grade_targets (assignment_id, user_id, platform_id, lineitem_url, lms_user_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (assignment_id, user_id) DO UPDATE
       SET platform_id = excluded.platform_id, lineitem_url = excluded.lineitem_url,
           lms_user_id = excluded.lms_user_id, updated_at = clock_timestamp()`,
    [input.assignmentId, input.userId, input.platformId, input.lineitemUrl, input.lmsUserId],
  );
}

export interface CohortContext {
  platformId: string;
  deploymentId: string;
  contextId: string;
  membershipsUrl: string | null;
  lineitemsUrl: string | null;
}

/** The LMS course behind a cohort this user teaches (052); null when none or not theirs. */
export async function getCohortContext(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<CohortContext | null> {
  const [row] = await db.query<CohortContext>(
    `SELECT x.platform_id AS "platformId", x.deployment_id AS "deploymentId",
            x.context_id AS "contextId", x.memberships_url AS "membershipsUrl",
            x.lineitems_url AS "lineitemsUrl"
       FROM lti_contexts x JOIN cohorts c ON c.id = x.cohort_id
      WHERE ${TEACHES_COHORT} AND c.id = $2`,
    [input.trainerId, input.cohortId],
  );
  return row ?? null;
}

/**
 * The cohort's current members linked to this platform's issuer (roster sync, decision 051):
 * members who joined by invite have no such link and are never listed, so never removed.
 */
export async function listLinkedMembers(
  db: Queryable,
  input: { cohortId: string; issuer: string },
): Promise<{ userId: string; subject: string }[]> {
  return db.query<{ userId: string; subject: string }>(
    `SELECT m.user_id AS "userId", e.subject
       FROM cohort_memberships m
       JOIN external_identities e ON e.user_id = m.user_id AND e.kind = 'lti' AND e.issuer = $2
      WHERE m.cohort_id = $1 AND m.left_at IS NULL
      ORDER BY e.subject`,
    [input.cohortId, input.issuer],
  );
}

/**
 * Ends these members' current periods in the cohort, as the trainer's "remove member" does
 * (decision 044): their work inside the period stays the trainer's to read. Returns how many.
 */
export async function endMemberships(
  db: Queryable,
  input: { cohortId: string; userIds: readonly string[] },
): Promise<number> {
  if (input.userIds.length === 0) return 0;
  const rows = await db.query(
    `UPDATE cohort_memberships SET left_at = clock_timestamp()
      WHERE cohort_id = $1 AND user_id = ANY($2::uuid[]) AND left_at IS NULL
     RETURNING 1`,
    [input.cohortId, [...input.userIds]],
  );
  return rows.length;
}

/** The LMS course behind a cohort, for a sync after an instructor's launch (no trainer check). */
export async function getContextOfCohort(
  db: Queryable,
  input: { cohortId: string },
): Promise<CohortContext | null> {
  const [row] = await db.query<CohortContext>(
    `SELECT platform_id AS "platformId", deployment_id AS "deploymentId",
            context_id AS "contextId", memberships_url AS "membershipsUrl",
            lineitems_url AS "lineitemsUrl"
       FROM lti_contexts WHERE cohort_id = $1`,
    [input.cohortId],
  );
  return row ?? null;
}
