import type { ConversationSession } from '../../shared/conversation';
import type { TrainerReview, TurnComment } from '../../shared/review';
import { sessionColumns, toSessionDto, type SessionRow } from './conversations';
import type { Queryable } from './db';
import { SEEN_BY_TRAINER } from './organisations';

/**
 * A trainer's review of a member's conversation (issue 17, decisions 023 and 024): reading the
 * conversation as its trainer, the turn comments, and the review as both sides read it. Every
 * trainer's read and write goes through SEEN_BY_TRAINER; the trainee's read is by their own
 * conversation, so what was written stays theirs to read after they leave.
 */

export interface Trainee {
  id: string;
  fullName: string;
  email: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The conversation with who practised it; null unless this trainer may see it. */
export async function getConversationForTrainer(
  db: Queryable,
  input: { trainerId: string; sessionId: string },
): Promise<{ session: ConversationSession; trainee: Trainee } | null> {
  const [row] = await db.query<SessionRow & { trainee: Trainee }>(
    `SELECT ${sessionColumns('s')},
            json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email) AS trainee
       FROM conversation_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $2 AND ${SEEN_BY_TRAINER}`,
    [input.trainerId, input.sessionId],
  );
  if (!row) return null;
  const trainee =
    typeof row.trainee === 'string' ? (JSON.parse(row.trainee) as Trainee) : row.trainee;
  return { session: toSessionDto(row), trainee };
}

interface CommentRow {
  id: string;
  messageId: string;
  comment: string;
  trainerName: string;
  createdAt: Date | string;
}
const toComment = (row: CommentRow): TurnComment => ({ ...row, createdAt: iso(row.createdAt) });

/**
 * Comments on one message of the conversation, as this trainer. Null when the message is not
 * one of this conversation's, or the conversation is not one this trainer may see.
 */
export async function addTurnComment(
  db: Queryable,
  input: { trainerId: string; sessionId: string; messageId: string; comment: string },
): Promise<TurnComment | null> {
  const [row] = await db.query<CommentRow>(
    `WITH added AS (
       INSERT INTO turn_comments (message_id, trainer_id, comment)
       SELECT m.id, $1, $4 FROM messages m JOIN conversation_sessions s ON s.id = m.session_id
        WHERE m.id = $3 AND s.id = $2 AND ${SEEN_BY_TRAINER}
       RETURNING id, message_id, trainer_id, comment, created_at
     )
     SELECT a.id, a.message_id AS "messageId", a.comment, u.full_name AS "trainerName",
            a.created_at AS "createdAt"
       FROM added a JOIN users u ON u.id = a.trainer_id`,
    [input.trainerId, input.sessionId, input.messageId, input.comment],
  );
  return row ? toComment(row) : null;
}

/**
 * The trainer's score and turn comments on a conversation (comments oldest first). Read by the
 * conversation alone: callers have already checked the reader is its owner or may see it.
 */
export async function getReview(
  db: Queryable,
  { sessionId }: { sessionId: string },
): Promise<TrainerReview> {
  const [overrides, comments] = await Promise.all([
    db.query<{ score: number; comment: string; trainerName: string; createdAt: Date | string }>(
      `SELECT o.overall_score AS score, o.comment, u.full_name AS "trainerName",
              o.created_at AS "createdAt"
         FROM score_overrides o JOIN users u ON u.id = o.trainer_id
        WHERE o.session_id = $1`,
      [sessionId],
    ),
    db.query<CommentRow>(
      `SELECT c.id, c.message_id AS "messageId", c.comment, u.full_name AS "trainerName",
              c.created_at AS "createdAt"
         FROM turn_comments c JOIN messages m ON m.id = c.message_id
         JOIN users u ON u.id = c.trainer_id
        WHERE m.session_id = $1
        ORDER BY c.created_at, c.id`,
      [sessionId],
    ),
  ]);
  const [override] = overrides;
  return {
    override: override ? { ...override, createdAt: iso(override.createdAt) } : null,
    comments: comments.map(toComment),
  };
}
