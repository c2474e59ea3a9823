import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { writeDataArchive } from '#server/account/dataArchive';
import { createAudioStore, type AudioStore } from '#server/audio/audioStore';
import { deleteAccountData } from '#server/db/accountDeletion';
import { addCoInstructor } from '#server/db/coInstructors';
import { deleteEndedConversation } from '#server/db/conversationDeletion';
import { openOrResumeConversation, markConversationEnded } from '#server/db/conversations';
import { insertOwnScenario } from '#server/db/customScenarios';
import type { Db } from '#server/db/db';
import { insertFeedbackOnce } from '#server/db/feedback';
import { createOrganisation } from '#server/db/organisations';
import { getKeepRecordings, setKeepRecordings } from '#server/db/recordingConsent';
import { listScenarios } from '#server/db/scenarios';
import { createUser } from '#server/db/users';
import { createLogger } from '#server/logger';
import { pcm16Wav } from '#server/voice/audioFormat';
import { coTeachingEntrySchema } from '#shared/api/myData';
import { defaultFeedback } from '#shared/feedback';
import { MY_DATA_TEXT } from '#shared/text';
import { customSeed } from '../../../helpers/customScenario';
import { TMP_DIR } from '../../../helpers/paths';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

/**
 * Your data, yours to take or delete (decision 045), at the data layer on every database and
 * with recordings in both stores: deleting a conversation, deleting an account, the archive,
 * and the recordings setting.
 */

printSkipNotice();

const STORES = ['database', 'folder'] as const;
const wav = (seed: number) =>
  pcm16Wav(
    Buffer.from(Int16Array.from({ length: 800 }, (_, i) => (i * seed) % 3000).buffer),
    16_000,
  );

describe.each(routeDatabaseKinds())('your data on %s', (kind) => {
  const t = useTestDb(kind);

  const storeOf = (mode: (typeof STORES)[number]): { audio: AudioStore; dir: string | null } => {
    const dir = mode === 'folder' ? mkdtempSync(join(TMP_DIR, 'my-data-audio-')) : null;
    const audio = createAudioStore({
      config: {
        retentionDays: 30,
        maxBytesPerUser: 50_000_000,
        purgeMs: 60_000,
        store: dir ? { kind: 'folder', dir } : { kind: 'database' },
      },
      db: t.db,
      logger: createLogger('silent', () => undefined),
    });
    return { audio, dir };
  };

  const newUser = async (name = 'Test User') => {
    const email = `u${Math.random().toString(36).slice(2)}@example.com`;
    const user = await createUser(t.db, { email, fullName: name, passwordHash: 'x' });
    if (!user) throw new Error('user not created');
    return user;
  };

  /** An ended, graded conversation of `userId` on `scenarioId` with a turn and a reply. */
  const practise = async (db: Db, userId: string, scenarioId: string, words: string) => {
    const { session } = await openOrResumeConversation(db, {
      userId,
      scenarioId,
      initialMessage: 'opening line',
    });
    const [turn] = await db.query<{ id: string }>(
      `INSERT INTO messages (session_id, role, content) VALUES ($1, 'user', $2) RETURNING id`,
      [session.id, words],
    );
    const [reply] = await db.query<{ id: string }>(
      `INSERT INTO messages (session_id, role, content) VALUES ($1, 'assistant', 'a reply')
       RETURNING id`,
      [session.id],
    );
    await insertFeedbackOnce(db, { conversationId: session.id, feedback: defaultFeedback() });
    await markConversationEnded(db, { id: session.id, successRating: 6 });
    return { id: session.id, turnId: turn!.id, replyId: reply!.id };
  };

  const count = async (sql: string, params: unknown[]) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

  const filesUnder = (dir: string | null, userId: string) =>
    dir && existsSync(join(dir, userId)) ? readdirSync(join(dir, userId)) : [];

  it('lists in organisations.json the cohorts the person is in and those they co-instruct, with since when', async () => {
    const { audio } = storeOf('database');
    const owner = await newUser('Owning Trainer');
    const person = await newUser('Two Hats');
    const org = await createOrganisation(t.db, { trainerId: owner.id, name: 'Hats School' });
    if (org === 'limit') throw new Error('limit');
    const cohort = async (name: string) =>
      (
        await t.db.query<{ id: string }>(
          `INSERT INTO cohorts (organisation_id, name) VALUES ($1, $2) RETURNING id`,
          [org.id, name],
        )
      )[0]!.id;
    const taught = await cohort('Taught here');
    const teaching = await cohort('Teaching here');
    const elsewhere = await cohort('Not theirs');
    await t.db.query(`INSERT INTO cohort_memberships (cohort_id, user_id) VALUES ($1, $2)`, [
      taught,
      person.id,
    ]);
    expect(await addCoInstructor(t.db, { cohortId: teaching, userId: person.id })).toBe('added');
    // Another person's co-teaching is not in this archive.
    const other = await newUser();
    await addCoInstructor(t.db, { cohortId: elsewhere, userId: other.id });
    const [{ addedAt }] = (await t.db.query<{ addedAt: Date | string }>(
      `SELECT added_at AS "addedAt" FROM cohort_instructors WHERE user_id = $1`,
      [person.id],
    )) as [{ addedAt: Date | string }];

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise((resolve) => out.on('end', resolve));
    expect(await writeDataArchive({ db: t.db, audio, userId: person.id, out })).toBe(true);
    await finished;
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const organisations = JSON.parse(strFromU8(files['organisations.json']!));
    expect(organisations.memberships).toMatchObject([
      { organisationName: 'Hats School', cohortId: taught, cohortName: 'Taught here' },
    ]);
    expect(organisations.coTeaching).toEqual([
      {
        organisationId: org.id,
        organisationName: 'Hats School',
        cohortId: teaching,
        cohortName: 'Teaching here',
        since: new Date(addedAt).toISOString(),
      },
    ]);
    expect(coTeachingEntrySchema.array().safeParse(organisations.coTeaching).success).toBe(true);
    expect(organisations.organisations).toEqual([]);
    expect(strFromU8(files['README.txt']!)).toContain(
      MY_DATA_TEXT.archiveReadme('x').split('\n')[5],
    );
  });

  describe.each(STORES)('recordings kept in the %s', (mode) => {
    it('deletes an ended conversation with its recordings, feedback and reviews; its branch stays; an open one and another user’s are refused', async () => {
      const { audio, dir } = storeOf(mode);
      const [scenario] = await listScenarios(t.db);
      const user = await newUser();
      const other = await newUser();
      const trainer = await newUser('Trainer');
      const done = await practise(t.db, user.id, scenario!.id, 'my words');
      expect(
        await audio.keepAll([
          {
            messageId: done.turnId,
            recording: { mime: 'audio/wav', data: wav(3), durationMs: 50 },
          },
          {
            messageId: done.replyId,
            recording: { mime: 'audio/wav', data: wav(5), durationMs: 50 },
          },
        ]),
      ).toBe(2);
      expect(filesUnder(dir, user.id)).toHaveLength(mode === 'folder' ? 2 : 0);
      // A trainer's score and comment on it.
      const org = await createOrganisation(t.db, { trainerId: trainer.id, name: 'School' });
      if (org === 'limit') throw new Error('limit');
      await t.db.query(
        `INSERT INTO score_overrides (session_id, organisation_id, trainer_id, overall_score, comment)
         VALUES ($1, $2, $3, 4, 'see me')`,
        [done.id, org.id, trainer.id],
      );
      await t.db.query(
        `INSERT INTO turn_comments (message_id, organisation_id, trainer_id, comment)
         VALUES ($1, $2, $3, 'why?')`,
        [done.turnId, org.id, trainer.id],
      );
      // A branch of it, and an open conversation.
      const [branch] = await t.db.query<{ id: string }>(
        `INSERT INTO conversation_sessions (user_id, scenario_id, branch_of, branch_at_message)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [user.id, scenario!.id, done.id, done.turnId],
      );
      const [second] = await listScenarios(t.db).then((all) => all.slice(1));
      const { session: open } = await openOrResumeConversation(t.db, {
        userId: user.id,
        scenarioId: second!.id,
        initialMessage: 'hi',
      });
      const kept = await practise(t.db, other.id, scenario!.id, 'their words');

      expect(await deleteEndedConversation(t.db, { id: done.id, userId: other.id })).toEqual({
        deleted: false,
        reason: 'not_found',
      });
      expect(await deleteEndedConversation(t.db, { id: open.id, userId: user.id })).toEqual({
        deleted: false,
        reason: 'open',
      });
      const result = await deleteEndedConversation(t.db, { id: done.id, userId: user.id });
      expect(result.deleted).toBe(true);
      if (!result.deleted) return;
      expect(result.audioPaths).toHaveLength(mode === 'folder' ? 2 : 0);
      await audio.removeFiles(result.audioPaths);

      expect(await count('conversation_sessions WHERE id = $1', [done.id])).toBe(0);
      expect(await count('messages WHERE session_id = $1', [done.id])).toBe(0);
      expect(await count('feedback WHERE session_id = $1', [done.id])).toBe(0);
      expect(await count('score_overrides WHERE session_id = $1', [done.id])).toBe(0);
      expect(await count('turn_comments WHERE message_id = $1', [done.turnId])).toBe(0);
      expect(await count('message_audio WHERE user_id = $1', [user.id])).toBe(0);
      expect(filesUnder(dir, user.id)).toEqual([]);
      // The branch stands alone; the open conversation and the other user's are untouched.
      const [left] = await t.db.query<{ branchOf: string | null }>(
        `SELECT branch_of AS "branchOf" FROM conversation_sessions WHERE id = $1`,
        [branch!.id],
      );
      expect(left).toEqual({ branchOf: null });
      expect(
        await count('conversation_sessions WHERE id = ANY($1::uuid[])', [[open.id, kept.id]]),
      ).toBe(2);
      expect(await count('messages WHERE session_id = $1', [kept.id])).toBe(3);
      // Gone is gone: a second delete finds nothing.
      expect(await deleteEndedConversation(t.db, { id: done.id, userId: user.id })).toEqual({
        deleted: false,
        reason: 'not_found',
      });
    });

    it('deletes an account and everything of it; a scenario others practised stays for them, without an owner', async () => {
      const { audio, dir } = storeOf(mode);
      const [shipped] = await listScenarios(t.db);
      const trainer = await newUser('Leaving Trainer');
      const trainee = await newUser('Staying Trainee');
      const bystander = await newUser('Bystander');
      const org = await createOrganisation(t.db, { trainerId: trainer.id, name: 'Closing School' });
      if (org === 'limit') throw new Error('limit');
      const [cohort] = await t.db.query<{ id: string }>(
        `INSERT INTO cohorts (organisation_id, name) VALUES ($1, 'Year 1') RETURNING id`,
        [org.id],
      );
      await t.db.query(`INSERT INTO cohort_memberships (cohort_id, user_id) VALUES ($1, $2)`, [
        cohort!.id,
        trainee.id,
      ]);
      // The trainer's scenarios: one shared with the organisation and practised by the trainee,
      // one private and practised only by the trainer, one never practised.
      const shared = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
      await t.db.query(
        `UPDATE scenarios SET visibility = 'organisation', organisation_id = $2 WHERE id = $1`,
        [shared, org.id],
      );
      await t.db.query(`INSERT INTO cohort_assignments (cohort_id, scenario_id) VALUES ($1, $2)`, [
        cohort!.id,
        shared,
      ]);
      const ownOnly = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
      const unused = await insertOwnScenario(t.db, { userId: trainer.id, seed: customSeed() });
      const theirs = await practise(t.db, trainee.id, shared, 'trainee words');
      await t.db.query(
        `INSERT INTO score_overrides (session_id, organisation_id, trainer_id, overall_score, comment)
         VALUES ($1, $2, $3, 9, 'good')`,
        [theirs.id, org.id, trainer.id],
      );
      const mine = await practise(t.db, trainer.id, ownOnly, 'trainer words');
      const alsoMine = await practise(t.db, trainer.id, shipped!.id, 'more words');
      const { session: open } = await openOrResumeConversation(t.db, {
        userId: trainer.id,
        scenarioId: shipped!.id,
        initialMessage: 'hi',
      });
      await audio.keepAll([
        { messageId: mine.turnId, recording: { mime: 'audio/wav', data: wav(7), durationMs: 50 } },
      ]);
      await audio.keepAll([
        {
          messageId: alsoMine.replyId,
          recording: { mime: 'audio/wav', data: wav(9), durationMs: 50 },
        },
      ]);
      await audio.keepAll([
        {
          messageId: theirs.turnId,
          recording: { mime: 'audio/wav', data: wav(11), durationMs: 50 },
        },
      ]);
      await t.db.query(
        `INSERT INTO user_sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
        [`s-${trainer.id}`, trainer.id],
      );
      const bystanderWork = await practise(t.db, bystander.id, shipped!.id, 'bystander');

      const deleted = await deleteAccountData(t.db, { userId: trainer.id });
      expect(deleted).not.toBeNull();
      expect(deleted!.openConversationIds).toEqual([open.id]);
      expect(deleted!.organisationIds).toEqual([org.id]);
      expect(deleted!.audioPaths).toHaveLength(mode === 'folder' ? 2 : 0);
      await audio.removeFiles(deleted!.audioPaths, { userId: trainer.id });

      expect(await count('users WHERE id = $1', [trainer.id])).toBe(0);
      expect(await count('user_sessions WHERE user_id = $1', [trainer.id])).toBe(0);
      expect(await count('conversation_sessions WHERE user_id = $1', [trainer.id])).toBe(0);
      expect(await count('message_audio WHERE user_id = $1', [trainer.id])).toBe(0);
      expect(await count('organisations WHERE id = $1', [org.id])).toBe(0);
      expect(await count('cohort_memberships WHERE user_id = $1', [trainee.id])).toBe(0);
      expect(await count('cohort_assignments WHERE scenario_id = $1', [shared])).toBe(0);
      expect(await count('score_overrides WHERE session_id = $1', [theirs.id])).toBe(0);
      expect(await count('scenarios WHERE id = ANY($1::uuid[])', [[ownOnly, unused]])).toBe(0);
      expect(filesUnder(dir, trainer.id)).toEqual([]);
      // The trainee's work stays whole, and the scenario it used stays for it, hidden.
      const [kept] = await t.db.query<Record<string, unknown>>(
        `SELECT owner_id AS "ownerId", organisation_id AS "organisationId", visibility,
                deleted_at IS NOT NULL AS deleted
           FROM scenarios WHERE id = $1`,
        [shared],
      );
      expect(kept).toEqual({
        ownerId: null,
        organisationId: null,
        visibility: 'private',
        deleted: true,
      });
      expect(await count('messages WHERE session_id = $1', [theirs.id])).toBe(3);
      expect(await count('message_audio WHERE user_id = $1', [trainee.id])).toBe(1);
      expect(filesUnder(dir, trainee.id)).toHaveLength(mode === 'folder' ? 1 : 0);
      expect(await count('conversation_sessions WHERE id = $1', [bystanderWork.id])).toBe(1);
      // The shipped library is untouched, and a second deletion finds nobody.
      expect((await listScenarios(t.db)).map((s) => s.id)).toContain(shipped!.id);
      expect(await deleteAccountData(t.db, { userId: trainer.id })).toBeNull();
    });

    it('writes the archive: README, account, scenarios, every conversation and every recording', async () => {
      const { audio } = storeOf(mode);
      const [scenario, second] = await listScenarios(t.db);
      const user = await newUser('Archived Person');
      const other = await newUser();
      const own = await insertOwnScenario(t.db, { userId: user.id, seed: customSeed('archived') });
      const done = await practise(t.db, user.id, scenario!.id, 'words to take away');
      const more = await practise(t.db, user.id, second!.id, 'more words');
      const notMine = await practise(t.db, other.id, scenario!.id, 'someone else');
      const turnAudio = wav(13);
      await audio.keepAll([
        {
          messageId: done.turnId,
          recording: { mime: 'audio/wav', data: turnAudio, durationMs: 50 },
        },
      ]);
      await audio.keepAll([
        {
          messageId: notMine.turnId,
          recording: { mime: 'audio/wav', data: wav(17), durationMs: 50 },
        },
      ]);

      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finished = new Promise((resolve) => out.on('end', resolve));
      expect(
        await writeDataArchive({ db: t.db, audio, userId: user.id, out, now: new Date(0) }),
      ).toBe(true);
      await finished;
      const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
      const names = Object.keys(files).sort();
      const recording = `recordings/${done.id}/${done.turnId}.wav`;
      const dated = (id: string) =>
        names.some((n) => new RegExp(`^conversations/\\d{4}-\\d\\d-\\d\\d_${id}\\.json$`).test(n));
      expect(dated(done.id) && dated(more.id)).toBe(true);
      expect(names.filter((n) => !n.startsWith('conversations/'))).toEqual(
        ['README.txt', 'account.json', 'organisations.json', 'recordings', 'scenarios.json']
          .map((n) => (n === 'recordings' ? recording : n))
          .sort(),
      );
      expect(names.filter((n) => n.startsWith('conversations/'))).toHaveLength(2);
      expect(strFromU8(files['README.txt']!)).toContain('conversations/');
      const account = JSON.parse(strFromU8(files['account.json']!));
      expect(account).toMatchObject({
        account: { id: user.id, fullName: 'Archived Person' },
        keepRecordings: true,
      });
      const scenarios = JSON.parse(strFromU8(files['scenarios.json']!));
      expect(scenarios.scenarios).toHaveLength(1);
      expect(scenarios.scenarios[0].title).toBe(customSeed('archived').title);
      expect(own).toBeTruthy();
      const conversation = JSON.parse(
        strFromU8(files[names.find((n) => n.includes(done.id) && n.endsWith('.json'))!]!),
      );
      expect(conversation.session.id).toBe(done.id);
      expect(conversation.messages.map((m: { content: string }) => m.content)).toContain(
        'words to take away',
      );
      expect(conversation.feedback).not.toBeNull();
      expect(conversation.recordings).toEqual({ [done.turnId]: recording });
      expect(Buffer.from(files[recording]!).equals(turnAudio)).toBe(true);
      // Nothing of the other user's.
      const everything = names.map((n) => Buffer.from(files[n]!).toString('latin1')).join('\n');
      expect(everything).not.toContain(notMine.id);
      expect(everything).not.toContain('someone else');
    });

    it('keeps no recording of a user who turned "Keep recordings of my voice turns" off', async () => {
      const { audio, dir } = storeOf(mode);
      const [scenario] = await listScenarios(t.db);
      const user = await newUser();
      expect(await getKeepRecordings(t.db, { userId: user.id })).toBe(true);
      await setKeepRecordings(t.db, { userId: user.id, keep: false });
      expect(await getKeepRecordings(t.db, { userId: user.id })).toBe(false);
      const done = await practise(t.db, user.id, scenario!.id, 'not kept');
      expect(
        await audio.keepAll([
          {
            messageId: done.turnId,
            recording: { mime: 'audio/wav', data: wav(3), durationMs: 50 },
          },
          {
            messageId: done.replyId,
            recording: { mime: 'audio/wav', data: wav(5), durationMs: 50 },
          },
        ]),
      ).toBe(0);
      expect(
        await audio.keep(done.replyId, { mime: 'audio/wav', data: wav(5), durationMs: 5 }),
      ).toBe(false);
      expect(await count('message_audio WHERE user_id = $1', [user.id])).toBe(0);
      expect(filesUnder(dir, user.id)).toEqual([]);
      // On again: kept again.
      await setKeepRecordings(t.db, { userId: user.id, keep: true });
      expect(
        await audio.keep(done.turnId, { mime: 'audio/wav', data: wav(3), durationMs: 5 }),
      ).toBe(true);
    });
  });
});
