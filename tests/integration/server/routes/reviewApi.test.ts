import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { say } from '../../../helpers/conversations';
import { cohortTableResponse, trainerConversationResponse } from '#shared/api/organisations';
import { conversationDetailResponse } from '#shared/api/conversations';
import { turnCommentSchema } from '#shared/review';

/**
 * The trainer's review (decisions 023 and 024): a member's conversation read only,
 * comments on its turns, and the review as the trainee reads it on their own detail.
 */

printSkipNotice();

const BASE = '/api/organisations';

describe.each(routeDatabaseKinds())('trainer review API on %s', (kind) => {
  const { server } = useTestServer(kind);

  async function course(trainer: HttpClient) {
    const org = await trainer.post(BASE, { name: 'Dental School' });
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
    const invite = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
    expect(invite.status, invite.text).toBe(201);
    return { orgId: org.body.id as string, code: invite.body.code as string };
  }

  async function practise(user: HttpClient, index: number, end: boolean) {
    const scenarios = (await user.get('/api/scenarios')).body.scenarios;
    const open = await user.post('/api/conversations', { scenarioId: scenarios[index].id });
    expect(open.status, open.text).toBe(201);
    const id = open.body.session.id as string;
    if (end) {
      await say(user, id, [
        'Hello, what brings you in today?',
        'That sounds worrying. What concerns you most about it?',
        'Would it help if we went through the costs together?',
      ]);
      const ended = await user.post(`/api/conversations/${id}/end`);
      expect(ended.status, ended.text).toBe(200);
    }
    return id;
  }

  /** A trainer, a trainee who practised before joining, while a member, and an open one. */
  async function world() {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { orgId, code } = await course(trainer);
    const before = await practise(trainee, 0, false);
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);
    const during = await practise(trainee, 1, true);
    const open = await practise(trainee, 2, false);
    return { trainer, trainee, orgId, before, during, open };
  }

  const notFound = (response: { status: number; body: any }, code: string) => {
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(code);
  };

  it("a trainer reads a member's conversation without recordings, and comments on a turn", async () => {
    const { trainer, trainee, during } = await world();
    const me = (await trainee.get('/api/auth/me')).body.user;
    const read = await trainer.get(`${BASE}/conversations/${during}`);
    expect(read.status, read.text).toBe(200);
    const detail = trainerConversationResponse.parse(read.body);
    const own = conversationDetailResponse.parse(
      (await trainee.get(`/api/conversations/${during}`)).body,
    );
    expect(detail.trainee).toEqual({ id: me.id, fullName: 'Dr Trainee', email: me.email });
    expect(detail.audio).toEqual({});
    expect(detail.audioRetentionDays).toBe(0);
    expect(detail.messages).toEqual(own.messages);
    expect(detail.feedback).toEqual(own.feedback);
    expect(detail.feedback).not.toBeNull();
    expect(detail.scenario).toEqual(own.scenario);
    expect(detail.session).toEqual(own.session);
    expect(detail.review).toEqual({ overrides: [], comments: [] });

    const [patient, clinician] = [
      detail.messages.find((m) => m.role === 'assistant')!,
      detail.messages.find((m) => m.role === 'user')!,
    ];
    const first = await trainer.post(`${BASE}/conversations/${during}/comments`, {
      messageId: clinician.id,
      comment: '  Good open question.  ',
    });
    expect(first.status, first.text).toBe(201);
    const comment = turnCommentSchema.parse(first.body);
    expect(comment).toMatchObject({
      messageId: clinician.id,
      comment: 'Good open question.',
      trainerName: 'Dr Trainer',
      organisationName: 'Dental School',
    });
    const second = await trainer.post(`${BASE}/conversations/${during}/comments`, {
      messageId: patient.id,
      comment: 'Notice the worry here.',
    });
    expect(second.status, second.text).toBe(201);
    const override = await trainer.post(`${BASE}/conversations/${during}/override`, {
      score: 3,
      comment: 'Listen before explaining.',
    });
    expect(override.status, override.text).toBe(200);

    const seen = conversationDetailResponse.parse(
      (await trainee.get(`/api/conversations/${during}`)).body,
    );
    expect(seen.review.overrides).toEqual([
      expect.objectContaining({
        score: 3,
        comment: 'Listen before explaining.',
        trainerName: 'Dr Trainer',
        organisationName: 'Dental School',
      }),
    ]);
    // The grader's score stays beside the trainer's.
    expect(seen.feedback!.overallScore).toBe(own.feedback!.overallScore);
    expect(seen.review.comments.map((c) => [c.messageId, c.comment])).toEqual([
      [clinician.id, 'Good open question.'],
      [patient.id, 'Notice the worry here.'],
    ]);
    expect(seen.review.comments[0]).toEqual(comment);
    const again = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${during}`)).body,
    );
    expect(again.review).toEqual(seen.review);
  });

  it('reads an open conversation too', async () => {
    const { trainer, open } = await world();
    const read = await trainer.get(`${BASE}/conversations/${open}`);
    expect(read.status, read.text).toBe(200);
    const detail = trainerConversationResponse.parse(read.body);
    expect(detail.session.endedAt).toBeNull();
    expect(detail.feedback).toBeNull();
  });

  it('is not found for everyone and everything else', async () => {
    const { trainer, trainee, before, during } = await world();
    const stranger = await signedInClient(server.url, 'Dr Stranger');
    const other = await signedInClient(server.url, 'Dr Other Trainer');
    await course(other);
    const strangers = await practise(stranger, 0, false);
    const message = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${during}`)).body,
    ).messages[0]!.id;
    const attempts: Array<[HttpClient, string]> = [
      [trainer, 'not-a-uuid'],
      [trainer, '00000000-0000-4000-8000-000000000000'],
      [trainer, strangers], // not a member's
      [trainer, before], // started before joining
      [other, during], // another trainer's cohort
      [stranger, during], // a plain user
      [trainee, during], // the trainee is not their own trainer
    ];
    for (const [who, id] of attempts) {
      notFound(await who.get(`${BASE}/conversations/${id}`), 'not_found:conversation');
      notFound(
        await who.post(`${BASE}/conversations/${id}/comments`, {
          messageId: message,
          comment: 'Should not land',
        }),
        'not_found:conversation',
      );
    }
    const stored = await server.services.db.query(
      'SELECT 1 FROM turn_comments c JOIN messages m ON m.id = c.message_id WHERE m.session_id = $1',
      [during],
    );
    expect(stored).toEqual([]);
  });

  it('a message of another conversation, or no message at all, is not found', async () => {
    const { trainer, during, open } = await world();
    const elsewhere = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${open}`)).body,
    ).messages[0]!.id;
    for (const messageId of [
      elsewhere,
      during,
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      notFound(
        await trainer.post(`${BASE}/conversations/${during}/comments`, {
          messageId,
          comment: 'Wrong turn',
        }),
        'not_found:message',
      );
    }
  });

  it('refuses bad comments with a clear 400', async () => {
    const { trainer, during } = await world();
    const messageId = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${during}`)).body,
    ).messages[0]!.id;
    const cases: Array<[unknown, RegExp]> = [
      [{ messageId, comment: '   ' }, /comment: required/],
      [{ messageId, comment: 'x'.repeat(2001) }, /comment: at most 2000/],
      [{ messageId, comment: 'bell\u0007' }, /comment: no control or text-direction characters/],
      [{ messageId, comment: 'Good \u202Ework' }, /comment: no control or text-direction/],
      [{ comment: 'No turn named' }, /messageId: required/],
      [{ messageId }, /comment: required/],
      [{ messageId, comment: 'Extra', score: 3 }, /Unexpected field: score/],
    ];
    for (const [body, message] of cases) {
      const response = await trainer.post(`${BASE}/conversations/${during}/comments`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toMatch(message);
    }
  });

  it('a branch made while a member does not name an original from before joining', async () => {
    const trainer = await signedInClient(server.url, 'Dr Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const { code } = await course(trainer);
    const original = await practise(trainee, 4, false);
    await say(trainee, original, ['What worries you most today?']);
    const turn = (
      await server.services.db.query<{ id: string }>(
        `SELECT id FROM messages WHERE session_id = $1 AND role = 'user'`,
        [original],
      )
    )[0]!.id;
    expect((await trainee.post(`${BASE}/join`, { code })).status).toBe(200);
    const made = await trainee.post(`/api/conversations/${original}/branches`, { messageId: turn });
    expect(made.status, made.text).toBe(201);
    const branch = made.body.session.id as string;

    const own = conversationDetailResponse.parse(
      (await trainee.get(`/api/conversations/${branch}`)).body,
    );
    expect(own.branch?.of).toBe(original);
    const read = await trainer.get(`${BASE}/conversations/${branch}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.branch).toBeNull();
    expect(read.text).not.toContain(original);
    notFound(await trainer.get(`${BASE}/conversations/${original}`), 'not_found:conversation');
  });

  /**
   * Issue 22: the trainee joins a second organisation run by an account they control; its
   * "trainer" can read the same conversation (it was started while a member of both).
   */
  async function twoOrganisations(options: { puppetAssigns: boolean }) {
    const trainer = await signedInClient(server.url, 'Dr Real Trainer');
    const trainee = await signedInClient(server.url, 'Dr Trainee');
    const puppet = await signedInClient(server.url, 'Dr Puppet');
    const scenarioId = (await trainee.get('/api/scenarios')).body.scenarios[1].id as string;
    const build = async (who: HttpClient, name: string, assigns: boolean) => {
      const org = await who.post(BASE, { name });
      const cohort = await who.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
      const invite = await who.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
      if (assigns) {
        const assigned = await who.post(`${BASE}/cohorts/${cohort.body.id}/assignments`, {
          scenarioId,
        });
        expect(assigned.status, assigned.text).toBe(201);
      }
      expect((await trainee.post(`${BASE}/join`, { code: invite.body.code })).status).toBe(200);
      return cohort.body.id as string;
    };
    const cohortId = await build(trainer, 'Dental School', true);
    await build(puppet, 'Puppet Academy', options.puppetAssigns);
    const during = await practise(trainee, 1, true);
    const messages = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${during}`)).body,
    ).messages;
    const score = async (who: HttpClient, value: number, comment: string) => {
      const made = await who.post(`${BASE}/conversations/${during}/override`, {
        score: value,
        comment,
      });
      expect(made.status, made.text).toBe(200);
    };
    const comment = async (who: HttpClient, comment: string) => {
      const made = await who.post(`${BASE}/conversations/${during}/comments`, {
        messageId: messages.find((m) => m.role === 'user')!.id,
        comment,
      });
      expect(made.status, made.text).toBe(201);
    };
    const cell = async () =>
      cohortTableResponse.parse((await trainer.get(`${BASE}/cohorts/${cohortId}/table`)).body)
        .rows[0]!.cells[0]!;
    const averageScore = async () => (await trainee.get('/api/progress')).body.avgScore as number;
    return { trainer, trainee, puppet, during, score, comment, cell, averageScore };
  }

  it("a trainee's second organisation never overwrites, reads or removes the real trainer's review", async () => {
    const w = await twoOrganisations({ puppetAssigns: false });
    await w.score(w.trainer, 4, 'Ask before explaining.');
    await w.comment(w.trainer, 'The real trainer on this turn.');
    // The attack: the puppet organisation's "trainer" scores the same conversation 10.
    await w.score(w.puppet, 10, 'Perfect in every way.');
    await w.comment(w.puppet, 'The puppet on this turn.');

    // The real trainer's cohort table and review still show their own score.
    expect(await w.cell()).toMatchObject({ score: 4, overridden: true });
    const real = trainerConversationResponse.parse(
      (await w.trainer.get(`${BASE}/conversations/${w.during}`)).body,
    );
    expect(real.review.overrides).toEqual([
      expect.objectContaining({
        score: 4,
        comment: 'Ask before explaining.',
        trainerName: 'Dr Real Trainer',
        organisationName: 'Dental School',
      }),
    ]);
    expect(real.review.comments.map((c) => c.comment)).toEqual(['The real trainer on this turn.']);
    // Nor does the puppet read the real trainer's review.
    const puppetRead = await w.puppet.get(`${BASE}/conversations/${w.during}`);
    const puppets = trainerConversationResponse.parse(puppetRead.body);
    expect(puppets.review.overrides.map((o) => [o.organisationName, o.score])).toEqual([
      ['Puppet Academy', 10],
    ]);
    expect(puppets.review.comments.map((c) => c.comment)).toEqual(['The puppet on this turn.']);
    expect(puppetRead.text).not.toContain('Ask before explaining.');
    expect(puppetRead.text).not.toContain('The real trainer on this turn.');
    expect(puppetRead.text).not.toContain('Dr Real Trainer');

    // The trainee's progress counts the score of the organisation whose assignment it is.
    expect(await w.averageScore()).toBe(4);
    // The trainee sees both, each labelled with its organisation.
    const own = conversationDetailResponse.parse(
      (await w.trainee.get(`/api/conversations/${w.during}`)).body,
    );
    expect(own.review.overrides.map((o) => [o.organisationName, o.trainerName, o.score])).toEqual([
      ['Dental School', 'Dr Real Trainer', 4],
      ['Puppet Academy', 'Dr Puppet', 10],
    ]);
    expect(own.review.comments.map((c) => [c.organisationName, c.comment])).toEqual([
      ['Dental School', 'The real trainer on this turn.'],
      ['Puppet Academy', 'The puppet on this turn.'],
    ]);

    // The real trainer scoring again changes only their own.
    await w.score(w.trainer, 6, 'Better on a second look.');
    expect(await w.cell()).toMatchObject({ score: 6, overridden: true });
    const puppetAgain = trainerConversationResponse.parse(
      (await w.puppet.get(`${BASE}/conversations/${w.during}`)).body,
    );
    expect(puppetAgain.review.overrides.map((o) => o.score)).toEqual([10]);
    expect(await w.averageScore()).toBe(6);
  });

  it('when both organisations set the work, the lower of their scores counts in progress', async () => {
    const w = await twoOrganisations({ puppetAssigns: true });
    const grader = await w.averageScore();
    await w.score(w.puppet, 10, 'Perfect in every way.');
    // Only the puppet has scored it: the real trainer's table shows the grader's score.
    expect(await w.cell()).toMatchObject({ score: grader, overridden: false });
    expect(await w.averageScore()).toBe(10);
    await w.score(w.trainer, 3, 'Listen first.');
    expect(await w.cell()).toMatchObject({ score: 3, overridden: true });
    expect(await w.averageScore()).toBe(3);
  });

  it("skill scores with their reasons: stored, shown beside the AI's, counted everywhere (decision 043)", async () => {
    const w = await twoOrganisations({ puppetAssigns: false });
    const path = `${BASE}/conversations/${w.during}/override`;
    const saved = await w.trainer.post(path, {
      score: 9,
      comment: 'Better than graded.',
      skills: [
        { skill: 'objection', score: 2, comment: '  Argued instead of acknowledging.  ' },
        { skill: 'empathy', score: 8, comment: 'Named the worry.' },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.skills).toEqual([
      { skill: 'objection', score: 2, comment: 'Argued instead of acknowledging.' },
      { skill: 'empathy', score: 8, comment: 'Named the worry.' },
    ]);
    // The puppet's skill scores are shown to the trainee but never counted.
    expect(
      (
        await w.puppet.post(path, {
          score: 1,
          comment: 'Low.',
          skills: [{ skill: 'clarity', score: 1, comment: 'Low.' }],
        })
      ).status,
    ).toBe(200);

    const own = conversationDetailResponse.parse(
      (await w.trainee.get(`/api/conversations/${w.during}`)).body,
    );
    const feedback = own.feedback!;
    expect(own.review.overrides.map((o) => [o.organisationName, o.counts, o.skills])).toEqual([
      [
        'Dental School',
        true,
        [
          { skill: 'empathy', score: 8, comment: 'Named the worry.' },
          { skill: 'objection', score: 2, comment: 'Argued instead of acknowledging.' },
        ],
      ],
      ['Puppet Academy', false, [{ skill: 'clarity', score: 1, comment: 'Low.' }]],
    ]);
    // History and progress show the counted scores: the trainer's where given, else the AI's.
    const [entry] = (await w.trainee.get('/api/history')).body.entries;
    expect(entry).toMatchObject({
      conversationId: w.during,
      overallScore: 9,
      aiOverallScore: feedback.overallScore,
      subScores: {
        empathy: 8,
        clarity: feedback.clarityScore,
        persuasion: feedback.persuasionScore,
        objectionHandling: 2,
      },
    });
    const progress = (await w.trainee.get('/api/progress')).body;
    expect(progress.avgScore).toBe(9);
    expect(progress.points.at(-1)).toMatchObject({ overall: 9, empathy: 8, objection: 2 });

    // Bad skill scores are a clear 400 and change nothing.
    const cases: Array<[unknown, RegExp]> = [
      [[{ skill: 'kindness', score: 5, comment: 'x' }], /skill: not a skill of the rubric/],
      [[{ skill: 'overall', score: 5, comment: 'x' }], /skill: not a skill of the rubric/],
      [[{ skill: 'empathy', score: 11, comment: 'x' }], /skills.score: 1 to 10/],
      [[{ skill: 'empathy', score: 0, comment: 'x' }], /skills.score: 1 to 10/],
      [[{ skill: 'empathy', score: 7.5, comment: 'x' }], /skills.score: a whole number/],
      [[{ skill: 'empathy', score: 7 }], /comment: required/],
      [[{ skill: 'empathy', score: 7, comment: 'x'.repeat(2001) }], /comment: at most 2000/],
      [
        [
          { skill: 'empathy', score: 7, comment: 'x' },
          { skill: 'empathy', score: 6, comment: 'y' },
        ],
        /skills: each skill at most once/,
      ],
      [[{ skill: 'empathy', score: 7, comment: 'x', extra: 1 }], /Unexpected field/],
      ['empathy', /skills: a list of skill scores/],
      [[null], /Invalid input|skills/],
    ];
    for (const [skills, message] of cases) {
      const response = await w.trainer.post(path, { score: 5, comment: 'Fine.', skills });
      expect(response.status, JSON.stringify(skills)).toBe(400);
      expect(response.body.error.message).toMatch(message);
    }
    expect((await w.trainee.get('/api/progress')).body.avgScore).toBe(9);

    // A save without skills gives them back to the AI.
    expect((await w.trainer.post(path, { score: 7, comment: 'On reflection.' })).status).toBe(200);
    const [again] = (await w.trainee.get('/api/history')).body.entries;
    expect(again.subScores.empathy).toBe(feedback.empathyScore);
    expect(again.overallScore).toBe(7);
  });

  it('leaving: work started after is never readable, work from before stays, and so does the review', async () => {
    const { trainer, trainee, orgId, during } = await world();
    const messageId = trainerConversationResponse.parse(
      (await trainer.get(`${BASE}/conversations/${during}`)).body,
    ).messages[0]!.id;
    const made = await trainer.post(`${BASE}/conversations/${during}/comments`, {
      messageId,
      comment: 'Written while a member.',
    });
    expect(made.status).toBe(201);
    expect((await trainee.post(`${BASE}/${orgId}/leave`)).status).toBe(204);
    const after = await practise(trainee, 3, true);

    notFound(await trainer.get(`${BASE}/conversations/${after}`), 'not_found:conversation');
    const afterMessage = (
      await server.services.db.query<{ id: string }>(
        'SELECT id FROM messages WHERE session_id = $1',
        [after],
      )
    )[0]!.id;
    notFound(
      await trainer.post(`${BASE}/conversations/${after}/comments`, {
        messageId: afterMessage,
        comment: 'Not mine to read',
      }),
      'not_found:conversation',
    );
    const still = await trainer.get(`${BASE}/conversations/${during}`);
    expect(still.status, still.text).toBe(200);
    const own = conversationDetailResponse.parse(
      (await trainee.get(`/api/conversations/${during}`)).body,
    );
    expect(own.review.comments.map((c) => c.comment)).toEqual(['Written while a member.']);
    const ownAfter = conversationDetailResponse.parse(
      (await trainee.get(`/api/conversations/${after}`)).body,
    );
    expect(ownAfter.review).toEqual({ overrides: [], comments: [] });
  });
});
