import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Feedback } from '#shared/feedback';
import { TestSocket } from '../helpers/socketClient';

/** The page's cookies as a Cookie header, for a socket opened from the test as that user. */
export async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Two open, empathic turns: enough for a report, and a good score from the offline grader. */
export const EMPATHIC_TURNS = [
  'It sounds like this has been on your mind. What worries you most about it?',
  'That makes sense. Can you tell me more about how it has affected you?',
];

/**
 * A graded conversation of the page's user, made the quick way when the test is about what
 * comes after: opened over HTTP, each line said over the conversation socket (waiting for the
 * patient's reply), then ended, which grades it.
 */
export async function gradedConversation(
  page: Page,
  baseUrl: string,
  scenarioId: string,
  lines: readonly string[] = EMPATHIC_TURNS,
): Promise<{ conversationId: string; feedback: Feedback }> {
  const created = await page.request.post('/api/conversations', { data: { scenarioId } });
  expect(created.status()).toBe(201);
  const conversationId: string = (await created.json()).session.id;
  const socket = await TestSocket.open(baseUrl, conversationId, {
    cookie: await cookieHeader(page),
  });
  for (const text of lines) {
    const before = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
    await socket.next('reply_done', () => true, before);
  }
  await socket.close();
  const ended = await page.request.post(`/api/conversations/${conversationId}/end`);
  expect(ended.status()).toBe(200);
  return { conversationId, feedback: (await ended.json()).feedback as Feedback };
}
