import type { ConversationSession } from '../../shared/conversation';
import type { ScoreOverride, TrainerReview, TurnComment } from '../../shared/review';
import { sessionColumns, toSessionDto, type SessionRow } from './conversations';
import type { Queryable } from './db';
import { REVIEWING_ORGANISATION, SEEN_BY_TRAINER } from './organisations';

/**
 * A trainer's review of a member's conversation (issue 17, decisions 023, 024 and 026): reading
 * the conversation as its trainer, the turn comments, and the review as both sides read it.
 * Every trainer's read and write goes through SEEN_BY_TRAINER and belongs to one organisation
 * (REVIEWING_ORGANISATION): a trainer reads and writes their organisation's review only. The
 * trainee's read is by their own conversation, every organisation's review labelled, so what
 * was written stays theirs to read after they leave.
 */

export interface Trainee {
  id: string;
  fullName: string;
  email: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The conversation with who practised it, and the organisation this trainer reviews it for;
 * null unless this trainer may see it.
 */
export async function getConversationForTrainer(
  db: Queryable,
  input: { trainerId: string; sessionId: string },
): Promise<{ session: ConversationSession; trainee: Trainee; organisationId: string } | null> {
  const [row] = await db.query<SessionRow & { trainee: Trainee; organisationId: string }>(
    `SELECT ${sessionColumns('s')},
            json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email) AS trainee,
            ${REVIEWING_ORGANISATION} AS "organisationId"
       FROM conversation_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $2 AND ${SEEN_BY_TRAINER}`,
    [input.trainerId, input.sessionId],
  );
  if (!row) return null;
  const trainee =
    typeof row.trainee === 'string' ? (JSON.parse(row.trainee) as Trainee) : row.trainee;
  return { session: toSessionDto(row), trainee, organisationId: row.organisationId };
}

interface CommentRow {
  id: string;
  messageId: string;
  comment: string;
  trainerName: string;
  organisationId: string;
  organisationName: string;
  createdAt: Date | string;
}
const toComment = (row: CommentRow): TurnComment => ({ ...row, createdAt: iso(row.createdAt) });
const COMMENT_COLUMNS = `c.id, c.message_id AS "messageId", c.comment, u.full_name AS "trainerName",
  c.organisation_id AS "organisationId", g.name AS "organisationName", c.created_at AS "createdAt"`;

/**
 * Comments on one message of the conversation, for this trainer's organisation. Null when the
 * message is not one of this conversation's, or the conversation is not one this trainer may
 * see.
 */
export async function addTurnComment(
  db: Queryable,
  input: { trainerId: string; sessionId: string; messageId: string; comment: string },
): Promise<TurnComment | null> {
  const [row] = await db.query<CommentRow>(
    `WITH added AS (
       INSERT INTO turn_comments (message_id, organisation_id, trainer_id, comment)
       SELECT m.id, org.id, $1, $4
         FROM messages m JOIN conversation_sessions s ON s.id = m.session_id
        CROSS JOIN LATERAL (SELECT ${REVIEWING_ORGANISATION} AS id) org
        WHERE m.id = $3 AND s.id = $2 AND org.id IS NOT NULL
       RETURNING *
     )
     SELECT ${COMMENT_COLUMNS}
       FROM added c JOIN users u ON u.id = c.trainer_id
       JOIN organisations g ON g.id = c.organisation_id`,
    [input.trainerId, input.sessionId, input.messageId, input.comment],
  );
  return row ? toComment(row) : null;
}

/**
 * The trainers' scores (by organisation name) and turn comments (oldest first) on a
 * conversation, each with its organisation: every organisation's for the trainee, one organisation's for its trainer. Read
 * by the conversation: callers have already checked the reader is its owner or may see it.
 */
export async function getReview(
  db: Queryable,
  { sessionId, organisationId = null }: { sessionId: string; organisationId?: string | null },
): Promise<TrainerReview> {
  const [overrides, comments] = await Promise.all([
    db.query<Omit<ScoreOverride, 'createdAt'> & { createdAt: Date | string }>(
      `SELECT o.overall_score AS score, o.comment, u.full_name AS "trainerName",
              o.organisation_id AS "organisationId", g.name AS "organisationName",
              o.created_at AS "createdAt"
         FROM score_overrides o JOIN users u ON u.id = o.trainer_id
         JOIN organisations g ON g.id = o.organisation_id
        WHERE o.session_id = $1 AND ($2::uuid IS NULL OR o.organisation_id = $2)
        ORDER BY g.name, o.organisation_id`,
      [sessionId, organisationId],
    ),
    db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS}
         FROM turn_comments c JOIN messages m ON m.id = c.message_id
         JOIN users u ON u.id = c.trainer_id
         JOIN organisations g ON g.id = c.organisation_id
        WHERE m.session_id = $1 AND ($2::uuid IS NULL OR c.organisation_id = $2)
        ORDER BY c.created_at, c.id`,
      [sessionId, organisationId],
    ),
  ]);
  return {
    overrides: overrides.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    comments: comments.map(toComment),
  };
}
