import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient } from '../../../helpers/httpClient';
import { say, startConversation } from '../../../helpers/conversations';
import { FEEDBACK_SCHEMA_NAME } from '#server/ai/prompts';
import { scenarioLibrary } from '#server/scenarios/library';

printSkipNotice();

const TOO_SHORT =
  'The conversation is too short to generate meaningful feedback. Please continue the conversation.';

describe.each(routeDatabaseKinds())('conversations API (offline patient) on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  it('creates a session once and resumes it on reload', async () => {
    const user = await signedInClient(server.url);
    const first = await startConversation(user);
    const reload = await startConversation(user);
    expect(first.status).toBe(201);
    expect(reload.status).toBe(200);
    expect(reload.conversationId).toBe(first.conversationId);
    const detail = await user.get(`/api/conversations/${first.conversationId}`);
    expect(detail.body.messages).toHaveLength(1);
    expect(detail.body.messages[0].content).toBe(first.scenario.initialMessage);
    expect(detail.body.scenario.id).toBe(first.scenario.id);
    expect(detail.body.feedback).toBeNull();
  });

  it.each([
    [{}, 400, 'scenarioId is required'],
    [{ scenarioId: randomUUID() }, 404, 'Scenario not found'],
    [{ scenarioId: 'nope' }, 404, 'Scenario not found'],
    [{ scenarioId: 42 }, 400, 'scenarioId must be a string'],
  ])('rejects a bad create request %j', async (body, status, message) => {
    const user = await signedInClient(server.url);
    const response = await user.post('/api/conversations', body);
    expect(response.status).toBe(status);
    expect(response.body.error.message).toBe(message);
  });

  it("answers 404 for another user's conversation on every route", async () => {
    const owner = await signedInClient(server.url);
    const { conversationId } = await startConversation(owner);
    const other = await signedInClient(server.url, 'Other');
    for (const [method, path] of [
      ['GET', `/api/conversations/${conversationId}`],
      ['POST', `/api/conversations/${conversationId}/end`],
      ['POST', `/api/conversations/${conversationId}/hint`],
    ] as const) {
      const response = await other.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error.message).toBe('Conversation not found');
    }
    expect((await other.get('/api/conversations/not-a-uuid')).status).toBe(404);
  });

  it('refuses to grade a conversation that is too short', async () => {
    const user = await signedInClient(server.url);
    const { conversationId } = await startConversation(user);
    const response = await user.post(`/api/conversations/${conversationId}/end`);
    expect(response.status).toBe(422);
    expect(response.body.error.message).toBe(TOO_SHORT);
  });

  it('grades once, ends the session and rates it with the overall score', async () => {
    const user = await signedInClient(server.url);
    const { conversationId } = await startConversation(user, 1);
    await say(user, conversationId, [
      'It sounds like this has been on your mind. What worries you most about it?',
      'That makes sense. Can you tell me more about how it has affected you?',
    ]);
    const [first, second] = await Promise.all([
      user.post(`/api/conversations/${conversationId}/end`),
      user.post(`/api/conversations/${conversationId}/end`),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.feedback).toEqual(first.body.feedback);
    const feedback = first.body.feedback;
    for (const key of [
      'overallScore',
      'empathyScore',
      'clarityScore',
      'persuasionScore',
      'objectionHandlingScore',
    ]) {
      expect(feedback[key]).toBeGreaterThanOrEqual(1);
      expect(feedback[key]).toBeLessThanOrEqual(10);
    }
    expect(feedback.fallback).toBeNull();
    const detail = await user.get(`/api/conversations/${conversationId}`);
    expect(detail.body.session.endedAt).not.toBeNull();
    expect(detail.body.session.successRating).toBe(feedback.overallScore);
    const [{ count }] = (await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM feedback WHERE session_id = $1',
      [conversationId],
    )) as [{ count: number }];
    expect(count).toBe(1);
    // Every quote is the trainee's own words.
    const userLines = detail.body.messages
      .filter((m: { role: string }) => m.role === 'user')
      .map((m: { content: string }) => m.content);
    for (const item of [...feedback.strengths, ...feedback.areasForImprovement]) {
      if (item.quote)
        expect(userLines.some((line: string) => line.includes(item.quote))).toBe(true);
    }
    // A new visit to the scenario starts a fresh session.
    const next = await startConversation(user, 1);
    expect(next.conversationId).not.toBe(conversationId);
  });

  it('gives a short hint that never reveals a hidden concern', async () => {
    const user = await signedInClient(server.url);
    const { conversationId, scenario } = await startConversation(user, 2);
    await say(user, conversationId, ['Do you floss?']);
    const response = await user.post(`/api/conversations/${conversationId}/hint`);
    expect(response.status).toBe(200);
    expect(response.body.hint.split(/\s+/).length).toBeLessThanOrEqual(25);
    const seed = scenarioLibrary.find((s) => s.title === scenario.title)!;
    for (const hidden of seed.extras.hiddenConcerns) {
      expect(response.body.hint).not.toContain(hidden.reveal);
      expect(response.body.hint).not.toContain(hidden.concern);
    }
  });
});

describe('conversations API with an OpenAI-compatible grader', () => {
  const { server, stub } = useTestServer('pglite', {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-grader', AI_MAX_RETRIES: '0' },
  });

  async function readyToEnd() {
    const user = await signedInClient(server.url);
    const { conversationId } = await startConversation(user);
    await say(user, conversationId, ['What would help you feel comfortable today?']);
    return { user, conversationId };
  }

  it('marks feedback read from prose as a fallback', async () => {
    const { user, conversationId } = await readyToEnd();
    stub.queueFault({
      kind: 'malformed-json',
      content: 'Overall: 6/10\nEmpathy: 7/10\nStrengths:\n- Warm opening\n- Asked openly',
      schema: FEEDBACK_SCHEMA_NAME,
    });
    const response = await user.post(`/api/conversations/${conversationId}/end`);
    expect(response.status).toBe(200);
    expect(response.body.feedback).toMatchObject({
      overallScore: 6,
      empathyScore: 7,
      fallback: 'text_scan',
    });
  });

  it('uses default feedback when the grader answers with no choices', async () => {
    const { user, conversationId } = await readyToEnd();
    stub.queueFault({ kind: 'empty-choices', schema: FEEDBACK_SCHEMA_NAME });
    const response = await user.post(`/api/conversations/${conversationId}/end`);
    expect(response.status).toBe(200);
    expect(response.body.feedback).toMatchObject({
      overallScore: 5,
      empathyScore: 5,
      fallback: 'default',
    });
  });

  it('says feedback failed (and ends nothing) when the grader is down', async () => {
    const { user, conversationId } = await readyToEnd();
    stub.queueFault({ kind: 'status', status: 500, message: 'down', schema: FEEDBACK_SCHEMA_NAME });
    const response = await user.post(`/api/conversations/${conversationId}/end`);
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe('Error generating feedback. Please try again.');
    expect(
      (await user.get(`/api/conversations/${conversationId}`)).body.session.endedAt,
    ).toBeNull();
    const retry = await user.post(`/api/conversations/${conversationId}/end`);
    expect(retry.status).toBe(200);
  });
});
