import { Router } from 'express';
import { historyApi } from '#shared/api/history';
import { progressApi } from '#shared/api/progress';
import { summaryFromPoints } from '#shared/progress';
import { currentUser, requireUser } from '../auth/guard';
import { getProgressByUser, listHistoryByUser } from '../db/progress';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';

/**
 * GET /api/progress and GET /api/history, always for the signed-in user. Mounted at the API
 * root, so the sign-in guard sits on each route rather than on the router (a router-wide guard
 * would answer 401 for every unknown /api path behind it).
 */
export function progressRoutes(services: Services): Router {
  const { db } = services;
  const router = Router();
  const signedIn = requireUser(services);

  router.get(progressApi.get.route, signedIn, async (_req, res) => {
    const { points, ...totals } = await getProgressByUser(db, { userId: currentUser(res).id });
    sendJson(res, progressApi.get, summaryFromPoints(totals, points));
  });

  router.get(historyApi.list.route, signedIn, async (req, res) => {
    const query = parseInput(historyApi.list.query, req.query);
    const page = await listHistoryByUser(db, {
      userId: currentUser(res).id,
      limit: query.limit,
      before: query.before,
    });
    sendJson(res, historyApi.list, page);
  });

  return router;
}
