import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { uuidSchema } from '../../shared/api';
import { MESSAGES_FOR_FEEDBACK } from '../../shared/conversation';
import { defaultFeedback } from '../../shared/feedback';
import { requireUser, currentUser } from '../auth/guard';
import {
  getConversationForUser,
  markConversationEnded,
  openOrResumeConversation,
} from '../db/conversations';
import { createHintLimit } from '../conversations/hintLimit';
import { getFeedbackBySession, insertFeedbackOnce } from '../db/feedback';
import { listMessagesBySession } from '../db/messages';
import { getScenarioById, getScenarioRecordById } from '../db/scenarios';
import { AppError } from '../http/errors';
import { parseInput } from '../http/validate';
import type { Feedback } from '../../shared/feedback';
import type { Services } from '../services';

const createInput = z.strictObject({
  scenarioId: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'scenarioId is required' : 'scenarioId must be a string',
    })
    .max(64, 'Scenario not found'),
});

/** Aborts AI work when the browser goes away before the answer is sent. */
function abortOnClose(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  req.on('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  return controller.signal;
}

export function conversationRoutes(services: Services): Router {
  const { db, ai, logger } = services;
  const router = Router();
  router.use(requireUser(services));

  const loadOwned = async (req: Request, res: Response) => {
    const id = uuidSchema.safeParse(req.params.id);
    const session = id.success
      ? await getConversationForUser(db, { id: id.data, userId: currentUser(res).id })
      : null;
    if (!session) throw new AppError('not_found:session');
    return session;
  };

  router.post('/', async (req, res) => {
    const input = parseInput(createInput, req.body);
    const id = uuidSchema.safeParse(input.scenarioId);
    const scenario = id.success ? await getScenarioById(db, { id: id.data }) : null;
    if (!scenario) throw new AppError('not_found:scenario');
    const { session, created } = await openOrResumeConversation(db, {
      userId: currentUser(res).id,
      scenarioId: scenario.id,
      initialMessage: scenario.initialMessage,
    });
    res.status(created ? 201 : 200).json({ session });
  });

  router.get('/:id', async (req, res) => {
    const session = await loadOwned(req, res);
    const [scenario, messages, feedback] = await Promise.all([
      getScenarioById(db, { id: session.scenarioId }),
      listMessagesBySession(db, { sessionId: session.id }),
      getFeedbackBySession(db, { sessionId: session.id }),
    ]);
    res.json({ session, scenario, messages, feedback });
  });

  router.post('/:id/end', async (req, res) => {
    const session = await loadOwned(req, res);
    const existing = await getFeedbackBySession(db, { sessionId: session.id });
    if (existing) {
      res.json({ feedback: existing });
      return;
    }
    const messages = await listMessagesBySession(db, { sessionId: session.id });
    if (messages.length < MESSAGES_FOR_FEEDBACK) {
      throw new AppError('unprocessable:too_short');
    }
    const scenario = await getScenarioRecordById(db, { id: session.scenarioId });
    if (!scenario) throw new AppError('not_found:scenario');

    let graded: Feedback;
    try {
      graded = await ai.grader.grade(
        { scenario, history: messages.map(({ role, content }) => ({ role, content })) },
        { signal: abortOnClose(req, res) },
      );
    } catch (error) {
      // Spec §8: an answer with no content falls back to default feedback; a provider that
      // cannot be reached is a failure the user can retry, not a permanent score of 5.
      if ((error as { kind?: string }).kind === 'empty') {
        graded = defaultFeedback();
      } else {
        logger.warn('feedback.failed', { sessionId: session.id, error });
        throw new AppError('unavailable:feedback');
      }
    }
    const feedback = await db.transaction(async (tx) => {
      const stored = await insertFeedbackOnce(tx, { sessionId: session.id, feedback: graded });
      await markConversationEnded(tx, { id: session.id, successRating: stored.overallScore });
      return stored;
    });
    res.json({ feedback });
  });

  const hints = createHintLimit(services);
  router.post('/:id/hint', async (req, res) => {
    const session = await loadOwned(req, res);
    await hints.spend(currentUser(res).id);
    const [scenario, messages] = await Promise.all([
      getScenarioRecordById(db, { id: session.scenarioId }),
      listMessagesBySession(db, { sessionId: session.id }),
    ]);
    if (!scenario) throw new AppError('not_found:scenario');
    try {
      const hint = await ai.coach.hint(
        { scenario, history: messages.map(({ role, content }) => ({ role, content })) },
        { signal: abortOnClose(req, res) },
      );
      res.json({ hint });
    } catch (error) {
      logger.warn('hint.failed', { sessionId: session.id, error });
      await hints.giveBack(currentUser(res).id);
      throw new AppError('unavailable:hint');
    }
  });

  return router;
}
