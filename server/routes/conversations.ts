import { Router, type Request, type Response } from 'express';
import { conversationsApi } from '#shared/api/conversations';
import { MESSAGES_FOR_FEEDBACK, type Message } from '#shared/conversation';
import type { Feedback } from '#shared/feedback';
import { uuidSchema } from '#shared/inputChecks';
import { requireUser, currentUser } from '../auth/guard';
import { markConversationEnded } from '../db/conversations';
import { startConversation } from '../conversations/startConversation';
import { createHintLimit } from '../conversations/hintLimit';
import { loadConversationRecord } from '../conversations/conversationDetail';
import { loadOwnedConversation } from './ownedConversation';
import {
  getDebriefByConversation,
  getFeedbackByConversation,
  insertFeedbackOnce,
} from '../db/feedback';
import { resolveDebrief } from '../ai/debrief/resolveDebrief';
import type { Debrief } from '#shared/debrief';
import { listMessagesByConversation } from '../db/messages';
import { getScenarioRecordForConversation, getVisibleScenario } from '../db/scenarios';
import { abortOnClose } from '../http/abortOnClose';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { sendAudio } from '../http/sendAudio';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { owePassbacks } from '../lti/owePassbacks';

export function conversationRoutes(services: Services): Router {
  const { db, ai, logger, budget } = services;
  const router = Router();
  router.use(requireUser(services));

  const loadOwned = (req: Request, res: Response) => loadOwnedConversation(db, req, res);

  router.post(conversationsApi.create.route, async (req, res) => {
    const input = parseInput(conversationsApi.create.body, req.body);
    const id = uuidSchema.safeParse(input.scenarioId);
    const userId = currentUser(res).id;
    const scenario = id.success ? await getVisibleScenario(db, { id: id.data, userId }) : null;
    if (!scenario) throw new AppError('not_found:scenario');
    const { session, created } = await startConversation(services, {
      userId,
      scenario,
      ...(input.language ? { language: input.language } : {}),
      ...(input.reportLanguage ? { reportLanguage: input.reportLanguage } : {}),
      signal: abortOnClose(req, res),
    });
    sendJson(res, conversationsApi.create, { session }, created ? 201 : 200);
  });

  router.get(conversationsApi.get.route, async (req, res) => {
    const session = await loadOwned(req, res);
    const [record, audio] = await Promise.all([
      loadConversationRecord(db, session),
      services.audio.listForConversation(session.id),
    ]);
    sendJson(res, conversationsApi.get, {
      ...record,
      audio,
      audioRetentionDays: services.config.audio.retentionDays,
    });
  });

  router.get(conversationsApi.audio.route, async (req, res) => {
    const session = await loadOwned(req, res);
    const messageId = uuidSchema.safeParse(req.params.messageId);
    const audio = messageId.success
      ? await services.audio.find({
          conversationId: session.id,
          messageId: messageId.data,
          userId: currentUser(res).id,
        })
      : null;
    if (!audio) throw new AppError('not_found:audio');
    await sendAudio(req, res, audio);
  });

  router.post(conversationsApi.end.route, async (req, res) => {
    const session = await loadOwned(req, res);
    const existing = await getFeedbackByConversation(db, { conversationId: session.id });
    if (existing) {
      const debrief = await getDebriefByConversation(db, { conversationId: session.id });
      sendJson(res, conversationsApi.end, { feedback: existing, debrief });
      return;
    }
    // A call still running owes messages: they are stored before the transcript is graded.
    await services.realtime.hangUp(session.id, 'conversation_ended');
    const messages = await listMessagesByConversation(db, { conversationId: session.id });
    if (messages.length < MESSAGES_FOR_FEEDBACK) {
      throw new AppError('unprocessable:too_short');
    }
    const scenario = await getScenarioRecordForConversation(db, { conversationId: session.id });
    if (!scenario) throw new AppError('not_found:scenario');
    // Paid before either call. Refused, nothing changes: the conversation stays open with every
    // message, and ending it again once the hour allows grades it then (decision 027).
    const userId = currentUser(res).id;
    await budget.spend(userId, 'feedback');

    const context = {
      scenario,
      language: session.language,
      reportLanguage: session.reportLanguage,
      history: messages.map(({ role, content }) => ({ role, content })),
    };
    const signal = abortOnClose(req, res);
    // The debrief is asked for beside the scores, so the trainee waits for the slower of the
    // two calls rather than both. It is extra: its failure never costs the trainee their
    // feedback, and a failed grading stops it (nothing would store it).
    const debriefStop = new AbortController();
    const debriefing = draftDebrief(
      context,
      messages,
      AbortSignal.any([signal, debriefStop.signal]),
    ).catch((error: unknown) => {
      logger.warn('debrief.failed', { conversationId: session.id, error });
      return null;
    });
    let graded: Feedback;
    try {
      graded = await ai.grader.grade(context, { signal });
    } catch (error) {
      debriefStop.abort();
      await debriefing;
      // The grader already fell back to default feedback where spec §8 says so (an answer with
      // no content); what it throws is a failure the user can retry, not a permanent score of 5.
      logger.warn('feedback.failed', { conversationId: session.id, error });
      await budget.giveBack(userId, 'feedback');
      throw new AppError('unavailable:feedback');
    }
    const debrief = await debriefing;
    const stored = await db.transaction(async (tx) => {
      const feedback = await insertFeedbackOnce(tx, {
        conversationId: session.id,
        feedback: graded,
        debrief,
      });
      await markConversationEnded(tx, { id: session.id, successRating: feedback.overallScore });
      // A request that lost the race gets the winner's feedback, and the winner's debrief.
      const kept = await getDebriefByConversation(tx, { conversationId: session.id });
      return { feedback, debrief: kept };
    });
    // Committed: the conversation's open sockets, on every instance, are told it ended.
    services.conversationEnds.ended(session.id);
    await owePassbacks(services, { sessionId: session.id, score: stored.feedback.overallScore });
    sendJson(res, conversationsApi.end, stored);
  });

  async function draftDebrief(
    context: Parameters<typeof ai.grader.debrief>[0],
    messages: Message[],
    signal: AbortSignal,
  ): Promise<Debrief | null> {
    const draft = await ai.grader.debrief(context, { signal });
    return draft === null ? null : resolveDebrief(draft, messages);
  }

  const hints = createHintLimit(services);
  router.post(conversationsApi.hint.route, async (req, res) => {
    const session = await loadOwned(req, res);
    const userId = currentUser(res).id;
    await hints.spend(userId);
    const [scenario, messages] = await Promise.all([
      getScenarioRecordForConversation(db, { conversationId: session.id }),
      listMessagesByConversation(db, { conversationId: session.id }),
    ]);
    if (!scenario) throw new AppError('not_found:scenario');
    try {
      await budget.spend(userId, 'hint');
    } catch (error) {
      // Refused by the AI budget: this hint was not given, so it does not count as one.
      await hints.giveBack(userId);
      throw error;
    }
    try {
      const hint = await ai.coach.hint(
        {
          scenario,
          language: session.language,
          reportLanguage: session.reportLanguage,
          history: messages.map(({ role, content }) => ({ role, content })),
        },
        { signal: abortOnClose(req, res) },
      );
      sendJson(res, conversationsApi.hint, { hint });
    } catch (error) {
      logger.warn('hint.failed', { conversationId: session.id, error });
      await Promise.all([hints.giveBack(userId), budget.giveBack(userId, 'hint')]);
      throw new AppError('unavailable:hint');
    }
  });

  return router;
}
