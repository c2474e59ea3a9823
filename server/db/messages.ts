import type { Message } from '../../shared/conversation';
import type { Queryable } from './db';

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

export async function listMessagesBySession(
  db: Queryable,
  { sessionId }: { sessionId: string },
): Promise<Message[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 ORDER BY created_at, seq`,
    [sessionId],
  );
  return rows.map(toDto);
}

/**
 * Stores a clinician turn once per client id: a turn resent after a dropped socket returns the
 * row stored the first time, with `duplicate` set.
 */
export async function insertUserMessage(
  db: Queryable,
  input: { sessionId: string; content: string; source: Message['source']; clientId: string },
): Promise<{ message: Message; duplicate: boolean }> {
  const [row] = await db.query<MessageRow>(
    `INSERT INTO messages (session_id, role, content, source, client_id)
     VALUES ($1, 'user', $2, $3, $4)
     ON CONFLICT (session_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.sessionId, input.content, input.source, input.clientId],
  );
  if (row) return { message: toDto(row), duplicate: false };
  const [existing] = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 AND client_id = $2`,
    [input.sessionId, input.clientId],
  );
  if (!existing) throw new Error('message vanished after a client id conflict');
  return { message: toDto(existing), duplicate: true };
}

export async function insertAssistantMessage(
  db: Queryable,
  input: { sessionId: string; content: string; partial: boolean },
): Promise<Message> {
  const [row] = await db.query<MessageRow>(
    `INSERT INTO messages (session_id, role, content, partial) VALUES ($1, 'assistant', $2, $3)
     RETURNING ${COLUMNS}`,
    [input.sessionId, input.content, input.partial],
  );
  return toDto(row!);
}

export async function getMessageInSession(
  db: Queryable,
  input: { sessionId: string; id: string },
): Promise<Message | null> {
  const [row] = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE session_id = $1 AND id = $2`,
    [input.sessionId, input.id],
  );
  return row ? toDto(row) : null;
}
