import type { Db } from './db';

export type ConversationDeletion =
  { deleted: true; audioPaths: string[] } | { deleted: false; reason: 'not_found' | 'open' };

/**
 * Deletes one of the user's ended conversations with everything that hangs off it (decision
 * 045): its messages, recordings, feedback and debrief, and every organisation's score and
 * comments on it (they cascade from the conversation and its messages). Branches made from it
 * stay, standing alone (`branch_of` becomes null); the original of a deleted branch is not
 * touched. An open conversation is refused: a socket may be storing a turn in it at this moment.
 * Returns the recording files (folder mode) to remove once committed.
 */
export async function deleteEndedConversation(
  db: Db,
  input: { id: string; userId: string },
): Promise<ConversationDeletion> {
  return db.transaction(async (tx) => {
    // Locked, so a conversation ending right now either ends before this read or after it goes.
    const [row] = await tx.query<{ ended: boolean }>(
      `SELECT ended_at IS NOT NULL AS ended FROM conversation_sessions
        WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [input.id, input.userId],
    );
    if (!row) return { deleted: false, reason: 'not_found' as const };
    if (!row.ended) return { deleted: false, reason: 'open' as const };
    const audio = await tx.query<{ path: string | null }>(
      `DELETE FROM message_audio a USING messages m
        WHERE m.id = a.message_id AND m.session_id = $1 RETURNING a.path`,
      [input.id],
    );
    await tx.query(`DELETE FROM conversation_sessions WHERE id = $1`, [input.id]);
    return { deleted: true, audioPaths: audio.flatMap((a) => (a.path ? [a.path] : [])) };
  });
}
