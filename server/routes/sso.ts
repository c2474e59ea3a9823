import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { Router, type Request, type Response } from 'express';
import * as client from 'openid-client';
import { ssoApi } from '#shared/api/sso';
import type { ErrorCode } from '#shared/errors';
import { generateSignInToken } from '../auth/signIns';
import { startSignIn } from '../auth/startSignIn';
import { insertSsoLogin, takeSsoLogin } from '../db/ssoLogins';
import { readCookie } from '../http/cookies';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { accountForIdentity } from '../sso/ssoAccounts';
import type { SsoProviderConfig } from '../sso/ssoConfig';
import { safeReturnPath } from '../sso/returnPath';

/** The browser's half of a sign-in on its way: only on the SSO routes, gone after 10 minutes. */
export const SSO_COOKIE = 'chairtalk_sso';
const COOKIE_PATH = '/api/auth/sso';
/** Time to sign in at the provider (a password, perhaps a second factor) and come back. */
export const SSO_LOGIN_MS = 10 * 60_000;
const SCOPES = 'openid email profile';

const hashOf = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

/**
 * Single sign-on with the school's OpenID provider (decision 050): openid-client's
 * authorization code flow with PKCE (S256), state and nonce. The sign-in on its way lives in
 * PostgreSQL (sso_logins: any instance may take the callback), bound to the browser by a
 * short-lived HttpOnly cookie. Every failure lands on the sign-in page with an error code.
 */
export function ssoRoutes(services: Services): Router {
  const { db, config, logger, sso } = services;
  const router = Router();

  const providerOf = (req: Request): SsoProviderConfig => {
    const provider = sso.get(String(req.params.provider ?? ''));
    if (!provider) throw new AppError('not_found:sso_provider');
    return provider;
  };

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    path: COOKIE_PATH,
  };
  const toSignInPage = (res: Response, code: ErrorCode) => {
    res.redirect(302, `/login?error=${encodeURIComponent(code)}`);
  };

  router.get(ssoApi.providers.route, (_req, res) => {
    sendJson(res, ssoApi.providers, { providers: sso.list() });
  });

  router.get(ssoApi.start.route, async (req, res) => {
    const provider = providerOf(req);
    const { returnTo } = parseInput(ssoApi.start.query, req.query);
    let configuration: client.Configuration;
    try {
      configuration = await sso.configuration(provider);
    } catch {
      toSignInPage(res, 'unavailable:sso_provider');
      return;
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserToken = generateSignInToken();
    await insertSsoLogin(db, {
      id: hashOf(state),
      browserHash: hashOf(browserToken),
      provider: provider.id,
      nonce,
      codeVerifier,
      returnPath: safeReturnPath(returnTo),
      expiresAt: new Date(Date.now() + SSO_LOGIN_MS),
    });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: sso.redirectUri(provider),
      scope: SCOPES,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.cookie(SSO_COOKIE, browserToken, { ...cookieOptions, maxAge: SSO_LOGIN_MS });
    res.redirect(302, url.href);
  });

  router.get(ssoApi.callback.route, async (req, res) => {
    const provider = providerOf(req);
    const query = parseInput(ssoApi.callback.query, req.query);
    const browserToken = readCookie(req.headers.cookie, SSO_COOKIE);
    // Used or not, the browser's half is done with.
    res.clearCookie(SSO_COOKIE, cookieOptions);
    if (query.state === undefined || browserToken === null) {
      toSignInPage(res, 'bad_request:sso_state');
      return;
    }
    const login = await takeSsoLogin(db, { id: hashOf(query.state) });
    if (
      login === null ||
      login.provider !== provider.id ||
      login.browserHash !== hashOf(browserToken) ||
      login.expiresAt.getTime() <= Date.now()
    ) {
      toSignInPage(res, 'bad_request:sso_state');
      return;
    }
    if (query.error !== undefined) {
      logger.info('sso.refused', { provider: provider.id, error: query.error.slice(0, 100) });
      toSignInPage(res, 'unauthorized:sso_refused');
      return;
    }
    let configuration: client.Configuration;
    try {
      configuration = await sso.configuration(provider);
    } catch {
      toSignInPage(res, 'unavailable:sso_provider');
      return;
    }
    // The URL the provider sent the browser to, on PUBLIC_URL (never the request's Host).
    const currentUrl = new URL(sso.redirectUri(provider));
    currentUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
    let claims: Record<string, unknown> & { iss: string; sub: string };
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedNonce: login.nonce,
        expectedState: query.state,
        idTokenExpected: true,
      });
      const verified = tokens.claims();
      if (!verified) throw new Error('no id_token');
      claims = verified;
      // Many providers keep the address and name for the userinfo endpoint when an access
      // token is issued; its answer must be about the same subject (openid-client checks).
      if (verified.email === undefined) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, verified.sub);
        claims = { ...info, iss: verified.iss, sub: verified.sub };
      }
    } catch (error) {
      logger.warn('sso.grant_failed', { provider: provider.id, error });
      toSignInPage(res, 'unauthorized:sso_failed');
      return;
    }
    let user;
    try {
      const found = await accountForIdentity(db, {
        issuer: claims.iss,
        subject: claims.sub,
        claims,
        trustedDomains: provider.trustedDomains,
      });
      user = found.user;
      // A claimed account's earlier sessions are gone: this instance forgets them at once too.
      if (found.claimed) services.signInCache.deleteUser(user.id);
    } catch (error) {
      if (error instanceof AppError) {
        toSignInPage(res, error.code);
        return;
      }
      throw error;
    }
    await startSignIn({ db, config }, res, user.id);
    res.redirect(302, login.returnPath);
  });

  return router;
}
