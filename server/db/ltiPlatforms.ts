import type { Db, Queryable } from './db';
import { iso } from './timestamps';

/**
 * LMS registrations (decision 051): a platform an organisation's trainer registered, and the
 * deployment ids it may launch from. Every trainer-facing function is scoped to the trainer
 * ($1) through the organisation, so another trainer's ids are simply not found.
 */

export interface PlatformInput {
  issuer: string;
  clientId: string;
  authUrl: string;
  jwksUrl: string;
  tokenUrl: string;
  deploymentIds: string[];
}

export interface Platform extends PlatformInput {
  id: string;
  organisationId: string;
  createdAt: string;
}

const COLUMNS = `p.id, p.organisation_id AS "organisationId", p.issuer, p.client_id AS "clientId",
  p.auth_url AS "authUrl", p.jwks_url AS "jwksUrl", p.token_url AS "tokenUrl",
  p.created_at AS "createdAt",
  coalesce((SELECT array_agg(d.deployment_id ORDER BY d.deployment_id) FROM lti_deployments d
             WHERE d.platform_id = p.id), '{}') AS "deploymentIds"`;

type PlatformRow = Omit<Platform, 'createdAt'> & { createdAt: Date | string };
const toPlatform = (row: PlatformRow): Platform => ({ ...row, createdAt: iso(row.createdAt) });

export type RegisterResult = Platform | 'not_found' | 'taken' | 'limit';

/**
 * Registers a platform for an organisation this trainer runs. The issuer and client id name
 * one registration in all of ChairTalk ('taken' otherwise: a launch must lead to one
 * organisation); at most `max` registrations an organisation.
 */
export async function registerPlatform(
  db: Db,
  input: { trainerId: string; organisationId: string; max: number } & PlatformInput,
): Promise<RegisterResult> {
  return db.transaction(async (tx) => {
    const [org] = await tx.query<{ id: string }>(
      `SELECT id FROM organisations WHERE trainer_id = $1 AND id = $2 FOR NO KEY UPDATE`,
      [input.trainerId, input.organisationId],
    );
    if (!org) return 'not_found';
    const [count] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lti_platforms WHERE organisation_id = $1`,
      [org.id],
    );
    if ((count?.n ?? 0) >= input.max) return 'limit';
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO lti_platforms (organisation_id, issuer, client_id, auth_url, jwks_url, token_url)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (issuer, client_id) DO NOTHING RETURNING id`,
      [org.id, input.issuer, input.clientId, input.authUrl, input.jwksUrl, input.tokenUrl],
    );
    if (!row) return 'taken';
    await replaceDeployments(tx, { platformId: row.id, deploymentIds: input.deploymentIds });
    const [platform] = await tx.query<PlatformRow>(
      `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.id = $1`,
      [row.id],
    );
    return toPlatform(platform!);
  });
}

async function replaceDeployments(
  tx: Queryable,
  input: { platformId: string; deploymentIds: string[] },
): Promise<void> {
  // Deployments no longer listed go with the courses launched through them (their cohorts stay).
  await tx.query(
    `DELETE FROM lti_deployments WHERE platform_id = $1 AND NOT (deployment_id = ANY($2::text[]))`,
    [input.platformId, input.deploymentIds],
  );
  await tx.query(
    `INSERT INTO lti_deployments (platform_id, deployment_id)
     SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [input.platformId, input.deploymentIds],
  );
}

/**
 * Changes a registration's URLs and deployments (the issuer and client id name it, so they
 * stay); null when it is not this trainer's.
 */
export async function updatePlatform(
  db: Db,
  input: { trainerId: string; platformId: string } & Omit<PlatformInput, 'issuer' | 'clientId'>,
): Promise<Platform | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `UPDATE lti_platforms p SET auth_url = $3, jwks_url = $4, token_url = $5
        WHERE p.id = $2
          AND p.organisation_id IN (SELECT id FROM organisations WHERE trainer_id = $1)
        RETURNING p.id`,
      [input.trainerId, input.platformId, input.authUrl, input.jwksUrl, input.tokenUrl],
    );
    if (!row) return null;
    await replaceDeployments(tx, { platformId: row.id, deploymentIds: input.deploymentIds });
    const [platform] = await tx.query<PlatformRow>(
      `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.id = $1`,
      [row.id],
    );
    return toPlatform(platform!);
  });
}

/** The registrations of an organisation this trainer runs; null when it is not theirs. */
export async function listPlatforms(
  db: Queryable,
  input: { trainerId: string; organisationId: string },
): Promise<Platform[] | null> {
  const [org] = await db.query(`SELECT 1 FROM organisations WHERE trainer_id = $1 AND id = $2`, [
    input.trainerId,
    input.organisationId,
  ]);
  if (!org) return null;
  const rows = await db.query<PlatformRow>(
    `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.organisation_id = $1
      ORDER BY p.created_at, p.id`,
    [input.organisationId],
  );
  return rows.map(toPlatform);
}

/**
 * Removes a registration this trainer made; false when it is not theirs. Its launches stop;
 * the cohorts and assignments made through it stay the organisation's.
 */
export async function deletePlatform(
  db: Queryable,
  input: { trainerId: string; platformId: string },
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM lti_platforms p
      WHERE p.id = $2
        AND p.organisation_id IN (SELECT id FROM organisations WHERE trainer_id = $1)
      RETURNING p.id`,
    [input.trainerId, input.platformId],
  );
  return rows.length > 0;
}

/** The registration a login or launch names by issuer and client id (none: unknown). */
export async function findPlatform(
  db: Queryable,
  input: { issuer: string; clientId: string },
): Promise<Platform | null> {
  const [row] = await db.query<PlatformRow>(
    `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.issuer = $1 AND p.client_id = $2`,
    [input.issuer, input.clientId],
  );
  return row ? toPlatform(row) : null;
}

/**
 * The registrations of one issuer: a login initiation may leave out the client id when the
 * issuer has only one registration here.
 */
export async function findPlatformsByIssuer(
  db: Queryable,
  { issuer }: { issuer: string },
): Promise<Platform[]> {
  const rows = await db.query<PlatformRow>(
    `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.issuer = $1 ORDER BY p.created_at LIMIT 2`,
    [issuer],
  );
  return rows.map(toPlatform);
}

export async function getPlatformById(
  db: Queryable,
  { platformId }: { platformId: string },
): Promise<Platform | null> {
  const [row] = await db.query<PlatformRow>(
    `SELECT ${COLUMNS} FROM lti_platforms p WHERE p.id = $1`,
    [platformId],
  );
  return row ? toPlatform(row) : null;
}

/** Whether this trainer runs the organisation a registration belongs to. */
export async function ownsPlatform(
  db: Queryable,
  input: { trainerId: string; platformId: string },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM lti_platforms p JOIN organisations o ON o.id = p.organisation_id
      WHERE o.trainer_id = $1 AND p.id = $2`,
    [input.trainerId, input.platformId],
  );
  return rows.length > 0;
}
