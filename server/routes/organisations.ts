import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { INVITE_DAYS_DEFAULT, organisationsApi } from '#shared/api/organisations';
import { uuidSchema } from '#shared/inputChecks';
import { assignmentStatus, inviteCodeFrom, ORGANISATION_LIMITS } from '#shared/organisations';
import type { ErrorCode } from '#shared/errors';
import { ORGANISATION_TEXT } from '#shared/text';
import { cohortCsv } from '#shared/cohortCsv';
import { currentUser, requireUser } from '../auth/guard';
import { assignScenario, listMyAssignments, removeAssignment } from '../db/assignments';
import { getCohortTable, getCohortTableJson } from '../db/cohortTable';
import { summariseClass } from '#shared/classSummary';
import { listClassConversations } from '../db/classSummary';
import { createCohort, deleteCohort, renameCohort, runsCohort } from '../db/cohorts';
import { listCoTaughtCohorts, removeCoInstructor } from '../db/coInstructors';
import { createInvite, revokeInvite } from '../db/invites';
import { getMemberConversations } from '../db/memberConversations';
import {
  joinByCode,
  leaveOrganisation,
  listMemberships,
  removeMember,
  type JoinResult,
} from '../db/memberships';
import {
  createOrganisation,
  deleteOrganisation,
  listTrainedOrganisations,
  renameOrganisation,
} from '../db/organisations';
import {
  addTurnComment,
  getConversationForTrainer,
  overrideScore,
  trainerMaySee,
} from '../db/reviews';
import { loadConversationRecord } from '../conversations/conversationDetail';
import { clientAddress } from '../http/clientAddress';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { idOr404, parseInput } from '../http/validate';
import type { Services } from '../services';
import { owePassbacks } from '../lti/owePassbacks';

const DAY_MS = 86_400_000;

/** Why an invite code did not join, as the error the join page shows (decisions 026, 052). */
const JOIN_REFUSALS = {
  not_found: 'not_found:invite',
  own_organisation: 'conflict:own_organisation',
  teaches_cohort: 'conflict:teaches_cohort',
} as const satisfies Record<Exclude<JoinResult, { joined: true }>['reason'], ErrorCode>;

/**
 * /api/organisations (decision 023). Every query is scoped by the signed-in user as
 * trainer, co-instructor of a cohort (052) or trainee, so another's id (or a malformed one) is
 * a 404 like any unknown id.
 */
export function organisationRoutes(services: Services): Router {
  const { db, config, joinThrottle, scenarioStamps } = services;
  const router = Router();
  router.use(requireUser(services));

  const userIdOf = (res: Response) => currentUser(res).id;

  /**
   * The conversation a trainer writes on (an override, a comment), checked before the body is
   * read: another's conversation is a 404 whatever was sent. The writes check again in their
   * own SQL, so a membership ended in between changes nothing.
   */
  const seenConversation = async (req: Request<{ id: string }>, res: Response) => {
    const conversationId = idOr404(req.params.id, 'not_found:conversation');
    const trainerId = userIdOf(res);
    if (!(await trainerMaySee(db, { trainerId, conversationId }))) {
      throw new AppError('not_found:conversation');
    }
    return { conversationId, trainerId };
  };

  router.get(organisationsApi.mine.route, async (_req, res) => {
    const userId = userIdOf(res);
    const [training, memberships, coTeaching] = await Promise.all([
      listTrainedOrganisations(db, { trainerId: userId }),
      listMemberships(db, { userId }),
      listCoTaughtCohorts(db, { userId }),
    ]);
    sendJson(res, organisationsApi.mine, { training, memberships, coTeaching });
  });

  router.post(organisationsApi.create.route, async (req, res) => {
    const { name } = parseInput(organisationsApi.create.body, req.body);
    const trainerId = userIdOf(res);
    const org = await createOrganisation(db, { trainerId, name });
    // Their organisations are part of their scenarios stamp (decision 036).
    scenarioStamps.forget(trainerId);
    if (org === 'limit') {
      const max = ORGANISATION_LIMITS.organisationsPerTrainer;
      throw new AppError('limit:organisations', ORGANISATION_TEXT.organisationLimitOf(max));
    }
    sendJson(res, organisationsApi.create, org, 201);
  });

  // Managing what a trainer runs (decision 044): only the organisation's trainer, and every
  // id that is not theirs is a 404 before the body is read.
  const ownedOrganisation = async (req: Request<{ id: string }>, res: Response) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const trainerId = userIdOf(res);
    const mine = await listTrainedOrganisations(db, { trainerId });
    if (!mine.some((o) => o.id === organisationId)) throw new AppError('not_found:organisation');
    return { organisationId, trainerId };
  };

  router.post(organisationsApi.renameOrganisation.route, async (req, res) => {
    const { organisationId, trainerId } = await ownedOrganisation(req, res);
    const { name } = parseInput(organisationsApi.renameOrganisation.body, req.body);
    const org = await renameOrganisation(db, { trainerId, organisationId, name });
    if (!org) throw new AppError('not_found:organisation');
    sendJson(res, organisationsApi.renameOrganisation, org);
  });

  router.delete(organisationsApi.deleteOrganisation.route, async (req, res) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const deleted = await deleteOrganisation(db, { trainerId: userIdOf(res), organisationId });
    if (!deleted) throw new AppError('not_found:organisation');
    // Its members lose what it shared, and its trainer's scenarios went back to private.
    scenarioStamps.forgetAll();
    res.status(204).end();
  });

  router.post(organisationsApi.renameCohort.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const trainerId = userIdOf(res);
    // Ownership before the body: another's cohort is a 404 whatever was sent.
    if (!(await runsCohort(db, { trainerId, cohortId }))) throw new AppError('not_found:cohort');
    const { name } = parseInput(organisationsApi.renameCohort.body, req.body);
    const cohort = await renameCohort(db, { trainerId, cohortId, name });
    if (!cohort) throw new AppError('not_found:cohort');
    sendJson(res, organisationsApi.renameCohort, cohort);
  });

  router.delete(organisationsApi.deleteCohort.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const deleted = await deleteCohort(db, { trainerId: userIdOf(res), cohortId });
    if (!deleted) throw new AppError('not_found:cohort');
    // Members of no other cohort of the organisation lose what it shares.
    scenarioStamps.forgetAll();
    res.status(204).end();
  });

  router.delete(organisationsApi.removeMember.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const userId = idOr404(req.params.userId, 'not_found:member');
    const removed = await removeMember(db, { trainerId: userIdOf(res), cohortId, userId });
    if (!removed) throw new AppError('not_found:member');
    scenarioStamps.forget(userId);
    res.status(204).end();
  });

  // Only the organisation's trainer ends a co-instructor's part (decision 052): a co-instructor,
  // the removed one included, gets the 404 anyone else gets.
  router.delete(organisationsApi.removeInstructor.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const userId = idOr404(req.params.userId, 'not_found:instructor');
    const trainerId = userIdOf(res);
    if (!(await runsCohort(db, { trainerId, cohortId }))) throw new AppError('not_found:cohort');
    const removed = await removeCoInstructor(db, { trainerId, cohortId, userId });
    if (!removed) throw new AppError('not_found:instructor');
    // The organisation's shared scenarios leave their list.
    scenarioStamps.forget(userId);
    res.status(204).end();
  });

  router.get(organisationsApi.memberConversations.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const userId = idOr404(req.params.userId, 'not_found:member');
    const found = await getMemberConversations(db, { trainerId: userIdOf(res), cohortId, userId });
    if (!found) throw new AppError('not_found:member');
    sendJson(res, organisationsApi.memberConversations, found);
  });

  router.get(organisationsApi.summary.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const conversations = await listClassConversations(db, { trainerId: userIdOf(res), cohortId });
    if (!conversations) throw new AppError('not_found:cohort');
    sendJson(res, organisationsApi.summary, summariseClass(conversations));
  });

  router.get(organisationsApi.assignments.route, async (_req, res) => {
    const now = new Date();
    const rows = await listMyAssignments(db, { userId: userIdOf(res) });
    const assignments = rows.map((a) => ({ ...a, status: assignmentStatus({ ...a, now }) }));
    sendJson(res, organisationsApi.assignments, { assignments });
  });

  router.post(organisationsApi.join.route, async (req, res) => {
    const { code } = parseInput(organisationsApi.join.body, req.body);
    const attempt = { address: clientAddress(req), userId: userIdOf(res) };
    // Codes are guessable only slowly (decision 026): counted per address and account, and while
    // either waits even the right code waits, so an answer never tells a right guess apart.
    await joinThrottle.beforeJoin(attempt);
    const result = await joinByCode(db, { userId: attempt.userId, code: code.toUpperCase() });
    // A member sees what the organisation shares (decision 036).
    scenarioStamps.forget(attempt.userId);
    // A refusal for teaching the cohort is a right code: it counts as found, not as a guess.
    if (result.joined || result.reason !== 'not_found') {
      await joinThrottle.joinFound(attempt);
    } else {
      await joinThrottle.joinFailed(attempt);
    }
    if (!result.joined) {
      throw new AppError(JOIN_REFUSALS[result.reason]);
    }
    const { cohortId, organisationId } = result;
    sendJson(res, organisationsApi.join, { cohortId, organisationId });
  });

  router.post(organisationsApi.createCohort.route, async (req, res) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const trainerId = userIdOf(res);
    // Ownership before the body: another's id is a 404 whatever was sent.
    const mine = await listTrainedOrganisations(db, { trainerId });
    if (!mine.some((o) => o.id === organisationId)) throw new AppError('not_found:organisation');
    const { name } = parseInput(organisationsApi.createCohort.body, req.body);
    const max = config.organisations.cohortsPerOrganisation;
    const cohort = await createCohort(db, { trainerId, organisationId, name, max });
    if (!cohort) throw new AppError('not_found:organisation');
    if (cohort === 'limit') {
      throw new AppError('limit:cohorts', ORGANISATION_TEXT.cohortLimitOf(max));
    }
    sendJson(res, organisationsApi.createCohort, cohort, 201);
  });

  router.post(organisationsApi.leave.route, async (req, res) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const userId = userIdOf(res);
    const left = await leaveOrganisation(db, { userId, organisationId });
    scenarioStamps.forget(userId);
    if (!left) throw new AppError('not_found:organisation');
    res.status(204).end();
  });

  router.post(organisationsApi.createInvite.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const { days } = parseInput(organisationsApi.createInvite.body, req.body);
    const invite = await createInvite(db, {
      trainerId: userIdOf(res),
      cohortId,
      code: inviteCodeFrom(randomBytes(16)),
      expiresAt: new Date(Date.now() + (days ?? INVITE_DAYS_DEFAULT) * DAY_MS),
    });
    if (!invite) throw new AppError('not_found:cohort');
    if (invite === 'limit') {
      const max = ORGANISATION_LIMITS.liveInvitesPerCohort;
      throw new AppError('limit:invites', ORGANISATION_TEXT.inviteLimitOf(max));
    }
    sendJson(res, organisationsApi.createInvite, invite, 201);
  });

  router.post(organisationsApi.revokeInvite.route, async (req, res) => {
    const inviteId = idOr404(req.params.id, 'not_found:invite');
    const invite = await revokeInvite(db, { trainerId: userIdOf(res), inviteId });
    if (!invite) throw new AppError('not_found:invite');
    sendJson(res, organisationsApi.revokeInvite, invite);
  });

  router.post(organisationsApi.assign.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const { scenarioId, dueAt } = parseInput(organisationsApi.assign.body, req.body);
    const scenario = uuidSchema.safeParse(scenarioId);
    if (!scenario.success) throw new AppError('not_found:scenario');
    const result = await assignScenario(db, {
      trainerId: userIdOf(res),
      cohortId,
      scenarioId: scenario.data,
      dueAt: dueAt ? new Date(dueAt) : null,
    });
    // Assigning a private scenario shares it with the organisation: its members' lists change
    // (decision 036). Who they are would cost a read; assigning is rare.
    scenarioStamps.forgetAll();
    if (!result.assigned) {
      throw new AppError(
        result.reason === 'shared_elsewhere' ? 'conflict:shared_elsewhere' : 'not_found:cohort',
      );
    }
    sendJson(res, organisationsApi.assign, { id: result.id }, 201);
  });

  router.delete(organisationsApi.unassign.route, async (req, res) => {
    const assignmentId = idOr404(req.params.id, 'not_found:assignment');
    const removed = await removeAssignment(db, { trainerId: userIdOf(res), assignmentId });
    if (!removed) throw new AppError('not_found:assignment');
    res.status(204).end();
  });

  router.get(organisationsApi.table.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const { sort } = parseInput(organisationsApi.table.query, req.query);
    const table = await getCohortTableJson(db, { trainerId: userIdOf(res), cohortId, sort });
    if (!table) throw new AppError('not_found:cohort');
    // Written by the database in the contract's shape (cohortTableResponse; the tests parse it).
    res.type('json').send(table);
  });

  router.post(organisationsApi.override.route, async (req, res) => {
    const { conversationId, trainerId } = await seenConversation(req, res);
    const { score, comment, skills } = parseInput(organisationsApi.override.body, req.body);
    const saved = await overrideScore(db, { trainerId, conversationId, score, comment, skills });
    if (!saved) throw new AppError('not_found:conversation');
    // The trainer's score replaces the grader's in their courses' gradebooks too (051).
    await owePassbacks(services, { sessionId: conversationId, score, trainerId });
    sendJson(res, organisationsApi.override, { score, comment, skills });
  });

  router.get(organisationsApi.review.route, async (req, res) => {
    const conversationId = idOr404(req.params.id, 'not_found:conversation');
    const trainerId = userIdOf(res);
    const found = await getConversationForTrainer(db, { trainerId, conversationId });
    if (!found) throw new AppError('not_found:conversation');
    // Only this trainer's organisation's score and comments (decision 026).
    const record = await loadConversationRecord(db, found.session, {
      reviewedFor: found.organisationId,
    });
    // The original of a branch is named only when it too is work this trainer may see.
    const { branchOf } = record.session;
    const originalSeen =
      branchOf !== null && (await trainerMaySee(db, { trainerId, conversationId: branchOf }));
    // Recordings stay the trainee's (decision 024): none are listed, none can be fetched.
    sendJson(res, organisationsApi.review, {
      ...record,
      session: { ...record.session, branchOf: originalSeen ? branchOf : null },
      branch: originalSeen ? record.branch : null,
      audio: {},
      audioRetentionDays: 0,
      trainee: found.trainee,
    });
  });

  router.post(organisationsApi.comment.route, async (req, res) => {
    const { conversationId, trainerId } = await seenConversation(req, res);
    const { messageId, comment } = parseInput(organisationsApi.comment.body, req.body);
    const message = idOr404(messageId, 'not_found:message');
    const limits = {
      perConversation: ORGANISATION_LIMITS.commentsPerConversation,
      perTrainerPerDay: config.organisations.commentsPerTrainerPerDay,
    };
    const saved = await addTurnComment(db, {
      trainerId,
      conversationId,
      messageId: message,
      comment,
      limits,
    });
    if ('added' in saved) {
      sendJson(res, organisationsApi.comment, saved.added, 201);
      return;
    }
    switch (saved.refused) {
      case 'not_found':
        throw new AppError('not_found:message');
      case 'conversation_full':
        throw new AppError(
          'limit:comments',
          ORGANISATION_TEXT.commentLimitOf(limits.perConversation),
        );
      case 'day_full':
        throw new AppError(
          'rate_limit:comments',
          ORGANISATION_TEXT.commentsTodayOf(
            limits.perTrainerPerDay,
            Math.ceil(saved.retryAfterSeconds / 60),
          ),
          saved.retryAfterSeconds,
        );
    }
  });

  router.get(organisationsApi.exportCsv.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const { sort } = parseInput(organisationsApi.exportCsv.query, req.query);
    const table = await getCohortTable(db, { trainerId: userIdOf(res), cohortId, sort });
    if (!table) throw new AppError('not_found:cohort');
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="chairtalk-cohort.csv"');
    res.send(cohortCsv(table, new Date()));
  });

  return router;
}
