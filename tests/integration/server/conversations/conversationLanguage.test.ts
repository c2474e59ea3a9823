import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAiRoles } from '#server/ai/roles';
import { loadConfig } from '#server/config';
import { listMessagesByConversation } from '#server/db/messages';
import { createLogger } from '#server/logger';
import { scenarioLibrary } from '#server/scenarios/library';
import { CONVERSATION_LANGUAGES, type ConversationLanguage } from '#shared/languages';
import { fakeRealtimeProvider } from '../../../fixtures/fakeRealtimeProvider';
import { startOpenAiStub, type OpenAiStub, type StubRequest } from '../../../fixtures/openaiStub';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { streamUtterance, toneSamples } from '../../../helpers/streamAudio';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

/**
 * Conversations in the patient's language (decision 048) through the OpenAI stub, for every
 * supported language: the opening line translated once, the patient told to speak it, the
 * clinician transcribed in it (batch and streaming), the speech asked for it, the Realtime
 * session configured for it; the grader quoting the conversation and explaining in the report
 * language.
 */

const CROWN = scenarioLibrary.find((s) => /crown/i.test(s.title))!;
const CROWN_VOICE = CROWN.extras.voice.gender === 'female' ? 'nova' : 'echo';
const OFFER =
  'v=0\r\no=- 46117 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendrecv\r\na=rtpmap:111 opus/48000/2\r\n';

const systemOf = (messages: { role: string; content: string }[]) =>
  messages.find((m) => m.role === 'system')?.content ?? '';
const isTranslation = (request: StubRequest) =>
  systemOf((request.body?.messages ?? []) as { role: string; content: string }[]).startsWith(
    'You translate',
  );
/** What the stub's translator answers: marked with the language it was asked for. */
const translated = (language: ConversationLanguage) => `[${language.code}] Buenas, doctora.`;

describe('conversations in every language through a provider (OpenAI stub)', () => {
  const fake = fakeRealtimeProvider();
  let testDb: TestDb;
  let stub: OpenAiStub;
  /** Batch transcription, Realtime calls (a scripted provider). */
  let batch: TestServer;
  /** Streaming transcription, on the same database. */
  let streaming: TestServer;
  const sockets: TestSocket[] = [];

  const env = (mode: 'batch' | 'streaming') => ({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: stub.url,
    OPENAI_API_KEY: 'sk-test-language',
    AI_MAX_RETRIES: '0',
    AI_TIMEOUT_SECONDS: '3',
    STT_MODE: mode,
    // A speech model that takes instructions: the language and accent go in them.
    TTS_MODEL: 'gpt-4o-mini-tts',
    REALTIME_MODEL: 'gpt-realtime',
    SOCKET_FRAMES_PER_SECOND: '10000',
    AUTH_ATTEMPTS_PER_ADDRESS: '1000',
  });

  beforeAll(async () => {
    [testDb, stub] = await Promise.all([createTestDb('pglite'), startOpenAiStub()]);
    const roles = createAiRoles(loadConfig(env('batch')).ai, createLogger('silent'));
    batch = await startTestServer(testDb.db, env('batch'), {
      ai: { ...roles, realtime: fake.provider },
    });
    streaming = await startTestServer(testDb.db, env('streaming'));
  }, 30_000);
  afterAll(async () => {
    await Promise.all([batch?.close(), streaming?.close()]);
    await stub?.close();
    await testDb?.drop();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
    fake.reset();
  });

  async function start(
    on: TestServer,
    body: { language?: string; reportLanguage?: string },
    user?: HttpClient,
  ) {
    const client = user ?? (await signedInClient(on.url));
    const { body: list } = await client.get('/api/scenarios');
    const scenario = list.scenarios.find((s: { title: string }) => s.title === CROWN.title);
    const created = await client.post('/api/conversations', { scenarioId: scenario.id, ...body });
    return { client, created, conversationId: created.body.session?.id as string };
  }

  async function socketFor(on: TestServer, client: HttpClient, conversationId: string) {
    const socket = await TestSocket.open(on.url, conversationId, { cookie: client.cookie });
    sockets.push(socket);
    await socket.next('history');
    return socket;
  }

  it.each(CONVERSATION_LANGUAGES.map((l) => [l.name, l] as const))(
    'holds a conversation in %s: opening line, patient, transcription, speech and Realtime',
    async (_name, language) => {
      stub.setReply((request) =>
        isTranslation(request) ? translated(language) : `(${language.code}) Me preocupa el precio.`,
      );
      stub.expectTranscriptionLanguage(language.code, 'Qué le preocupa más?');
      const { client, created, conversationId } = await start(batch, {
        language: language.code,
        reportLanguage: 'en',
      });
      expect(created.status).toBe(201);
      expect(created.body.session).toMatchObject({ language: language.code, reportLanguage: 'en' });

      // The opening line: the scenario's own in English, translated once otherwise.
      const [opening] = await listMessagesByConversation(testDb.db, { conversationId });
      const translations = stub
        .asked()
        .chats.filter((m) => systemOf(m).startsWith('You translate'));
      if (language.code === 'en') {
        expect(opening!.content).toBe(CROWN.initialMessage);
        expect(translations).toHaveLength(0);
      } else {
        expect(opening!.content).toBe(translated(language));
        expect(translations).toHaveLength(1);
        expect(systemOf(translations[0]!)).toContain(`into natural spoken ${language.name}`);
        expect(translations[0]!.find((m) => m.role === 'user')?.content).toBe(CROWN.initialMessage);
      }

      // A spoken turn: transcribed in the language, answered by a patient told to speak it,
      // whose reply is spoken with instructions naming it.
      const socket = await socketFor(batch, client, conversationId);
      const clientId = randomUUID();
      await streamUtterance(socket, clientId, toneSamples(0.6), { speak: true });
      const done = await socket.next('reply_done');
      expect(done.message.content).toBe(`(${language.code}) Me preocupa el precio.`);
      await socket.next('speech');
      const asked = stub.asked();
      expect(asked.transcriptionLanguages).toEqual([language.code]);
      const patient = asked.chats.filter((m) => !systemOf(m).startsWith('You translate')).at(-1)!;
      expect(systemOf(patient)).toContain(`Speak only ${language.name}, in every reply`);
      // The patient's own first line, as the conversation holds it, leads the history.
      expect(patient[1]).toEqual({ role: 'assistant', content: opening!.content });
      expect(asked.speech.length).toBeGreaterThan(0);
      for (const speech of asked.speech) {
        // The scenario's own voice (its gender) whatever the language.
        expect(speech).toMatchObject({ model: 'gpt-4o-mini-tts', voice: CROWN_VOICE });
        expect(String(speech.instructions)).toContain(`Speak ${language.name} as a native speaker`);
      }

      // A Realtime call: its transcription and its patient in the language.
      const answer = await client.request(
        'POST',
        `/api/conversations/${conversationId}/realtime`,
        OFFER,
        { 'content-type': 'application/sdp' },
      );
      expect(answer.status).toBe(201);
      const session = fake.calls.at(-1)!.session;
      expect(session.audio?.input?.transcription?.language).toBe(language.code);
      expect(session.instructions).toContain(`Speak only ${language.name}, in every reply`);
      await client.request('DELETE', `/api/conversations/${conversationId}/realtime`);
    },
  );

  it.each(CONVERSATION_LANGUAGES.map((l) => [l.name, l] as const))(
    'asks the streaming transcription session for %s',
    async (_name, language) => {
      stub.setReply((request) => (isTranslation(request) ? translated(language) : 'Vale.'));
      const { client, conversationId } = await start(streaming, { language: language.code });
      const socket = await socketFor(streaming, client, conversationId);
      await streamUtterance(socket, randomUUID(), toneSamples(0.6), { speak: false });
      await socket.next('reply_done');
      expect(stub.asked().streamingLanguages).toEqual([language.code]);
      expect(stub.asked().transcriptionLanguages).toEqual([]);
    },
  );

  it('grades a Spanish conversation in English: quotes verbatim in Spanish, explanations asked for in English', async () => {
    const spanish = CONVERSATION_LANGUAGES.find((l) => l.code === 'es')!;
    stub.setReply((request) => (isTranslation(request) ? translated(spanish) : 'Me da miedo.'));
    const { client, conversationId } = await start(batch, { language: 'es', reportLanguage: 'en' });
    const line = '¿Qué es lo que más le preocupa del tratamiento, señora?';
    const socket = await socketFor(batch, client, conversationId);
    socket.send({ type: 'turn', clientId: randomUUID(), text: line, stream: true, speak: false });
    await socket.next('reply_done');
    stub.setFeedback({
      overallScore: 7,
      empathyScore: 8,
      clarityScore: 7,
      persuasionScore: 6,
      objectionHandlingScore: 6,
      strengths: [
        { text: 'You asked an open question about her worry.', quote: 'lo que más le preocupa' },
        // Not a copy of her words: the grader translated it, so the quote must not stand.
        { text: 'You explored the concern.', quote: 'what worries you most' },
      ],
      areasForImprovement: [
        { text: 'Check her understanding.', quote: null },
        { text: 'Name the cost.', quote: null },
      ],
      suggestedResponses: ['¿Le parece bien?', '¿Qué sabe ya del tratamiento?'],
    });
    const ended = await client.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    const strengths: { text: string; quote: string | null }[] = ended.body.feedback.strengths;
    expect(strengths.map((s) => s.quote)).toEqual(['lo que más le preocupa', null]);
    const grading = stub
      .asked()
      .chats.map(systemOf)
      .filter((s) => s.startsWith('You assess') || s.startsWith("You write a trainer's debrief"));
    expect(grading).toHaveLength(2);
    for (const prompt of grading) {
      expect(prompt).toContain('The conversation is in Spanish.');
      expect(prompt).toContain('in Spanish: never translate');
      expect(prompt).toMatch(/in English, the language the trainee reads\./);
    }
  });

  it('grades an English conversation for a reader of Spanish', async () => {
    const { client, conversationId } = await start(batch, { language: 'en', reportLanguage: 'es' });
    const socket = await socketFor(batch, client, conversationId);
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'What worries you?', stream: true });
    await socket.next('reply_done');
    await client.post(`/api/conversations/${conversationId}/end`);
    const grader = stub
      .asked()
      .chats.map(systemOf)
      .find((s) => s.startsWith('You assess'))!;
    expect(grader).toContain('The conversation is in English.');
    expect(grader).toMatch(/in Spanish, the language the trainee reads\./);
  });

  it('defaults to the scenario language, restarts an untouched conversation in another, keeps one under way', async () => {
    stub.setReply((request) =>
      isTranslation(request) ? translated(CONVERSATION_LANGUAGES[2]) : 'Hmm.',
    );
    const first = await start(batch, {});
    expect(first.created.body.session).toMatchObject({ language: 'en', reportLanguage: 'en' });
    // Untouched: asking for French restarts it in French, same conversation, opening replaced.
    const french = await start(batch, { language: 'fr' }, first.client);
    expect(french.created.status).toBe(200);
    expect(french.conversationId).toBe(first.conversationId);
    expect(french.created.body.session.language).toBe('fr');
    const messages = await listMessagesByConversation(testDb.db, {
      conversationId: first.conversationId,
    });
    expect(messages.map((m) => m.content)).toEqual([translated(CONVERSATION_LANGUAGES[2])]);
    // Under way: asking for German resumes it in French.
    const socket = await socketFor(batch, first.client, first.conversationId);
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Bonjour', stream: true });
    await socket.next('reply_done');
    const german = await start(batch, { language: 'de' }, first.client);
    expect(german.conversationId).toBe(first.conversationId);
    expect(german.created.body.session.language).toBe('fr');
    // A branch carries both languages.
    const turn = (
      await listMessagesByConversation(testDb.db, {
        conversationId: first.conversationId,
      })
    ).find((m) => m.role === 'user')!;
    const branch = await first.client.post(`/api/conversations/${first.conversationId}/branches`, {
      messageId: turn.id,
    });
    expect(branch.status).toBe(201);
    expect(branch.body.session).toMatchObject({ language: 'fr', reportLanguage: 'en' });
  });

  it('refuses a language that is not on the list', async () => {
    const { created } = await start(batch, { language: 'xx' });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('bad_request:validation');
  });
});
