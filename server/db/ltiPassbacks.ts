import type { Queryable } from './db';
import { TEACHES_COHORT, startedDuring, teachesCohort } from './sqlRules';
import { iso } from './timestamps';

/**
 * The scores owed to LMS line items (decision 051), a queue in the database so a score
 * survives a restart and any instance may send it: one row per trainee and assignment, the
 * latest score replacing an unsent one, claimed under a lease, retried with back-off.
 */

export interface ScoreToSend {
  scoreGiven: number;
  scoreMaximum: number;
  comment: string | null;
  scoredAt: Date;
}

/**
 * Owes the LMS a score for conversation `sessionId`: for each LTI assignment of its scenario
 * in a cohort its trainee was in when they started it, and that the trainee launched (so a
 * line item is known). A score older than one already queued changes nothing. Returns how
 * many passbacks are owed.
 */
export async function queuePassbacks(
  db: Queryable,
  input: {
    sessionId: string;
    /**
     * A trainer's override: only assignments of cohorts they teach take it (their organisations'
     * as its trainer, or the one course they co-instruct: 052).
     */
    trainerId?: string | null;
  } & ScoreToSend,
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO lti_grade_passbacks
       (assignment_id, user_id, session_id, score_given, score_maximum, comment, scored_at)
     SELECT t.assignment_id, t.user_id, s.id, $2, $3, $4, $5
       FROM conversation_sessions s
       JOIN lti_grade_targets t ON t.user_id = s.user_id
       JOIN cohort_assignments a ON a.id = t.assignment_id AND a.scenario_id = s.scenario_id
      WHERE s.id = $1
        AND EXISTS (SELECT 1 FROM cohort_memberships m
                     WHERE m.cohort_id = a.cohort_id AND ${startedDuring('m', 's')})
        AND ($6::uuid IS NULL OR EXISTS (
              SELECT 1 FROM cohorts c WHERE c.id = a.cohort_id AND ${teachesCohort('$6::uuid')}))
     ON CONFLICT (assignment_id, user_id) DO UPDATE
       SET session_id = excluded.session_id, score_given = excluded.score_given,
           score_maximum = excluded.score_maximum, comment = excluded.comment,
           scored_at = excluded.scored_at, status = 'pending', attempts = 0,
           next_attempt_at = clock_timestamp(), leased_until = NULL, last_error = NULL,
           sent_at = NULL
       WHERE lti_grade_passbacks.scored_at <= excluded.scored_at
     RETURNING 1`,
    [
      input.sessionId,
      input.scoreGiven,
      input.scoreMaximum,
      input.comment,
      input.scoredAt,
      input.trainerId ?? null,
    ],
  );
  return rows.length;
}

export interface ClaimedPassback extends ScoreToSend {
  assignmentId: string;
  userId: string;
  sessionId: string;
  /** This claim's attempt number: the fence a later report must match. */
  attempts: number;
  platformId: string;
  lineitemUrl: string;
  lmsUserId: string;
}

/**
 * Claims up to `limit` passbacks due at `now` for `leaseSeconds`: each claim counts an
 * attempt. A claim whose sender died is due again once its lease is over. SKIP LOCKED lets
 * instances claim side by side without waiting on each other.
 */
export async function claimDuePassbacks(
  db: Queryable,
  input: { now: Date; limit: number; leaseSeconds: number },
): Promise<ClaimedPassback[]> {
  const rows = await db.query<
    Omit<ClaimedPassback, 'scoredAt' | 'scoreGiven' | 'scoreMaximum'> & {
      scoredAt: Date | string;
      scoreGiven: string | number;
      scoreMaximum: string | number;
    }
  >(
    // `now` is JavaScript's, to the millisecond; a row queued within that millisecond is due
    // too (the database's clock is finer), so the later of the two decides.
    `WITH due AS (
       SELECT assignment_id, user_id FROM lti_grade_passbacks
        WHERE status = 'pending' AND next_attempt_at <= greatest($1::timestamptz, clock_timestamp())
          AND (leased_until IS NULL OR leased_until <= $1)
        ORDER BY next_attempt_at
        LIMIT $2 FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE lti_grade_passbacks b
          SET leased_until = $1::timestamptz + make_interval(secs => $3::float8),
              attempts = b.attempts + 1
         FROM due WHERE b.assignment_id = due.assignment_id AND b.user_id = due.user_id
       RETURNING b.*)
     SELECT cl.assignment_id AS "assignmentId", cl.user_id AS "userId",
            cl.session_id AS "sessionId", cl.score_given AS "scoreGiven",
            cl.score_maximum AS "scoreMaximum", cl.comment, cl.scored_at AS "scoredAt",
            cl.attempts, t.platform_id AS "platformId", t.lineitem_url AS "lineitemUrl",
            t.lms_user_id AS "lmsUserId"
       FROM claimed cl
       JOIN lti_grade_targets t ON t.assignment_id = cl.assignment_id AND t.user_id = cl.user_id`,
    [input.now, input.limit, input.leaseSeconds],
  );
  return rows.map((r) => ({
    ...r,
    scoreGiven: Number(r.scoreGiven),
    scoreMaximum: Number(r.scoreMaximum),
    scoredAt: new Date(r.scoredAt),
  }));
}

type Fence = Pick<ClaimedPassback, 'assignmentId' | 'userId' | 'attempts'>;

/**
 * A claim's outcome counts only while the row is still that claim (same attempt): a score
 * queued meanwhile restarted the count, and is sent on its own.
 */
export async function markPassbackSent(db: Queryable, claim: Fence): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lti_grade_passbacks
        SET status = 'sent', sent_at = clock_timestamp(), leased_until = NULL, last_error = NULL
      WHERE assignment_id = $1 AND user_id = $2 AND attempts = $3 AND status = 'pending'
      RETURNING 1`,
    [claim.assignmentId, claim.userId, claim.attempts],
  );
  return rows.length > 0;
}

/** A failed attempt: due again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markPassbackFailed(
  db: Queryable,
  claim: Fence & { error: string; retryAt: Date | null },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lti_grade_passbacks
        SET status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = coalesce($5::timestamptz, next_attempt_at),
            leased_until = NULL, last_error = left($4, 1000)
      WHERE assignment_id = $1 AND user_id = $2 AND attempts = $3 AND status = 'pending'
      RETURNING 1`,
    [claim.assignmentId, claim.userId, claim.attempts, claim.error, claim.retryAt],
  );
  return rows.length > 0;
}

export interface FailedPassback {
  assignmentId: string;
  userId: string;
  fullName: string;
  scenarioTitle: string;
  scoreGiven: number;
  scoreMaximum: number;
  attempts: number;
  lastError: string | null;
  scoredAt: string;
}

/** The passbacks of a cohort this user teaches that gave up; null when they do not teach it. */
export async function listFailedPassbacks(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<FailedPassback[] | null> {
  const [cohort] = await db.query(`SELECT 1 FROM cohorts c WHERE ${TEACHES_COHORT} AND c.id = $2`, [
    input.trainerId,
    input.cohortId,
  ]);
  if (!cohort) return null;
  const rows = await db.query<
    Omit<FailedPassback, 'scoredAt' | 'scoreGiven' | 'scoreMaximum'> & {
      scoredAt: Date | string;
      scoreGiven: string | number;
      scoreMaximum: string | number;
    }
  >(
    `SELECT b.assignment_id AS "assignmentId", b.user_id AS "userId", u.full_name AS "fullName",
            sc.title AS "scenarioTitle", b.score_given AS "scoreGiven",
            b.score_maximum AS "scoreMaximum", b.attempts, b.last_error AS "lastError",
            b.scored_at AS "scoredAt"
       FROM lti_grade_passbacks b
       JOIN cohort_assignments a ON a.id = b.assignment_id
       JOIN scenarios sc ON sc.id = a.scenario_id
       JOIN users u ON u.id = b.user_id
      WHERE a.cohort_id = $1 AND b.status = 'failed'
      ORDER BY b.scored_at DESC, u.full_name`,
    [input.cohortId],
  );
  return rows.map((r) => ({
    ...r,
    scoreGiven: Number(r.scoreGiven),
    scoreMaximum: Number(r.scoreMaximum),
    scoredAt: iso(r.scoredAt),
  }));
}

/**
 * "Send again": a failed passback of a cohort this user teaches is due now with a fresh count
 * of attempts; false when there is none (not theirs, or not failed).
 */
export async function retryFailedPassback(
  db: Queryable,
  input: { trainerId: string; cohortId: string; assignmentId: string; userId: string },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lti_grade_passbacks b
        SET status = 'pending', attempts = 0, next_attempt_at = clock_timestamp(),
            leased_until = NULL
       FROM cohort_assignments a JOIN cohorts c ON c.id = a.cohort_id
      WHERE a.id = b.assignment_id AND ${TEACHES_COHORT}
        AND b.assignment_id = $2 AND b.user_id = $3 AND b.status = 'failed' AND c.id = $4
      RETURNING 1`,
    [input.trainerId, input.assignmentId, input.userId, input.cohortId],
  );
  return rows.length > 0;
}
