import type { Scenario } from '#shared/scenario';
import type { DeepLinkingSettingsClaim } from '../lti/claims';
import { teachesCohort } from './cohorts';
import type { Queryable } from './db';

/**
 * Deep-linking requests in flight (decision 051): kept from the instructor's verified launch
 * until the picker's answer is posted to the platform. A row is the instructor's alone (anyone
 * else reads "not found"), answered once, and gone once its answer is taken or it expires.
 */

export interface DeepLink {
  id: string;
  platformId: string;
  deploymentId: string;
  cohortId: string;
  /** The course's cohort as it is named now. */
  cohortName: string;
  userId: string;
  settings: DeepLinkingSettingsClaim;
  answered: boolean;
  expiresAt: Date;
}

/**
 * Whether this user may assign scenarios to this cohort: whoever teaches it, its organisation's
 * trainer or a co-instructor of the course (decisions 023, 052). The one question the
 * deep-linking flow asks.
 */
export async function mayAssignToCohort(
  db: Queryable,
  input: { userId: string; cohortId: string },
): Promise<boolean> {
  return teachesCohort(db, { userId: input.userId, cohortId: input.cohortId });
}

export async function insertDeepLink(
  db: Queryable,
  input: {
    platformId: string;
    deploymentId: string;
    cohortId: string;
    userId: string;
    settings: DeepLinkingSettingsClaim;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO lti_deep_links (platform_id, deployment_id, cohort_id, user_id, settings, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      input.platformId,
      input.deploymentId,
      input.cohortId,
      input.userId,
      JSON.stringify(input.settings),
      input.expiresAt,
    ],
  );
  return row!.id;
}

type DeepLinkRow = Omit<DeepLink, 'settings' | 'expiresAt'> & {
  settings: unknown;
  expiresAt: Date | string;
};

const fromRow = (row: DeepLinkRow): DeepLink => ({
  ...row,
  settings: (typeof row.settings === 'string'
    ? JSON.parse(row.settings)
    : row.settings) as DeepLinkingSettingsClaim,
  expiresAt: new Date(row.expiresAt),
});

/** This user's deep-linking request; null when there is none of theirs (answered or not). */
export async function getDeepLink(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<DeepLink | null> {
  const [row] = await db.query<DeepLinkRow>(
    `SELECT d.id, d.platform_id AS "platformId", d.deployment_id AS "deploymentId",
            d.cohort_id AS "cohortId", c.name AS "cohortName", d.user_id AS "userId",
            d.settings, d.answered_at IS NOT NULL AS answered, d.expires_at AS "expiresAt"
       FROM lti_deep_links d JOIN cohorts c ON c.id = d.cohort_id
      WHERE d.id = $1 AND d.user_id = $2`,
    [input.id, input.userId],
  );
  return row ? fromRow(row) : null;
}

/**
 * Stores the signed answer of a request still unanswered and in time; false when another
 * answer came first (a second tab, a double submit): the request is answered once.
 */
export async function answerDeepLink(
  db: Queryable,
  input: { id: string; userId: string; responseJwt: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lti_deep_links SET response_jwt = $3, answered_at = $4
      WHERE id = $1 AND user_id = $2 AND answered_at IS NULL AND expires_at > $4
      RETURNING 1`,
    [input.id, input.userId, input.responseJwt, input.now],
  );
  return rows.length > 0;
}

/**
 * Takes the signed answer to post, once: the row goes with it, so the posting page cannot be
 * replayed from the browser's history.
 */
export async function takeDeepLinkAnswer(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<{ responseJwt: string; returnUrl: string } | null> {
  const [row] = await db.query<{ responseJwt: string; settings: unknown }>(
    `DELETE FROM lti_deep_links
      WHERE id = $1 AND user_id = $2 AND response_jwt IS NOT NULL
      RETURNING response_jwt AS "responseJwt", settings`,
    [input.id, input.userId],
  );
  if (!row) return null;
  const settings = (
    typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
  ) as DeepLinkingSettingsClaim;
  return { responseJwt: row.responseJwt, returnUrl: settings.deep_link_return_url };
}

/** A scenario the picker offers: one this user may assign to the cohort. */
export type AssignableScenario = Pick<Scenario, 'id' | 'title' | 'difficulty'>;

/**
 * What this user may assign to the cohort, by the rule `assignScenario` applies: a shipped
 * scenario, their own (a private one is shared with the organisation by assigning it), or one
 * shared with the cohort's organisation; never one shared with another organisation.
 */
export async function listAssignableScenarios(
  db: Queryable,
  input: { userId: string; cohortId: string },
): Promise<AssignableScenario[]> {
  return db.query<AssignableScenario>(
    `SELECT s.id, s.title, s.difficulty FROM scenarios s, cohorts c
      WHERE c.id = $2 AND s.deleted_at IS NULL
        AND (s.visibility = 'shipped'
             OR (s.owner_id = $1 AND s.visibility = 'private')
             OR (s.visibility = 'organisation' AND s.organisation_id = c.organisation_id))
      ORDER BY CASE s.difficulty WHEN 'beginner' THEN 0 WHEN 'intermediate' THEN 1 ELSE 2 END,
               s.title, s.id`,
    [input.userId, input.cohortId],
  );
}
