import { historyEntries, type HistoryEntry } from '#shared/history';
import type { LanguageCode } from '#shared/languages';
import { countedScores, type ReviewScores, type ScoreSet } from '#shared/countedScore';
import {
  averageScore,
  chartPoints,
  type ProgressConversation,
  type ProgressFeedback,
  type ProgressPoint,
} from '#shared/progress';
import { SKILLS } from '#shared/skills';
import type { Queryable } from './db';
import { reviewedSkillScore, SET_BY_ORGANISATION } from './sqlRules';

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

/**
 * A completed conversation as the query packs it: [epoch ms, id, success rating, the grader's
 * five scores or null when ungraded, the counting reviews' five scores each (a skill a review
 * left to the grader is null)].
 */
type PackedConversation = [number, string, number | null, PackedScores | null, PackedScores[]];
type PackedScores = [number, number | null, number | null, number | null, number | null];

/**
 * The reviews of organisations that set conversation `s` as work (decision 026), as a JSON
 * array of packed scores; which of them counts is `countedScores`' to say (decision 043).
 */
const COUNTING_REVIEWS = `coalesce((
  SELECT json_agg(json_build_array(o.overall_score,
           ${SKILLS.map((k) => reviewedSkillScore('o.session_id', 'o.organisation_id', k.key)).join(',\n           ')}))
    FROM score_overrides o
   WHERE o.session_id = s.id AND ${SET_BY_ORGANISATION}), '[]')`;

/** COUNTING_REVIEWS, looked for only when `s` has any review at all (most have none). */
const REVIEWS_OF_S = `CASE WHEN EXISTS (SELECT 1 FROM score_overrides x WHERE x.session_id = s.id)
                   THEN ${COUNTING_REVIEWS} ELSE '[]' END`;

function unpackReview([overall, ...skills]: PackedScores): ReviewScores {
  const scored: ReviewScores['skills'] = {};
  SKILLS.forEach((k, i) => {
    const score = skills[i];
    if (typeof score === 'number') scored[k.key] = score;
  });
  return { overall, skills: scored, counts: true };
}

function unpackScores([overall, ...skills]: PackedScores): ScoreSet {
  const scores = { overall } as ScoreSet;
  SKILLS.forEach((k, i) => (scores[k.key] = skills[i] ?? null));
  return scores;
}

/** The counted scores of a packed conversation, shaped as the feedback progress reads. */
function countedFeedback(ai: PackedScores, reviews: PackedScores[]): ProgressFeedback {
  const counted = countedScores(unpackScores(ai), reviews.map(unpackReview));
  return {
    overallScore: counted.overall.score,
    empathyScore: counted.empathy.score,
    clarityScore: counted.clarity.score,
    persuasionScore: counted.persuasion.score,
    objectionHandlingScore: counted.objection.score,
  };
}

/**
 * Spec §7 'Read stats' in one statement: each completed conversation comes back packed in one
 * JSON array in a single row (a thousand rows of many columns cost PGlite, and the wire, far
 * more to decode than one text value of the same data). The scores that count are then the
 * shared rule's (decision 043), and the average and chart points shared/progress.ts's, so the
 * badge, the history card and progress cannot disagree.
 */
export async function getProgressByUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<ProgressData> {
  // The feedback table holds at most one row per session (UNIQUE), so "first feedback"
  // (spec §5) is simply the joined row. Overrides are looked for only on the user's
  // overridden conversations (the EXISTS), so unreviewed work costs no membership walk.
  const [row] = await db.query<{ conversations: string }>(
    `SELECT coalesce(json_agg(json_build_array(
              floor(extract(epoch FROM s.created_at) * 1000)::bigint, s.id, s.success_rating,
              CASE WHEN f.id IS NULL THEN NULL ELSE json_build_array(f.overall_score,
                f.empathy_score, f.clarity_score, f.persuasion_score, f.objection_handling_score)
              END,
              ${REVIEWS_OF_S})
              ORDER BY s.created_at, s.id), '[]')::text AS conversations
       FROM conversation_sessions s
       LEFT JOIN feedback f ON f.session_id = s.id
      WHERE s.user_id = $1 AND s.ended_at IS NOT NULL`,
    [userId],
  );
  const packed = JSON.parse(row?.conversations ?? '[]') as PackedConversation[];
  const conversations: ProgressConversation[] = packed.map(
    ([ms, id, successRating, ai, reviews]) => {
      const createdAt = new Date(ms).toISOString();
      return {
        id,
        createdAt,
        endedAt: createdAt,
        successRating,
        feedback: ai === null ? [] : [countedFeedback(ai, reviews)],
      };
    },
  );
  return {
    completedConversations: conversations.length,
    avgScore: averageScore(conversations),
    points: chartPoints(conversations),
  };
}

interface HistoryRow {
  id: string;
  createdAt: Date;
  endedAt: Date | null;
  successRating: number | null;
  title: string | null;
  difficulty: string | null;
  language: LanguageCode;
  overallScore: number | null;
  empathyScore: number | null;
  clarityScore: number | null;
  persuasionScore: number | null;
  objectionHandlingScore: number | null;
  hasFeedback: boolean;
  branchOf: string | null;
  /** JSON text of the counting reviews' packed scores. */
  reviews: string;
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
            COALESCE(v.language, sc.language) AS language,
            f.overall_score AS "overallScore", f.empathy_score AS "empathyScore",
            f.clarity_score AS "clarityScore", f.persuasion_score AS "persuasionScore",
            f.objection_handling_score AS "objectionHandlingScore",
            f.session_id IS NOT NULL AS "hasFeedback", s.branch_of AS "branchOf",
            ${REVIEWS_OF_S}::text AS reviews
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
      scenario: { title: row.title, difficulty: row.difficulty, language: row.language },
      branchOf: row.branchOf,
      reviews: (JSON.parse(row.reviews) as PackedScores[]).map(unpackReview),
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
