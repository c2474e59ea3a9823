import type { ClassConversation } from '#shared/classSummary';
import type { ConsentItem, ConsentStatus } from '#shared/debrief';
import type { Queryable } from './db';
import { SKILLS } from '#shared/skills';
import { countedScore, reviewedSkillScore, TEACHES_COHORT, startedDuring } from './sqlRules';

/**
 * A debrief's digest as the database writes it (migration 0027's `debrief_digest`): each
 * consent check as [item, status, whether anything said shows it], each hidden concern as
 * [id, concern, whether it came out]; a list is null when the debrief has none.
 */
export type DebriefDigest = [
  consent: Array<[ConsentItem, ConsentStatus, boolean]> | null,
  concerns: Array<[string, string, boolean]> | null,
];

/**
 * Each skill's score as the cohort table would count it: the cohort's organisation's review of
 * that skill, else the grader's (decision 043). The review's lookup runs only when there is one.
 */
const SKILL_SCORES = SKILLS.map(
  (k) => `CASE WHEN o.session_id IS NULL THEN f.${k.column}
     ELSE ${countedScore(reviewedSkillScore('s.id', 'o.organisation_id', k.key), `f.${k.column}`)} END`,
).join(',\n');

/**
 * The facts a cohort's class summary needs (decision 044), one compact entry per graded
 * conversation its members started while members, in one statement: the scores, each consent
 * item's status and whether anything said shows it, and each hidden concern with whether it came
 * out. Those debrief facts are the feedback row's `debrief_digest`, written when the debrief is
 * stored (migration 0027), so the statement never opens a debrief and only these few values
 * travel; the summary itself is `summariseClass` (shared/classSummary.ts). Null when the cohort
 * is not this trainer's.
 */
export async function listClassConversations(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<ClassConversation[] | null> {
  const [row] = await db.query<{ data: string }>(
    `WITH cohort AS (
       SELECT c.id, c.organisation_id FROM cohorts c WHERE ${TEACHES_COHORT} AND c.id = $2
     ),
     periods AS (
       SELECT m.user_id, m.joined_at, m.left_at
         FROM cohort_memberships m JOIN cohort ON cohort.id = m.cohort_id
     )
     SELECT (
       -- A member's periods in one cohort never overlap, so each conversation joins one.
       SELECT coalesce(json_agg(json_build_array(
                s.user_id, s.scenario_id, sc.title,
                -- The cohort table's score: this organisation's, else the grader's (026).
                ${countedScore('o.overall_score', 'f.overall_score')},
                ${SKILL_SCORES},
                -- Written with the row (migration 0027): the debrief itself is never read.
                f.debrief_digest)), '[]')
         FROM periods p JOIN conversation_sessions s ON ${startedDuring('p', 's')}
         JOIN feedback f ON f.session_id = s.id
         JOIN scenarios sc ON sc.id = s.scenario_id
         LEFT JOIN score_overrides o
                ON o.session_id = s.id AND o.organisation_id = cohort.organisation_id
        WHERE s.ended_at IS NOT NULL
     )::text AS data
       FROM cohort`,
    [input.trainerId, input.cohortId],
  );
  if (!row) return null;
  type Entry = [
    userId: string,
    scenarioId: string,
    scenarioTitle: string,
    overall: number,
    empathy: number,
    clarity: number,
    persuasion: number,
    objection: number,
    digest: DebriefDigest | null,
  ];
  return (JSON.parse(row.data) as Entry[]).map(
    ([
      userId,
      scenarioId,
      scenarioTitle,
      overall,
      empathy,
      clarity,
      persuasion,
      objection,
      digest,
    ]) => ({
      userId,
      scenarioId,
      scenarioTitle,
      scores: { overall, empathy, clarity, persuasion, objection },
      debrief: digest
        ? {
            consent: (digest[0] ?? []).map(([item, status, hasEvidence]) => ({
              item,
              status,
              hasEvidence,
            })),
            concerns: (digest[1] ?? []).map(([id, concern, uncovered]) => ({
              id,
              concern,
              uncovered,
            })),
          }
        : null,
    }),
  );
}
