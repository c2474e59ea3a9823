import { Router, type Response } from 'express';
import { ltiApi } from '#shared/api/lti';
import { isCallableUrl, LTI_LIMITS } from '#shared/lti';
import { LTI_TEXT } from '#shared/text';
import { currentUser, requireUser } from '../auth/guard';
import {
  deletePlatform,
  listPlatforms,
  ownsPlatform,
  registerPlatform,
  updatePlatform,
} from '../db/ltiPlatforms';
import { toolUrls } from '../lti/toolUrls';
import { teachesCohort } from '../db/cohorts';
import { listFailedPassbacks, retryFailedPassback } from '../db/ltiPassbacks';
import { getCohortContext } from '../db/ltiContexts';
import { getPlatformById } from '../db/ltiPlatforms';
import { syncRoster } from '../lti/rosterSync';
import { LtiServiceError, ServiceTokenClient } from '../lti/serviceToken';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { idOr404, parseInput } from '../http/validate';
import type { Services } from '../services';

/**
 * An organisation's LMS registrations (decision 051), for its trainer only: anyone else's
 * organisation or registration is not found, checked before the body is read.
 */
export function ltiRegistrationRoutes(services: Services): Router {
  const { db, config } = services;
  const router = Router();
  router.use(requireUser(services));

  const trainerOf = (res: Response) => currentUser(res).id;
  const tokens = new ServiceTokenClient({ fetch: services.ltiHttp.fetch });

  /**
   * Our server calls these URLs: over https only, unless the operator allows http; and the two
   * it fetches itself (the keyset and the token URL) must name public addresses (the fetch
   * checks again each time, since DNS can change). The authentication URL is only where the
   * browser is sent, so a school's intranet address is fine there.
   */
  const checkCallable = async (input: { authUrl: string; jwksUrl: string; tokenUrl: string }) => {
    const urls = [input.authUrl, input.jwksUrl, input.tokenUrl];
    if (!urls.every((url) => isCallableUrl(url, config.lti.allowHttp)))
      throw new AppError('bad_request:lti_https');
    const fetched = [
      [input.jwksUrl, LTI_TEXT.platformJwksUrl],
      [input.tokenUrl, LTI_TEXT.tokenUrl],
    ] as const;
    for (const [url, field] of fetched) {
      const refused = await services.ltiHttp.refusedAddress(url);
      if (refused !== null) {
        services.logger.info('lti.platform_address_refused', { url, address: refused });
        throw new AppError('bad_request:lti_address', LTI_TEXT.privateAddress(field));
      }
    }
  };

  router.get(ltiApi.setup.route, async (req, res) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const platforms = await listPlatforms(db, { trainerId: trainerOf(res), organisationId });
    if (platforms === null) throw new AppError('not_found:organisation');
    sendJson(res, ltiApi.setup, { tool: toolUrls(config.mail.publicUrl), platforms });
  });

  router.post(ltiApi.registerPlatform.route, async (req, res) => {
    const organisationId = idOr404(req.params.id, 'not_found:organisation');
    const trainerId = trainerOf(res);
    if ((await listPlatforms(db, { trainerId, organisationId })) === null)
      throw new AppError('not_found:organisation');
    const input = parseInput(ltiApi.registerPlatform.body, req.body);
    await checkCallable(input);
    const result = await registerPlatform(db, {
      trainerId,
      organisationId,
      max: LTI_LIMITS.platformsPerOrganisation,
      ...input,
    });
    if (result === 'not_found') throw new AppError('not_found:organisation');
    if (result === 'taken') throw new AppError('conflict:lti_platform_taken');
    if (result === 'limit')
      throw new AppError(
        'limit:lti_platforms',
        LTI_TEXT.platformLimit(LTI_LIMITS.platformsPerOrganisation),
      );
    sendJson(res, ltiApi.registerPlatform, result, 201);
  });

  router.post(ltiApi.updatePlatform.route, async (req, res) => {
    const platformId = idOr404(req.params.id, 'not_found:lti_platform');
    const trainerId = trainerOf(res);
    if (!(await ownsPlatform(db, { trainerId, platformId })))
      throw new AppError('not_found:lti_platform');
    const input = parseInput(ltiApi.updatePlatform.body, req.body);
    await checkCallable(input);
    const platform = await updatePlatform(db, { trainerId, platformId, ...input });
    if (platform === null) throw new AppError('not_found:lti_platform');
    sendJson(res, ltiApi.updatePlatform, platform);
  });

  router.delete(ltiApi.deletePlatform.route, async (req, res) => {
    const platformId = idOr404(req.params.id, 'not_found:lti_platform');
    if (!(await deletePlatform(db, { trainerId: trainerOf(res), platformId })))
      throw new AppError('not_found:lti_platform');
    res.status(204).end();
  });

  router.get(ltiApi.failedPassbacks.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const passbacks = await listFailedPassbacks(db, { trainerId: trainerOf(res), cohortId });
    if (passbacks === null) throw new AppError('not_found:cohort');
    sendJson(res, ltiApi.failedPassbacks, { passbacks });
  });

  router.post(ltiApi.resendPassback.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const trainerId = trainerOf(res);
    // The cohort's work: its trainer or a co-instructor of it (decision 052).
    if (!(await teachesCohort(db, { userId: trainerId, cohortId })))
      throw new AppError('not_found:cohort');
    const input = parseInput(ltiApi.resendPassback.body, req.body);
    if (!(await retryFailedPassback(db, { trainerId, cohortId, ...input })))
      throw new AppError('not_found:lti_passback');
    services.ltiPassbacks.runOnce().catch((error: unknown) => {
      services.logger.warn('lti.passbacks_failed', { error });
    });
    res.status(204).end();
  });

  router.post(ltiApi.syncRoster.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const trainerId = trainerOf(res);
    if (!(await teachesCohort(db, { userId: trainerId, cohortId })))
      throw new AppError('not_found:cohort');
    const context = await getCohortContext(db, { trainerId, cohortId });
    const platform = context && (await getPlatformById(db, { platformId: context.platformId }));
    if (!context?.membershipsUrl || !platform) throw new AppError('conflict:lti_no_roster');
    try {
      const counts = await syncRoster(
        { db, keys: services.ltiKeys, tokens },
        { cohortId, platform, membershipsUrl: context.membershipsUrl },
      );
      services.logger.info('lti.roster_synced', { cohortId, ...counts });
      sendJson(res, ltiApi.syncRoster, counts);
    } catch (error) {
      if (!(error instanceof LtiServiceError)) throw error;
      services.logger.warn('lti.roster_failed', { cohortId, reason: error.reason, error });
      throw new AppError('bad_gateway:lti_roster');
    }
  });

  return router;
}
