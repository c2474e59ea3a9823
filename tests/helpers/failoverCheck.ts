import type { Queryable } from '#server/db/db';
import type { ResilientConversation } from './resilientConversation';

/**
 * What the database holds after a failover run, judged against what the clients were told:
 * issue 25's "0 acknowledged messages lost, every turn once, none answered twice".
 */
export interface StoredCheck {
  /** Ids whose stored id reached a client but that the database does not hold. */
  lost: string[];
  /** Clinician turns answered by more than one patient reply (a turn answered twice). */
  answeredTwice: Array<{ conversationId: string; turnId: string; replies: number }>;
  /** Client ids stored more than once (the unique index should make this impossible). */
  storedTwice: string[];
  /** Spoken turns cut off before they were acknowledged, and whether each is stored (once). */
  interruptedSpoken: Array<{ clientId: string; stored: boolean; shown: string[] }>;
  /** Patient replies stored with `partial` (a reply cut short and kept as far as it got). */
  partialReplies: number;
}

interface Row {
  conversationId: string;
  id: string;
  role: 'user' | 'assistant';
  clientId: string | null;
  partial: boolean;
}

export async function checkStored(
  db: Queryable,
  conversations: readonly ResilientConversation[],
): Promise<StoredCheck> {
  const rows = await db.query<Row>(
    `SELECT session_id AS "conversationId", id, role, client_id AS "clientId", partial
       FROM messages WHERE session_id = ANY($1::uuid[])
      ORDER BY session_id, created_at, seq`,
    [conversations.map((c) => c.conversationId)],
  );
  const ids = new Set(rows.map((r) => r.id));
  const lost = conversations.flatMap((c) => [...c.acknowledged].filter((id) => !ids.has(id)));

  const answeredTwice: StoredCheck['answeredTwice'] = [];
  let turn: Row | null = null;
  let replies = 0;
  const closeTurn = () => {
    if (turn && replies > 1)
      answeredTwice.push({ conversationId: turn.conversationId, turnId: turn.id, replies });
  };
  for (const row of rows) {
    if (turn && row.conversationId !== turn.conversationId) {
      closeTurn();
      turn = null;
    }
    if (row.role === 'user') {
      closeTurn();
      turn = row;
      replies = 0;
    } else if (turn) {
      replies += 1;
    }
  }
  closeTurn();

  const byClientId = new Map<string, number>();
  for (const row of rows) {
    if (row.clientId) byClientId.set(row.clientId, (byClientId.get(row.clientId) ?? 0) + 1);
  }
  const storedTwice = [...byClientId].filter(([, n]) => n > 1).map(([id]) => id);

  const interruptedSpoken = conversations.flatMap((c) =>
    c.turns
      .filter((t) => t.kind === 'spoken' && t.outcome === 'interrupted')
      .map((t) => ({
        clientId: t.clientId,
        stored: byClientId.has(t.clientId),
        shown: c.errorsShown.map((e) => e.message),
      })),
  );
  return {
    lost,
    answeredTwice,
    storedTwice,
    interruptedSpoken,
    partialReplies: rows.filter((r) => r.role === 'assistant' && r.partial).length,
  };
}
