import express, { Router, type Request, type Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { LtiLaunchFailure } from '#shared/lti';
import { createSignIn, SESSION_COOKIE, validateSignInToken } from '../auth/signIns';
import {
  insertLaunchHandoff,
  insertLoginTransaction,
  takeLaunchHandoff,
  takeLoginTransaction,
  useNonce,
} from '../db/ltiLogins';
import { findPlatform, findPlatformsByIssuer, getPlatformById } from '../db/ltiPlatforms';
import { readCookie, setSignInCookie } from '../http/cookies';
import { launchMessageSchema } from '../lti/claims';
import { finishLaunch } from '../lti/launchFlow';
import { syncRoster } from '../lti/rosterSync';
import { ServiceTokenClient } from '../lti/serviceToken';
import { getContextOfCohort } from '../db/ltiContexts';
import { LTI_PATHS, toolUrls } from '../lti/toolUrls';
import { verifyLaunchToken } from '../lti/verifyLaunch';
import type { Services } from '../services';

/**
 * The LTI protocol's own endpoints (decision 051), outside /api: platforms and the browsers
 * they send call them, not our client, so they take form posts from other sites. Every refusal
 * is a redirect to the launch-failed page with a reason, never an error status.
 *
 * - GET /lti/jwks: our public keyset (public by design).
 * - GET or POST /lti/login: third-party-initiated login. Stores the login (hashed state,
 *   nonce) in the database, sets a SameSite=Lax cookie holding the state, and sends the
 *   browser to the platform's authentication endpoint.
 * - POST /lti/launch: the platform's form post of the id_token. A cross-site POST carries no
 *   Lax cookie, so the login is checked here by its state (taken once) and the token verified,
 *   then the browser is sent on (303) to GET /lti/launch/continue with a one-use code.
 * - GET /lti/launch/continue: a top-level GET, which carries our Lax cookies: the login's
 *   cookie must hold the state of the launch (the same browser began and ends it), and the
 *   session cookie says who is signed in here already. Then the launch is carried out.
 */

const LOGIN_MS = 10 * 60_000;
const HANDOFF_MS = 2 * 60_000;

const loginParams = z.object({
  iss: z.string().min(1).max(2000),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().min(1).max(255).optional(),
  lti_deployment_id: z.string().min(1).max(255).optional(),
});

const launchForm = z.object({
  id_token: z.string().min(1).max(32_000),
  state: z.string().min(1).max(200),
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');
/** One cookie per login in flight (two tabs may launch at once), scoped to /lti. */
const stateCookie = (stateHash: string) => `chairtalk_lti_${stateHash.slice(0, 16)}`;

export function ltiToolRoutes(services: Services): Router {
  const { db, config, logger } = services;
  const router = Router();
  const urls = toolUrls(config.mail.publicUrl);
  const tokens = new ServiceTokenClient({ fetch: services.ltiHttp.fetch });
  const forms = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 20 });

  const refuse = (res: Response, reason: LtiLaunchFailure, detail: string) => {
    logger.warn('lti.launch_refused', { reason, detail });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `/lti/launch-failed?reason=${reason}`);
  };

  /** A failure of ours mid-launch is a page too, never an error status. */
  const guarded =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response) => {
      try {
        await handler(req, res);
      } catch (error) {
        logger.error('lti.launch_failed', { path: req.path, error });
        if (!res.headersSent) refuse(res, 'unavailable', 'error');
      }
    };

  router.get(LTI_PATHS.jwks, async (_req, res) => {
    const jwks = await services.ltiKeys.publicJwks();
    // A replaced key stays published for days, so platforms may keep a copy for an hour.
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/jwk-set+json').send(JSON.stringify(jwks));
  });

  const login = async (req: Request, res: Response) => {
    const parsed = loginParams.safeParse(req.method === 'POST' ? req.body : req.query);
    if (!parsed.success) return refuse(res, 'unknown_platform', 'login parameters');
    const params = parsed.data;
    let platform = params.client_id
      ? await findPlatform(db, { issuer: params.iss, clientId: params.client_id })
      : null;
    if (!params.client_id) {
      // Without a client id the issuer must name one registration here.
      const candidates = await findPlatformsByIssuer(db, { issuer: params.iss });
      platform = candidates.length === 1 ? candidates[0]! : null;
    }
    if (!platform) return refuse(res, 'unknown_platform', params.iss);
    if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id))
      return refuse(res, 'deployment', params.lti_deployment_id);
    // The platform may only send the person to our own launch URL.
    if (params.target_link_uri !== urls.launchUrl)
      return refuse(res, 'claims', `target_link_uri ${params.target_link_uri}`);

    const state = random(32);
    const stateHash = sha256(state);
    const nonce = random(24);
    await insertLoginTransaction(db, {
      stateHash,
      nonce,
      platformId: platform.id,
      targetLinkUri: params.target_link_uri,
      expiresAt: new Date(Date.now() + LOGIN_MS),
    });
    res.cookie(stateCookie(stateHash), state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      path: '/lti',
      maxAge: LOGIN_MS,
    });
    const auth = new URL(platform.authUrl);
    const query = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: urls.launchUrl,
      login_hint: params.login_hint,
      state,
      nonce,
      ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
    };
    for (const [name, value] of Object.entries(query)) auth.searchParams.set(name, value);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, auth.toString());
  };
  router.get(LTI_PATHS.login, guarded(login));
  router.post(LTI_PATHS.login, forms, guarded(login));

  router.post(
    LTI_PATHS.launch,
    forms,
    guarded(async (req, res) => {
      const parsed = launchForm.safeParse(req.body);
      if (!parsed.success) return refuse(res, 'state', 'no id_token or state');
      const stateHash = sha256(parsed.data.state);
      const login = await takeLoginTransaction(db, { stateHash });
      if (!login) return refuse(res, 'state', 'unknown or used state');
      if (login.expiresAt.getTime() <= Date.now()) return refuse(res, 'expired', 'login expired');
      const platform = await getPlatformById(db, { platformId: login.platformId });
      if (!platform) return refuse(res, 'unknown_platform', 'registration removed');
      const verified = await verifyLaunchToken(
        parsed.data.id_token,
        {
          issuer: platform.issuer,
          clientId: platform.clientId,
          jwksUrl: platform.jwksUrl,
          nonce: login.nonce,
          deploymentIds: platform.deploymentIds,
        },
        services.ltiHttp.fetch,
      );
      if (!verified.ok) return refuse(res, verified.reason, verified.detail);
      const fresh = await useNonce(db, {
        platformId: platform.id,
        nonce: verified.message.nonce,
        expiresAt: new Date(verified.message.exp * 1000),
      });
      if (!fresh) return refuse(res, 'replayed', 'nonce used before');
      const code = random(32);
      await insertLaunchHandoff(db, {
        codeHash: sha256(code),
        stateHash,
        platformId: platform.id,
        message: verified.message,
        expiresAt: new Date(Date.now() + HANDOFF_MS),
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, `${LTI_PATHS.launch}/continue?code=${code}`);
    }),
  );

  router.get(
    `${LTI_PATHS.launch}/continue`,
    guarded(async (req, res) => {
      const code = typeof req.query.code === 'string' ? req.query.code : '';
      const handoff =
        code.length > 0 ? await takeLaunchHandoff(db, { codeHash: sha256(code) }) : null;
      if (!handoff) return refuse(res, 'state', 'unknown or used launch code');
      if (handoff.expiresAt.getTime() <= Date.now())
        return refuse(res, 'expired', 'handoff expired');
      const cookieName = stateCookie(handoff.stateHash);
      const state = readCookie(req.headers.cookie, cookieName);
      res.clearCookie(cookieName, { path: '/lti' });
      if (state === null || sha256(state) !== handoff.stateHash)
        return refuse(res, 'cookie', 'login cookie missing or not this launch’s');
      const platform = await getPlatformById(db, { platformId: handoff.platformId });
      const message = launchMessageSchema.safeParse(handoff.message);
      if (!platform || !message.success)
        return refuse(res, 'unknown_platform', 'registration gone');

      const sessionToken = readCookie(req.headers.cookie, SESSION_COOKIE);
      const session = sessionToken
        ? await validateSignInToken(db, { token: sessionToken, days: config.signInDays })
        : null;
      const outcome = await finishLaunch(db, {
        platform,
        message: message.data,
        signedInUserId: session?.user.id ?? null,
        maxCohorts: config.organisations.cohortsPerOrganisation,
      });
      if (!outcome.ok) return refuse(res, outcome.reason, 'launch not carried out');
      // Signed in as after a password: a new session, unless this browser is that account already.
      if (session?.user.id !== outcome.userId) {
        const { token, expiresAt } = await createSignIn(db, {
          userId: outcome.userId,
          days: config.signInDays,
        });
        setSignInCookie(res, {
          name: SESSION_COOKIE,
          token,
          expiresAt,
          secure: config.cookieSecure,
        });
      }
      logger.info('lti.launched', {
        platformId: platform.id,
        cohortId: outcome.cohortId,
        instructor: outcome.instructor,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, outcome.redirect);
      // An instructor's launch also brings the cohort's roster up to date: after the answer,
      // best effort, never failing the launch (the trainer can sync by hand).
      if (outcome.instructor) {
        void (async () => {
          const context = await getContextOfCohort(db, { cohortId: outcome.cohortId });
          if (!context?.membershipsUrl) return;
          const counts = await syncRoster(
            { db, keys: services.ltiKeys, tokens },
            {
              cohortId: outcome.cohortId,
              platform,
              membershipsUrl: context.membershipsUrl,
              launcherId: outcome.userId,
            },
          );
          logger.info('lti.roster_synced', { cohortId: outcome.cohortId, ...counts });
        })().catch((error: unknown) => {
          logger.warn('lti.roster_failed', { cohortId: outcome.cohortId, error });
        });
      }
    }),
  );

  return router;
}
