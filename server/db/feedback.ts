import { debriefSchema } from '#shared/debrief';
import type { Debrief } from '#shared/debrief';
import type { Feedback } from '#shared/feedback';
import type { Queryable } from './db';

const COLUMNS = `overall_score AS "overallScore", empathy_score AS "empathyScore",
  clarity_score AS "clarityScore", persuasion_score AS "persuasionScore",
  objection_handling_score AS "objectionHandlingScore", strengths,
  areas_for_improvement AS "areasForImprovement", suggested_responses AS "suggestedResponses",
  fallback`;

export async function getFeedbackByConversation(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<Feedback | null> {
  const [row] = await db.query<Feedback>(`SELECT ${COLUMNS} FROM feedback WHERE session_id = $1`, [
    conversationId,
  ]);
  return row ?? null;
}

/** Inserts the session's one feedback row; if another request got there first, returns that. */
export async function insertFeedbackOnce(
  db: Queryable,
  input: { conversationId: string; feedback: Feedback; debrief?: Debrief | null },
): Promise<Feedback> {
  const f = input.feedback;
  const [row] = await db.query<Feedback>(
    `INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                           persuasion_score, objection_handling_score, strengths,
                           areas_for_improvement, suggested_responses, fallback, debrief)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (session_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      input.conversationId,
      f.overallScore,
      f.empathyScore,
      f.clarityScore,
      f.persuasionScore,
      f.objectionHandlingScore,
      JSON.stringify(f.strengths),
      JSON.stringify(f.areasForImprovement),
      JSON.stringify(f.suggestedResponses),
      f.fallback,
      input.debrief ? JSON.stringify(input.debrief) : null,
    ],
  );
  if (row) return row;
  const existing = await getFeedbackByConversation(db, { conversationId: input.conversationId });
  if (!existing) throw new Error('feedback vanished after a conflict');
  return existing;
}

/**
 * The debrief stored with the session's feedback; null when there is none (graded before
 * debriefs existed) or what is stored no longer reads as one.
 */
export async function getDebriefByConversation(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<Debrief | null> {
  const [row] = await db.query<{ debrief: unknown }>(
    'SELECT debrief FROM feedback WHERE session_id = $1',
    [conversationId],
  );
  const parsed = debriefSchema.safeParse(row?.debrief ?? null);
  return parsed.success ? parsed.data : null;
}
