import { describe, expect, it } from 'vitest';
import { databaseKinds, printSkipNotice } from '../helpers/testDb';
import { useTestServer } from '../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../helpers/httpClient';
import { say } from '../helpers/conversations';
import { scenarioLibrary } from '../../server/scenarios/library';
import { debriefSchema, type Debrief } from '../../shared/debrief';

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

describe.each(databaseKinds())('the debrief (offline engine) on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind);

  it('is stored with the feedback in one row, returned by end and by GET, tied to the turns', async () => {
    const user = await signedInClient(server.url);
    const sessionId = await openNeedleFear(user);
    await say(user, sessionId, UNCOVERING);

    const ended = await user.post(`/api/conversations/${sessionId}/end`);
    expect(ended.status).toBe(200);
    const debrief: Debrief = debriefSchema.parse(ended.body.debrief);
    const detail = await user.get(`/api/conversations/${sessionId}`);
    expect(detail.body.debrief).toEqual(ended.body.debrief);
    const again = await user.post(`/api/conversations/${sessionId}/end`);
    expect(again.body.debrief).toEqual(ended.body.debrief);

    const [row] = await t.db.query<{ debrief: unknown }>(
      'SELECT debrief FROM feedback WHERE session_id = $1',
      [sessionId],
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
    const sessionId = await openNeedleFear(user);
    await say(user, sessionId, ['Do you floss every day?']);
    const detail = await user.get(`/api/conversations/${sessionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.debrief).toBeNull();
    for (const text of HIDDEN_TEXTS) expect(detail.text).not.toContain(text);
  });

  it("answers 404 for another user's ended conversation, with nothing of its debrief", async () => {
    const owner = await signedInClient(server.url);
    const sessionId = await openNeedleFear(owner);
    await say(owner, sessionId, UNCOVERING);
    const ended = await owner.post(`/api/conversations/${sessionId}/end`);
    const debrief: Debrief = ended.body.debrief;
    const other = await signedInClient(server.url, 'Other');
    for (const [method, path] of [
      ['GET', `/api/conversations/${sessionId}`],
      ['POST', `/api/conversations/${sessionId}/end`],
    ] as const) {
      const response = await other.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      for (const text of [HIDDEN.concern, ...debrief.thoughts.map((th) => th.text)]) {
        expect(response.text).not.toContain(text);
      }
    }
  });
});
