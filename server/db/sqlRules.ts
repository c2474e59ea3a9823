/**
 * The rules the database applies, each written once as a named SQL fragment (decision 031).
 * A query that needs a rule interpolates its fragment; none writes the rule out again, so the
 * cohort table, a trainee's progress and a trainer's access cannot drift apart. Each fragment
 * says which table aliases and parameters it expects.
 */

/**
 * A cohort this trainer runs, as a SQL condition on `c` (cohorts) with `$1` the trainer: the
 * organisation's own trainer, its owner. Only what belongs to the organisation as a whole uses
 * it alone (renaming or deleting a cohort, invites); a cohort's teaching uses TEACHES_COHORT.
 */
export const RUN_BY_TRAINER = `c.organisation_id IN (SELECT id FROM organisations WHERE trainer_id = $1)`;

/**
 * A cohort `c` that user `user` (a SQL expression, `$1` in TEACHES_COHORT) teaches (decision
 * 052): they train its organisation, or they co-instruct this one cohort (an LMS course's other
 * instructor). Everything done for a cohort's work goes through it: its table and summary, its
 * members' conversations and their review, its assignments, reminders, passbacks and roster.
 */
export function teachesCohort(user: string): string {
  return `(c.organisation_id IN (SELECT id FROM organisations WHERE trainer_id = ${user})
     OR EXISTS (SELECT 1 FROM cohort_instructors ci
                 WHERE ci.cohort_id = c.id AND ci.user_id = ${user}))`;
}

/** A cohort `c` the user `$1` teaches: trains its organisation or co-instructs it (052). */
export const TEACHES_COHORT = teachesCohort('$1');

/**
 * The membership period (decision 023): conversation `conversation` was started by the member
 * of `membership` (a cohort_memberships row) while a member, from joining (included) until
 * leaving (excluded). Work from before joining or after leaving belongs to nobody's cohort.
 */
export function startedDuring(membership: string, conversation: string): string {
  return `${membership}.user_id = ${conversation}.user_id
     AND ${conversation}.created_at >= ${membership}.joined_at
     AND (${membership}.left_at IS NULL OR ${conversation}.created_at < ${membership}.left_at)`;
}

/**
 * A conversation `s` a trainer ($1) may read: started by a member of a cohort they teach
 * (TEACHES_COHORT: one of their organisation's, or one they co-instruct) while a member (from
 * joining until leaving).
 */
export const SEEN_BY_TRAINER = `EXISTS (
  SELECT 1 FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
   WHERE ${TEACHES_COHORT} AND ${startedDuring('m', 's')})`;

/**
 * The organisation a trainer ($1) reviews conversation `s` for (decision 026): the one through
 * which SEEN_BY_TRAINER lets them read it, as its trainer or as a co-instructor of one of its
 * cohorts (052: a co-instructor's review is the organisation's, as the trainer's is); when
 * several are (a trainer running two the trainee is in), the one that set it as work, then the
 * oldest. Null when none, so a write that needs it inserts nothing.
 */
export const REVIEWING_ORGANISATION = `(
  SELECT c.organisation_id FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
    JOIN organisations g ON g.id = c.organisation_id
   WHERE ${TEACHES_COHORT} AND ${startedDuring('m', 's')}
   ORDER BY EXISTS (SELECT 1 FROM cohort_assignments a
                     WHERE a.cohort_id = c.id AND a.scenario_id = s.scenario_id) DESC,
            g.created_at, g.id
   LIMIT 1)`;

/**
 * Whether organisation `o.organisation_id` set conversation `s` as work: it assigned the
 * scenario to a cohort the trainee was in when they started it, so the conversation is in that
 * cohort's table. Only such an organisation's score counts in the trainee's progress (026).
 */
export const SET_BY_ORGANISATION = `EXISTS (
  SELECT 1 FROM cohort_assignments a JOIN cohorts c ON c.id = a.cohort_id
    JOIN cohort_memberships m ON m.cohort_id = c.id
   WHERE c.organisation_id = o.organisation_id AND a.scenario_id = s.scenario_id
     AND ${startedDuring('m', 's')})`;

/**
 * The trainer's score counts (decisions 023, 026 and 043): a conversation's score is the
 * trainer's override when there is one, else the grader's. The cohort table's twin of
 * `countedScores` (shared/countedScore.ts), which every other screen and progress use: the
 * table counts its own organisation's overall score, and a conversation in it was set as work
 * by that organisation, so the two agree.
 */
export function countedScore(trainerScore: string, graderScore: string): string {
  return `coalesce(${trainerScore}, ${graderScore})`;
}

/**
 * Skill `skill`'s score in organisation `organisation`'s review of conversation `session`
 * (decision 043), or null when that review left the skill to the grader or there is no review.
 * Interpolate `skill` only from SKILLS' keys (it is not a parameter).
 */
export function reviewedSkillScore(session: string, organisation: string, skill: string): string {
  return `(SELECT k.score FROM skill_overrides k
            WHERE k.session_id = ${session} AND k.organisation_id = ${organisation}
              AND k.skill = '${skill}')`;
}

/**
 * The hourly quota's count: clinician turns stored in the last hour by the owner of
 * conversation $1, across all their conversations. Only turns a client sent count (every
 * stored turn has a client id): a branch's copies of earlier turns cost no model call.
 */
export const TURNS_IN_LAST_HOUR = `(SELECT count(*)::int
   FROM messages m JOIN conversation_sessions s ON s.id = m.session_id
  WHERE s.user_id = (SELECT user_id FROM conversation_sessions WHERE id = $1)
    AND m.role = 'user' AND m.client_id IS NOT NULL
    AND m.created_at > now() - interval '1 hour')`;

/**
 * Turn admission: one more clinician turn may be stored in conversation $1 now when its owner
 * is under the hourly quota (`turnsPerHour`, a parameter) and the conversation has not ended.
 * Checked in the statement that stores the turn, so it holds across instances and sockets.
 */
export function turnAdmitted(turnsPerHour: string): string {
  return `${TURNS_IN_LAST_HOUR} < ${turnsPerHour}
    AND EXISTS (SELECT 1 FROM conversation_sessions WHERE id = $1 AND ended_at IS NULL)`;
}
