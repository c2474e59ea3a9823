import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { PROBE_ENV, RawSocket } from '../../../helpers/rawSocket';
import { PROPERTY_RUNS } from '../../../helpers/propertyRuns';
import { clientMessageSchema, type ServerMessage } from '#shared/protocol';
import { NOTHING_HEARD } from '#shared/heardPart';
import { encodeWav } from '#server/voice/audioFormat';
import { FRAME_TEXT } from '#shared/text';
import { characterCount } from '#shared/inputChecks';
import { encodeStreamFrame, STREAM_FRAME_MAX_BYTES } from '#shared/voice';
import { listMessagesByConversation } from '#server/db/messages';

/**
 * Property tests over the conversation socket: PROPERTY_RUNS generated frames per message type
 * (and as many that are no message at all), each sent on one long-lived socket. Whatever arrives:
 * a bad frame gets an error frame with a message (a good one its proper reply), nothing is
 * stored for a refused frame, no frame breaks the protocol, no answer is a server failure, and
 * the socket stays open; a final plain turn still works.
 */

/** Codes that mean the server failed, not the input; the stub provider never fails here. */
const SERVER_FAULTS = new Set<string>([
  'internal',
  'unavailable:database',
  'unavailable:restarting',
  'unavailable:reply',
  'unavailable:transcription',
  'unavailable:speech',
]);
const TRANSCRIPT = 'Hello, how are you feeling today?';

type ErrorFrame = Extract<ServerMessage, { type: 'error' }>;
const isError = (f: ServerMessage): f is ErrorFrame => f.type === 'error';

// ---------------------------------------------------------------------------------------------
// Generators.

const nastyString = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202e\u0041',
  '\ud800',
  '😀'.repeat(10),
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE messages; --",
  '__proto__',
  'null',
);

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: nastyString },
);

/** Up to ~100 KB in one string. */
const hugeString = fc
  .tuple(fc.integer({ min: 64, max: 100_000 }), fc.constantFrom('x', 'é', '😀', ' '))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length / 2)));

const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(text, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A plausible value for a field: usually `valid`, sometimes one of the near misses. */
const field = (valid: fc.Arbitrary<unknown>, ...nearMisses: Array<fc.Arbitrary<unknown>>) =>
  nearMisses.length === 0
    ? valid
    : fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(...nearMisses) });

type Mutation =
  | { set: string; value: unknown }
  | { drop: string }
  | { extra: Record<string, unknown> }
  | { type: unknown };

/**
 * A frame of one type: plausible fields, then (about half the time) one or two mutations: a
 * field given an odd value (wrong type, nested JSON, ~100 KB), a field dropped, extra fields, the
 * type spelled wrong. Near-misses probe the validation better than random noise.
 */
function frameOf(type: string, fields: Record<string, fc.Arbitrary<unknown>>) {
  const keys = Object.keys(fields);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...(keys.length > 0
      ? [
          {
            weight: 4,
            arbitrary: fc.record({
              set: fc.constantFrom(...keys),
              value: fc.oneof(
                { weight: 4, arbitrary: oddValue },
                { weight: 1, arbitrary: hugeString },
              ),
            }),
          },
          { weight: 1, arbitrary: fc.record({ drop: fc.constantFrom(...keys) }) },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc.record({ extra: fc.dictionary(text, oddValue, { minKeys: 1, maxKeys: 2 }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(type.toUpperCase(), ` ${type}`, undefined, null, 1, 'shout'),
      }),
    },
  );
  const mutations = fc.oneof(
    fc.constant<Mutation[]>([]),
    fc.array(mutation, { minLength: 1, maxLength: 2 }),
  );
  return fc.tuple(fc.record(fields), mutations).map(([known, changes]) => {
    const frame: Record<string, unknown> = { type, ...known };
    for (const change of changes) {
      if ('set' in change) frame[change.set] = change.value;
      else if ('drop' in change) delete frame[change.drop];
      else if ('extra' in change) Object.assign(frame, change.extra, { type: frame.type });
      else frame.type = change.type;
    }
    return frame;
  });
}

/** The frame's text: its JSON, or that JSON broken, or it wrapped in something else. */
function frameText(frame: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 14, arbitrary: frame.map((f) => JSON.stringify(f)) },
    {
      weight: 1,
      arbitrary: fc.tuple(frame, fc.nat()).map(([f, cut]) => {
        const json = JSON.stringify(f);
        return json.slice(0, cut % Math.max(1, json.length));
      }),
    },
    { weight: 1, arbitrary: frame.map((f) => JSON.stringify([f])) },
  );
}

/** Client ids: mostly fresh (so a turn is a new turn), sometimes reused, sometimes bad. */
let clientIdCount = 0;
const clientId = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}#${++clientIdCount}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('same', 'same', 'x'.repeat(64)) },
  { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(65)) },
);

// ---------------------------------------------------------------------------------------------

/** The probe's setting (PROBE_ENV): the server takes one character less than the protocol. */
const SERVER_MAX_CHARS = Number(PROBE_ENV.MAX_MESSAGE_CHARS);

describe('the conversation socket under generated frames per message type', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-property',
      AI_MAX_RETRIES: '0',
      TURNS_PER_HOUR: '100000',
      // A thousand generated turns, readings aloud and utterances from one user would spend the
      // hourly AI budget (tested in hourlyAllowances) long before the generator is done.
      AI_BUDGET_PER_HOUR: '10000000',
      // A thousand generated frames go out as fast as the test can send them: the frame budget
      // (tested in socketHardening) would hang up on the generator before it had said anything.
      SOCKET_FRAMES_PER_SECOND: '10000',
      LOG_LEVEL: 'warn',
      ...PROBE_ENV,
    },
  });
  let user: HttpClient;
  let scenarioIds: string[];
  let foreignIds: string[];
  let scenarioIndex = 0;

  beforeAll(async () => {
    user = await signedInClient(server.url, 'Dr Property');
    scenarioIds = (await user.get('/api/scenarios')).body.scenarios.map(
      (s: { id: string }) => s.id,
    );
    const other = await signedInClient(server.url, 'Someone Else');
    const foreign = await other.post('/api/conversations', { scenarioId: scenarioIds[0] });
    foreignIds = (
      await listMessagesByConversation(t.db, { conversationId: foreign.body.session.id as string })
    ).map((m) => m.id);
  });

  const countMessages = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n;

  /** A fresh conversation of the user's with its socket open. */
  async function openConversation() {
    const created = await user.post('/api/conversations', {
      scenarioId: scenarioIds[scenarioIndex++ % scenarioIds.length],
    });
    const conversationId = created.body.session.id as string;
    const upgrade = await RawSocket.connect(server.url, conversationId, { cookie: user.cookie });
    const socket = upgrade.socket!;
    await socket.waitFor((f) => f.type === 'history');
    return { conversationId, socket };
  }

  /**
   * Sends frames, waits until the socket has dispatched them and no turn is running (and for
   * `until`, when work runs outside a turn), and returns what came back and how many messages
   * were stored meanwhile.
   */
  async function exchange(
    socket: RawSocket,
    frames: Array<string | Buffer>,
    until?: (frames: ServerMessage[]) => ((frame: ServerMessage) => boolean) | null,
  ) {
    const before = await countMessages();
    const from = socket.frames.length;
    for (const frame of frames) {
      if (typeof frame === 'string') socket.send(frame);
      else socket.sendBinary(frame);
    }
    const { index } = await socket.probe();
    const early = socket.frames.slice(from, index).filter((f): f is ServerMessage => f !== null);
    const predicate = until?.(early);
    if (predicate) await socket.waitFor(predicate, from);
    await socket.settle();
    const received = socket.frames.slice(from).filter((f) => !RawSocket.isProbeAnswer(f));
    const got = received.filter((f): f is ServerMessage => f !== null);
    return {
      got,
      malformed: received.length - got.length,
      stored: (await countMessages()) - before,
    };
  }

  /** What holds for every frame, whatever it was. */
  function commonChecks(
    socket: RawSocket,
    result: { got: ServerMessage[]; malformed: number },
    what: string,
  ) {
    expect(result.malformed, `${what}: frames that break the protocol`).toBe(0);
    for (const frame of result.got.filter(isError)) {
      expect(SERVER_FAULTS.has(frame.code), `${what} → ${JSON.stringify(frame)}`).toBe(false);
      expect(frame.message.trim(), what).not.toBe('');
    }
    expect(socket.open, `${what}: socket closed ${JSON.stringify(socket.closed)}`).toBe(true);
  }

  const describeFrame = (frames: Array<string | Buffer>) =>
    frames
      .map((f) => (typeof f === 'string' ? f.slice(0, 300) : `<${f.length} bytes>`))
      .join(' + ');

  /** Parses a text frame the way the server does: as UTF-8 on the wire, then the shared schema. */
  function asServerSees(frame: string) {
    try {
      return clientMessageSchema.safeParse(JSON.parse(Buffer.from(frame).toString()));
    } catch {
      return { success: false as const };
    }
  }

  /** The last check of every property: the socket still takes a plain turn. */
  async function plainTurnWorks(socket: RawSocket, conversationId: string) {
    const before = (await listMessagesByConversation(t.db, { conversationId })).length;
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Still there?', stream: true });
    await socket.waitFor((f) => f.type === 'reply_done', from);
    expect((await listMessagesByConversation(t.db, { conversationId })).length).toBe(before + 2);
    await socket.close();
  }

  it('turn', async () => {
    const { socket, conversationId } = await openConversation();
    /** Client id → the words first stored under it. */
    const stored = new Map<string, string>();
    const turnText = fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }) },
      { weight: 2, arbitrary: text },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 1990, max: 2010 }).map((n) => 'a'.repeat(n)),
      },
      // U+0000 is valid JSON and valid text, but PostgreSQL text cannot hold it.
      { weight: 1, arbitrary: text.map((words) => `${words}\u0000${words}`) },
    );
    const frame = frameOf('turn', {
      clientId: field(clientId),
      text: field(turnText),
      stream: field(fc.boolean()),
      source: field(fc.constantFrom('typed', 'dictated', 'voice'), text),
      // Spoken replies cost a speech request per sentence: some, not most.
      speak: field(fc.constant(false), fc.constant(true)),
    });

    await fc.assert(
      fc.asyncProperty(frameText(frame), async (sent) => {
        const what = describeFrame([sent]);
        const parsed = asServerSees(sent);
        const result = await exchange(socket, [sent]);
        commonChecks(socket, result, what);
        const errors = result.got.filter(isError);
        if (!parsed.success || parsed.data.type !== 'turn') {
          expect(
            errors.map((e) => e.code),
            what,
          ).toEqual(['bad_request:message']);
          expect(result.stored, what).toBe(0);
          return;
        }
        const turn = parsed.data;
        if (characterCount(turn.text) > SERVER_MAX_CHARS) {
          // Within the protocol, over this server's limit: refused, nothing stored.
          expect(
            errors.map((e) => [e.code, e.clientId]),
            what,
          ).toEqual([['bad_request:message', turn.clientId]]);
          expect(result.stored, what).toBe(0);
          return;
        }
        const ack = result.got.find((f) => f.type === 'turn_stored');
        expect(errors, what).toEqual([]);
        expect(ack?.type === 'turn_stored' && ack.clientId, what).toBe(turn.clientId);
        const first = stored.get(turn.clientId);
        if (first === undefined) {
          // A new turn: stored as sent (trimmed; UTF-8 has no lone surrogates), answered, kept.
          const words = Buffer.from(turn.text.trim()).toString();
          expect(ack?.type === 'turn_stored' && ack.message.content, what).toBe(words);
          expect(
            result.got.some((f) => f.type === 'reply_done'),
            what,
          ).toBe(true);
          expect(result.stored, what).toBe(2);
          stored.set(turn.clientId, words);
        } else {
          // A resent client id is the same turn: acknowledged with what was stored, not answered.
          expect(ack?.type === 'turn_stored' && ack.message.content, what).toBe(first);
          expect(
            result.got.some((f) => f.type === 'reply_done'),
            what,
          ).toBe(false);
          expect(result.stored, what).toBe(0);
        }
      }),
      {
        numRuns: PROPERTY_RUNS,
        examples: [
          [JSON.stringify({ type: 'turn', clientId: 'nul#0', text: 'a\u0000b', stream: true })],
        ],
      },
    );
    await plainTurnWorks(socket, conversationId);
  }, 60_000);

  it('streamed audio (audio_start, frames, audio_commit or audio_cancel)', async () => {
    const { socket, conversationId } = await openConversation();
    const start = frameOf('audio_start', {
      clientId: field(clientId),
      format: field(fc.constant('pcm16'), fc.constantFrom('wav', 'pcm', 'PCM16')),
      sampleRate: field(fc.constant(16_000), fc.constantFrom(24_000, 0, '16000')),
      purpose: field(fc.constantFrom('turn', 'dictation'), text),
      stream: field(fc.boolean()),
      speak: field(fc.constant(false)),
    });
    /** A frame of the stream: usually the next one, sometimes one of the ways frames go wrong. */
    type FrameKind =
      'good' | 'skip' | 'repeat' | 'half-sample' | 'oversized' | 'wav' | 'webm' | 'tiny' | Buffer;
    const frameKind: fc.Arbitrary<FrameKind> = fc.oneof(
      { weight: 8, arbitrary: fc.constant('good' as const) },
      fc.constantFrom('skip', 'repeat', 'half-sample', 'oversized', 'wav', 'webm', 'tiny'),
      // Random bytes, never with the sequence number the stream expects.
      fc.uint8Array({ maxLength: 64 }).map((bytes) => {
        const frame = Buffer.from(bytes);
        if (frame.length >= 4) frame[3] = 0xff;
        return frame;
      }),
    );
    const end = fc.oneof(
      { weight: 4, arbitrary: fc.constant('commit' as const) },
      fc.constantFrom('cancel', 'none', 'miscount', 'other-id', 'commit-then-frame'),
      frameOf('audio_commit', { clientId: field(clientId), frames: field(fc.nat(30)) }),
    );
    const input = fc.record({
      start: frameText(start),
      frames: fc.array(frameKind, { maxLength: 12 }),
      end,
    });

    const samples = (n: number) => new Int16Array(n).fill(1200);
    const frameBytes = (kind: FrameKind, seq: number): Buffer => {
      if (Buffer.isBuffer(kind)) return kind;
      switch (kind) {
        case 'good':
          return Buffer.from(encodeStreamFrame(seq, samples(320)));
        case 'skip':
          return Buffer.from(encodeStreamFrame(seq + 1, samples(320)));
        case 'repeat':
          return Buffer.from(encodeStreamFrame(seq === 0 ? 5 : seq - 1, samples(320)));
        case 'half-sample':
          return Buffer.concat([
            Buffer.from(encodeStreamFrame(seq, samples(10))),
            Buffer.from([9]),
          ]);
        case 'oversized':
          return Buffer.alloc(STREAM_FRAME_MAX_BYTES + 2);
        case 'wav':
          return encodeWav(samples(100));
        case 'webm':
          return Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]);
        case 'tiny':
          return Buffer.from([0, 0]);
      }
    };
    /** Client ids whose turn is stored: a stream committed under one again is the same turn. */
    const storedIds = new Set<string>();

    await fc.assert(
      fc.asyncProperty(input, async ({ start: sentStart, frames: kinds, end: ending }) => {
        const parsed = asServerSees(sentStart);
        const opened = parsed.success && parsed.data.type === 'audio_start' ? parsed.data : null;
        const id = opened?.clientId ?? `none#${++clientIdCount}`;
        const sent: Array<string | Buffer> = [sentStart];
        let seq = 0;
        let clean = opened !== null;
        for (const kind of kinds) {
          sent.push(frameBytes(kind, seq));
          if (kind === 'good') seq++;
          else clean = false;
        }
        if (ending === 'commit' || ending === 'commit-then-frame') {
          sent.push(JSON.stringify({ type: 'audio_commit', clientId: id, frames: seq }));
          if (ending === 'commit-then-frame') sent.push(frameBytes('good', seq));
          if (seq === 0) clean = false;
        } else if (ending === 'miscount') {
          sent.push(JSON.stringify({ type: 'audio_commit', clientId: id, frames: seq + 1 }));
          clean = false;
        } else if (ending === 'other-id') {
          sent.push(JSON.stringify({ type: 'audio_commit', clientId: `${id}!`, frames: seq }));
          clean = false;
        } else if (typeof ending === 'object') {
          sent.push(JSON.stringify(ending));
          clean = false;
        } else {
          clean = false;
        }
        // Whatever happened, the stream is over before the next run (a late cancel is harmless).
        if (opened) sent.push(JSON.stringify({ type: 'audio_cancel', clientId: id }));
        const what = describeFrame(sent);
        const dictation = opened?.purpose === 'dictation';
        const result = await exchange(socket, sent, () =>
          // A dictation is transcribed outside any turn: wait for its words (or its refusal).
          dictation && clean
            ? (f) => (f.type === 'transcript' || f.type === 'error') && f.clientId === id
            : null,
        );
        commonChecks(socket, result, what);
        const errors = result.got.filter(isError);
        for (const error of errors) {
          expect(['bad_request:message', 'bad_request:audio'], what).toContain(error.code);
        }
        const transcript = result.got.find((f) => f.type === 'transcript');
        const again = storedIds.has(id);
        // A dictation's words go back to the composer: nothing is stored.
        expect(result.stored, what).toBe(transcript && !again && !dictation ? 2 : 0);
        if (transcript && !dictation) storedIds.add(id);
        if (clean) {
          // A good stream: transcribed (and, for a turn, stored and answered); only its late
          // cancel is refused.
          expect(transcript, what).toMatchObject({ clientId: id, text: TRANSCRIPT });
          expect(
            errors.map((e) => e.message),
            what,
          ).toEqual(
            ending === 'commit-then-frame'
              ? [FRAME_TEXT.afterStream, FRAME_TEXT.noStreamToEnd]
              : [FRAME_TEXT.noStreamToEnd],
          );
        } else if (!opened) {
          expect(transcript, what).toBeUndefined();
          expect(errors[0]?.code, what).toBe('bad_request:message');
        } else if (kinds.some((k) => k !== 'good')) {
          // A bad frame drops the stream: said once, about this recording, and nothing stored.
          expect(transcript, what).toBeUndefined();
          const audio = errors.filter((e) => e.code === 'bad_request:audio');
          expect(audio[0]?.clientId, what).toBe(id);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
    await plainTurnWorks(socket, conversationId);
  }, 120_000);

  it('cancel (alone, and while a reply streams)', async () => {
    const { socket, conversationId } = await openConversation();
    const REPLY = ['One ', 'two ', 'three ', 'four ', 'five ', 'six.'];
    stub.setReply(REPLY);
    stub.setTiming({ tokenDelayMs: 1 });
    const duringReplies = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true));
    const frame = frameOf('cancel', { heardChars: field(fc.integer({ min: -2, max: 60 })) });
    try {
      await fc.assert(
        fc.asyncProperty(frameText(frame), duringReplies, async (sent, duringReply) => {
          const what = `${duringReply ? 'during a reply: ' : ''}${describeFrame([sent])}`;
          const parsed = asServerSees(sent);
          const valid = parsed.success && parsed.data.type === 'cancel' ? parsed.data : null;
          const before = await countMessages();
          const from = socket.frames.length;
          if (duringReply) {
            socket.send({ type: 'turn', clientId: randomUUID(), text: 'Go on', stream: true });
            await socket.waitFor((f) => f.type === 'reply_delta', from);
          }
          const result = await exchange(socket, [sent]);
          commonChecks(socket, result, what);
          const errors = result.got.filter(isError);
          expect(
            errors.map((e) => e.code),
            what,
          ).toEqual(valid ? [] : ['bad_request:message']);
          if (!duringReply) {
            expect(result.got, what).toEqual(valid ? [] : errors);
            expect(result.stored, what).toBe(0);
            return;
          }
          const done = socket.frames
            .slice(from)
            .find(
              (f): f is Extract<ServerMessage, { type: 'reply_done' }> => f?.type === 'reply_done',
            );
          const full = REPLY.join('');
          if (!valid) {
            // A bad frame never cancels anything.
            expect(done?.message, what).toMatchObject({ partial: false, content: full });
          } else if (done && done.message.partial) {
            const heard = valid.heardChars;
            // Too little heard is stored as NOTHING_HEARD (decision 013).
            if (heard !== undefined && done.message.content !== NOTHING_HEARD)
              expect(done.message.content.length, what).toBeLessThanOrEqual(heard);
          }
          // The user's words, and the reply if any of it was kept.
          expect((await countMessages()) - before, what).toBe(done ? 2 : 1);
        }),
        { numRuns: PROPERTY_RUNS },
      );
    } finally {
      stub.setTiming({ tokenDelayMs: 0 });
      stub.setReply('I see. Can you tell me a bit more about that?');
    }
    await plainTurnWorks(socket, conversationId);
  }, 60_000);

  it('speak', async () => {
    const { socket, conversationId } = await openConversation();
    for (const line of ['What brings you in?', 'How long has it bothered you?']) {
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text: line, stream: false });
      await socket.waitFor((f) => f.type === 'reply_done', from);
    }
    const messages = await listMessagesByConversation(t.db, { conversationId });
    const patientIds = messages.filter((m) => m.role === 'assistant').map((m) => m.id);
    const ownUserIds = messages.filter((m) => m.role === 'user').map((m) => m.id);
    const messageId = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...patientIds) },
      { weight: 2, arbitrary: fc.constantFrom(...ownUserIds, ...foreignIds) },
      fc.uuid(),
      text,
      fc.constant('x'.repeat(65)),
    );
    const frame = frameOf('speak', { messageId });

    await fc.assert(
      fc.asyncProperty(frameText(frame), async (sent) => {
        const what = describeFrame([sent]);
        const parsed = asServerSees(sent);
        const valid = parsed.success && parsed.data.type === 'speak' ? parsed.data : null;
        const result = await exchange(socket, [sent], () =>
          valid
            ? (f) =>
                (f.type === 'error' && !RawSocket.isProbeAnswer(f)) ||
                (f.type === 'speech_done' && f.replyId === valid.messageId)
            : null,
        );
        commonChecks(socket, result, what);
        expect(result.stored, what).toBe(0);
        const errors = result.got.filter(isError);
        if (!valid) {
          expect(
            errors.map((e) => e.code),
            what,
          ).toEqual(['bad_request:message']);
        } else if (patientIds.includes(valid.messageId)) {
          expect(errors, what).toEqual([]);
          const speech = result.got.filter((f) => f.type === 'speech');
          expect(speech.length, what).toBeGreaterThan(0);
          expect(speech.every((f) => f.type === 'speech' && f.replyId === valid.messageId)).toBe(
            true,
          );
        } else {
          // Someone else's message, the user's own words, or no message at all.
          expect(
            errors.map((e) => e.code),
            what,
          ).toEqual(['not_found:message']);
          expect(
            result.got.some((f) => f.type === 'speech'),
            what,
          ).toBe(false);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
    await plainTurnWorks(socket, conversationId);
  }, 60_000);

  it('stop_speaking (alone, and while a message is read aloud)', async () => {
    const { socket, conversationId } = await openConversation();
    const [patient] = (await listMessagesByConversation(t.db, { conversationId })).filter(
      (m) => m.role === 'assistant',
    );
    stub.setSpeech({ chunks: 4, firstByteDelayMs: 3 });
    const frame = frameOf('stop_speaking', {});
    const whileReading = fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, fc.constant(true));
    try {
      await fc.assert(
        fc.asyncProperty(frameText(frame), whileReading, async (sent, duringSpeech) => {
          const what = `${duringSpeech ? 'while reading: ' : ''}${describeFrame([sent])}`;
          const parsed = asServerSees(sent);
          const valid = parsed.success && parsed.data.type === 'stop_speaking';
          const from = socket.frames.length;
          if (duringSpeech) socket.send({ type: 'speak', messageId: patient!.id });
          const result = await exchange(socket, [sent], () =>
            // A bad frame stops nothing: the reading carries on to its end.
            duringSpeech && !valid
              ? (f) => f.type === 'speech_done' && f.replyId === patient!.id
              : null,
          );
          commonChecks(socket, result, what);
          expect(result.stored, what).toBe(0);
          const errors = socket.frames
            .slice(from)
            .filter((f) => f && isError(f) && !RawSocket.isProbeAnswer(f));
          expect(
            errors.map((e) => e && isError(e) && e.code),
            what,
          ).toEqual(valid ? [] : ['bad_request:message']);
        }),
        { numRuns: PROPERTY_RUNS },
      );
    } finally {
      stub.setSpeech({ firstByteDelayMs: 0 });
    }
    await plainTurnWorks(socket, conversationId);
  }, 60_000);

  it('frames that are no message at all', async () => {
    const { socket, conversationId } = await openConversation();
    const junk = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom(
            '',
            ' ',
            '{',
            '[]',
            '{}',
            'null',
            '42',
            '"turn"',
            '{"type":null}',
            '{"type":"shout"}',
            '{"type":"__proto__"}',
            '{"__proto__":{"type":"turn"}}',
            '{"type":"history","messages":[]}',
          ),
          hugeString,
        ),
      },
      { weight: 2, arbitrary: oddValue.map((v) => JSON.stringify(v) ?? 'undefined') },
      {
        weight: 2,
        arbitrary: fc
          .tuple(text, fc.dictionary(text, oddValue, { maxKeys: 3 }))
          .map(([type, rest]) => JSON.stringify({ ...rest, type })),
      },
      {
        weight: 1,
        arbitrary: fc.uint8Array({ minLength: 0, maxLength: 4000 }).map((b) => Buffer.from(b)),
      },
    );

    await fc.assert(
      fc.asyncProperty(junk, async (sent) => {
        const what = describeFrame([sent]);
        if (typeof sent === 'string' && asServerSees(sent).success) return;
        const result = await exchange(socket, [sent]);
        commonChecks(socket, result, what);
        // Binary bytes are audio, of no recording here.
        expect(
          result.got.map((f) => f.type === 'error' && f.code),
          what,
        ).toEqual([typeof sent === 'string' ? 'bad_request:message' : 'bad_request:audio']);
        expect(result.stored, what).toBe(0);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    await plainTurnWorks(socket, conversationId);
  }, 60_000);
});
