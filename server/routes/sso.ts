import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { Router, type Request, type Response } from 'express';
import * as client from 'openid-client';
import { SSO_LINK_RETURN_PATH, ssoApi } from '#shared/api/sso';
import type { ErrorCode } from '#shared/errors';
import { RECENT_SIGN_IN_SECONDS } from '../auth/currentPassword';
import { currentUser, requireUser, userFromRequest } from '../auth/guard';
import { generateSignInToken, SESSION_COOKIE, signInIdFromToken } from '../auth/signIns';
import { startSignIn } from '../auth/startSignIn';
import { signedInWithin } from '../db/signIns';
import { insertSsoLogin, takeSsoLogin, type SsoLoginIntent } from '../db/ssoLogins';
import { readCookie } from '../http/cookies';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { accountForIdentity } from '../sso/ssoAccounts';
import { linkIdentityToAccount, unlinkProvider } from '../sso/ssoLinks';
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
  /** The end of a link flow: the account page, with what happened in its query. */
  const toAccountPage = (
    res: Response,
    notice: { error: ErrorCode } | { linked: string } | { already: string },
  ) => {
    res.redirect(302, `${SSO_LINK_RETURN_PATH}?${new URLSearchParams(notice).toString()}`);
  };

  router.get(ssoApi.providers.route, (_req, res) => {
    sendJson(res, ssoApi.providers, { providers: sso.list() });
  });

  /**
   * A flow through the provider: state, nonce and PKCE verifier stored under the state's hash,
   * bound to this browser by the cookie set here. Answers the provider's URL to send it to.
   */
  const beginFlow = async (
    res: Response,
    provider: SsoProviderConfig,
    configuration: client.Configuration,
    flow: SsoLoginIntent & { returnPath: string },
  ): Promise<URL> => {
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserToken = generateSignInToken();
    await insertSsoLogin(db, {
      ...flow,
      id: hashOf(state),
      browserHash: hashOf(browserToken),
      provider: provider.id,
      nonce,
      codeVerifier,
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
    return url;
  };

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
    // Always a sign-in: whatever a link or a query says, a GET never starts a link flow.
    const url = await beginFlow(res, provider, configuration, {
      intent: 'sign_in',
      userId: null,
      returnPath: safeReturnPath(returnTo),
    });
    res.redirect(302, url.href);
  });

  // Linking a school identity to the account signed in (decision 050's addendum): a POST, so
  // the app's Origin check and the session cookie's SameSite=Lax both stand between another
  // site and a link flow begun in a victim's browser.
  router.post(ssoApi.link.route, requireUser(services), async (req, res) => {
    const me = currentUser(res);
    const provider = providerOf(req);
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    // requireUser found this session by its cookie a moment ago.
    if (token === null) throw new AppError('unauthorized:session');
    // Linking adds a way into the account that outlives a password change: a session left
    // open (or stolen) must not be enough, so it must have signed in within 10 minutes.
    const recent = await signedInWithin(db, {
      id: signInIdFromToken(token),
      seconds: RECENT_SIGN_IN_SECONDS,
    });
    if (!recent) throw new AppError('forbidden:sso_link_sign_in_again');
    let configuration: client.Configuration;
    try {
      configuration = await sso.configuration(provider);
    } catch {
      throw new AppError('unavailable:sso_provider');
    }
    const url = await beginFlow(res, provider, configuration, {
      intent: 'link',
      userId: me.id,
      returnPath: SSO_LINK_RETURN_PATH,
    });
    sendJson(res, ssoApi.link, { url: url.href });
  });

  router.delete(ssoApi.unlink.route, requireUser(services), async (req, res) => {
    const me = currentUser(res);
    const provider = providerOf(req);
    await unlinkProvider(
      { db, configuredIssuers: sso.issuers() },
      { userId: me.id, issuer: provider.issuer },
    );
    res.status(204).end();
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
    // A link flow ends on the account page, and only where the account that began it is the
    // one still signed in in this browser: another person signed in since must not have it.
    const linking = login.intent === 'link';
    const refuse = (code: ErrorCode) =>
      linking ? toAccountPage(res, { error: code }) : toSignInPage(res, code);
    if (linking) {
      const signedIn = await userFromRequest(services, req);
      if (signedIn === null) {
        toSignInPage(res, 'forbidden:sso_link_session');
        return;
      }
      if (signedIn.id !== login.userId) {
        refuse('forbidden:sso_link_session');
        return;
      }
    }
    if (query.error !== undefined) {
      logger.info('sso.refused', { provider: provider.id, error: query.error.slice(0, 100) });
      // Linking signs nobody in, so it has its own sentence; sign-in keeps "did not sign you in".
      refuse(linking ? 'unauthorized:sso_link_refused' : 'unauthorized:sso_refused');
      return;
    }
    let configuration: client.Configuration;
    try {
      configuration = await sso.configuration(provider);
    } catch {
      refuse('unavailable:sso_provider');
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
      refuse('unauthorized:sso_failed');
      return;
    }
    if (login.intent === 'link') {
      // Both sides proved in this one flow: the account here, the identity at the provider.
      // The address the provider gives does not matter, and nobody is signed in or out.
      try {
        const outcome = await linkIdentityToAccount(db, {
          issuer: claims.iss,
          subject: claims.sub,
          userId: login.userId,
        });
        logger.info('sso.linked', { provider: provider.id, userId: login.userId, outcome });
        toAccountPage(
          res,
          outcome === 'linked' ? { linked: provider.id } : { already: provider.id },
        );
      } catch (error) {
        if (error instanceof AppError) {
          refuse(error.code);
          return;
        }
        throw error;
      }
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
