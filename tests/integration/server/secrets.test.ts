import { describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { useTestServer } from '../../helpers/useTestServer';
import { HttpClient, uniqueEmail } from '../../helpers/httpClient';
import { PROBE_ENV, RawSocket } from '../../helpers/rawSocket';
import { streamUtterance, toneSamples } from '../../helpers/streamAudio';

/**
 * The provider key is the one secret the server holds. It goes to the provider as a bearer
 * token and nowhere else: not into the client bundle, not into any API response or socket
 * frame, not into the log (even at debug level, even when the provider fails).
 */

const KEY = `sk-test-SECRET-${randomBytes(16).toString('hex')}`;
const KEY_NAME = 'OPENAI_API_KEY';

/** Every place `needle` occurs in `haystack`, with a little context, for a readable failure. */
function occurrences(haystack: string, needle: string): string[] {
  const found: string[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    found.push(haystack.slice(Math.max(0, at - 60), at + needle.length + 20));
  }
  return found;
}

describe('secret hygiene: the provider key reaches the provider and no one else', () => {
  const { build, stub, server } = useTestServer('pglite', {
    openAiStub: true,
    env: { [KEY_NAME]: KEY, AI_MAX_RETRIES: '0', LOG_LEVEL: 'debug', ...PROBE_ENV },
    // The key sits in the build's environment too, as it would on a careless CI runner.
    clientBuild: { label: 'secrets', env: { [KEY_NAME]: KEY } },
  });

  it('builds a client bundle with no trace of the key', async () => {
    expect(build.files.some((f) => f.endsWith('index.html'))).toBe(true);
    expect(build.files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(0);
    for (const file of build.files) {
      const text = (await readFile(file)).toString('latin1');
      const name = relative(build.dir, file);
      expect(occurrences(text, KEY), name).toEqual([]);
      expect(occurrences(text, KEY.slice('sk-test-SECRET-'.length)), name).toEqual([]);
      // Nor does it name the key or its variable: help text speaks of an AI provider.
      expect(occurrences(text, KEY_NAME), name).toEqual([]);
      expect(text, name).not.toMatch(/api[ _-]?key/i);
    }
  });

  it('never shows the key in any response, frame or log line of a full conversation', async () => {
    const seen: string[] = [];
    const assets: string[] = [];
    const client = new HttpClient(server.url);
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await client.request(method, path, method === 'POST' ? (body ?? {}) : body);
      if (!path.startsWith('/api/')) {
        assets.push(response.text);
        return response;
      }
      seen.push(`${method} ${path} ${response.status}`);
      seen.push([...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n'));
      seen.push(response.text);
      return response;
    };

    // The page and everything it loads.
    await call('GET', '/');
    await call('GET', '/progress');
    for (const file of build.files) {
      const path = `/${relative(build.dir, file).split('\\').join('/')}`;
      if (path !== '/index.html') expect((await call('GET', path)).status, path).toBe(200);
    }

    expect((await call('GET', '/api/health')).status).toBe(200);
    expect(
      (
        await call('POST', '/api/auth/sign-up', {
          email: uniqueEmail('secret'),
          password: 'correct horse battery',
          fullName: 'Dr Secret',
        })
      ).status,
    ).toBe(201);
    await call('GET', '/api/auth/me');
    const scenarios = (await call('GET', '/api/scenarios')).body.scenarios;
    await call('GET', `/api/scenarios/${scenarios[0].id}`);
    const created = await call('POST', '/api/conversations', { scenarioId: scenarios[0].id });
    const conversationId = created.body.session.id as string;

    const upgrade = await RawSocket.connect(server.url, conversationId, { cookie: client.cookie });
    const socket = upgrade.socket!;
    const turn = async (frame: Record<string, unknown> | null, spoken?: () => Promise<unknown>) => {
      const from = socket.frames.length;
      if (frame) socket.send(frame);
      await spoken?.();
      await socket.waitFor((f) => f.type === 'reply_done' || f.type === 'error', from);
      await socket.settle();
    };
    await socket.waitFor((f) => f.type === 'history');
    await turn({ type: 'turn', clientId: randomUUID(), text: 'What brings you in?', stream: true });
    await turn({ type: 'turn', clientId: randomUUID(), text: 'Tell me more.', stream: false });
    const voiceFrom = socket.frames.length;
    await turn(null, () => streamUtterance(socket, randomUUID(), toneSamples(1), { speak: true }));
    await socket.waitFor((f) => f.type === 'speech_done', voiceFrom);
    const reply = socket.frames.findLast((f) => f?.type === 'reply_done');
    const readFrom = socket.frames.length;
    socket.send({
      type: 'speak',
      messageId: reply?.type === 'reply_done' ? reply.message.id : '',
    });
    await socket.waitFor((f) => f.type === 'speech_done', readFrom);
    // Failures are where keys usually slip out: into an error message, a log line, a frame.
    stub.queueFault({
      kind: 'status',
      status: 401,
      // What OpenAI says, masked as OpenAI masks it.
      message: `Incorrect API key provided: ${KEY.slice(0, 7)}${'*'.repeat(20)}${KEY.slice(-4)}.`,
      code: 'invalid_api_key',
    });
    await turn({ type: 'turn', clientId: randomUUID(), text: 'Are you there?', stream: true });
    stub.queueFault({ kind: 'status', status: 429, message: 'Rate limit reached', retryAfter: 1 });
    await turn({ type: 'turn', clientId: randomUUID(), text: 'Hello again?', stream: false });
    stub.queueFault({ kind: 'drop-mid-stream', afterChunks: 2 });
    await turn({ type: 'turn', clientId: randomUUID(), text: 'Please go on.', stream: true });
    stub.queueFault({ kind: 'status', status: 500, path: '/v1/audio/transcriptions' });
    const failed = socket.frames.length;
    await streamUtterance(socket, randomUUID(), toneSamples(1), { purpose: 'dictation' });
    await socket.waitFor((f) => f.type === 'error' && !RawSocket.isProbeAnswer(f), failed);
    socket.send('{not json');
    await socket.settle();

    stub.queueFault({ kind: 'status', status: 500, message: 'upstream exploded' });
    expect((await call('POST', `/api/conversations/${conversationId}/hint`)).status).toBe(503);
    expect((await call('POST', `/api/conversations/${conversationId}/hint`)).status).toBe(200);
    expect((await call('POST', `/api/conversations/${conversationId}/end`)).status).toBe(200);
    await call('GET', `/api/conversations/${conversationId}`);
    await call('GET', '/api/progress');
    await call('GET', '/api/history');
    await call('POST', '/api/auth/sign-out');
    await socket.close();
    seen.push(...socket.texts, ...socket.binaries.map((b) => b.toString('latin1')));

    // The scan is only meaningful if the key was really in use: every provider call carried it.
    const paths = new Set(stub.requests.map((r) => r.path));
    expect([...paths].sort()).toEqual([
      '/v1/audio/speech',
      '/v1/audio/transcriptions',
      '/v1/chat/completions',
    ]);
    for (const request of stub.requests) {
      expect(request.headers.authorization, request.path).toBe(`Bearer ${KEY}`);
    }
    // ...and the log is not trivially empty: failures were logged.
    const log = server.logs.join('\n');
    expect(server.logs.some((line) => /"level":"(warn|error)"/.test(line))).toBe(true);

    const page = assets.join('\n');
    expect(page.includes('<div id="root">')).toBe(true);
    expect(occurrences(page, KEY), 'served page and assets').toEqual([]);
    const everything = seen.join('\n');
    expect(everything.length).toBeGreaterThan(20_000);
    for (const [where, text] of [
      ['API responses and socket frames', everything],
      ['server log', log],
    ] as const) {
      expect(occurrences(text, KEY), where).toEqual([]);
      expect(occurrences(text, KEY.slice('sk-test-SECRET-'.length)), where).toEqual([]);
      expect(occurrences(text, KEY_NAME), where).toEqual([]);
      expect(occurrences(text, 'Bearer'), where).toEqual([]);
    }
  });
});
