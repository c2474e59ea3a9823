import type { Message } from '#shared/conversation';
import { heardRevision } from '#shared/heardPart';
import type { Queryable } from './db';
import {
  hourlySpendOf,
  SPENT_COLUMNS,
  spendHourlyCtes,
  type HourlyCharge,
  type HourlySpend,
} from './hourlyUsage';
import { TURNS_IN_LAST_HOUR, turnAdmitted } from './sqlRules';

interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  source: Message['source'];
  partial: boolean;
}

const COLUMNS = `id, role, content, created_at AS "createdAt", source, partial`;

function toDto(row: MessageRow): Message {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

export async function listMessagesByConversation(
  db: Queryable,
  { conversationId }: { conversationId: string },
): Promise<Message[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 ORDER BY created_at, seq`,
    [conversationId],
  );
  return rows.map(toDto);
}

/**
 * Stores a patient reply. With `replyTo` (the clinician turn it answers) a turn keeps one reply
 * however many instances answered it (decision 038): a whole reply replaces a partial one, any
 * other second reply is dropped, and the reply as stored is returned either way.
 */
export async function insertAssistantMessage(
  db: Queryable,
  input: { conversationId: string; content: string; partial: boolean; replyTo?: string },
): Promise<Message> {
  const params = [input.conversationId, input.content, input.partial, input.replyTo ?? null];
  const [row] = await db.query<MessageRow>(
    `INSERT INTO messages (session_id, role, content, partial, reply_to)
     VALUES ($1, 'assistant', $2, $3, $4)
     ON CONFLICT (reply_to) WHERE reply_to IS NOT NULL DO UPDATE
        SET content = EXCLUDED.content, partial = EXCLUDED.partial
      WHERE messages.partial AND NOT EXCLUDED.partial
     RETURNING ${COLUMNS}`,
    params,
  );
  if (row) return toDto(row);
  // The turn was answered already and that reply stays.
  const [kept] = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 AND reply_to = $2`,
    [input.conversationId, input.replyTo],
  );
  return toDto(kept!);
}

export async function getMessageInConversation(
  db: Queryable,
  input: { conversationId: string; id: string },
): Promise<Message | null> {
  const [row] = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 AND id = $2`,
    [input.conversationId, input.id],
  );
  return row ? toDto(row) : null;
}

/**
 * Stores a clinician turn (once per client id) and reads the conversation including it, in one
 * round trip: the turn's latency budget is a few milliseconds. The hourly quota and the end of
 * the conversation are checked in the same statement, so both hold across instances and sockets
 * opened before the end: over quota or ended, nothing is stored. With `pay`, the same statement
 * pays for the reply when (and only when) it stored the turn: `paid` says whether it could
 * (not asked, or a turn found already stored: null).
 */
export async function storeTurnAndListHistory(
  db: Queryable,
  input: {
    conversationId: string;
    content: string;
    source: Message['source'];
    clientId: string;
    turnsPerHour: number;
    pay?: HourlyCharge;
  },
): Promise<
  | {
      refused: null;
      message: Message;
      duplicate: boolean;
      history: Message[];
      paid: HourlySpend | null;
    }
  | { refused: 'limited' | 'ended'; history: Message[] }
> {
  const { pay } = input;
  const params: unknown[] = [
    input.conversationId,
    input.content,
    input.source,
    input.clientId,
    input.turnsPerHour,
  ];
  let payment = '';
  let spent = 'NULL::boolean AS spent, NULL::int AS "retryAfter"';
  if (pay) {
    params.push(pay.userId, pay.kind, pay.amount, pay.limit);
    payment = `, ${spendHourlyCtes(
      { user: '$6', kind: '$7', amount: '$8', limit: '$9' },
      'EXISTS (SELECT 1 FROM ins)',
    )}`;
    spent = SPENT_COLUMNS;
  }
  const rows = await db.query<
    MessageRow & {
      mine: boolean;
      inserted: boolean;
      spent: boolean | null;
      retryAfter: number | null;
    }
  >(
    `WITH ins AS (
       INSERT INTO messages (session_id, role, content, source, client_id)
       SELECT $1, 'user', $2, $3, $4 WHERE ${turnAdmitted('$5')}
       ON CONFLICT (session_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
       RETURNING id, role, content, created_at, source, partial, seq
     )${payment}
     SELECT id, role, content, created_at AS "createdAt", source, partial, seq,
            client_id IS NOT DISTINCT FROM $4 AS mine, false AS inserted, ${spent}
       FROM messages WHERE session_id = $1
     UNION ALL
     SELECT id, role, content, created_at, source, partial, seq, true, true, ${spent} FROM ins
     ORDER BY "createdAt", seq`,
    params,
  );
  const history = rows.map(({ id, role, content, createdAt, source, partial }) =>
    toDto({ id, role, content, createdAt, source, partial }),
  );
  const index = rows.findIndex((r) => r.inserted || r.mine);
  if (index === -1) {
    // Refused: asking why costs a second query, but only on this rare path.
    const [session] = await db.query<{ ended: boolean }>(
      `SELECT ended_at IS NOT NULL AS ended FROM conversation_sessions WHERE id = $1`,
      [input.conversationId],
    );
    return { refused: session?.ended === false ? 'limited' : 'ended', history };
  }
  const row = rows[index]!;
  const paid = pay && row.inserted ? hourlySpendOf(row) : null;
  return { refused: null, message: history[index]!, duplicate: !row.inserted, history, paid };
}

/**
 * Cuts a stored reply back to what the clinician heard before cutting in (decision 013's rule),
 * marked partial: the revised message, or null when all of it was heard. Both voice engines
 * store a cut reply through here.
 */
export async function storeHeardPart(
  db: Queryable,
  input: { conversationId: string; reply: Pick<Message, 'id' | 'content'>; heardChars: number },
): Promise<Message | null> {
  const content = heardRevision(input.reply.content, input.heardChars);
  if (content === null || content === input.reply.content) return null;
  return markReplyHeard(db, { conversationId: input.conversationId, id: input.reply.id, content });
}

/**
 * Replaces a stored patient reply with the part the clinician heard (already cut to a whole
 * word, see shared/heardPart), marked partial. Null when no such reply is stored.
 */
export async function markReplyHeard(
  db: Queryable,
  input: { conversationId: string; id: string; content: string },
): Promise<Message | null> {
  const [updated] = await db.query<MessageRow>(
    `UPDATE messages SET content = $3, partial = true
      WHERE session_id = $1 AND id = $2 AND role = 'assistant'
     RETURNING ${COLUMNS}`,
    [input.conversationId, input.id, input.content],
  );
  return updated ? toDto(updated) : null;
}

/**
 * The conversation so far, as the patient model reads it, when one more clinician turn may be
 * stored now (under the hourly quota, not ended); otherwise null. The same rules as
 * storeTurnAndListHistory, read without storing: an early reply (conversations/earlyReply)
 * checks them before it costs a model call.
 */
export async function historyIfTurnAllowed(
  db: Queryable,
  input: { conversationId: string; turnsPerHour: number },
): Promise<Array<{ role: Message['role']; content: string }> | null> {
  const rows = await db.query<{
    role: Message['role'] | null;
    content: string | null;
    allowed: boolean;
  }>(
    `WITH allowed AS (SELECT ${turnAdmitted('$2')} AS ok)
     SELECT m.role, m.content, a.ok AS allowed
       FROM allowed a LEFT JOIN messages m ON m.session_id = $1
      ORDER BY m.created_at, m.seq`,
    [input.conversationId, input.turnsPerHour],
  );
  if (rows.length === 0 || !rows[0]!.allowed) return null;
  return rows.flatMap(({ role, content }) => (role && content !== null ? [{ role, content }] : []));
}

/**
 * Whether one more clinician turn may be stored now, with `pending` turns already spoken but not
 * yet stored (a Realtime call hears the clinician before their words are transcribed): the
 * same rules as storeTurnAndListHistory, asked before the provider answers.
 */
export async function turnAdmission(
  db: Queryable,
  input: { conversationId: string; turnsPerHour: number; pending: number },
): Promise<'allowed' | 'limited' | 'ended' | 'missing'> {
  const [row] = await db.query<{ used: number; ended: boolean }>(
    `SELECT ${TURNS_IN_LAST_HOUR} AS used, ended_at IS NOT NULL AS ended
       FROM conversation_sessions WHERE id = $1`,
    [input.conversationId],
  );
  if (!row) return 'missing';
  if (row.ended) return 'ended';
  return row.used + input.pending < input.turnsPerHour ? 'allowed' : 'limited';
}

/**
 * Stores a clinician turn heard in a Realtime call (once per item), under the same rules as
 * storeTurnAndListHistory: the hourly quota and the end of the conversation, checked in the
 * insert itself. The call has no use for the history, so none is read.
 */
export async function insertTurnIfAllowed(
  db: Queryable,
  input: {
    conversationId: string;
    content: string;
    source: Message['source'];
    clientId: string;
    turnsPerHour: number;
  },
): Promise<{ message: Message } | { refused: 'limited' | 'ended' | 'duplicate' }> {
  const [row] = await db.query<MessageRow>(
    `INSERT INTO messages (session_id, role, content, source, client_id)
     SELECT $1, 'user', $2, $3, $4 WHERE ${turnAdmitted('$5')}
     ON CONFLICT (session_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.conversationId, input.content, input.source, input.clientId, input.turnsPerHour],
  );
  if (row) return { message: toDto(row) };
  const admission = await turnAdmission(db, { ...input, pending: 0 });
  return {
    refused: admission === 'allowed' ? 'duplicate' : admission === 'limited' ? 'limited' : 'ended',
  };
}
