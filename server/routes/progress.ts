import { Router } from 'express';
import type { z } from 'zod';
import { summaryFromPoints } from '../../shared/progress';
import {
  historyQuery,
  type historyResponse,
  type progressResponse,
} from '../../shared/progressApi';
import { currentUser, requireUser } from '../auth/guard';
import { getProgressByUser, listHistoryByUser } from '../db/progress';
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

  router.get('/progress', signedIn, async (_req, res) => {
    const { points, ...totals } = await getProgressByUser(db, { userId: currentUser(res).id });
    const body: z.output<typeof progressResponse> = summaryFromPoints(totals, points);
    res.json(body);
  });

  router.get('/history', signedIn, async (req, res) => {
    const query = parseInput(historyQuery, req.query);
    const page: z.output<typeof historyResponse> = await listHistoryByUser(db, {
      userId: currentUser(res).id,
      limit: query.limit,
      before: query.before,
    });
    res.json(page);
  });

  return router;
}
