import { Router } from 'express';
import { conversationsApi } from '#shared/api/conversations';
import { uuidSchema } from '#shared/inputChecks';
import { BRANCH_TEXT } from '#shared/text';
import { currentUser, requireUser } from '../auth/guard';
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
    const { branchesPerHour } = services.config.limits;
    const made = await createBranch(db, {
      userId: currentUser(res).id,
      conversationId: original.id,
      messageId: messageId.data,
      branchesPerHour,
    });
    if ('refused' in made) {
      const { refused } = made;
      if (refused.code === 'rate_limit:branches') {
        throw new AppError(
          refused.code,
          BRANCH_TEXT.tooMany(branchesPerHour),
          refused.retryAfterSeconds,
        );
      }
      throw new AppError(refused.code);
    }
    sendJson(res, conversationsApi.branch, { session: made.session }, 201);
  });

  return router;
}
