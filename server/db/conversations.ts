import type { Conversation } from '#shared/conversation';
import { asLanguageCode, DEFAULT_LANGUAGE, type LanguageCode } from '#shared/languages';
import type { Queryable, Db } from './db';

export interface ConversationRow {
  id: string;
  scenarioId: string;
  createdAt: Date;
  endedAt: Date | null;
  successRating: number | null;
  branchOf: string | null;
  language: string;
  reportLanguage: string;
}

/** The columns of a ConversationRow, read from the table (or its alias `t`). */
export const conversationColumns = (t = '') => {
  const c = t ? `${t}.` : '';
  return `${c}id, ${c}scenario_id AS "scenarioId", ${c}created_at AS "createdAt",
  ${c}ended_at AS "endedAt", ${c}success_rating AS "successRating", ${c}branch_of AS "branchOf",
  ${c}language, ${c}report_language AS "reportLanguage"`;
};
const COLUMNS = conversationColumns();

export function toConversationDto(row: ConversationRow): Conversation {
  return {
    id: row.id,
    scenarioId: row.scenarioId,
    createdAt: new Date(row.createdAt).toISOString(),
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
    successRating: row.successRating,
    branchOf: row.branchOf,
    language: asLanguageCode(row.language),
    reportLanguage: asLanguageCode(row.reportLanguage),
  };
}

/**
 * Returns the user's open session for this scenario, creating it (with the scenario's
 * opening line as the patient's first message) when there is none. The partial unique index
 * makes this safe when two tabs or two instances race. A branch may be open beside a fresh
 * conversation (decision 018): the newest open one is resumed, so the practice screen opens a
 * branch just made and, once that ends, the conversation it came from.
 */
export async function openOrResumeConversation(
  db: Db,
  input: {
    userId: string;
    scenarioId: string;
    /** The patient's first message, in `language`. */
    initialMessage: string;
    /** English when not given, as are the two below. */
    language?: LanguageCode;
    reportLanguage?: LanguageCode;
  },
): Promise<{ session: Conversation; created: boolean }> {
  return db.transaction(async (tx) => {
    const newestOpen = async () => {
      const [open] = await tx.query<ConversationRow>(
        `SELECT ${COLUMNS} FROM conversation_sessions
          WHERE user_id = $1 AND scenario_id = $2 AND ended_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [input.userId, input.scenarioId],
      );
      return open;
    };
    const resumed = await newestOpen();
    if (resumed) return { session: toConversationDto(resumed), created: false };
    const [created] = await tx.query<ConversationRow>(
      `INSERT INTO conversation_sessions
         (user_id, scenario_id, scenario_version, language, report_language)
       SELECT $1, $2, version, $3, $4 FROM scenarios WHERE id = $2
       ON CONFLICT (user_id, scenario_id) WHERE ended_at IS NULL AND branch_at_message IS NULL
       DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        input.userId,
        input.scenarioId,
        input.language ?? DEFAULT_LANGUAGE,
        input.reportLanguage ?? DEFAULT_LANGUAGE,
      ],
    );
    if (created) {
      await tx.query(
        `INSERT INTO messages (session_id, role, content) VALUES ($1, 'assistant', $2)`,
        [created.id, input.initialMessage],
      );
      return { session: toConversationDto(created), created: true };
    }
    const open = await newestOpen();
    if (!open) throw new Error('open session vanished during resume');
    return { session: toConversationDto(open), created: false };
  });
}

/**
 * The user's open conversation of this scenario that a start would resume (the newest), and
 * whether it is untouched: not a branch, and nothing said in it yet but the patient's opening
 * line. Null when there is none.
 */
export async function findOpenConversation(
  db: Queryable,
  input: { userId: string; scenarioId: string },
): Promise<{ session: Conversation; untouched: boolean } | null> {
  const [row] = await db.query<ConversationRow & { untouched: boolean }>(
    `SELECT ${conversationColumns('c')},
            c.branch_of IS NULL AND NOT EXISTS (
              SELECT 1 FROM messages m WHERE m.session_id = c.id AND m.role = 'user'
            ) AS untouched
       FROM conversation_sessions c
      WHERE c.user_id = $1 AND c.scenario_id = $2 AND c.ended_at IS NULL
      ORDER BY c.created_at DESC, c.id DESC LIMIT 1`,
    [input.userId, input.scenarioId],
  );
  return row ? { session: toConversationDto(row), untouched: row.untouched } : null;
}

/**
 * Restarts an untouched open conversation in another language: its languages change and the
 * patient's opening line is replaced by `openingLine`. Null, with nothing changed, once the
 * clinician has said something in it (or it ended): a conversation under way keeps its language.
 */
export async function restartInLanguage(
  db: Db,
  input: {
    id: string;
    language: LanguageCode;
    reportLanguage: LanguageCode;
    openingLine: string;
  },
): Promise<Conversation | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ConversationRow>(
      `UPDATE conversation_sessions c SET language = $2, report_language = $3
        WHERE c.id = $1 AND c.ended_at IS NULL AND c.branch_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.session_id = c.id AND m.role = 'user')
       RETURNING ${COLUMNS}`,
      [input.id, input.language, input.reportLanguage],
    );
    if (!row) return null;
    await tx.query(
      `UPDATE messages SET content = $2 WHERE session_id = $1 AND role = 'assistant'`,
      [input.id, input.openingLine],
    );
    return toConversationDto(row);
  });
}

/** The language a resumed conversation's feedback is explained in, when the reader's changed. */
export async function setReportLanguage(
  db: Queryable,
  input: { id: string; reportLanguage: LanguageCode },
): Promise<void> {
  await db.query(`UPDATE conversation_sessions SET report_language = $2 WHERE id = $1`, [
    input.id,
    input.reportLanguage,
  ]);
}

/** A conversation's language (decision 048); English for one that is gone. */
export async function getConversationLanguage(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<LanguageCode> {
  const [row] = await db.query<{ language: string }>(
    `SELECT language FROM conversation_sessions WHERE id = $1`,
    [conversationId],
  );
  return asLanguageCode(row?.language);
}

/** The session if it belongs to this user; null otherwise (callers answer 404 either way). */
export async function getConversationForUser(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<Conversation | null> {
  const [row] = await db.query<ConversationRow>(
    `SELECT ${COLUMNS} FROM conversation_sessions WHERE id = $1 AND user_id = $2`,
    [input.id, input.userId],
  );
  return row ? toConversationDto(row) : null;
}

export async function markConversationEnded(
  db: Queryable,
  input: { id: string; successRating: number },
): Promise<void> {
  await db.query(
    `UPDATE conversation_sessions SET ended_at = COALESCE(ended_at, now()), success_rating = $2
      WHERE id = $1`,
    [input.id, input.successRating],
  );
}
