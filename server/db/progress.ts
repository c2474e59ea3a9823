import { historyEntries, type HistoryEntry } from '#shared/history';
import type { ProgressPoint } from '#shared/progress';
import type { Queryable } from './db';
import { countedScore, SET_BY_ORGANISATION } from './sqlRules';

/**
 * Progress and history reads. Every query is scoped to one user, joins feedback in the same
 * statement (no query per session), and walks the partial index of migration 0002.
 */

export interface ProgressData {
  completedConversations: number;
  /** Unrounded; 0 when no session counts. */
  avgScore: number;
  points: ProgressPoint[];
}

/** A chart point as the query packs it: [epoch ms, overall, empathy, clarity, persuasion, objection]. */
type PackedPoint = [number, number, number, number, number, number];

/**
 * Spec §7 'Read stats' in one statement: the completed count and the average are aggregates,
 * and the chart points come back as one JSON array in a single row. A thousand rows of six
 * columns cost PGlite (and the wire) far more to decode than one text value of the same data.
 */
export async function getProgressByUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<ProgressData> {
  // Spec §5: a session counts toward the average with its feedback's overall score, else its
  // success_rating (avg() skips sessions that have neither); chart points are the sessions
  // with feedback, oldest first. The feedback table holds at most one row per session
  // (UNIQUE), so "first feedback" is simply the joined row.
  const [row] = await db.query<{
    completedConversations: number;
    avgScore: number | null;
    points: string;
  }>(
    `WITH overrides AS (
       -- The override of an organisation that set the conversation as work counts, the lowest
       -- of several (decision 026). Checked only for the user's overridden conversations: as a
       -- lateral per conversation, the planner walked the memberships once per conversation
       -- (EXPLAIN ANALYZE: over half of the statement with none overridden at all).
       SELECT o.session_id, min(o.overall_score) AS overall_score
         FROM score_overrides o JOIN conversation_sessions s ON s.id = o.session_id
        WHERE s.user_id = $1 AND s.ended_at IS NOT NULL AND ${SET_BY_ORGANISATION}
        GROUP BY o.session_id
     ),
     done AS (
       SELECT s.id, s.created_at, s.success_rating, f.id AS feedback_id,
              ${countedScore('o.overall_score', 'f.overall_score')} AS overall_score, f.empathy_score,
              f.clarity_score, f.persuasion_score, f.objection_handling_score
         FROM conversation_sessions s
         LEFT JOIN feedback f ON f.session_id = s.id
         LEFT JOIN overrides o ON o.session_id = s.id
        WHERE s.user_id = $1 AND s.ended_at IS NOT NULL
     )
     SELECT count(*)::int AS "completedConversations",
            avg(coalesce(overall_score, success_rating))::float8 AS "avgScore",
            coalesce(
              json_agg(
                json_build_array(
                  floor(extract(epoch FROM created_at) * 1000)::bigint, overall_score,
                  empathy_score, clarity_score, persuasion_score,
                  coalesce(objection_handling_score, 0))
                ORDER BY created_at, id)
              FILTER (WHERE feedback_id IS NOT NULL),
              '[]')::text AS points
       FROM done`,
    [userId],
  );
  const packed = JSON.parse(row?.points ?? '[]') as PackedPoint[];
  return {
    completedConversations: row?.completedConversations ?? 0,
    avgScore: row?.avgScore ?? 0,
    points: packed.map(([ms, overall, empathy, clarity, persuasion, objection]) => ({
      date: new Date(ms).toISOString(),
      overall,
      empathy,
      clarity,
      persuasion,
      objection,
    })),
  };
}

interface HistoryRow {
  id: string;
  createdAt: Date;
  endedAt: Date | null;
  successRating: number | null;
  title: string | null;
  difficulty: string | null;
  overallScore: number | null;
  empathyScore: number | null;
  clarityScore: number | null;
  persuasionScore: number | null;
  objectionHandlingScore: number | null;
  hasFeedback: boolean;
  branchOf: string | null;
}

/**
 * One page of spec §7 'Read a user's sessions', newest first. `before` is the last session id
 * of the previous page (a keyset cursor: sessions finished meanwhile never shift a page); an id
 * that is not one of the user's completed sessions gives an empty page.
 */
export async function listHistoryByUser(
  db: Queryable,
  input: { userId: string; limit: number; before?: string | undefined },
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const params: unknown[] = [input.userId, input.limit + 1];
  let after = '';
  if (input.before) {
    params.push(input.before);
    after = `AND (s.created_at, s.id) < (
        SELECT c.created_at, c.id FROM conversation_sessions c
         WHERE c.id = $3 AND c.user_id = $1 AND c.ended_at IS NOT NULL)`;
  }
  const rows = await db.query<HistoryRow>(
    `SELECT s.id, s.created_at AS "createdAt", s.ended_at AS "endedAt",
            s.success_rating AS "successRating",
            -- The scenario as practised: a kept version once its author has edited it since.
            COALESCE(v.title, sc.title) AS title, COALESCE(v.difficulty, sc.difficulty) AS difficulty,
            f.overall_score AS "overallScore", f.empathy_score AS "empathyScore",
            f.clarity_score AS "clarityScore", f.persuasion_score AS "persuasionScore",
            f.objection_handling_score AS "objectionHandlingScore",
            f.session_id IS NOT NULL AS "hasFeedback", s.branch_of AS "branchOf"
       FROM conversation_sessions s
       LEFT JOIN scenarios sc ON sc.id = s.scenario_id
       LEFT JOIN scenario_versions v
              ON v.scenario_id = s.scenario_id AND v.version = s.scenario_version
       LEFT JOIN feedback f ON f.session_id = s.id
      WHERE s.user_id = $1 AND s.ended_at IS NOT NULL
        AND (f.session_id IS NOT NULL OR s.success_rating IS NOT NULL)
        ${after}
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT $2`,
    params,
  );
  const page = rows.slice(0, input.limit);
  // The SQL already filters and orders; the shared rule runs over its rows too so the one
  // definition of a history entry (spec §5) is the one the API answers with.
  const entries = historyEntries(
    page.map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
      successRating: row.successRating,
      scenario: { title: row.title, difficulty: row.difficulty },
      branchOf: row.branchOf,
      feedback: row.hasFeedback
        ? [
            {
              overallScore: row.overallScore,
              empathyScore: row.empathyScore,
              clarityScore: row.clarityScore,
              persuasionScore: row.persuasionScore,
              objectionHandlingScore: row.objectionHandlingScore,
            },
          ]
        : [],
    })),
  );
  const last = page[page.length - 1];
  return { entries, nextCursor: rows.length > input.limit && last ? last.id : null };
}
