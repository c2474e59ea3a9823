import { Router } from 'express';
import { accountApi } from '#shared/api/account';
import { currentUser, requireUser } from '../auth/guard';
import { getAccount } from '../db/users';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { Services } from '../services';

/** /api/account: the signed-in person's own account; every route acts on that account only. */
export function accountRoutes(services: Services): Router {
  const { db } = services;
  const router = Router();
  router.use(requireUser(services));

  router.get(accountApi.get.route, async (_req, res) => {
    const account = await getAccount(db, { id: currentUser(res).id });
    // Deleted between the session check and here: as signed out.
    if (account === null) throw new AppError('unauthorized:session');
    sendJson(res, accountApi.get, { account });
  });

  return router;
}
