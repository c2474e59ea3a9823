import type { Queryable } from './db';

/**
 * The bounds on what one user makes are counted in the database, in one transaction that first
 * locks the row the new one belongs to (`FOR NO KEY UPDATE`, which still lets other rows
 * reference it): requests racing on several connections or instances then count one after
 * another, and the count, a statement of its own, sees every row committed before it.
 */
export async function lockOwner(tx: Queryable, table: 'users' | 'organisations', id: string) {
  await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR NO KEY UPDATE`, [id]);
}
