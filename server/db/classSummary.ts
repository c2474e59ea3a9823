import type { ClassConversation } from '#shared/classSummary';
import type { ConsentItem, ConsentStatus } from '#shared/debrief';
import type { Queryable } from './db';
import { SKILLS } from '#shared/skills';
import { countedScore, reviewedSkillScore, RUN_BY_TRAINER, startedDuring } from './sqlRules';

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
 * out. The debrief's JSON is read in the database, so only these few values travel; the summary
 * itself is `summariseClass` (shared/classSummary.ts). Null when the cohort is not this
 * trainer's.
 */
export async function listClassConversations(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<ClassConversation[] | null> {
  const [row] = await db.query<{ data: string }>(
    `WITH cohort AS (
       SELECT c.id, c.organisation_id FROM cohorts c WHERE ${RUN_BY_TRAINER} AND c.id = $2
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
                f.debrief IS NOT NULL,
                (SELECT json_agg(json_build_array(c->>'item', c->>'status',
                                   coalesce(jsonb_typeof(c->'evidence'), 'null') <> 'null'))
                   FROM jsonb_array_elements(f.debrief->'consent'->'checks') c),
                (SELECT json_agg(json_build_array(h->>'id', h->>'concern',
                                   coalesce(jsonb_typeof(h->'uncoveredAt'), 'null') <> 'null'))
                   FROM jsonb_array_elements(f.debrief->'hiddenConcerns') h))), '[]')
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
    hasDebrief: boolean,
    consent: Array<[ConsentItem, ConsentStatus, boolean]> | null,
    concerns: Array<[string, string, boolean]> | null,
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
      ...d
    ]) => {
      const [hasDebrief, consent, concerns] = d;
      return {
        userId,
        scenarioId,
        scenarioTitle,
        scores: { overall, empathy, clarity, persuasion, objection },
        debrief: hasDebrief
          ? {
              consent: (consent ?? []).map(([item, status, hasEvidence]) => ({
                item,
                status,
                hasEvidence,
              })),
              concerns: (concerns ?? []).map(([id, concern, uncovered]) => ({
                id,
                concern,
                uncovered,
              })),
            }
          : null,
      };
    },
  );
}
