import { randomUUID } from 'node:crypto';
import type { Queryable } from './db';

/**
 * The one-archive-at-a-time claim of an account (migration 0026), held in the database so it
 * holds across instances. The claim is the insert itself: of two at once, one gets the row. A
 * claim left by an instance that died is taken again once its lease has run out.
 */

/** Claims the account's archive for `leaseSeconds`; null while another live claim holds it. */
export async function claimDataExport(
  db: Queryable,
  input: { userId: string; leaseSeconds: number },
): Promise<string | null> {
  const [row] = await db.query<{ token: string }>(
    `INSERT INTO data_export_claims (user_id, token, lease_until)
     VALUES ($1, $2, now() + make_interval(secs => $3::float8))
     ON CONFLICT (user_id) DO UPDATE
       SET token = excluded.token, lease_until = excluded.lease_until
       WHERE data_export_claims.lease_until < now()
     RETURNING token`,
    [input.userId, randomUUID(), input.leaseSeconds],
  );
  return row?.token ?? null;
}

/** Keeps a claim alive while its archive is still being written; false if it was lost. */
export async function renewDataExport(
  db: Queryable,
  input: { userId: string; token: string; leaseSeconds: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE data_export_claims SET lease_until = now() + make_interval(secs => $3::float8)
      WHERE user_id = $1 AND token = $2 RETURNING 1`,
    [input.userId, input.token, input.leaseSeconds],
  );
  return rows.length > 0;
}

/** Lets the account make another archive; only the claim's own holder can end it. */
export async function releaseDataExport(
  db: Queryable,
  input: { userId: string; token: string },
): Promise<void> {
  await db.query(`DELETE FROM data_export_claims WHERE user_id = $1 AND token = $2`, [
    input.userId,
    input.token,
  ]);
}
