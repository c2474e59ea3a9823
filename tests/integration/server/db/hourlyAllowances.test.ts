import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_COSTS } from '#server/ai/aiCosts';
import { listMessagesByConversation } from '#server/db/messages';
import { BRANCH_TEXT } from '#shared/text';
import { say, startConversation } from '../../../helpers/conversations';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

/**
 * The hourly allowances counted in the database (decision 027), with the offline
 * engine, which is charged like a provider: the AI budget (every model call a user can cause)
 * and the branches a user may make. Two app instances share one database, as a deployment's
 * instances share PostgreSQL, and each request goes to the other one: the counts hold across.
 */

printSkipNotice();

const TURNS = [
  'It sounds like this has been worrying you. What concerns you most about the treatment?',
  'That makes sense, and it is completely normal to feel that way. What have you heard about it?',
];

/** Enough for two replies and four gradings (the original's and three branches'), not five. */
const BUDGET = 2 * AI_COSTS.reply + 5 * AI_COSTS.feedback - 1;

describe.each(databaseKinds())('hourly allowances on %s', (kind) => {
  let t: TestDb;
  let a: TestServer;
  let b: TestServer;
  const env = { AI_BUDGET_PER_HOUR: String(BUDGET), BRANCHES_PER_HOUR: '5' };
  beforeAll(async () => {
    t = await createTestDb(kind);
    [a, b] = await Promise.all([startTestServer(t.db, env), startTestServer(t.db, env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await t?.drop();
  });

  /** The same browser session, sent to the given instance. */
  const on = (server: TestServer, client: HttpClient) => {
    const copy = new HttpClient(server.url);
    copy.cookie = client.cookie;
    return copy;
  };
  const userIdOf = async (client: HttpClient) =>
    (await client.get('/api/auth/me')).body.user.id as string;

  /** An hour passes for this user's counts: their windows start an hour earlier. */
  const anHourLater = (userId: string) =>
    t.db.query(
      `UPDATE hourly_usage SET window_start = window_start - interval '1 hour' WHERE user_id = $1`,
      [userId],
    );

  const detail = async (client: HttpClient, id: string) => {
    const response = await client.get(`/api/conversations/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('branch at turn 2, end the branch, repeat: the grading past the budget is refused, and nothing is lost', async () => {
    const user = await signedInClient(a.url);
    const { conversationId: original } = await startConversation(user);
    await say(user, original, TURNS);
    expect((await on(b, user).post(`/api/conversations/${original}/end`)).status).toBe(200);
    const turn2 = (await detail(user, original)).messages.filter(
      (m: { role: string }) => m.role === 'user',
    )[1];

    const ends: number[] = [];
    let refusedBranch = '';
    let refused: Awaited<ReturnType<HttpClient['post']>> | null = null;
    for (let i = 0; i < 4; i++) {
      const server = i % 2 === 0 ? a : b;
      const branch = await on(server, user).post(`/api/conversations/${original}/branches`, {
        messageId: turn2.id,
      });
      expect(branch.status).toBe(201);
      const id = branch.body.session.id as string;
      const end = await on(server === a ? b : a, user).post(`/api/conversations/${id}/end`);
      ends.push(end.status);
      if (end.status !== 200) [refusedBranch, refused] = [id, end];
    }
    // Two replies and four gradings fit; the fifth grading of the hour does not.
    expect(ends).toEqual([200, 200, 200, 429]);
    expect(refused!.body.error.code).toBe('rate_limit:ai_budget');
    expect(refused!.body.error.message).toMatch(
      /^You have used this hour's AI allowance \(replies, voice, hints and feedback\)\. Everything so far is saved: please try again in \d+ minutes?\.$/,
    );
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Nothing lost: the refused branch is open, with its transcript, and no feedback.
    const kept = await detail(user, refusedBranch);
    expect(kept.session.endedAt).toBeNull();
    expect(kept.feedback).toBeNull();
    expect(kept.messages.map((m: { role: string }) => m.role)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
    // An hour on, ending it again grades it: the feedback was only ever postponed.
    await anHourLater(await userIdOf(user));
    const retried = await on(a, user).post(`/api/conversations/${refusedBranch}/end`);
    expect(retried.status).toBe(200);
    expect(retried.body.feedback.overallScore).toBeGreaterThan(0);
    expect((await detail(user, refusedBranch)).session.endedAt).not.toBeNull();

    // Each user has a budget of their own.
    const other = await signedInClient(b.url, 'Dr Other');
    const theirs = await startConversation(other);
    expect((await other.post(`/api/conversations/${theirs.conversationId}/hint`)).status).toBe(200);
  });

  it('a turn past the budget is stored but not answered, with the code and the wait; it is answered once the hour allows', async () => {
    const user = await signedInClient(a.url);
    const { conversationId } = await startConversation(user);
    // Use the budget up with hints (one unit each), all at once over both instances: hints are
    // model calls too, refused by the same budget before their own hourly limit, and no two
    // requests can both take the last unit.
    const hints = await Promise.all(
      Array.from({ length: BUDGET + 4 }, (_, i) =>
        on(i % 2 === 0 ? a : b, user).post(`/api/conversations/${conversationId}/hint`),
      ),
    );
    const statuses = hints.map((h) => h.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    for (const refused of hints.filter((h) => h.status === 429)) {
      expect(refused.body.error.code).toBe('rate_limit:ai_budget');
    }

    const socket = await TestSocket.open(b.url, conversationId, { cookie: user.cookie });
    try {
      await socket.next('history');
      const clientId = randomUUID();
      socket.send({ type: 'turn', clientId, text: TURNS[0], stream: true });
      await socket.next('turn_stored', (f) => f.clientId === clientId);
      const error = await socket.next('error', (f) => f.clientId === clientId);
      expect(error.code).toBe('rate_limit:ai_budget');
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(socket.frames.some((f) => f.type === 'reply_start')).toBe(false);
      expect(
        (await listMessagesByConversation(t.db, { conversationId })).map((m) => m.role),
      ).toEqual(['assistant', 'user']);

      // An hour on, the same turn sent again is answered (and stored once).
      await anHourLater(await userIdOf(user));
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId, text: TURNS[0], stream: true });
      await socket.next('reply_done', () => true, from);
      expect(
        (await listMessagesByConversation(t.db, { conversationId })).map((m) => m.role),
      ).toEqual(['assistant', 'user', 'assistant']);
    } finally {
      await socket.close();
    }
  });

  it('branches past BRANCHES_PER_HOUR are refused with a clear 429, across instances', async () => {
    const user = await signedInClient(a.url);
    const { conversationId } = await startConversation(user, 1);
    await say(user, conversationId, [TURNS[0]!]);
    const turn = (await detail(user, conversationId)).messages.find(
      (m: { role: string }) => m.role === 'user',
    );
    const branch = (server: TestServer) =>
      on(server, user).post(`/api/conversations/${conversationId}/branches`, {
        messageId: turn.id,
      });

    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await branch(server)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await branch(b);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate_limit:branches',
      message: BRANCH_TEXT.tooMany(5),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM conversation_sessions WHERE branch_of = $1',
      [conversationId],
    )) as [{ n: number }];
    expect(n).toBe(5);

    // Refusals that make no branch (another user's conversation) count for nothing.
    const other = await signedInClient(a.url, 'Dr Other');
    const theirs = await startConversation(other, 1);
    await say(other, theirs.conversationId, [TURNS[0]!]);
    for (let i = 0; i < 6; i++) {
      const response = await other.post(`/api/conversations/${conversationId}/branches`, {
        messageId: turn.id,
      });
      expect(response.status).toBe(404);
    }
    const theirTurn = (await detail(other, theirs.conversationId)).messages.find(
      (m: { role: string }) => m.role === 'user',
    );
    const own = await other.post(`/api/conversations/${theirs.conversationId}/branches`, {
      messageId: theirTurn.id,
    });
    expect(own.status).toBe(201);
  });
});
