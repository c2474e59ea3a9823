import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pcm16Wav } from '#server/voice/audioFormat';
import { listMessagesByConversation } from '#server/db/messages';
import type { Db } from '#server/db/db';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TMP_DIR } from '../../../helpers/paths';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { TestSocket } from '../../../helpers/socketClient';
import { streamUtterance, toneSamples } from '../../../helpers/streamAudio';
import type { TestServer } from '../../../helpers/testServer';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Audio replay of spoken turns over the real socket and API: a streamed turn keeps the
 * clinician's utterance (the very samples streamed, as a WAV) and the patient's speech (the
 * bytes sent, as a WAV), the detail says which messages have audio, the audio route serves them
 * with ranges to their owner only; retention, the per-user cap, expiry and deletion.
 */

printSkipNotice();

const REPLY = 'I suppose the cost is what worries me most.';
const HEARD = 'What worries you most about the crown?';

const stubEnv = {
  OPENAI_API_KEY: 'sk-test-audio',
  AI_MAX_RETRIES: '0',
  AI_TIMEOUT_SECONDS: '5',
  SOCKET_FRAMES_PER_SECOND: '10000',
  END_OF_TURN_WAIT_MS: '0',
};

const audioPath = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/audio`;

/** The audio route as a browser's <audio> asks for it: binary body, optional range. */
async function fetchAudio(
  server: TestServer,
  user: HttpClient,
  path: string,
  range?: string,
): Promise<{ status: number; type: string | null; headers: Headers; body: Buffer }> {
  const response = await fetch(server.url + path, {
    headers: { cookie: user.cookie ?? '', ...(range ? { range } : {}) },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Opens a conversation and says one streamed utterance with the reply spoken. */
async function spokenTurn(server: TestServer, user: HttpClient, samples = toneSamples(0.6)) {
  const { body } = await user.get('/api/scenarios');
  const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
  const created = await user.post('/api/conversations', { scenarioId: scenario.id });
  const conversationId = created.body.session.id as string;
  const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
  try {
    await socket.next('history');
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, samples, { speak: true });
    const turn = await socket.next('turn_stored', (f) => f.clientId === clientId);
    const reply = await socket.next('reply_done');
    await socket.next('speech_done');
    return {
      conversationId,
      turnId: turn.message.id,
      replyId: reply.message.id,
      speech: Buffer.concat(socket.binaries),
    };
  } finally {
    await socket.close();
  }
}

/** Kept audio is written after the reply (off the turn's critical path): wait for it. */
async function keptFor(db: Db, ids: string[]) {
  return vi.waitFor(
    async () => {
      const rows = await db.query<{ id: string }>(
        `SELECT message_id AS id FROM message_audio WHERE message_id = ANY($1::uuid[])`,
        [ids],
      );
      if (rows.length !== ids.length) throw new Error(`${rows.length} of ${ids.length} kept`);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
}

const countAudio = async (db: Db) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_audio'))[0]!.n;

describe.each(routeDatabaseKinds())('audio replay, kept in the database (%s)', (kind) => {
  const { server, testDb: t, stub } = useTestServer(kind, { openAiStub: true, env: stubEnv });
  afterEach(() => stub.reset());

  it('keeps the clinician utterance and the patient speech of a streamed turn and serves them to their owner', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    stub.setSpeech({ chunks: 3 });
    const user = await signedInClient(server.url);
    const samples = Int16Array.from({ length: 16_000 * 0.73 }, (_, i) =>
      Math.round(6000 * Math.sin(i / 7) + ((i * 31) % 500)),
    );
    const turn = await spokenTurn(server, user, samples);
    await keptFor(t.db, [turn.turnId, turn.replyId]);

    const detail = await user.get(`/api/conversations/${turn.conversationId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.audioRetentionDays).toBe(30);
    expect(detail.body.audio).toEqual({
      [turn.turnId]: { durationMs: 730 },
      [turn.replyId]: { durationMs: Math.round((turn.speech.length / 2 / 24_000) * 1000) },
    });

    const mine = await fetchAudio(server, user, audioPath(turn.conversationId, turn.turnId));
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('audio/wav');
    expect(mine.headers.get('accept-ranges')).toBe('bytes');
    // The very samples streamed, in a 16 kHz WAV.
    expect(mine.body.equals(pcm16Wav(Buffer.from(samples.buffer), 16_000))).toBe(true);

    const patient = await fetchAudio(server, user, audioPath(turn.conversationId, turn.replyId));
    expect(patient.status).toBe(200);
    expect(patient.type).toBe('audio/wav');
    // What the client was sent, in order, at the speaker's 24 kHz.
    expect(patient.body.readUInt32LE(24)).toBe(24_000);
    expect(patient.body.subarray(44).equals(turn.speech)).toBe(true);

    const part = await fetchAudio(
      server,
      user,
      audioPath(turn.conversationId, turn.turnId),
      'bytes=40-139',
    );
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 40-139/${mine.body.length}`);
    expect(part.body.equals(mine.body.subarray(40, 140))).toBe(true);
    const past = await fetchAudio(
      server,
      user,
      audioPath(turn.conversationId, turn.turnId),
      `bytes=${mine.body.length + 10}-`,
    );
    expect(past.status).toBe(416);
  });

  it('keeps a spoken turn whose reply was not spoken, and a message read aloud whole', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const conversationId = created.body.session.id as string;
    const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
    try {
      const history = await socket.next('history');
      const opening = history.messages[0]!;
      socket.send({ type: 'speak', messageId: opening.id });
      await socket.next('speech_done');
      const spoken = Buffer.concat(socket.binaries);

      const samples = toneSamples(0.4);
      const wav = pcm16Wav(Buffer.from(samples.buffer), 16_000);
      const clientId = randomUUID();
      await streamUtterance(socket, clientId, samples, { speak: false });
      const turn = await socket.next('turn_stored', (f) => f.clientId === clientId);
      await socket.next('reply_done');
      await keptFor(t.db, [opening.id, turn.message.id]);

      const upload = await fetchAudio(server, user, audioPath(conversationId, turn.message.id));
      expect(upload.type).toBe('audio/wav');
      expect(upload.body.equals(wav)).toBe(true);
      const read = await fetchAudio(server, user, audioPath(conversationId, opening.id));
      expect(read.body.subarray(44).equals(spoken)).toBe(true);
      // The reply was not spoken (speak: false): it has no audio.
      const detail = await user.get(`/api/conversations/${conversationId}`);
      expect(Object.keys(detail.body.audio).sort()).toEqual([opening.id, turn.message.id].sort());
      expect(detail.body.audio[turn.message.id]).toEqual({ durationMs: 400 });
    } finally {
      await socket.close();
    }
  });

  it('answers 404 for another user, a wrong conversation, a message without audio or a bad id', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const owner = await signedInClient(server.url);
    const turn = await spokenTurn(server, owner);
    await keptFor(t.db, [turn.turnId]);
    const other = await signedInClient(server.url);
    const { body } = await other.get('/api/scenarios');
    const own = await other.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const opening = (
      await listMessagesByConversation(t.db, { conversationId: turn.conversationId })
    )[0]!;

    const attempts: Array<[HttpClient, string, string]> = [
      [other, audioPath(turn.conversationId, turn.turnId), 'not_found:conversation'],
      [other, audioPath(own.body.session.id, turn.turnId), 'not_found:audio'],
      [owner, audioPath(own.body.session.id, turn.turnId), 'not_found:conversation'],
      [owner, audioPath(turn.conversationId, opening.id), 'not_found:audio'],
      [owner, audioPath(turn.conversationId, randomUUID()), 'not_found:audio'],
      [owner, audioPath(turn.conversationId, 'not-a-uuid'), 'not_found:audio'],
    ];
    for (const [user, path, code] of attempts) {
      const answer = await fetchAudio(server, user, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(JSON.parse(answer.body.toString()).error.code).toBe(code);
    }
    // The owner still gets it.
    expect(
      (await fetchAudio(server, owner, audioPath(turn.conversationId, turn.turnId))).status,
    ).toBe(200);
  });

  it('stops serving expired audio at once and purges it; deleting a conversation deletes its audio', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const old = await spokenTurn(server, user);
    await keptFor(t.db, [old.turnId, old.replyId]);
    await t.db.query(
      `UPDATE message_audio SET created_at = now() - interval '31 days' WHERE message_id = $1`,
      [old.turnId],
    );
    expect((await fetchAudio(server, user, audioPath(old.conversationId, old.turnId))).status).toBe(
      404,
    );
    expect(
      Object.keys((await user.get(`/api/conversations/${old.conversationId}`)).body.audio),
    ).toEqual([old.replyId]);
    expect(await server.services.audio.purge()).toBe(1);
    expect(
      await t.db.query('SELECT 1 FROM message_audio WHERE message_id = $1', [old.turnId]),
    ).toHaveLength(0);

    // Deleting the conversation (once ended) deletes its recordings (decision 045).
    await t.db.query('UPDATE conversation_sessions SET ended_at = now() WHERE id = $1', [
      old.conversationId,
    ]);
    expect((await user.request('DELETE', `/api/conversations/${old.conversationId}`)).status).toBe(
      204,
    );
    expect(
      await t.db.query('SELECT 1 FROM message_audio WHERE message_id = $1', [old.replyId]),
    ).toHaveLength(0);
  });

  it('keeps no audio of a spoken turn once "Keep recordings of my voice turns" is off', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    stub.setSpeech({ chunks: 2 });
    const user = await signedInClient(server.url);
    const off = await user.post('/api/account/recordings', { keepRecordings: false });
    expect(off.body.recordings.keepRecordings).toBe(false);
    const turn = await spokenTurn(server, user);
    // The store says when it declined (after the reply, off the turn's path): then look.
    await vi.waitFor(
      () => {
        const declined = server.logs.some(
          (line) => line.includes('"audio.not_kept"') && line.includes(turn.turnId),
        );
        if (!declined) throw new Error('not yet declined');
      },
      { timeout: 10_000, interval: 50 },
    );
    const rows = await t.db.query(
      `SELECT 1 FROM message_audio a JOIN messages m ON m.id = a.message_id
        WHERE m.session_id = $1`,
      [turn.conversationId],
    );
    expect(rows).toHaveLength(0);
    expect((await user.get(`/api/conversations/${turn.conversationId}`)).body.audio).toEqual({});
  });
});

describe('audio replay under a per-user cap (AUDIO_MAX_MB_PER_USER=1)', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: { ...stubEnv, AUDIO_MAX_MB_PER_USER: '1' },
  });

  it("keeps each user's audio under the cap by dropping their oldest recordings first", async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const other = await signedInClient(server.url);
    const turn = await spokenTurn(server, user);
    const theirs = await spokenTurn(server, other);
    await keptFor(t.db, [turn.turnId, turn.replyId, theirs.turnId, theirs.replyId]);
    // The cap is 1 MB: the streamed turn's two small recordings and two of 400 KB fit.
    const big = () => ({ mime: 'audio/wav', data: Buffer.alloc(400_000, 1), durationMs: 1 });
    const { audio } = server.services;
    const ids = (
      await listMessagesByConversation(t.db, { conversationId: turn.conversationId })
    ).map((m) => m.id);
    const [opening] = ids;
    const more = await t.db.query<{ id: string }>(
      `INSERT INTO messages (session_id, role, content) VALUES ($1, 'user', 'a'), ($1, 'user', 'b')
       RETURNING id`,
      [turn.conversationId],
    );
    expect(await audio.keep(opening!, big())).toBe(true);
    expect(await audio.keep(more[0]!.id, big())).toBe(true);
    // The third 400 KB goes over: the oldest (the streamed turn's two recordings, then the
    // first 400 KB one) are dropped until it fits.
    expect(await audio.keep(more[1]!.id, big())).toBe(true);
    const left = await t.db.query<{ id: string; bytes: number }>(
      `SELECT message_id AS id, bytes FROM message_audio WHERE user_id =
         (SELECT user_id FROM conversation_sessions WHERE id = $1) ORDER BY created_at`,
      [turn.conversationId],
    );
    expect(left.map((r) => r.id)).toEqual([more[0]!.id, more[1]!.id]);
    // A recording for a message that has one (a resent turn) is refused before making room.
    expect(await audio.keep(more[1]!.id, big())).toBe(false);
    const still = await t.db.query<{ id: string }>(
      `SELECT message_id AS id FROM message_audio WHERE message_id = ANY($1::uuid[])`,
      [[more[0]!.id, more[1]!.id]],
    );
    expect(still).toHaveLength(2);
    // The other user's recordings are untouched.
    await keptFor(t.db, [theirs.turnId, theirs.replyId]);
    // One recording larger than the whole cap is not kept.
    const [extra] = await t.db.query<{ id: string }>(
      `INSERT INTO messages (session_id, role, content) VALUES ($1, 'user', 'c') RETURNING id`,
      [turn.conversationId],
    );
    expect(
      await audio.keep(extra!.id, {
        mime: 'audio/wav',
        data: Buffer.alloc(1_000_001),
        durationMs: 1,
      }),
    ).toBe(false);
  });
});

describe("a turn's two recordings kept at once, under a 1 MB cap", () => {
  const { server, testDb: t } = useTestServer('pglite', {
    openAiStub: true,
    env: { ...stubEnv, AUDIO_MAX_MB_PER_USER: '1' },
  });
  const wav = (bytes: number) => ({
    mime: 'audio/wav',
    data: Buffer.alloc(bytes, 2),
    durationMs: 1,
  });

  async function messages(count: number) {
    const user = await signedInClient(server.url);
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const rows = await t.db.query<{ id: string }>(
      `INSERT INTO messages (session_id, role, content)
       SELECT $1, 'user', 'turn ' || n FROM generate_series(1, $2::int) n RETURNING id`,
      [created.body.session.id, count],
    );
    return rows.map((r) => r.id);
  }
  const keptIds = async (ids: string[]) =>
    (
      await t.db.query<{ id: string }>(
        `SELECT message_id AS id FROM message_audio WHERE message_id = ANY($1::uuid[])
          ORDER BY created_at, message_id`,
        [ids],
      )
    ).map((r) => r.id);

  it('keeps both in one go, and a resent turn neither twice nor by making room', async () => {
    const [turn, reply] = await messages(2);
    const { audio } = server.services;
    expect(
      await audio.keepAll([
        { messageId: turn!, recording: wav(300_000) },
        { messageId: reply!, recording: wav(300_000) },
      ]),
    ).toBe(2);
    expect(await keptIds([turn!, reply!])).toHaveLength(2);
    expect(
      await audio.keepAll([
        { messageId: turn!, recording: wav(600_000) },
        { messageId: reply!, recording: null },
      ]),
    ).toBe(0);
    expect(await keptIds([turn!, reply!])).toHaveLength(2);
  });

  it('makes room from the oldest, and drops one of its own batch when the next needs the room', async () => {
    const [older, turn, reply] = await messages(3);
    const { audio } = server.services;
    expect(await audio.keep(older!, wav(400_000))).toBe(true);
    // 600 KB then 700 KB: the first needs the older one gone, the second needs the first gone.
    expect(
      await audio.keepAll([
        { messageId: turn!, recording: wav(600_000) },
        { messageId: reply!, recording: wav(700_000) },
      ]),
    ).toBe(1);
    expect(await keptIds([older!, turn!, reply!])).toEqual([reply]);
  });
});

describe('audio replay with AUDIO_RETENTION_DAYS=0', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: { ...stubEnv, AUDIO_RETENTION_DAYS: '0' },
  });

  it('keeps nothing, lists nothing and serves nothing', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const turn = await spokenTurn(server, user);
    // The turn has run its course (speech_done came after reply_done); nothing was written.
    expect(await countAudio(t.db)).toBe(0);
    const detail = await user.get(`/api/conversations/${turn.conversationId}`);
    expect(detail.body.audio).toEqual({});
    expect(detail.body.audioRetentionDays).toBe(0);
    expect(
      (await fetchAudio(server, user, audioPath(turn.conversationId, turn.turnId))).status,
    ).toBe(404);
    expect(
      await server.services.audio.keep(turn.turnId, {
        mime: 'audio/wav',
        data: Buffer.alloc(100),
        durationMs: 1,
      }),
    ).toBe(false);
  });
});

describe('audio replay, kept in a folder', () => {
  const dir = mkdtempSync(join(TMP_DIR, 'audio-folder-'));
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: { ...stubEnv, AUDIO_STORE: 'folder', AUDIO_DIR: dir },
  });

  it('writes files, serves them with ranges, and removes them when their conversation is deleted', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const turn = await spokenTurn(server, user);
    await keptFor(t.db, [turn.turnId, turn.replyId]);
    const [row] = await t.db.query<{ path: string; data: unknown }>(
      'SELECT path, data FROM message_audio WHERE message_id = $1',
      [turn.turnId],
    );
    expect(row!.data).toBeNull();
    expect(existsSync(join(dir, row!.path))).toBe(true);

    const whole = await fetchAudio(server, user, audioPath(turn.conversationId, turn.turnId));
    expect(whole.status).toBe(200);
    expect(whole.type).toMatch(/^audio\/wav/);
    const part = await fetchAudio(
      server,
      user,
      audioPath(turn.conversationId, turn.turnId),
      'bytes=0-43',
    );
    expect(part.status).toBe(206);
    expect(part.body.equals(whole.body.subarray(0, 44))).toBe(true);
    const other = await signedInClient(server.url);
    expect(
      (await fetchAudio(server, other, audioPath(turn.conversationId, turn.turnId))).status,
    ).toBe(404);

    await t.db.query('DELETE FROM conversation_sessions WHERE id = $1', [turn.conversationId]);
    // The rows went with the conversation; the sweep removes their files once past the grace
    // period that protects files whose row is still being written.
    expect(await server.services.audio.purge()).toBe(0);
    expect(existsSync(join(dir, row!.path))).toBe(true);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await server.services.audio.purge(later)).toBe(2);
    expect(readdirSync(join(dir, row!.path, '..'))).toEqual([]);
  });

  it('removes the files at once when the conversation or the account is deleted (decision 045)', async () => {
    stub.setTranscription(HEARD);
    stub.setReply(REPLY);
    const user = await signedInClient(server.url);
    const first = await spokenTurn(server, user);
    await keptFor(t.db, [first.turnId, first.replyId]);
    const paths = async (ids: string[]) =>
      (
        await t.db.query<{ path: string }>(
          'SELECT path FROM message_audio WHERE message_id = ANY($1::uuid[])',
          [ids],
        )
      ).map((r) => join(dir, r.path));
    const firstFiles = await paths([first.turnId, first.replyId]);
    expect(firstFiles.every((file) => existsSync(file))).toBe(true);
    await t.db.query('UPDATE conversation_sessions SET ended_at = now() WHERE id = $1', [
      first.conversationId,
    ]);
    expect(
      (await user.request('DELETE', `/api/conversations/${first.conversationId}`)).status,
    ).toBe(204);
    // No sweep needed: the route removed them once its transaction committed.
    expect(firstFiles.filter((file) => existsSync(file))).toEqual([]);

    const second = await spokenTurn(server, user);
    await keptFor(t.db, [second.turnId]);
    const [secondFile] = await paths([second.turnId]);
    const userDir = join(secondFile!, '..');
    expect(existsSync(secondFile!)).toBe(true);
    const gone = await user.request('DELETE', '/api/account', {
      password: 'correct horse battery',
    });
    expect(gone.status).toBe(204);
    expect(existsSync(userDir)).toBe(false);
  });
});
