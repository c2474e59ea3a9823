import type { BranchOrigin } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import type { Db, Queryable } from './db';
import { conversationColumns, toConversationDto, type ConversationRow } from './conversations';
import { spendHourly } from './hourlyUsage';
import { VISIBLE_TO_USER } from './scenarios';

/** Why a branch could not be made from the turn asked for. */
export type BranchRefusal =
  | { code: 'not_found:message' | 'unprocessable:not_a_turn' | 'not_found:scenario' }
  | { code: 'rate_limit:branches'; retryAfterSeconds: number };

/**
 * "Try another answer here": a new open conversation for the same user and scenario, linked to
 * `conversationId`, holding copies of every message stored before the clinician turn `messageId`.
 * The offline patient derives its state from the transcript alone, so the copies are the
 * replay. One transaction: a branch never exists with half its transcript, and one that is not
 * made is not counted. The caller has checked that `conversationId` is the user's.
 *
 * A branch is a new start, so it needs what starting the scenario afresh needs: the right to
 * practise it now (VISIBLE_TO_USER). Someone who has left the organisation it is shared with,
 * or whose author has deleted it, cannot branch; the conversations they already have stay as
 * they are (decision 027). Then the user's hourly allowance of branches pays for it.
 */
export async function createBranch(
  db: Db,
  input: { userId: string; conversationId: string; messageId: string; branchesPerHour: number },
): Promise<{ session: Conversation } | { refused: BranchRefusal }> {
  return db.transaction(async (tx) => {
    const [turn] = await tx.query<{ role: string }>(
      `SELECT role FROM messages WHERE session_id = $1 AND id = $2`,
      [input.conversationId, input.messageId],
    );
    if (!turn) return { refused: { code: 'not_found:message' as const } };
    if (turn.role !== 'user') return { refused: { code: 'unprocessable:not_a_turn' as const } };
    const [practisable] = await tx.query(
      `SELECT 1 FROM scenarios
        WHERE ${VISIBLE_TO_USER}
          AND id = (SELECT scenario_id FROM conversation_sessions WHERE id = $2)`,
      [input.userId, input.conversationId],
    );
    if (!practisable) return { refused: { code: 'not_found:scenario' as const } };
    const allowance = await spendHourly(tx, {
      userId: input.userId,
      kind: 'branches',
      amount: 1,
      limit: input.branchesPerHour,
    });
    if (!allowance.spent) {
      const { retryAfterSeconds } = allowance;
      return { refused: { code: 'rate_limit:branches' as const, retryAfterSeconds } };
    }
    const [session] = await tx.query<ConversationRow>(
      `INSERT INTO conversation_sessions
         (user_id, scenario_id, scenario_version, branch_of, branch_at_message, language,
          report_language)
       SELECT user_id, scenario_id, scenario_version, id, $2, language, report_language
         FROM conversation_sessions WHERE id = $1
       RETURNING ${conversationColumns()}`,
      [input.conversationId, input.messageId],
    );
    if (!session) throw new Error('original conversation vanished while branching');
    // The copies keep their original times: the transcript says when things were said. Each
    // gets a new seq in the same order, so (created_at, seq) orders the branch as the original.
    // No client id: they were never sent by a client, and a resend of an original turn must
    // not match a copy. The turn's time is compared in SQL: a JS Date would drop microseconds.
    await tx.query(
      `INSERT INTO messages (session_id, created_at, role, content, source, partial)
       SELECT $1, m.created_at, m.role, m.content, m.source, m.partial
         FROM messages m, messages t
        WHERE m.session_id = $2 AND t.id = $3 AND (m.created_at, m.seq) < (t.created_at, t.seq)
        ORDER BY m.created_at, m.seq`,
      [session.id, input.conversationId, input.messageId],
    );
    return { session: toConversationDto(session) };
  });
}

/** Null for a conversation that is not a branch (or whose original was deleted). */
export async function getBranchOrigin(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<BranchOrigin | null> {
  const [row] = await db.query<{
    of: string;
    atMessageId: string;
    atTurn: number | null;
    overallScore: number | null;
    empathyScore: number | null;
    clarityScore: number | null;
    persuasionScore: number | null;
    objectionHandlingScore: number | null;
  }>(
    `SELECT b.branch_of AS "of", b.branch_at_message AS "atMessageId",
            (SELECT count(*)::int FROM messages m, messages t
              WHERE t.id = b.branch_at_message AND t.session_id = o.id
                AND m.session_id = o.id AND m.role = 'user'
                AND (m.created_at, m.seq) <= (t.created_at, t.seq)
             HAVING count(*) > 0) AS "atTurn",
            f.overall_score AS "overallScore", f.empathy_score AS "empathyScore",
            f.clarity_score AS "clarityScore", f.persuasion_score AS "persuasionScore",
            f.objection_handling_score AS "objectionHandlingScore"
       FROM conversation_sessions b
       JOIN conversation_sessions o ON o.id = b.branch_of AND o.user_id = b.user_id
       LEFT JOIN feedback f ON f.session_id = o.id
      WHERE b.id = $1`,
    [conversationId],
  );
  if (!row) return null;
  const { of, atMessageId, atTurn, overallScore, ...rest } = row;
  return {
    of,
    atMessageId,
    atTurn,
    originalScores:
      overallScore === null
        ? null
        : {
            overallScore,
            empathyScore: rest.empathyScore!,
            clarityScore: rest.clarityScore!,
            persuasionScore: rest.persuasionScore!,
            objectionHandlingScore: rest.objectionHandlingScore!,
          },
  };
}
