import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { useTestServer } from '../../../helpers/useTestServer';
import { startConversation, say } from '../../../helpers/conversations';

/**
 * The routes of "your data" (decision 045) through the real server: deleting a conversation,
 * the archive, the recordings setting and deleting an account, with their refusals.
 */

const PASSWORD = 'correct horse battery';

async function download(server: { url: string }, client: HttpClient) {
  const response = await fetch(`${server.url}/api/account/export`, {
    headers: { cookie: client.cookie ?? '' },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('your data, over HTTP', () => {
  const { server, testDb: t } = useTestServer('pglite');

  it('streams the archive as a download of the signed-in account, and refuses a second one at once', async () => {
    const user = await signedInClient(server.url, 'Dr Archive');
    const { conversationId } = await startConversation(user);
    await say(user, conversationId, ['Tell me what worries you about the crown.']);
    const [first, second] = await Promise.all([download(server, user), download(server, user)]);
    const statuses = [first.response.status, second.response.status].sort();
    // Two at once: one archive is made, the other is told to wait for it (never two reads).
    expect(statuses[0]).toBe(200);
    const ok = first.response.status === 200 ? first : second;
    expect(ok.response.headers.get('content-type')).toBe('application/zip');
    expect(ok.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="chairtalk-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(ok.response.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(ok.bytes);
    expect(Object.keys(files)).toContain('README.txt');
    const conversation = Object.entries(files).find(([name]) => name.includes(conversationId));
    expect(strFromU8(conversation![1])).toContain('Tell me what worries you about the crown.');
    if (statuses[1] !== 200) {
      expect(statuses[1]).toBe(409);
      const refused = first.response.status === 200 ? second : first;
      expect(JSON.parse(Buffer.from(refused.bytes).toString()).error.code).toBe(
        'conflict:export_running',
      );
    }
    // Once done, another may be made.
    expect((await download(server, user)).response.status).toBe(200);
  });

  it('refuses an archive while another instance is making one, and makes it once that claim has lapsed', async () => {
    const user = await signedInClient(server.url, 'Dr Elsewhere');
    const me = (await user.get('/api/auth/me')).body.user.id as string;
    // The claim another instance holds, as it writes its rows.
    await t.db.query(
      `INSERT INTO data_export_claims (user_id, token, lease_until)
       VALUES ($1, gen_random_uuid(), now() + interval '1 minute')`,
      [me],
    );
    const held = await download(server, user);
    expect(held.response.status).toBe(409);
    expect(JSON.parse(Buffer.from(held.bytes).toString()).error.code).toBe(
      'conflict:export_running',
    );
    // That instance died: its lease runs out, and the archive can be made here.
    await t.db.query(
      `UPDATE data_export_claims SET lease_until = now() - interval '1 second' WHERE user_id = $1`,
      [me],
    );
    expect((await download(server, user)).response.status).toBe(200);
    const [left] = await t.db.query('SELECT 1 FROM data_export_claims WHERE user_id = $1', [me]);
    expect(left).toBeUndefined();
  });

  it('deletes an ended conversation (204), refuses an open one (409), and finds nothing twice (404)', async () => {
    const user = await signedInClient(server.url);
    const { conversationId } = await startConversation(user);
    const open = await user.request('DELETE', `/api/conversations/${conversationId}`);
    expect(open.status).toBe(409);
    expect(open.body.error).toEqual({
      code: 'conflict:conversation_open',
      message: 'This conversation is still open. End it before deleting it.',
    });
    await t.db.query('UPDATE conversation_sessions SET ended_at = now() WHERE id = $1', [
      conversationId,
    ]);
    expect((await user.request('DELETE', `/api/conversations/${conversationId}`)).status).toBe(204);
    expect((await user.get(`/api/conversations/${conversationId}`)).status).toBe(404);
    const again = await user.request('DELETE', `/api/conversations/${conversationId}`);
    expect(again.status).toBe(404);
    expect((await user.request('DELETE', '/api/conversations/not-an-id')).status).toBe(404);
  });

  it('reads and saves "Keep recordings of my voice turns", and checks the body', async () => {
    const user = await signedInClient(server.url);
    expect((await user.get('/api/account/recordings')).body).toEqual({
      recordings: { keepRecordings: true, retentionDays: 30 },
    });
    const off = await user.post('/api/account/recordings', { keepRecordings: false });
    expect(off.body.recordings.keepRecordings).toBe(false);
    expect((await user.get('/api/account/recordings')).body.recordings.keepRecordings).toBe(false);
    const bad = await user.post('/api/account/recordings', { keepRecordings: 'no' });
    expect(bad.status).toBe(400);
    expect((await user.get('/api/account/recordings')).body.recordings.keepRecordings).toBe(false);
  });

  it('deletes the account with its password: every session ends, the cookie is cleared, the address is free again', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const user = new HttpClient(server.url);
    await user.post('/api/auth/sign-up', { email, password: PASSWORD, fullName: 'Dr Leaving' });
    const elsewhere = new HttpClient(server.url);
    await elsewhere.post('/api/auth/sign-in', { email, password: PASSWORD });
    expect((await elsewhere.get('/api/auth/me')).status).toBe(200);

    const wrong = await user.request('DELETE', '/api/account', { password: 'not it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('bad_request:current_password');
    expect((await user.request('DELETE', '/api/account', {})).status).toBe(400);
    expect((await user.get('/api/auth/me')).status).toBe(200);

    const done = await user.request('DELETE', '/api/account', { password: PASSWORD });
    expect(done.status).toBe(204);
    expect(done.headers.getSetCookie().join()).toMatch(/chairtalk_session=;/);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect(
      (await new HttpClient(server.url).post('/api/auth/sign-in', { email, password: PASSWORD }))
        .status,
    ).toBe(401);
    // The address is free: signing up again makes a new, empty account.
    const again = new HttpClient(server.url);
    const made = await again.post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'New',
    });
    expect(made.status).toBe(201);
    expect((await again.get('/api/history')).body.entries).toEqual([]);
  });
});
