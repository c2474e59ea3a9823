import type { Queryable } from './db';

/**
 * The account's "Keep recordings of my voice turns" setting (`users.keep_recordings`, migration
 * 0019). Read where recordings are kept (messageAudio.lockAudioOwner) and on the account page.
 */
export async function getKeepRecordings(
  db: Queryable,
  { userId }: { userId: string },
): Promise<boolean | null> {
  const [row] = await db.query<{ keep: boolean }>(
    `SELECT keep_recordings AS keep FROM users WHERE id = $1`,
    [userId],
  );
  return row ? row.keep : null;
}

export async function setKeepRecordings(
  db: Queryable,
  input: { userId: string; keep: boolean },
): Promise<void> {
  await db.query(`UPDATE users SET keep_recordings = $2 WHERE id = $1`, [input.userId, input.keep]);
}
