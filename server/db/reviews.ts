import type { Conversation } from '#shared/conversation';
import type { ScoreOverride, SkillOverride, TrainerReview, TurnComment } from '#shared/review';
import { SKILLS } from '#shared/skills';
import { conversationColumns, toConversationDto, type ConversationRow } from './conversations';
import type { Db, Queryable } from './db';
import { lockOwner } from './ownerLock';
import { REVIEWING_ORGANISATION, SEEN_BY_TRAINER, SET_BY_ORGANISATION } from './sqlRules';
import { iso } from './timestamps';

/**
 * A trainer's review of a member's conversation (decisions 023, 024 and 026): reading
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

/**
 * The conversation with who practised it, and the organisation this trainer reviews it for;
 * null unless this trainer may see it.
 */
export async function getConversationForTrainer(
  db: Queryable,
  input: { trainerId: string; conversationId: string },
): Promise<{ session: Conversation; trainee: Trainee; organisationId: string } | null> {
  const [row] = await db.query<ConversationRow & { trainee: Trainee; organisationId: string }>(
    `SELECT ${conversationColumns('s')},
            json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email) AS trainee,
            ${REVIEWING_ORGANISATION} AS "organisationId"
       FROM conversation_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $2 AND ${SEEN_BY_TRAINER}`,
    [input.trainerId, input.conversationId],
  );
  if (!row) return null;
  const trainee =
    typeof row.trainee === 'string' ? (JSON.parse(row.trainee) as Trainee) : row.trainee;
  return { session: toConversationDto(row), trainee, organisationId: row.organisationId };
}

/** Whether this trainer may read this conversation (see SEEN_BY_TRAINER). */
export async function trainerMaySee(
  db: Queryable,
  input: { trainerId: string; conversationId: string },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM conversation_sessions s WHERE s.id = $2 AND ${SEEN_BY_TRAINER}`,
    [input.trainerId, input.conversationId],
  );
  return rows.length > 0;
}

/**
 * Sets the trainer's organisation's review scores for a conversation (REVIEWING_ORGANISATION):
 * the overall score and the skills given (decision 043), replacing that organisation's earlier
 * ones, skills left out included, and no other organisation's; false when this trainer may
 * not read it.
 */
export async function overrideScore(
  db: Db,
  input: {
    trainerId: string;
    conversationId: string;
    score: number;
    comment: string;
    skills?: readonly SkillOverride[];
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ organisationId: string }>(
      `INSERT INTO score_overrides (session_id, organisation_id, trainer_id, overall_score, comment)
       SELECT s.id, org.id, $1, $3, $4
         FROM conversation_sessions s CROSS JOIN LATERAL (SELECT ${REVIEWING_ORGANISATION} AS id) org
        WHERE s.id = $2 AND org.id IS NOT NULL
       ON CONFLICT (session_id, organisation_id) DO UPDATE SET trainer_id = EXCLUDED.trainer_id,
         overall_score = EXCLUDED.overall_score, comment = EXCLUDED.comment,
         created_at = clock_timestamp()
       RETURNING organisation_id AS "organisationId"`,
      [input.trainerId, input.conversationId, input.score, input.comment],
    );
    if (!row) return false;
    await tx.query(`DELETE FROM skill_overrides WHERE session_id = $1 AND organisation_id = $2`, [
      input.conversationId,
      row.organisationId,
    ]);
    const skills = input.skills ?? [];
    if (skills.length > 0) {
      // One statement for all of them: the skills travel as one JSON array.
      await tx.query(
        `INSERT INTO skill_overrides (session_id, organisation_id, skill, score, comment)
         SELECT $1, $2, x.skill, x.score, x.comment
           FROM json_to_recordset($3::json) AS x(skill text, score integer, comment text)`,
        [input.conversationId, row.organisationId, JSON.stringify(skills)],
      );
    }
    return true;
  });
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

export type CommentResult =
  | { added: TurnComment }
  | { refused: 'not_found' }
  /** The organisation has written `perConversation` comments on this conversation. */
  | { refused: 'conversation_full' }
  /** The trainer has written `perTrainerPerDay` in the last 24 hours; a place frees then. */
  | { refused: 'day_full'; retryAfterSeconds: number };

/**
 * Comments on one message of the conversation, for this trainer's organisation, within the
 * bounds of ORGANISATION_LIMITS and the daily setting. Not found when the message is not one of this conversation's, or the
 * conversation is not one this trainer may see.
 */
export async function addTurnComment(
  db: Db,
  input: {
    trainerId: string;
    conversationId: string;
    messageId: string;
    comment: string;
    limits: { perConversation: number; perTrainerPerDay: number };
  },
): Promise<CommentResult> {
  const { trainerId, conversationId, messageId, limits } = input;
  return db.transaction(async (tx) => {
    const [target] = await tx.query<{ organisationId: string }>(
      `SELECT org.id AS "organisationId"
         FROM messages m JOIN conversation_sessions s ON s.id = m.session_id
        CROSS JOIN LATERAL (SELECT ${REVIEWING_ORGANISATION} AS id) org
        WHERE m.id = $3 AND s.id = $2 AND org.id IS NOT NULL`,
      [trainerId, conversationId, messageId],
    );
    if (!target) return { refused: 'not_found' };
    const { organisationId } = target;
    // The trainer's comments and the organisation's are counted one writer at a time (see
    // lockOwner), so requests sent together cannot all pass either bound.
    await lockOwner(tx, 'users', trainerId);
    await lockOwner(tx, 'organisations', organisationId);
    const [counts] = await tx.query<{ onConversation: number; lastDay: number }>(
      `SELECT (SELECT count(*)::int FROM turn_comments c JOIN messages m ON m.id = c.message_id
                WHERE m.session_id = $2 AND c.organisation_id = $3) AS "onConversation",
              (SELECT count(*)::int FROM turn_comments
                WHERE trainer_id = $1 AND created_at > clock_timestamp() - interval '1 day')
                AS "lastDay"`,
      [trainerId, conversationId, organisationId],
    );
    if (counts!.onConversation >= limits.perConversation) return { refused: 'conversation_full' };
    if (counts!.lastDay >= limits.perTrainerPerDay) {
      // A place frees when enough of the day's comments are a day old: the one that brings
      // the count back under the bound (the oldest, unless the bound was lowered since).
      const [frees] = await tx.query<{ seconds: number }>(
        `SELECT extract(epoch FROM created_at + interval '1 day' - clock_timestamp())::float8
                  AS seconds
           FROM turn_comments
          WHERE trainer_id = $1 AND created_at > clock_timestamp() - interval '1 day'
          ORDER BY created_at, id OFFSET $2 LIMIT 1`,
        [trainerId, counts!.lastDay - limits.perTrainerPerDay],
      );
      return {
        refused: 'day_full',
        retryAfterSeconds: Math.max(1, Math.ceil(frees?.seconds ?? 1)),
      };
    }
    const [row] = await tx.query<CommentRow>(
      `WITH added AS (
         INSERT INTO turn_comments (message_id, organisation_id, trainer_id, comment)
         VALUES ($1, $2, $3, $4)
         RETURNING *
       )
       SELECT ${COMMENT_COLUMNS}
         FROM added c JOIN users u ON u.id = c.trainer_id
         JOIN organisations g ON g.id = c.organisation_id`,
      [messageId, organisationId, trainerId, input.comment],
    );
    return { added: toComment(row!) };
  });
}

/**
 * The trainers' scores (by organisation name) and turn comments (oldest first) on a
 * conversation, each with its organisation: every organisation's for the trainee, only
 * `organisationId`'s for its trainer. Read by the conversation: callers have already checked
 * the reader is its owner or may see it.
 */
export async function getReview(
  db: Queryable,
  {
    conversationId,
    organisationId = null,
  }: { conversationId: string; organisationId?: string | null },
): Promise<TrainerReview> {
  const [overrides, comments] = await Promise.all([
    db.query<
      Omit<ScoreOverride, 'createdAt' | 'skills'> & {
        createdAt: Date | string;
        skills: ScoreOverride['skills'] | string;
      }
    >(
      `SELECT o.overall_score AS score, o.comment, u.full_name AS "trainerName",
              o.organisation_id AS "organisationId", g.name AS "organisationName",
              o.created_at AS "createdAt", ${SET_BY_ORGANISATION} AS counts,
              coalesce((SELECT json_agg(json_build_object(
                                 'skill', k.skill, 'score', k.score, 'comment', k.comment)
                               ORDER BY array_position($3::text[], k.skill))
                          FROM skill_overrides k
                         WHERE k.session_id = o.session_id
                           AND k.organisation_id = o.organisation_id), '[]') AS skills
         FROM score_overrides o JOIN users u ON u.id = o.trainer_id
         JOIN organisations g ON g.id = o.organisation_id
         JOIN conversation_sessions s ON s.id = o.session_id
        WHERE o.session_id = $1 AND ($2::uuid IS NULL OR o.organisation_id = $2)
        ORDER BY g.name, o.organisation_id`,
      [conversationId, organisationId, SKILLS.map((k) => k.key)],
    ),
    db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS}
         FROM turn_comments c JOIN messages m ON m.id = c.message_id
         JOIN users u ON u.id = c.trainer_id
         JOIN organisations g ON g.id = c.organisation_id
        WHERE m.session_id = $1 AND ($2::uuid IS NULL OR c.organisation_id = $2)
        ORDER BY c.created_at, c.id`,
      [conversationId, organisationId],
    ),
  ]);
  return {
    overrides: overrides.map((o) => ({
      ...o,
      // The pg driver parses json columns; PGlite's json_agg inside a subquery may come as text.
      skills:
        typeof o.skills === 'string' ? (JSON.parse(o.skills) as ScoreOverride['skills']) : o.skills,
      createdAt: iso(o.createdAt),
    })),
    comments: comments.map(toComment),
  };
}
