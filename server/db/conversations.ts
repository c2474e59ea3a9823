import type { Conversation } from '#shared/conversation';
import type { Queryable, Db } from './db';

export interface ConversationRow {
  id: string;
  scenarioId: string;
  createdAt: Date;
  endedAt: Date | null;
  successRating: number | null;
  branchOf: string | null;
}

/** The columns of a ConversationRow, read from the table (or its alias `t`). */
export const conversationColumns = (t = '') => {
  const c = t ? `${t}.` : '';
  return `${c}id, ${c}scenario_id AS "scenarioId", ${c}created_at AS "createdAt",
  ${c}ended_at AS "endedAt", ${c}success_rating AS "successRating", ${c}branch_of AS "branchOf"`;
};
const COLUMNS = conversationColumns();

export function toConversationDto(row: ConversationRow): Conversation {
  return {
    id: row.id,
    scenarioId: row.scenarioId,
    createdAt: new Date(row.createdAt).toISOString(),
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
    successRating: row.successRating,
    branchOf: row.branchOf,
  };
}

/**
 * Returns the user's open session for this scenario, creating it (with the scenario's
 * opening line as the patient's first message) when there is none. The partial unique index
 * makes this safe when two tabs or two instances race. A branch may be open beside a fresh
 * conversation (decision 018): the newest open one is resumed, so the practice screen opens a
 * branch just made and, once that ends, the conversation it came from.
 */
export async function openOrResumeConversation(
  db: Db,
  input: { userId: string; scenarioId: string; initialMessage: string },
): Promise<{ session: Conversation; created: boolean }> {
  return db.transaction(async (tx) => {
    const newestOpen = async () => {
      const [open] = await tx.query<ConversationRow>(
        `SELECT ${COLUMNS} FROM conversation_sessions
          WHERE user_id = $1 AND scenario_id = $2 AND ended_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [input.userId, input.scenarioId],
      );
      return open;
    };
    const resumed = await newestOpen();
    if (resumed) return { session: toConversationDto(resumed), created: false };
    const [created] = await tx.query<ConversationRow>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, scenario_version)
       SELECT $1, $2, version FROM scenarios WHERE id = $2
       ON CONFLICT (user_id, scenario_id) WHERE ended_at IS NULL AND branch_at_message IS NULL
       DO NOTHING
       RETURNING ${COLUMNS}`,
      [input.userId, input.scenarioId],
    );
    if (created) {
      await tx.query(
        `INSERT INTO messages (session_id, role, content) VALUES ($1, 'assistant', $2)`,
        [created.id, input.initialMessage],
      );
      return { session: toConversationDto(created), created: true };
    }
    const open = await newestOpen();
    if (!open) throw new Error('open session vanished during resume');
    return { session: toConversationDto(open), created: false };
  });
}

/** The session if it belongs to this user; null otherwise (callers answer 404 either way). */
export async function getConversationForUser(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<Conversation | null> {
  const [row] = await db.query<ConversationRow>(
    `SELECT ${COLUMNS} FROM conversation_sessions WHERE id = $1 AND user_id = $2`,
    [input.id, input.userId],
  );
  return row ? toConversationDto(row) : null;
}

export async function markConversationEnded(
  db: Queryable,
  input: { id: string; successRating: number },
): Promise<void> {
  await db.query(
    `UPDATE conversation_sessions SET ended_at = COALESCE(ended_at, now()), success_rating = $2
      WHERE id = $1`,
    [input.id, input.successRating],
  );
}
