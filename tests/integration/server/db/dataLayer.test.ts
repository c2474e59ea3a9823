import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';
import {
  migrate,
  MIGRATIONS_DIR,
  MigrationChangedError,
  splitStatements,
} from '#server/db/migrate';
import { seedScenarios, listScenarios, getScenarioRecordById } from '#server/db/scenarios';
import { scenarioLibrary } from '#server/scenarios/library';
import { createUser, getUserByEmail } from '#server/db/users';
import { openOrResumeConversation, markConversationEnded } from '#server/db/conversations';
import {
  storeTurnAndListHistory,
  listMessagesByConversation,
  insertAssistantMessage,
} from '#server/db/messages';
import { insertFeedbackOnce } from '#server/db/feedback';
import { defaultFeedback } from '#shared/feedback';
import { compareScenarios } from '#shared/scenario';

printSkipNotice();

describe.each(databaseKinds())('data layer on %s', (kind) => {
  const t = useTestDb(kind);

  const newUser = async (email = `u${Math.random().toString(36).slice(2)}@example.com`) => {
    const user = await createUser(t.db, { email, fullName: 'Test User', passwordHash: 'x' });
    if (!user) throw new Error('user not created');
    return user;
  };

  /** A new user's conversation on the first scenario, opened with the line 'opening'. */
  const newConversation = async () => {
    const user = await newUser();
    const [scenario] = await listScenarios(t.db);
    const { session } = await openOrResumeConversation(t.db, {
      userId: user.id,
      scenarioId: scenario!.id,
      initialMessage: 'opening',
    });
    return { user, session };
  };

  it('records every migration with a checksum and re-running applies nothing', async () => {
    const rows = await t.db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toContain('0001_init.sql');
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
    expect(await migrate(t.db)).toEqual([]);
  });

  it.runIf(kind !== 'pglite')(
    'bounds every statement and idle transaction on a PostgreSQL connection',
    async () => {
      const [settings] = await t.db.query<{ statement: string; idle: string }>(
        `SELECT current_setting('statement_timeout') AS statement,
                current_setting('idle_in_transaction_session_timeout') AS idle`,
      );
      expect(settings).toEqual({ statement: '10s', idle: '30s' });
      // A migration lifts the limit for its own transaction only.
      const inside = await t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL statement_timeout = 0');
        return tx.query<{ value: string }>(`SELECT current_setting('statement_timeout') AS value`);
      });
      expect(inside[0]?.value).toBe('0');
    },
  );

  it('refuses a migration file that changed after it was applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    appendFileSync(join(dir, '0001_init.sql'), '\n-- edited later\n');
    await expect(migrate(t.db, dir)).rejects.toBeInstanceOf(MigrationChangedError);
  });

  it('seeds the library idempotently and lists it by difficulty then title', async () => {
    expect(await seedScenarios(t.db, scenarioLibrary)).toBe(false);
    const listed = await listScenarios(t.db);
    expect(listed).toHaveLength(scenarioLibrary.length);
    expect([...listed].sort(compareScenarios).map((s) => s.id)).toEqual(listed.map((s) => s.id));
    // Forcing a re-seed (as after a library change) still leaves one row per scenario.
    await t.db.query(`DELETE FROM app_meta WHERE key = 'scenario_library'`);
    expect(await seedScenarios(t.db, scenarioLibrary)).toBe(true);
    expect(await listScenarios(t.db)).toHaveLength(scenarioLibrary.length);
    const record = await getScenarioRecordById(t.db, { id: listed[0]!.id });
    expect(record?.extras.hiddenConcerns.length).toBeGreaterThan(0);
    expect(listed[0]).not.toHaveProperty('extras');
  });

  it('enforces the CHECK constraints', async () => {
    await expect(
      t.db.query(
        `INSERT INTO scenarios (slug, title, description, category, difficulty, patient_profile, initial_message)
         VALUES ('x', 'x', 'x', 'x', 'expert', 'x', 'x')`,
      ),
    ).rejects.toThrow();
    const user = await newUser();
    const [scenario] = await listScenarios(t.db);
    const { session } = await openOrResumeConversation(t.db, {
      userId: user.id,
      scenarioId: scenario!.id,
      initialMessage: 'hi',
    });
    await expect(
      t.db.query(`INSERT INTO messages (session_id, role, content) VALUES ($1, 'system', 'x')`, [
        session.id,
      ]),
    ).rejects.toThrow();
    await expect(
      insertFeedbackOnce(t.db, {
        conversationId: session.id,
        feedback: { ...defaultFeedback(), empathyScore: 11 },
      }),
    ).rejects.toThrow();
  });

  it('keeps emails unique regardless of case', async () => {
    const user = await newUser('case@example.com');
    expect(
      await createUser(t.db, { email: 'case@example.com', fullName: 'B', passwordHash: 'x' }),
    ).toBeNull();
    expect((await getUserByEmail(t.db, { email: 'case@example.com' }))?.id).toBe(user.id);
    await expect(
      t.db.query(
        `INSERT INTO users (email, full_name, password_hash) VALUES ('Upper@Example.com', 'x', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('resumes the open session instead of duplicating it, even when requests race', async () => {
    const user = await newUser();
    const [scenario] = await listScenarios(t.db);
    const input = {
      userId: user.id,
      scenarioId: scenario!.id,
      initialMessage: scenario!.initialMessage,
    };
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => openOrResumeConversation(t.db, input)),
    );
    expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const messages = await listMessagesByConversation(t.db, {
      conversationId: results[0]!.session.id,
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: 'assistant', content: scenario!.initialMessage });

    await markConversationEnded(t.db, { id: results[0]!.session.id, successRating: 7 });
    const next = await openOrResumeConversation(t.db, input);
    expect(next.created).toBe(true);
    expect(next.session.id).not.toBe(results[0]!.session.id);
  });

  it('stores a resent turn once and keeps messages in order', async () => {
    const { session } = await newConversation();
    const first = await storeTurnAndListHistory(t.db, {
      conversationId: session.id,
      content: 'hello',
      source: 'typed',
      clientId: 'c1',
      turnsPerHour: 100,
    });
    const again = await storeTurnAndListHistory(t.db, {
      conversationId: session.id,
      content: 'hello',
      source: 'typed',
      clientId: 'c1',
      turnsPerHour: 100,
    });
    if (first.refused || again.refused) throw new Error('quota should not apply here');
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.message).toEqual(first.message);
    expect(again.history.map((m) => m.content)).toEqual(['opening', 'hello']);
    await insertAssistantMessage(t.db, {
      conversationId: session.id,
      content: 'reply',
      partial: false,
    });
    const messages = await listMessagesByConversation(t.db, { conversationId: session.id });
    expect(messages.map((m) => m.content)).toEqual(['opening', 'hello', 'reply']);
  });

  it('keeps one reply per clinician turn: a whole reply replaces a partial one, a second is dropped', async () => {
    const { session } = await newConversation();
    const turn = async (clientId: string) => {
      const stored = await storeTurnAndListHistory(t.db, {
        conversationId: session.id,
        content: `turn ${clientId}`,
        source: 'typed',
        clientId,
        turnsPerHour: 100,
      });
      if (stored.refused) throw new Error('quota should not apply here');
      return stored.message.id;
    };
    const reply = (replyTo: string, content: string, partial: boolean) =>
      insertAssistantMessage(t.db, { conversationId: session.id, content, partial, replyTo });

    // Cut short on one instance, regenerated whole on another: the whole one, in its place.
    const first = await turn('c1');
    const cut = await reply(first, 'The co', true);
    const whole = await reply(first, 'The cost, mostly.', false);
    expect(whole).toMatchObject({ id: cut.id, content: 'The cost, mostly.', partial: false });
    // Answered whole twice, or a cut reply after a whole one: the first whole one stays.
    const second = await turn('c2');
    const kept = await reply(second, 'Since Monday.', false);
    expect(await reply(second, 'About a week.', false)).toEqual(kept);
    expect(await reply(second, 'Sin', true)).toEqual(kept);
    // A reply that answers no one turn is stored as before.
    await insertAssistantMessage(t.db, {
      conversationId: session.id,
      content: 'Hm.',
      partial: false,
    });

    const messages = await listMessagesByConversation(t.db, { conversationId: session.id });
    expect(messages.map((m) => m.content)).toEqual([
      'opening',
      'turn c1',
      'The cost, mostly.',
      'turn c2',
      'Since Monday.',
      'Hm.',
    ]);
  });

  it("refuses turns over the hourly quota across all of a user's sessions, storing nothing", async () => {
    const user = await newUser();
    const [a, b] = await listScenarios(t.db);
    const open = (scenarioId: string) =>
      openOrResumeConversation(t.db, { userId: user.id, scenarioId, initialMessage: 'opening' });
    const one = (await open(a!.id)).session;
    const two = (await open(b!.id)).session;
    const turn = (conversationId: string, clientId: string) =>
      storeTurnAndListHistory(t.db, {
        conversationId,
        content: 'hi',
        source: 'typed',
        clientId,
        turnsPerHour: 2,
      });
    expect((await turn(one.id, 'q1')).refused).toBeNull();
    expect((await turn(two.id, 'q2')).refused).toBeNull();
    const third = await turn(two.id, 'q3');
    expect(third.refused).toBe('limited');
    expect(third.history.map((m) => m.content)).toEqual(['opening', 'hi']);
    // Resending an already stored turn is not a new turn.
    expect((await turn(one.id, 'q1')).refused).toBeNull();
  });

  it('refuses turns once the conversation has ended, storing nothing', async () => {
    const { session } = await newConversation();
    const turn = (clientId: string) =>
      storeTurnAndListHistory(t.db, {
        conversationId: session.id,
        content: 'one more thing',
        source: 'typed',
        clientId,
        turnsPerHour: 100,
      });
    expect((await turn('before')).refused).toBeNull();
    await markConversationEnded(t.db, { id: session.id, successRating: 6 });
    const after = await turn('after');
    expect(after.refused).toBe('ended');
    const messages = await listMessagesByConversation(t.db, { conversationId: session.id });
    expect(messages.map((m) => m.content)).toEqual(['opening', 'one more thing']);
  });

  it('stores one feedback row per session', async () => {
    const { session } = await newConversation();
    const a = await insertFeedbackOnce(t.db, {
      conversationId: session.id,
      feedback: { ...defaultFeedback(), overallScore: 8 },
    });
    const b = await insertFeedbackOnce(t.db, {
      conversationId: session.id,
      feedback: { ...defaultFeedback(), overallScore: 3 },
    });
    expect(b.overallScore).toBe(8);
    expect(b).toEqual(a);
    const [{ count }] = (await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM feedback WHERE session_id = $1',
      [session.id],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });
});

describe('splitStatements', () => {
  it('splits on semicolons outside comments and quotes', () => {
    expect(splitStatements("SELECT ';'; -- a; comment\nSELECT 2;")).toEqual([
      "SELECT ';'",
      'SELECT 2',
    ]);
  });
});
