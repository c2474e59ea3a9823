import type { Conversation } from '#shared/conversation';
import { conversationColumns, toConversationDto, type ConversationRow } from './conversations';
import type { Queryable } from './db';

/** Reads for "Download my data" (decision 045): one small read at a time, never all at once. */

/** Every conversation of the user, open or ended, oldest first. */
export async function listConversationsOfUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Conversation[]> {
  const rows = await db.query<ConversationRow>(
    `SELECT ${conversationColumns()} FROM conversation_sessions
      WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(toConversationDto);
}

export interface RecordingEntry {
  messageId: string;
  conversationId: string;
  mime: string;
  bytes: number;
  /** Folder mode: the file under the audio folder; database mode: null. */
  path: string | null;
}

/** The user's recordings made after `keptSince` (expired ones are never handed out). */
export async function listRecordingsOfUser(
  db: Queryable,
  input: { userId: string; keptSince: Date },
): Promise<RecordingEntry[]> {
  return db.query<RecordingEntry>(
    `SELECT a.message_id AS "messageId", m.session_id AS "conversationId", a.mime, a.bytes,
            a.path
       FROM message_audio a JOIN messages m ON m.id = a.message_id
      WHERE a.user_id = $1 AND a.created_at > $2
      ORDER BY m.session_id, m.created_at, a.message_id`,
    [input.userId, input.keptSince],
  );
}

/** One recording's bytes (database mode), read on its own so only one is in memory at once. */
export async function getRecordingBytes(
  db: Queryable,
  input: { userId: string; messageId: string },
): Promise<Uint8Array | null> {
  const [row] = await db.query<{ data: Uint8Array | null }>(
    `SELECT data FROM message_audio WHERE message_id = $1 AND user_id = $2`,
    [input.messageId, input.userId],
  );
  return row?.data ?? null;
}
