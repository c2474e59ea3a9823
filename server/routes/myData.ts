import { Router } from 'express';
import { conversationDeletionApi, myDataApi } from '#shared/api/myData';
import { uuidSchema } from '#shared/inputChecks';
import { MY_DATA_TEXT } from '#shared/text';
import { writeDataArchive } from '../account/dataArchive';
import { confirmAccountOwner } from '../auth/currentPassword';
import { currentUser, requireUser } from '../auth/guard';
import { SESSION_COOKIE, signInIdFromToken } from '../auth/signIns';
import { deleteAccountData } from '../db/accountDeletion';
import { deleteEndedConversation } from '../db/conversationDeletion';
import { claimDataExport, releaseDataExport, renewDataExport } from '../db/dataExportClaims';
import { getKeepRecordings, setKeepRecordings } from '../db/recordingConsent';
import { clearSignInCookie, readCookie } from '../http/cookies';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';

/**
 * How long an archive's claim outlives its instance: renewed every EXPORT_RENEW_MS while the
 * archive is written, so only an instance that died leaves it, and then for under a minute.
 */
const EXPORT_LEASE_SECONDS = 60;
const EXPORT_RENEW_MS = 20_000;

/**
 * /api/account: "Your data, yours to take or delete" (decision 045). Every route acts on the
 * signed-in account only: download it all, the recordings setting, delete the account.
 */
export function myDataRoutes(services: Services): Router {
  const { db, config, logger } = services;
  const router = Router();
  router.use(requireUser(services));
  router.get(myDataApi.export.route, async (_req, res) => {
    const userId = currentUser(res).id;
    // One archive at a time per account, on any instance (migration 0026): a second click while
    // the first is being made would read (and send) everything twice.
    const token = await claimDataExport(db, { userId, leaseSeconds: EXPORT_LEASE_SECONDS });
    if (token === null) throw new AppError('conflict:export_running');
    const renewal = setInterval(() => {
      void renewDataExport(db, { userId, token, leaseSeconds: EXPORT_LEASE_SECONDS }).catch(
        (error: unknown) => logger.warn('account.export_claim_not_renewed', { userId, error }),
      );
    }, EXPORT_RENEW_MS);
    try {
      const date = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${MY_DATA_TEXT.exportFileName(date)}"`,
      );
      try {
        await writeDataArchive({ db, audio: services.audio, userId, out: res });
      } catch (error) {
        // Part of the archive may have gone out already: a cut connection is the only honest
        // answer (the browser reports a failed download, never a truncated file as done).
        logger.error('account.export_failed', { userId, error });
        if (!res.headersSent) throw error;
        res.destroy();
      }
    } finally {
      clearInterval(renewal);
      await releaseDataExport(db, { userId, token }).catch((error: unknown) =>
        logger.warn('account.export_claim_not_released', { userId, error }),
      );
    }
  });

  router.get(myDataApi.recordings.route, async (_req, res) => {
    const keepRecordings = await getKeepRecordings(db, { userId: currentUser(res).id });
    if (keepRecordings === null) throw new AppError('unauthorized:session');
    sendJson(res, myDataApi.recordings, {
      recordings: { keepRecordings, retentionDays: config.audio.retentionDays },
    });
  });

  router.post(myDataApi.setRecordings.route, async (req, res) => {
    const input = parseInput(myDataApi.setRecordings.body, req.body);
    await setKeepRecordings(db, { userId: currentUser(res).id, keep: input.keepRecordings });
    sendJson(res, myDataApi.setRecordings, {
      recordings: {
        keepRecordings: input.keepRecordings,
        retentionDays: config.audio.retentionDays,
      },
    });
  });

  router.delete(myDataApi.delete.route, async (req, res) => {
    const input = parseInput(myDataApi.delete.body, req.body);
    const me = currentUser(res);
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    // requireUser found this session by its cookie a moment ago.
    if (!token) throw new AppError('unauthorized:session');
    await confirmAccountOwner(services, req, {
      userId: me.id,
      signInId: signInIdFromToken(token),
      password: input.password,
    });
    const deleted = await deleteAccountData(db, { userId: me.id });
    if (!deleted) throw new AppError('unauthorized:session');
    // Committed: every sign-in of the account is gone with it; this instance's cache follows,
    // open sockets hear their conversation has ended, and files go from the audio folder.
    services.signInCache.deleteUser(me.id);
    for (const id of deleted.openConversationIds) services.conversationEnds.ended(id);
    services.scenarioStamps.forgetAll();
    await services.audio.removeFiles(deleted.audioPaths, { userId: me.id });
    logger.info('account.deleted', { userId: me.id });
    clearSignInCookie(res, { name: SESSION_COOKIE, secure: config.cookieSecure });
    res.status(204).end();
  });

  return router;
}

/** DELETE /api/conversations/:id: one of the user's ended conversations, for good. */
export function conversationDeletionRoutes(services: Services): Router {
  const { db } = services;
  const router = Router();
  router.use(requireUser(services));

  router.delete(conversationDeletionApi.delete.route, async (req, res) => {
    const id = uuidSchema.safeParse(req.params.id);
    if (!id.success) throw new AppError('not_found:conversation');
    const result = await deleteEndedConversation(db, {
      id: id.data,
      userId: currentUser(res).id,
    });
    if (!result.deleted) {
      throw new AppError(
        result.reason === 'open' ? 'conflict:conversation_open' : 'not_found:conversation',
      );
    }
    await services.audio.removeFiles(result.audioPaths);
    res.status(204).end();
  });

  return router;
}
