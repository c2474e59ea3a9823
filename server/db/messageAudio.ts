import type { Queryable } from './db';

/** Kept audio of spoken turns (migrations/0004_audio.sql); the rules are in server/audio/. */

export interface AudioRow {
  messageId: string;
  mime: string;
  bytes: number;
  durationMs: number | null;
  /** Database mode: the bytes; folder mode: null, and `path` names the file. */
  data: Uint8Array | null;
  path: string | null;
}

/**
 * The owner of a message's conversation (recordings count against that user's cap), with that
 * user's recordings held still until the transaction ends, so two instances keeping a turn each
 * cannot both fit under the cap by the same room. Null when the message is gone, or when its
 * owner has turned off "Keep recordings of my voice turns" (decision 045): nothing is kept.
 */
export async function lockAudioOwner(
  db: Queryable,
  { messageId }: { messageId: string },
): Promise<string | null> {
  const [row] = await db.query<{ userId: string }>(
    `SELECT s.user_id AS "userId", pg_advisory_xact_lock(hashtext('message_audio:' || s.user_id::text))
       FROM messages m JOIN conversation_sessions s ON s.id = m.session_id
       JOIN users u ON u.id = s.user_id
      WHERE m.id = $1 AND u.keep_recordings`,
    [messageId],
  );
  return row?.userId ?? null;
}

export async function listAudioSizesByUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Array<{ id: string; bytes: number; createdAt: Date }>> {
  const rows = await db.query<{ id: string; bytes: number; createdAt: Date | string }>(
    `SELECT message_id AS id, bytes, created_at AS "createdAt"
       FROM message_audio WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/** Deletes recordings by message id; returns the files (folder mode) to remove. */
export async function deleteAudio(
  db: Queryable,
  { messageIds }: { messageIds: readonly string[] },
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db.query<{ path: string | null }>(
    `DELETE FROM message_audio WHERE message_id = ANY($1::uuid[]) RETURNING path`,
    [messageIds],
  );
  return rows.flatMap((r) => (r.path ? [r.path] : []));
}

export interface AudioInsert {
  messageId: string;
  mime: string;
  bytes: number;
  durationMs: number | null;
  data: Buffer | null;
  path: string | null;
}

/**
 * Stores recordings of one user's messages in one statement, each unless its message has one
 * already (a resent turn); returns the ids stored.
 */
export async function insertAudio(
  db: Queryable,
  input: { userId: string; recordings: readonly AudioInsert[] },
): Promise<string[]> {
  if (input.recordings.length === 0) return [];
  const params: unknown[] = [input.userId];
  const rows = input.recordings.map((r) => {
    const at = params.length;
    params.push(r.messageId, r.mime, r.bytes, r.durationMs, r.data, r.path);
    return `($${at + 1}::uuid, $1::uuid, $${at + 2}, $${at + 3}::int, $${at + 4}::int, $${at + 5}::bytea, $${at + 6})`;
  });
  const stored = await db.query<{ id: string }>(
    `INSERT INTO message_audio (message_id, user_id, mime, bytes, duration_ms, data, path)
     VALUES ${rows.join(', ')}
     ON CONFLICT (message_id) DO NOTHING RETURNING message_id AS id`,
    params,
  );
  return stored.map((row) => row.id);
}

/**
 * A message's recording, when the message is in this user's conversation `conversationId` and the
 * recording was made after `keptSince` (expired audio is never served, purged or not yet).
 */
export async function getAudioForUser(
  db: Queryable,
  input: { conversationId: string; messageId: string; userId: string; keptSince: Date },
): Promise<AudioRow | null> {
  const [row] = await db.query<AudioRow>(
    `SELECT a.message_id AS "messageId", a.mime, a.bytes, a.duration_ms AS "durationMs",
            a.data, a.path
       FROM message_audio a
       JOIN messages m ON m.id = a.message_id
       JOIN conversation_sessions s ON s.id = m.session_id
      WHERE a.message_id = $1 AND m.session_id = $2 AND s.user_id = $3 AND a.created_at > $4`,
    [input.messageId, input.conversationId, input.userId, input.keptSince],
  );
  return row ?? null;
}

/** Which messages of a conversation have a recording still kept, with its length. */
export async function listAudioByConversation(
  db: Queryable,
  input: { conversationId: string; keptSince: Date },
): Promise<Array<{ messageId: string; durationMs: number | null }>> {
  return db.query<{ messageId: string; durationMs: number | null }>(
    `SELECT a.message_id AS "messageId", a.duration_ms AS "durationMs"
       FROM message_audio a JOIN messages m ON m.id = a.message_id
      WHERE m.session_id = $1 AND a.created_at > $2`,
    [input.conversationId, input.keptSince],
  );
}

/** Deletes recordings made at or before `cutoff`; returns the count and the files to remove. */
export async function deleteExpiredAudio(
  db: Queryable,
  { cutoff }: { cutoff: Date },
): Promise<{ removed: number; paths: string[] }> {
  const rows = await db.query<{ path: string | null }>(
    `DELETE FROM message_audio WHERE created_at <= $1 RETURNING path`,
    [cutoff],
  );
  return { removed: rows.length, paths: rows.flatMap((r) => (r.path ? [r.path] : [])) };
}

/** Of these message ids, the ones that still have a recording row. */
export async function listAudioIdsAmong(
  db: Queryable,
  { messageIds }: { messageIds: readonly string[] },
): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `SELECT message_id AS id FROM message_audio WHERE message_id = ANY($1::uuid[])`,
    [messageIds],
  );
  return new Set(rows.map((r) => r.id));
}
