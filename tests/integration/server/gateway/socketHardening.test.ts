import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket, upgradeStatus } from '../../../helpers/socketClient';
import { listMessagesByConversation } from '#server/db/messages';

/**
 * What a hostile client found on the socket side: upgrades nobody answered, turns
 * taken after the end, a flood on one socket, and unlimited sockets per user.
 */

interface RawAnswer {
  /** Everything the server sent before it closed the connection. */
  text: string;
  /** The server closed the connection (rather than the test giving up on it). */
  closedByServer: boolean;
}

/** Sends raw bytes over TCP and reads until the server closes, or gives up after `waitMs`. */
function rawRequest(baseUrl: string, request: string, waitMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const parts: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(parts).toString(), closedByServer: false });
    }, waitMs);
    socket.on('data', (part) => parts.push(part));
    socket.on('end', () => {
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text: Buffer.concat(parts).toString(), closedByServer: true });
    });
    socket.on('error', (error) => {
      clearTimeout(giveUp);
      reject(error);
    });
    socket.write(request);
  });
}

const upgradeTo = (path: string, protocol: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: ${protocol}\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

async function openConversation(server: { url: string }, user: HttpClient, index = 0) {
  const { body } = await user.get('/api/scenarios');
  const created = await user.post('/api/conversations', { scenarioId: body.scenarios[index].id });
  return created.body.session.id as string;
}

async function openSocket(server: { url: string }, user: HttpClient, conversationId: string) {
  const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
  await socket.next('history');
  return socket;
}

describe('socket hardening', () => {
  const { server, testDb: t } = useTestServer('pglite', {
    env: { SOCKET_FRAMES_PER_SECOND: '50', SOCKETS_PER_USER: '3' },
  });

  it.each([
    ['/', 'websocket', 404],
    ['/api/health', 'websocket', 404],
    ['/ws/elsewhere', 'websocket', 404],
    ['/api/auth/me', 'foo/1', 401],
  ])('answers an upgrade to %s (%s) at once with %i and closes', async (path, protocol, status) => {
    const answer = await rawRequest(server.url, upgradeTo(path, protocol));
    expect(answer.closedByServer).toBe(true);
    expect(answer.text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  });

  it('serves a plain GET that asks for h2c (curl --http2) as HTTP/1.1 and closes', async () => {
    const answer = await rawRequest(
      server.url,
      upgradeTo('/api/health', 'h2c', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'),
    );
    expect(answer.closedByServer).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.text).toContain('"status":"ok"');
  });

  it('refuses an upgrade that carries a body with 400 and closes', async () => {
    const answer = await rawRequest(
      server.url,
      'POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n' +
        'Upgrade: h2c\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(answer.closedByServer).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers a hundred such upgrades at once, each connection closed by the server', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => rawRequest(server.url, upgradeTo('/', 'websocket'))),
    );
    expect(
      answers.filter((a) => a.closedByServer && a.text.startsWith('HTTP/1.1 404')),
    ).toHaveLength(100);
  });

  it('gives every socket opened before the end the ended error, and stores nothing', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openConversation(server, user, 1);
    const early = await openSocket(server, user, conversationId);
    const other = await openSocket(server, user, conversationId);
    early.send({
      type: 'turn',
      clientId: randomUUID(),
      text: 'How are you feeling?',
      stream: true,
    });
    await early.next('reply_done');
    const ended = await user.post(`/api/conversations/${conversationId}/end`, {});
    expect(ended.status).toBe(200);

    for (const socket of [early, other]) {
      const clientId = randomUUID();
      socket.send({ type: 'turn', clientId, text: 'One more thing', stream: true });
      expect(await socket.next('error', (e) => e.clientId === clientId)).toMatchObject({
        code: 'conflict:ended',
      });
    }
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.map((m) => m.content)).not.toContain('One more thing');
    await Promise.all([early.close(), other.close()]);
  });

  it('closes a flooding socket with 1008 while another user carries on', async () => {
    const flooder = await signedInClient(server.url);
    const flooding = await openSocket(server, flooder, await openConversation(server, flooder));
    const closed = new Promise<number>((resolve) => flooding.ws.once('close', resolve));
    for (let i = 0; i < 1_000; i++) flooding.send({ type: 'stop_speaking' });
    expect(await closed).toBe(1008);

    const other = await signedInClient(server.url);
    const socket = await openSocket(server, other, await openConversation(server, other));
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Hello there', stream: true });
    const done = await socket.next('reply_done');
    expect(done.message.content.length).toBeGreaterThan(0);
    await socket.close();
  });

  it('lets a steady client well under the budget keep its socket', async () => {
    const user = await signedInClient(server.url);
    const socket = await openSocket(server, user, await openConversation(server, user, 2));
    // A burst the size of the budget is fine (a header and its audio, a quick cancel).
    for (let i = 0; i < 50; i++) socket.send({ type: 'stop_speaking' });
    const clientId = randomUUID();
    socket.send({ type: 'turn', clientId, text: 'Still here?', stream: true });
    await socket.next('reply_done');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });

  it('caps the sockets one user holds open, and frees a place when one closes', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openConversation(server, user, 3);
    const open = [
      await openSocket(server, user, conversationId),
      await openSocket(server, user, conversationId),
      await openSocket(server, user, conversationId),
    ];
    expect(await upgradeStatus(server.url, conversationId, { cookie: user.cookie })).toBe(429);
    // Another user is not affected by this one's sockets.
    const other = await signedInClient(server.url);
    const otherConversation = await openConversation(server, other, 3);
    expect(await upgradeStatus(server.url, otherConversation, { cookie: other.cookie })).toBe(101);

    await open.pop()!.close();
    // The server counts a socket as gone once its side has closed too, a moment after ours:
    // a few refused attempts in that moment are expected, a lasting refusal is not.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 101; attempt++) {
      status = await upgradeStatus(server.url, conversationId, { cookie: user.cookie });
    }
    expect(status).toBe(101);
    await Promise.all(open.map((s) => s.close()));
  });
});
