import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

/**
 * A client that sends headers and then stalls (slowloris) must not hold a connection for
 * minutes: with REQUEST_TIMEOUT_SECONDS=1 the server answers 408 or closes the connection.
 * The test waits for that outcome; vitest's timeout is the bound it would miss without one.
 */

interface Outcome {
  /** What the server sent before closing. */
  received: string;
  closed: boolean;
}

function stall(url: string, head: string): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, closed: true }));
  });
}

describe('a request that stalls after its headers', () => {
  let t: TestDb;
  let server: TestServer;
  beforeAll(async () => {
    t = await createTestDb('pglite');
    server = await startTestServer(t.db, { REQUEST_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  const host = () => new URL(server.url).host;

  it('is answered 408 and closed when the body stops coming', { timeout: 15_000 }, async () => {
    const outcome = await stall(
      server.url,
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 200\r\n\r\n{"email": "a@`,
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is closed when the headers stop coming', { timeout: 15_000 }, async () => {
    const outcome = await stall(server.url, `GET /api/health HTTP/1.1\r\nHost: ${host()}\r\nX-A: `);
    expect(outcome.closed).toBe(true);
    if (outcome.received) expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
  });
});
