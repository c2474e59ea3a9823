import { Router } from 'express';
import type { Services } from '../services';
import { LTI_PATHS } from '../lti/toolUrls';

/**
 * The LTI protocol's own endpoints (decision 051), outside /api: platforms call them, not our
 * client. GET /lti/jwks is public by design: platforms verify our signatures with it.
 */
export function ltiToolRoutes(services: Services): Router {
  const router = Router();

  router.get(LTI_PATHS.jwks, async (_req, res) => {
    const jwks = await services.ltiKeys.publicJwks();
    // A replaced key stays published for days, so platforms may keep a copy for an hour.
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/jwk-set+json').send(JSON.stringify(jwks));
  });

  return router;
}
