import { Router } from 'express';
import { organisationsApi } from '#shared/api/organisations';
import { currentUser, requireUser } from '../auth/guard';
import { listOidcIssuers } from '../db/oidcIdentities';
import { runsOrganisation, setPasswordSignIn } from '../db/passwordSignIn';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { idOr404, parseInput } from '../http/validate';
import type { Services } from '../services';
import { normalIssuer } from '../sso/providers';

/**
 * An organisation's password sign-in (decision 050), set by its trainer. Turned off, its people
 * use the school's provider only; the trainer may do so only with a sign-in there of their own
 * (a provider this server still has), or they would lock themselves out with the rest.
 */
export function passwordSignInRoutes(services: Services): Router {
  const { db, sso } = services;
  const router = Router();

  router.post(organisationsApi.passwordSignIn.route, requireUser(services), async (req, res) => {
    const organisationId = idOr404(String(req.params.id), 'not_found:organisation');
    const trainerId = currentUser(res).id;
    // Another's organisation is a 404 whatever was sent.
    if (!(await runsOrganisation(db, { trainerId, organisationId }))) {
      throw new AppError('not_found:organisation');
    }
    const { allowed } = parseInput(organisationsApi.passwordSignIn.body, req.body);
    if (!allowed) {
      const configured = sso.issuers();
      if (configured.size === 0) throw new AppError('conflict:sso_not_configured');
      const own = await listOidcIssuers(db, { userId: trainerId });
      if (!own.some(({ issuer }) => configured.has(normalIssuer(issuer)))) {
        throw new AppError('conflict:sso_identity_required');
      }
    }
    const org = await setPasswordSignIn(db, { trainerId, organisationId, allowed });
    if (!org) throw new AppError('not_found:organisation');
    sendJson(res, organisationsApi.passwordSignIn, org);
  });

  return router;
}
