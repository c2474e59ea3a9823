import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { startConversation } from '../../../helpers/conversations';

/**
 * Each hint is a model call on a paid provider, so hints have their own hourly limit per user,
 * counted in the database: two instances share it.
 */

printSkipNotice();

describe.each(databaseKinds())('hint limit on %s', (kind) => {
  let t: TestDb;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    t = await createTestDb(kind);
    [a, b] = await Promise.all([
      startTestServer(t.db, { HINTS_PER_HOUR: '3' }),
      startTestServer(t.db, { HINTS_PER_HOUR: '3' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await t?.drop();
  });

  /** The same browser session, sent to the other instance. */
  const on = (server: TestServer, client: HttpClient) => {
    const copy = new HttpClient(server.url);
    copy.cookie = client.cookie;
    return copy;
  };

  it('refuses hints past the hourly limit, across instances, with a clear 429', async () => {
    const user = await signedInClient(a.url);
    const { conversationId } = await startConversation(user);
    const path = `/api/conversations/${conversationId}/hint`;
    const statuses = [];
    for (const server of [a, b, a]) statuses.push((await on(server, user).post(path)).status);
    expect(statuses).toEqual([200, 200, 200]);

    const refused = await on(b, user).post(path);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit:hints');
    expect(refused.body.error.message).toBe(
      'You have used all 3 hints for this hour. Try again later, or carry on without one.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await on(a, user).post(path)).status).toBe(429);

    // Another user's hints are their own.
    const other = await signedInClient(b.url, 'Dr Other');
    const theirs = await startConversation(other);
    expect((await other.post(`/api/conversations/${theirs.conversationId}/hint`)).status).toBe(200);
  });

  it('does not spend a hint on a conversation the user cannot see', async () => {
    const user = await signedInClient(a.url);
    const stranger = await signedInClient(a.url, 'Dr Stranger');
    const { conversationId } = await startConversation(stranger);
    for (let i = 0; i < 4; i++) {
      expect((await user.post(`/api/conversations/${conversationId}/hint`)).status).toBe(404);
    }
    const own = await startConversation(user);
    expect((await user.post(`/api/conversations/${own.conversationId}/hint`)).status).toBe(200);
  });
});
