import type { Feedback } from '../../shared/feedback';
import type { Queryable } from './db';

const COLUMNS = `overall_score AS "overallScore", empathy_score AS "empathyScore",
  clarity_score AS "clarityScore", persuasion_score AS "persuasionScore",
  objection_handling_score AS "objectionHandlingScore", strengths,
  areas_for_improvement AS "areasForImprovement", suggested_responses AS "suggestedResponses",
  fallback`;

export async function getFeedbackBySession(
  db: Queryable,
  { sessionId }: { sessionId: string },
): Promise<Feedback | null> {
  const [row] = await db.query<Feedback>(`SELECT ${COLUMNS} FROM feedback WHERE session_id = $1`, [
    sessionId,
  ]);
  return row ?? null;
}

/** Inserts the session's one feedback row; if another request got there first, returns that. */
export async function insertFeedbackOnce(
  db: Queryable,
  input: { sessionId: string; feedback: Feedback },
): Promise<Feedback> {
  const f = input.feedback;
  const [row] = await db.query<Feedback>(
    `INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                           persuasion_score, objection_handling_score, strengths,
                           areas_for_improvement, suggested_responses, fallback)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (session_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      input.sessionId,
      f.overallScore,
      f.empathyScore,
      f.clarityScore,
      f.persuasionScore,
      f.objectionHandlingScore,
      JSON.stringify(f.strengths),
      JSON.stringify(f.areasForImprovement),
      JSON.stringify(f.suggestedResponses),
      f.fallback,
    ],
  );
  if (row) return row;
  const existing = await getFeedbackBySession(db, { sessionId: input.sessionId });
  if (!existing) throw new Error('feedback vanished after a conflict');
  return existing;
}
