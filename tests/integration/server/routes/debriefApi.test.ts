import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { say } from '../../../helpers/conversations';
import { DEBRIEF_SCHEMA_NAME } from '#server/ai/debriefPrompt';
import { FEEDBACK_SCHEMA_NAME } from '#server/ai/prompts';
import { scenarioLibrary } from '#server/scenarios/library';
import { debriefSchema, type Debrief } from '#shared/debrief';

printSkipNotice();

const NEEDLE_FEAR = scenarioLibrary.find((s) => s.slug === 'needle-fear-before-two-fillings')!;
const HIDDEN = NEEDLE_FEAR.extras.hiddenConcerns[0]!;

/** Opens a conversation on the needle-fear scenario (one hidden concern, unlocked by empathy). */
async function openNeedleFear(user: HttpClient): Promise<string> {
  const { body } = await user.get('/api/scenarios');
  const scenario = body.scenarios.find((s: { title: string }) => s.title === NEEDLE_FEAR.title);
  const created = await user.post('/api/conversations', { scenarioId: scenario.id });
  return created.body.session.id as string;
}

/** Every text of the scenario that must stay on the server while the conversation is open. */
const HIDDEN_TEXTS = [HIDDEN.id, HIDDEN.concern, HIDDEN.hint, HIDDEN.reveal];

const UNCOVERING = [
  'You need to book today, or the decay will spread.',
  'That sounds really scary. Has anything like this happened before with needles?',
];

describe.each(routeDatabaseKinds())('the debrief (offline engine) on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  it('is stored with the feedback in one row, returned by end and by GET, tied to the turns', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openNeedleFear(user);
    await say(user, conversationId, UNCOVERING);

    const ended = await user.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    const debrief: Debrief = debriefSchema.parse(ended.body.debrief);
    const detail = await user.get(`/api/conversations/${conversationId}`);
    expect(detail.body.debrief).toEqual(ended.body.debrief);
    const again = await user.post(`/api/conversations/${conversationId}/end`);
    expect(again.body.debrief).toEqual(ended.body.debrief);

    const [row] = await t.db.query<{ debrief: unknown }>(
      'SELECT debrief FROM feedback WHERE session_id = $1',
      [conversationId],
    );
    expect(row?.debrief).toEqual(ended.body.debrief);

    const messages: { id: string; role: string; content: string }[] = detail.body.messages;
    const byId = new Map(messages.map((m, i) => [m.id, { ...m, turn: i + 1 }]));
    expect(debrief.source).toBe('offline');
    // Notes sit on the clinician's turns and quote their words.
    for (const note of debrief.notes) {
      const message = byId.get(note.messageId);
      expect(message?.role).toBe('user');
      expect(message?.turn).toBe(note.turn);
      expect(message?.content).toContain(note.quote);
    }
    const kinds = debrief.notes.map((n) => `${n.turn} ${n.kind}`);
    expect(kinds).toContain('2 pressure');
    expect(kinds).toContain('4 acknowledged_feeling');
    // One state and one thought per patient turn, on the patient's turns.
    const patientIds = messages.filter((m) => m.role === 'assistant').map((m) => m.id);
    expect(debrief.states.map((s) => s.messageId)).toEqual(patientIds);
    expect(debrief.thoughts.map((s) => s.messageId)).toEqual(patientIds);
    expect(debrief.states.every((s) => !s.estimated)).toBe(true);
    // The hidden concern came out in the reply to the acknowledgement.
    const [concern] = debrief.hiddenConcerns;
    expect(concern).toMatchObject({ id: HIDDEN.id, uncoveredAt: { turn: 5 } });
    expect(byId.get(concern!.uncoveredAt!.messageId)?.role).toBe('assistant');
    expect(debrief.reactions.some((r) => r.kind === 'revealed' && r.turn === 5)).toBe(true);
    // The pushy line is flagged in the consent checklist.
    expect(debrief.consent.flags.map((f) => [f.kind, f.turn])).toContainEqual(['pressure', 2]);
    expect(debrief.consent.checks.find((c) => c.item === 'decision_respected')?.status).toBe(
      'not_met',
    );
  });

  it('is absent while the conversation is open: no debrief and no hidden concern in GET', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openNeedleFear(user);
    await say(user, conversationId, ['Do you floss every day?']);
    const detail = await user.get(`/api/conversations/${conversationId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.debrief).toBeNull();
    for (const text of HIDDEN_TEXTS) expect(detail.text).not.toContain(text);
  });

  it("answers 404 for another user's ended conversation, with nothing of its debrief", async () => {
    const owner = await signedInClient(server.url);
    const conversationId = await openNeedleFear(owner);
    await say(owner, conversationId, UNCOVERING);
    const ended = await owner.post(`/api/conversations/${conversationId}/end`);
    const debrief: Debrief = ended.body.debrief;
    const other = await signedInClient(server.url, 'Other');
    for (const [method, path] of [
      ['GET', `/api/conversations/${conversationId}`],
      ['POST', `/api/conversations/${conversationId}/end`],
    ] as const) {
      const response = await other.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      for (const text of [HIDDEN.concern, ...debrief.thoughts.map((th) => th.text)]) {
        expect(response.text).not.toContain(text);
      }
    }
  });
});

describe('the debrief from an OpenAI-compatible grader', () => {
  const { server, stub } = useTestServer('pglite', {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-grader', AI_MAX_RETRIES: '0' },
  });

  const LINES = [
    'What worries you most about the fillings?',
    'That sounds really scary. Has anything like this happened before?',
  ];

  it("keeps only notes whose quote is that turn's words, ties turns to messages and marks states as estimates", async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openNeedleFear(user);
    await say(user, conversationId, LINES);
    stub.setDebrief({
      notes: [
        {
          turn: 2,
          kind: 'open_question',
          tone: 'good',
          label: 'open question',
          quote: 'What worries you most',
        },
        // Case and a dropped question mark are repaired to the trainee's own span.
        {
          turn: 4,
          kind: 'acknowledged_feeling',
          tone: 'good',
          label: 'acknowledged the feeling',
          quote: 'that sounds really scary',
        },
        // Words the trainee never said in that turn, the patient's turn, a turn that does not exist.
        {
          turn: 2,
          kind: 'jargon',
          tone: 'concern',
          label: 'jargon: "pulpitis"',
          quote: 'your pulpitis needs treating',
        },
        {
          turn: 4,
          kind: 'pressure',
          tone: 'concern',
          label: 'pressure',
          quote: 'What worries you most',
        },
        { turn: 3, kind: 'open_question', tone: 'good', label: 'open question', quote: 'I see' },
        { turn: 99, kind: 'open_question', tone: 'good', label: 'open question', quote: 'What' },
      ],
      reactions: [
        { turn: 5, kind: 'revealed', label: 'revealed: fainted at a blood test' },
        { turn: 4, kind: 'trust_up', label: 'trust ↑' },
      ],
      states: [
        { turn: 1, trust: 0.5, anxiety: 0.7, readiness: 0.3 },
        { turn: 3, trust: 0.55, anxiety: 0.6, readiness: 0.3 },
        { turn: 5, trust: 0.7, anxiety: 1.4, readiness: 0.4 },
      ],
      thoughts: [
        { turn: 1, text: "I hope they don't bring out a needle." },
        { turn: 3, text: 'At least they asked.' },
        { turn: 5, text: 'I might as well tell them.' },
      ],
      hiddenConcerns: [{ id: HIDDEN.id, uncoveredAtTurn: 5, openedBy: 'Acknowledging the fear.' }],
      consent: {
        checks: [
          { item: 'options', status: 'not_met', turn: null, quote: null },
          { item: 'understanding', status: 'partly_met', turn: 2, quote: 'something never said' },
        ],
        flags: [{ turn: 2, kind: 'pressure', quote: 'book it now', label: 'pressure' }],
      },
    });

    const ended = await user.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    const debrief: Debrief = debriefSchema.parse(ended.body.debrief);
    const messages: { id: string; role: string }[] = (
      await user.get(`/api/conversations/${conversationId}`)
    ).body.messages;
    const idAt = (turn: number) => messages[turn - 1]!.id;

    expect(debrief.source).toBe('llm');
    expect(debrief.notes).toEqual([
      {
        turn: 2,
        messageId: idAt(2),
        kind: 'open_question',
        tone: 'good',
        label: 'open question',
        quote: 'What worries you most',
      },
      {
        turn: 4,
        messageId: idAt(4),
        kind: 'acknowledged_feeling',
        tone: 'good',
        label: 'acknowledged the feeling',
        quote: 'That sounds really scary',
      },
    ]);
    expect(debrief.reactions.map((r) => [r.turn, r.messageId])).toEqual([[5, idAt(5)]]);
    expect(debrief.states.map((s) => [s.messageId, s.estimated])).toEqual([
      [idAt(1), true],
      [idAt(3), true],
      [idAt(5), true],
    ]);
    expect(debrief.states[2]!.anxiety).toBe(1);
    expect(debrief.thoughts.map((t) => t.messageId)).toEqual([idAt(1), idAt(3), idAt(5)]);
    expect(debrief.hiddenConcerns).toEqual([
      {
        id: HIDDEN.id,
        concern: HIDDEN.concern,
        uncoveredAt: { turn: 5, messageId: idAt(5) },
        openedBy: 'Acknowledging the fear.',
      },
    ]);
    expect(debrief.consent.checks.map((c) => [c.item, c.status, c.evidence])).toEqual([
      ['options', 'not_met', null],
      ['risks_benefits', 'not_met', null],
      ['cost', 'not_met', null],
      // Its quote was never said, so the evidence goes, and "partly met" with it.
      ['understanding', 'not_met', null],
      ['decision_respected', 'not_met', null],
    ]);
    expect(debrief.consent.flags).toEqual([]);
    // The debrief is its own call, beside the scores, under its own schema.
    const debriefCall = stub.requests.find(
      (r) => (r.body?.response_format as any)?.json_schema?.name === 'conversation_debrief',
    );
    expect(debriefCall?.body).toMatchObject({ response_format: { json_schema: { strict: true } } });
    stub.setDebrief(undefined);
  });

  it('stores the feedback with no debrief when the grader cannot give one', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openNeedleFear(user);
    await say(user, conversationId, LINES);
    stub.setDebrief('Sorry, I cannot do that.');
    const ended = await user.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.feedback.fallback).toBeNull();
    expect(ended.body.debrief).toBeNull();
    expect((await user.get(`/api/conversations/${conversationId}`)).body.debrief).toBeNull();
    stub.setDebrief(undefined);
  });

  it('asks for the debrief beside the scores, and a request that goes away stops both', async () => {
    const user = await signedInClient(server.url);
    const conversationId = await openNeedleFear(user);
    await say(user, conversationId, LINES);
    const before = stub.requests.length;
    // The scores never come: the debrief request is made while they are awaited.
    stub.queueFault({ kind: 'hang', schema: FEEDBACK_SCHEMA_NAME });
    const leaving = new AbortController();
    const ending = fetch(`${server.url}/api/conversations/${conversationId}/end`, {
      method: 'POST',
      headers: { cookie: user.cookie!, origin: server.url },
      signal: leaving.signal,
    }).catch(() => null);
    const schemas = () =>
      stub.requests
        .slice(before)
        .map((r) => (r.body?.response_format as any)?.json_schema?.name)
        .sort();
    await expect.poll(schemas).toEqual([DEBRIEF_SCHEMA_NAME, FEEDBACK_SCHEMA_NAME]);
    leaving.abort();
    await ending;
    // Nothing was stored and the conversation is still open: ending again grades it.
    const detail = await user.get(`/api/conversations/${conversationId}`);
    expect(detail.body.feedback).toBeNull();
    expect(detail.body.session.endedAt ?? null).toBeNull();
    expect((await user.post(`/api/conversations/${conversationId}/end`)).status).toBe(200);
  });
});
