import type { MemberConversations } from '#shared/api/organisations';
import type { Queryable } from './db';
import { countedScore, TEACHES_COHORT, startedDuring } from './sqlRules';
import { isoSql } from './timestamps';

/**
 * One member of a cohort as their trainer opens them (decisions 023 and 044): every
 * conversation they started inside one of their periods in this cohort, assigned or not, with
 * the score this cohort's table would count. Null when the cohort is not this trainer's or the
 * user was never a member of it, so another's id is the same 404 as an unknown one.
 */
export async function getMemberConversations(
  db: Queryable,
  input: { trainerId: string; cohortId: string; userId: string },
): Promise<MemberConversations | null> {
  const [row] = await db.query<{ data: string | null }>(
    `WITH cohort AS (
       SELECT c.id, c.organisation_id FROM cohorts c WHERE ${TEACHES_COHORT} AND c.id = $2
     ),
     periods AS (
       SELECT m.user_id, m.joined_at, m.left_at
         FROM cohort_memberships m JOIN cohort ON cohort.id = m.cohort_id
        WHERE m.user_id = $3
     )
     SELECT json_build_object(
       'member', json_build_object('id', u.id, 'fullName', u.full_name, 'email', u.email,
         'periods', (SELECT json_agg(json_build_object('joinedAt', ${isoSql('p.joined_at')},
                                                       'leftAt', ${isoSql('p.left_at')})
                                     ORDER BY p.joined_at) FROM periods p)),
       'conversations', (
         SELECT coalesce(json_agg(json_build_object(
                  'id', s.id, 'scenarioId', s.scenario_id, 'title', sc.title,
                  'startedAt', ${isoSql('s.created_at')}, 'endedAt', ${isoSql('s.ended_at')},
                  -- The cohort table's score: this organisation's, else the grader's (026).
                  'score', CASE WHEN s.ended_at IS NULL THEN NULL
                                ELSE ${countedScore('o.overall_score', 'f.overall_score')} END,
                  'overridden', o.session_id IS NOT NULL,
                  'assigned', EXISTS (SELECT 1 FROM cohort_assignments a
                                       WHERE a.cohort_id = $2 AND a.scenario_id = s.scenario_id))
                  ORDER BY s.created_at DESC, s.id DESC), '[]')
           FROM conversation_sessions s JOIN scenarios sc ON sc.id = s.scenario_id
           LEFT JOIN feedback f ON f.session_id = s.id
           LEFT JOIN score_overrides o
                  ON o.session_id = s.id AND o.organisation_id = (SELECT organisation_id FROM cohort)
          WHERE s.user_id = $3
            AND EXISTS (SELECT 1 FROM periods p WHERE ${startedDuring('p', 's')}))
     )::text AS data
       FROM users u
      WHERE u.id = $3 AND EXISTS (SELECT 1 FROM periods)`,
    [input.trainerId, input.cohortId, input.userId],
  );
  return row?.data ? (JSON.parse(row.data) as MemberConversations) : null;
}
