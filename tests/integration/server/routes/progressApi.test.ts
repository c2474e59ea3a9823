import { describe, expect, it } from 'vitest';
import { INSIGHT_TEXT } from '#shared/text';
import { randomUUID } from 'node:crypto';
import { historyEntries, type HistorySource } from '#shared/history';
import {
  emptyProgressSummary,
  summarizeProgress,
  type ProgressConversation,
} from '#shared/progress';
import { conversationDetailResponse } from '#shared/api/conversations';
import { historyResponse } from '#shared/api/history';
import { progressResponse } from '#shared/api/progress';
import type { Db } from '#server/db/db';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import { say, startConversation } from '../../../helpers/conversations';

printSkipNotice();

interface Scores {
  overall: number;
  empathy: number;
  clarity: number;
  persuasion: number;
  objection: number;
}

interface SeedConversation {
  createdAt: string;
  /** null: still open. */
  endedAt: string | null;
  successRating: number | null;
  feedback: Scores | null;
  scenario?: number;
}

const flat = (overall: number): Scores => ({
  overall,
  empathy: overall,
  clarity: overall,
  persuasion: overall,
  objection: overall,
});

const at = (day: number, minute = 0) => new Date(Date.UTC(2025, 0, day, 10, minute)).toISOString();

async function userIdOf(client: HttpClient): Promise<string> {
  const me = await client.get('/api/auth/me');
  return me.body.user.id as string;
}

/** Rows straight into the tables, the way a long-time user's data would look. */
async function seed(db: Db, userId: string, sessions: SeedConversation[]): Promise<string[]> {
  const scenarios = await db.query<{ id: string }>('SELECT id FROM scenarios ORDER BY slug');
  const ids: string[] = [];
  for (const s of sessions) {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at, success_rating)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, scenarios[s.scenario ?? 0]!.id, s.createdAt, s.endedAt, s.successRating],
    );
    const id = row!.id;
    ids.push(id);
    if (s.feedback) {
      const f = s.feedback;
      await db.query(
        `INSERT INTO feedback (session_id, overall_score, empathy_score, clarity_score,
                               persuasion_score, objection_handling_score, strengths,
                               areas_for_improvement, suggested_responses)
         VALUES ($1, $2, $3, $4, $5, $6, '[]', '[]', '[]')`,
        [id, f.overall, f.empathy, f.clarity, f.persuasion, f.objection],
      );
    }
  }
  return ids;
}

function asProgressConversations(
  ids: string[],
  sessions: SeedConversation[],
): ProgressConversation[] {
  return sessions.map((s, i) => ({
    id: ids[i]!,
    createdAt: s.createdAt,
    endedAt: s.endedAt,
    successRating: s.successRating,
    feedback: s.feedback
      ? [
          {
            overallScore: s.feedback.overall,
            empathyScore: s.feedback.empathy,
            clarityScore: s.feedback.clarity,
            persuasionScore: s.feedback.persuasion,
            objectionHandlingScore: s.feedback.objection,
          },
        ]
      : [],
  }));
}

describe.each(routeDatabaseKinds())('progress and history API on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  it('requires sign-in', async () => {
    const anonymous = new HttpClient(server.url);
    for (const path of ['/api/progress', '/api/history']) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.error.code).toBe('unauthorized:session');
    }
    // The guard sits on the two routes only: unknown API paths still answer 404.
    expect((await anonymous.get('/api/nothing-here')).status).toBe(404);
  });

  it('gives a new user zeros, the fallback tips and an empty history', async () => {
    const user = await signedInClient(server.url);
    const progress = await user.get('/api/progress');
    expect(progress.status).toBe(200);
    expect(progressResponse.parse(progress.body)).toEqual(emptyProgressSummary());
    expect(progress.body.insights).toEqual(INSIGHT_TEXT.fallback);
    const history = await user.get('/api/history');
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ entries: [], nextCursor: null });
  });

  it('counts two conversations completed through the socket, and only for their owner', async () => {
    const user = await signedInClient(server.url);
    const finished: { conversationId: string; overall: number; title: string }[] = [];
    for (const index of [0, 1]) {
      const { conversationId, scenario } = await startConversation(user, index);
      await say(user, conversationId, [
        'It sounds like this has been on your mind. What worries you most about it?',
        'That makes sense. Can you tell me more about how it has affected you?',
      ]);
      const end = await user.post(`/api/conversations/${conversationId}/end`);
      expect(end.status).toBe(200);
      finished.push({
        conversationId,
        overall: end.body.feedback.overallScore,
        title: scenario.title,
      });
    }
    // An open conversation is not part of progress or history.
    await startConversation(user, 2);

    const progress = progressResponse.parse((await user.get('/api/progress')).body);
    expect(progress.completedConversations).toBe(2);
    const mean = (finished[0]!.overall + finished[1]!.overall) / 2;
    expect(progress.avgScore).toBe(Math.round(mean * 10) / 10);
    expect(progress.points.map((p) => p.overall)).toEqual(finished.map((f) => f.overall));
    expect(progress.insights.length).toBeGreaterThanOrEqual(2);

    const history = historyResponse.parse((await user.get('/api/history')).body);
    expect(history.entries.map((e) => e.conversationId)).toEqual(
      finished.map((f) => f.conversationId).reverse(),
    );
    expect(history.entries.map((e) => e.scenarioTitle)).toEqual(
      finished.map((f) => f.title).reverse(),
    );
    // The shipped scenarios are written in English: each title says so (its `lang`).
    expect(history.entries.map((e) => e.scenarioLanguage)).toEqual(finished.map(() => 'en'));
    for (const entry of history.entries) {
      expect(entry.subScores).not.toBeNull();
      expect(entry.endedAt).not.toBeNull();
    }

    const detail = await user.get(`/api/conversations/${finished[0]!.conversationId}`);
    expect(detail.status).toBe(200);
    const parsed = conversationDetailResponse.parse(detail.body);
    expect(parsed.feedback?.overallScore).toBe(finished[0]!.overall);
    expect(parsed.messages.length).toBeGreaterThanOrEqual(5);

    // Someone else sees none of it.
    const other = await signedInClient(server.url, 'Other');
    expect((await other.get('/api/progress')).body.completedConversations).toBe(0);
    expect((await other.get('/api/history')).body.entries).toEqual([]);
    for (const { conversationId } of finished) {
      const response = await other.get(`/api/conversations/${conversationId}`);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Conversation not found');
      // Nor does another user's id work as a cursor into the owner's history.
      const page = await other.get(`/api/history?before=${conversationId}`);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ entries: [], nextCursor: null });
    }
  });

  it('computes in SQL exactly what the spec rules compute', async () => {
    const user = await signedInClient(server.url);
    const sessions: SeedConversation[] = [
      { createdAt: at(3), endedAt: at(3, 9), successRating: 6, feedback: flat(6) },
      // Rating only: counts toward the average, not the chart.
      { createdAt: at(1), endedAt: at(1, 5), successRating: 9, feedback: null },
      {
        createdAt: at(5),
        endedAt: at(5, 1),
        successRating: 8,
        feedback: { overall: 8, empathy: 9, clarity: 5, persuasion: 7, objection: 8 },
      },
      // Open, with a rating: ignored everywhere.
      { createdAt: at(6), endedAt: null, successRating: 2, feedback: null },
      // Completed with neither feedback nor rating: counted, never averaged or listed.
      { createdAt: at(4), endedAt: at(4, 3), successRating: null, feedback: null },
      { createdAt: at(2), endedAt: at(2, 30), successRating: 7, feedback: flat(7), scenario: 2 },
    ];
    const ids = await seed(t.db, await userIdOf(user), sessions);
    const expected = summarizeProgress(asProgressConversations(ids, sessions));

    const progress = (await user.get('/api/progress')).body;
    expect(progress).toEqual(expected);
    expect(progress).toMatchObject({
      completedConversations: 5,
      avgScore: 7.5,
      improvementRate: 14,
    });
    expect(progress.points.map((p: { overall: number }) => p.overall)).toEqual([7, 6, 8]);
    expect(progress.insights).toEqual([
      'Your empathy scores are consistently high, showing strong empathy skills.',
      'Focus on improving your clarity, which shows the most room for growth.',
      'Your overall performance is trending upward, indicating good progress.',
    ]);

    const history = (await user.get('/api/history')).body;
    const sources: HistorySource[] = asProgressConversations(ids, sessions).map((s) => ({
      ...s,
      scenario: null,
    }));
    expect(history.entries.map((e: { conversationId: string }) => e.conversationId)).toEqual(
      historyEntries(sources).map((e) => e.conversationId),
    );
    expect(history.entries.map((e: { overallScore: number }) => e.overallScore)).toEqual([
      8, 6, 7, 9,
    ]);
    const ratingOnly = history.entries[3];
    expect(ratingOnly).toMatchObject({ overallScore: 9, subScores: null });
    expect(ratingOnly.scenarioTitle).toEqual(expect.any(String));
    expect(history.entries[0].subScores).toEqual({
      empathy: 9,
      clarity: 5,
      persuasion: 7,
      objectionHandling: 8,
    });
  });

  it('pages through a long history newest first without gaps or repeats', async () => {
    const user = await signedInClient(server.url);
    const sessions: SeedConversation[] = Array.from({ length: 45 }, (_, i) => ({
      // Five sessions share each timestamp, so the cursor has to break ties by id.
      createdAt: at(1 + Math.floor(i / 5)),
      endedAt: at(1 + Math.floor(i / 5), 10),
      successRating: (i % 10) + 1,
      feedback: i % 3 === 0 ? null : flat((i % 10) + 1),
    }));
    await seed(t.db, await userIdOf(user), sessions);

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=20&before=${cursor}` : '?limit=20';
      const response = await user.get(`/api/history${query}`);
      expect(response.status).toBe(200);
      const page = historyResponse.parse(response.body);
      pageSizes.push(page.entries.length);
      seen.push(...page.entries.map((e) => e.conversationId));
      cursor = page.nextCursor;
    } while (cursor);

    expect(pageSizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    const all = (await user.get('/api/history?limit=100')).body;
    expect(all.entries.map((e: { conversationId: string }) => e.conversationId)).toEqual(seen);
    expect(all.nextCursor).toBeNull();
    const times = all.entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The default page is 20.
    const first = (await user.get('/api/history')).body;
    expect(first.entries).toHaveLength(20);
    expect(first.nextCursor).toBe(seen[19]);
  });

  it.each([
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=abc', 'limit must be a number'],
    ['?limit=2.5', 'limit must be a whole number'],
    ['?before=not-a-uuid', 'before must be a session id'],
  ])('rejects %s with a clear 400', async (query, message) => {
    const user = await signedInClient(server.url);
    const response = await user.get(`/api/history${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'bad_request:validation', message });
  });

  it('answers an unknown cursor with an empty last page', async () => {
    const user = await signedInClient(server.url);
    const response = await user.get(`/api/history?before=${randomUUID()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ entries: [], nextCursor: null });
  });
});
