import { Router } from 'express';
import { conversationsApi } from '../../shared/api/conversations';
import { uuidSchema } from '../../shared/inputChecks';
import { requireUser } from '../auth/guard';
import { createBranch } from '../db/branches';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { loadOwnedConversation } from './ownedConversation';

/**
 * POST /api/conversations/:id/branches, "Try another answer here": a new open conversation
 * carrying this one's transcript up to just before one of the clinician's turns. The original,
 * open or ended, is left as it is (decision 018).
 */
export function branchRoutes(services: Services): Router {
  const { db } = services;
  const router = Router();
  router.use(requireUser(services));

  router.post(conversationsApi.branch.route, async (req, res) => {
    const original = await loadOwnedConversation(db, req, res);
    const input = parseInput(conversationsApi.branch.body, req.body);
    const messageId = uuidSchema.safeParse(input.messageId);
    if (!messageId.success) throw new AppError('not_found:message');
    const made = await createBranch(db, { sessionId: original.id, messageId: messageId.data });
    if ('refused' in made) throw new AppError(made.refused);
    sendJson(res, conversationsApi.branch, { session: made.session }, 201);
  });

  return router;
}
