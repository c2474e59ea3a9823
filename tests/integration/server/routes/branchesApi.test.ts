import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { ask, say, startConversation } from '../../../helpers/conversations';
import { customSeed } from '../../../helpers/customScenario';
import { TestSocket } from '../../../helpers/socketClient';
import { createBranch } from '#server/db/branches';
import { conversationDetailResponse } from '#shared/api/conversations';

/**
 * "Try another answer here": POST /api/conversations/:id/branches. A branch copies
 * the transcript before a clinician turn into a new open conversation linked to the original;
 * the offline patient replays its state from those copies, so the same words get the same reply.
 */

printSkipNotice();

/** Clinician turns that move the offline patient's state: each reply depends on those before. */
const TURNS = [
  'It sounds like this has been worrying you. What concerns you most about the treatment?',
  'That makes sense, and it is completely normal to feel that way. What have you heard about it?',
  'Would it help if we went through what happens step by step, and what it would cost?',
];

async function detail(user: HttpClient, id: string) {
  const response = await user.get(`/api/conversations/${id}`);
  expect(response.status).toBe(200);
  return conversationDetailResponse.parse(response.body);
}

const userTurns = (messages: { role: string; id: string }[]) =>
  messages.filter((m) => m.role === 'user');

describe.each(routeDatabaseKinds())('branches API (offline patient) on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  it('branches from turn 2 of a graded conversation: copies, links, leaves the original intact', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original, scenario } = await startConversation(user, 1);
    await say(user, original, TURNS);
    const ended = await user.post(`/api/conversations/${original}/end`);
    expect(ended.status).toBe(200);
    const before = await detail(user, original);
    const turn2 = userTurns(before.messages)[1]!;

    const response = await user.post(`/api/conversations/${original}/branches`, {
      messageId: turn2.id,
    });
    expect(response.status).toBe(201);
    const branchId = response.body.session.id as string;
    expect(branchId).not.toBe(original);
    expect(response.body.session).toMatchObject({
      scenarioId: scenario.id,
      endedAt: null,
      successRating: null,
      branchOf: original,
    });

    const branch = await detail(user, branchId);
    const cut = before.messages.findIndex((m) => m.id === turn2.id);
    expect(cut).toBe(3); // opening line, turn 1, reply 1
    const strip = (m: { role: string; content: string; source: string; partial: boolean }) => ({
      role: m.role,
      content: m.content,
      source: m.source,
      partial: m.partial,
    });
    expect(branch.messages.map(strip)).toEqual(before.messages.slice(0, cut).map(strip));
    // Copies, not the same rows: every id is new, and the times are the original's.
    const originalIds = new Set(before.messages.map((m) => m.id));
    expect(branch.messages.some((m) => originalIds.has(m.id))).toBe(false);
    expect(branch.messages.map((m) => Date.parse(m.createdAt))).toEqual(
      before.messages.slice(0, cut).map((m) => Date.parse(m.createdAt)),
    );
    expect(branch.feedback).toBeNull();
    expect(branch.branch).toEqual({
      of: original,
      atMessageId: turn2.id,
      atTurn: 2,
      originalScores: {
        overallScore: before.feedback!.overallScore,
        empathyScore: before.feedback!.empathyScore,
        clarityScore: before.feedback!.clarityScore,
        persuasionScore: before.feedback!.persuasionScore,
        objectionHandlingScore: before.feedback!.objectionHandlingScore,
      },
    });

    // The original is exactly as it was, and is not a branch itself.
    const after = await detail(user, original);
    expect(after).toEqual(before);
    expect(after.branch).toBeNull();
    expect(after.session.branchOf).toBeNull();
    // The practice screen for the scenario opens the branch.
    const resumed = await startConversation(user, 1);
    expect(resumed).toMatchObject({ status: 200, conversationId: branchId });
  });

  it('replays the patient: the same next turn gets the same reply as in the original', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 2);
    const originalReplies = await ask(user, original, TURNS);
    const turn2 = userTurns((await detail(user, original)).messages)[1]!;

    const made = await user.post(`/api/conversations/${original}/branches`, {
      messageId: turn2.id,
    });
    expect(made.status).toBe(201);
    const branchReplies = await ask(user, made.body.session.id, TURNS.slice(1));
    expect(branchReplies).toEqual(originalReplies.slice(1));

    // The replay is what makes them equal: without turn 1 before it, turn 2 is answered
    // differently, so equal replies above are not a patient that ignores its history.
    const other = await signedInClient(server.url);
    const { conversationId: fresh } = await startConversation(other, 2);
    const [withoutTurn1] = await ask(other, fresh, [TURNS[1]!]);
    expect(withoutTurn1).not.toBe(originalReplies[1]);
  });

  it('branches from an open conversation and leaves it open and usable beside the branch', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 0);
    await say(user, original, TURNS.slice(0, 2));
    const turn1 = userTurns((await detail(user, original)).messages)[0]!;
    const made = await user.post(`/api/conversations/${original}/branches`, {
      messageId: turn1.id,
    });
    expect(made.status).toBe(201);
    const branchId = made.body.session.id as string;
    // Branching from the first turn carries only the patient's opening line.
    const branch = await detail(user, branchId);
    expect(branch.messages.map((m) => m.role)).toEqual(['assistant']);
    expect(branch.branch).toMatchObject({ of: original, atTurn: 1, originalScores: null });

    // Both are open; the practice screen opens the newest (the branch).
    expect((await detail(user, original)).session.endedAt).toBeNull();
    expect((await startConversation(user, 0)).conversationId).toBe(branchId);
    // The original still takes turns.
    await say(user, original, ['Is there anything else on your mind?']);
    expect(userTurns((await detail(user, original)).messages)).toHaveLength(3);

    // Once the branch ends, the practice screen goes back to the original, still open.
    await say(user, branchId, [TURNS[1]!]);
    expect((await user.post(`/api/conversations/${branchId}/end`)).status).toBe(200);
    expect((await startConversation(user, 0)).conversationId).toBe(original);
    // And with neither open, a new visit starts a fresh conversation (no branch link).
    expect((await user.post(`/api/conversations/${original}/end`)).status).toBe(200);
    const fresh = await startConversation(user, 0);
    expect(fresh.status).toBe(201);
    expect((await detail(user, fresh.conversationId)).branch).toBeNull();
  });

  it('keeps the order of a long transcript', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 0);
    const texts = Array.from({ length: 6 }, (_, i) => `Question ${i + 1}: how do you feel now?`);
    await say(user, original, texts);
    const messages = (await detail(user, original)).messages;
    const last = userTurns(messages).at(-1)!;
    const { session } = (
      await user.post(`/api/conversations/${original}/branches`, { messageId: last.id })
    ).body;
    const branch = await detail(user, session.id);
    const cut = messages.findIndex((m) => m.id === last.id);
    expect(branch.messages.map((m) => m.content)).toEqual(
      messages.slice(0, cut).map((m) => m.content),
    );
    expect(branch.branch?.atTurn).toBe(6);
  });

  it('copies in one transaction: a failure part-way leaves no branch behind', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 3);
    await say(user, original, [TURNS[0]!]);
    const turn = userTurns((await detail(user, original)).messages)[0]!;
    const userId = (await user.get('/api/auth/me')).body.user.id as string;
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM conversation_sessions WHERE branch_of = $1',
          [original],
        )
      )[0]!.n;
    const branchesCounted = async () =>
      (
        await t.db.query<{ used: number }>(
          `SELECT used FROM hourly_usage WHERE user_id = $1 AND kind = 'branches'`,
          [userId],
        )
      )[0]?.used ?? 0;
    // A database whose last statement of the transaction fails (the copy of the messages).
    const failing = {
      ...t.db,
      transaction: <T>(fn: (tx: typeof t.db) => Promise<T>) =>
        t.db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql: string, params?: readonly unknown[]) => {
              if (sql.includes('INSERT INTO messages')) throw new Error('copy failed');
              return tx.query(sql, params);
            },
          } as typeof t.db),
        ),
    };
    const input = { userId, conversationId: original, messageId: turn.id, branchesPerHour: 30 };
    await expect(createBranch(failing as typeof t.db, input)).rejects.toThrow('copy failed');
    expect(await count()).toBe(0);
    // A branch that was not made is not counted against the hour's allowance either.
    expect(await branchesCounted()).toBe(0);
    await createBranch(t.db, input);
    expect(await count()).toBe(1);
    expect(await branchesCounted()).toBe(1);
  });

  it.each([
    [
      'the patient opening line',
      422,
      "A new answer can only start from one of your own turns, not the patient's.",
    ],
    ['a message of another of my conversations', 404, 'Message not found'],
    ['a message id that does not exist', 404, 'Message not found'],
    ['a message id that is not a uuid', 404, 'Message not found'],
    ['no message id', 400, 'messageId is required'],
    ['a message id that is a number', 400, 'messageId must be a string'],
  ] as const)('refuses a branch from %s', async (label, status, message) => {
    const user = await signedInClient(server.url);
    const { conversationId } = await startConversation(user, 0);
    await say(user, conversationId, [TURNS[0]!]);
    const { conversationId: otherId } = await startConversation(user, 1);
    await say(user, otherId, [TURNS[0]!]);
    const [opening] = (await detail(user, conversationId)).messages;
    const body = {
      'the patient opening line': { messageId: opening!.id },
      'a message of another of my conversations': {
        messageId: userTurns((await detail(user, otherId)).messages)[0]!.id,
      },
      'a message id that does not exist': { messageId: randomUUID() },
      'a message id that is not a uuid': { messageId: 'nope' },
      'no message id': {},
      'a message id that is a number': { messageId: 7 },
    }[label];
    const response = await user.post(`/api/conversations/${conversationId}/branches`, body);
    expect(response.status).toBe(status);
    expect(response.body.error.message).toBe(message);
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM conversation_sessions WHERE branch_of IS NOT NULL AND branch_of IN ($1, $2)',
      [conversationId, otherId],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("answers 404 for another user's conversation, and for another user's message on mine", async () => {
    const owner = await signedInClient(server.url);
    const { conversationId } = await startConversation(owner, 0);
    await say(owner, conversationId, [TURNS[0]!]);
    const turn = userTurns((await detail(owner, conversationId)).messages)[0]!;
    const other = await signedInClient(server.url, 'Other');
    const { conversationId: mine } = await startConversation(other, 0);

    const theirs = await other.post(`/api/conversations/${conversationId}/branches`, {
      messageId: turn.id,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toEqual({
      code: 'not_found:conversation',
      message: 'Conversation not found',
    });
    const onMine = await other.post(`/api/conversations/${mine}/branches`, { messageId: turn.id });
    expect(onMine.status).toBe(404);
    expect(onMine.body.error.code).toBe('not_found:message');
    expect(JSON.stringify([theirs.body, onMine.body])).not.toContain(TURNS[0]);
    const signedOut = await fetch(`${server.url}/api/conversations/${conversationId}/branches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: turn.id }),
    });
    expect(signedOut.status).toBe(401);
  });

  it('lists graded branches in history with their original, and counts them in progress', async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 1);
    await say(user, original, TURNS.slice(0, 2));
    expect((await user.post(`/api/conversations/${original}/end`)).status).toBe(200);
    const turn2 = userTurns((await detail(user, original)).messages)[1]!;
    const branchId = (
      await user.post(`/api/conversations/${original}/branches`, { messageId: turn2.id })
    ).body.session.id as string;
    const before = (await user.get('/api/progress')).body;
    expect(before.completedConversations).toBe(1);

    await say(user, branchId, ['How would you feel about going ahead next week?']);
    const graded = await user.post(`/api/conversations/${branchId}/end`);
    expect(graded.status).toBe(200);

    const history = (await user.get('/api/history')).body.entries as Array<{
      conversationId: string;
      branchOf: string | null;
    }>;
    expect(history.map((e) => [e.conversationId, e.branchOf])).toEqual([
      [branchId, original],
      [original, null],
    ]);
    const progress = (await user.get('/api/progress')).body;
    expect(progress.completedConversations).toBe(2);
    const originalScore = (await detail(user, original)).feedback!.overallScore;
    const scores = [originalScore, graded.body.feedback.overallScore as number];
    // Both sessions are chart points, oldest first: the original, then its branch.
    expect(progress.points.map((p: { overall: number }) => p.overall)).toEqual(scores);

    // The branch's report has both sides to compare.
    const branch = await detail(user, branchId);
    expect(branch.feedback?.overallScore).toBe(scores[1]);
    expect(branch.branch?.originalScores?.overallScore).toBe(originalScore);
  });

  /** A conversation on a scenario the user may practise now, with one turn taken. */
  async function practise(user: HttpClient, scenarioId: string) {
    const created = await user.post('/api/conversations', { scenarioId });
    expect(created.status).toBe(201);
    const conversationId = created.body.session.id as string;
    await say(user, conversationId, [TURNS[0]!]);
    const turn = userTurns((await detail(user, conversationId)).messages)[0]!;
    return { conversationId, turn };
  }

  /** Refused as a fresh start of the scenario would be, and nothing made. */
  async function expectRefusedLikeAFreshStart(
    user: HttpClient,
    scenarioId: string,
    from: { conversationId: string; turn: { id: string } },
  ) {
    const branches = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM conversation_sessions WHERE branch_of = $1',
          [from.conversationId],
        )
      )[0]!.n;
    const before = await branches();
    const fresh = await user.post('/api/conversations', { scenarioId });
    const branch = await user.post(`/api/conversations/${from.conversationId}/branches`, {
      messageId: from.turn.id,
    });
    expect(fresh.status).toBe(404);
    expect(branch.status).toBe(404);
    expect(branch.body.error).toEqual(fresh.body.error);
    expect(branch.body.error.code).toBe('not_found:scenario');
    expect(await branches()).toBe(before);
  }

  it('a branch needs the right to start the scenario now: not after leaving its organisation', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const org = await trainer.post('/api/organisations', { name: 'Dental School' });
    const cohort = await trainer.post(`/api/organisations/${org.body.id}/cohorts`, {
      name: 'Year 3',
    });
    const invite = await trainer.post(`/api/organisations/cohorts/${cohort.body.id}/invites`, {});
    expect((await trainee.post('/api/organisations/join', { code: invite.body.code })).status).toBe(
      200,
    );
    const shared = await trainer.post('/api/authoring/scenarios', {
      scenario: customSeed(),
      sharing: { visibility: 'organisation', organisationId: org.body.id },
    });
    expect(shared.status, shared.text).toBe(201);
    const scenarioId = shared.body.summary.id as string;
    const open = await practise(trainee, scenarioId);
    // While a member, branching works.
    const before = await trainee.post(`/api/conversations/${open.conversationId}/branches`, {
      messageId: open.turn.id,
    });
    expect(before.status).toBe(201);

    expect((await trainee.post(`/api/organisations/${org.body.id}/leave`)).status).toBe(204);
    await expectRefusedLikeAFreshStart(trainee, scenarioId, open);

    // Decision 027: the conversation already open may be finished. The patient still answers,
    // and it is graded; only new starts (fresh or branched) need the right.
    await say(trainee, open.conversationId, [TURNS[1]!]);
    expect(userTurns((await detail(trainee, open.conversationId)).messages)).toHaveLength(2);
    expect((await trainee.post(`/api/conversations/${open.conversationId}/end`)).status).toBe(200);
  });

  it('a branch needs the right to start the scenario now: not once its author deleted it', async () => {
    const author = await signedInClient(server.url, 'Dr Author');
    const created = await author.post('/api/authoring/scenarios', { scenario: customSeed() });
    expect(created.status, created.text).toBe(201);
    const scenarioId = created.body.summary.id as string;
    const open = await practise(author, scenarioId);
    const deleted = await author.request('DELETE', `/api/authoring/scenarios/${scenarioId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe('soft');
    await expectRefusedLikeAFreshStart(author, scenarioId, open);
  });
});

describe('branches and the hourly turn quota (pglite)', () => {
  const { server } = useTestServer('pglite', { env: { TURNS_PER_HOUR: '3' } });

  it("does not count a branch's copies of earlier turns as turns taken", async () => {
    const user = await signedInClient(server.url);
    const { conversationId: original } = await startConversation(user, 0);
    await say(user, original, TURNS.slice(0, 2));
    const turn2 = userTurns((await detail(user, original)).messages)[1]!;
    const branchId = (
      await user.post(`/api/conversations/${original}/branches`, { messageId: turn2.id })
    ).body.session.id as string;
    // Two turns taken, one copied: the third turn of the hour is still allowed on the branch.
    await say(user, branchId, [TURNS[2]!]);
    expect(userTurns((await detail(user, branchId)).messages)).toHaveLength(2);
    // And the quota still bites on the fourth.
    const socket = await TestSocket.open(user.baseUrl, branchId, { cookie: user.cookie });
    try {
      const before = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text: 'One more?', stream: true });
      const refused = await socket.next('error', () => true, before);
      expect(refused.code).toBe('rate_limit:turns');
    } finally {
      await socket.close();
    }
  });
});
