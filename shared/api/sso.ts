import { z } from 'zod';
import { resource } from './endpoint';

/**
 * /api/auth/sso: single sign-on with a school's OpenID provider (decision 050). `start` and
 * `callback` are browser navigations, answered with a redirect (302), never JSON: to the
 * provider, then back into the app, or to the sign-in page with `?error=<code>` where the code
 * is one of shared/errors.ts (a catalogue sentence). An unknown provider id is a 404.
 */

export const ssoProviderSchema = z.object({
  /** The path segment of its routes, from SSO_PROVIDERS. */
  id: z.string(),
  /** The button reads "Sign in with <label>". */
  label: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoProvidersResponse = z.object({ providers: z.array(ssoProviderSchema) });

/**
 * Where to land once signed in: a path of this site. Anything else (another site, `//host`, a
 * backslash, control characters) is not refused but replaced by the home page, so a link can
 * never send a person elsewhere (server/sso/returnPath.ts).
 */
export const ssoStartQuery = z.object({
  returnTo: z.string().optional().catch(undefined),
});

/** What the provider appends (RFC 6749 §4.1.2): read by openid-client from the whole URL. */
export const ssoCallbackQuery = z.object({
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

/**
 * Where the browser goes to link: the provider's authorization URL, with its own PKCE, state
 * and nonce, made for the account signed in and bound to this browser (decision 050's
 * addendum). A POST, never a GET: a link flow begun by another site's link or image would bind
 * whoever signs in at the provider to the victim's account.
 */
export const ssoLinkResponse = z.object({ url: z.url() });

/**
 * How a link flow ends, on the account page: `?linked=<provider id>` (or `already`) on
 * success, `?error=<code>` (one of shared/errors.ts) when refused.
 */
export const SSO_LINK_RETURN_PATH = '/account';

export const ssoApi = resource('/auth/sso', {
  /** Public: the login page shows one button per provider, none when there are none. */
  providers: { method: 'GET', route: '/providers', response: ssoProvidersResponse },
  /** 302 to the provider, with PKCE (S256), state and nonce; 404 for an unknown provider. */
  start: { method: 'GET', route: '/:provider/start', query: ssoStartQuery, response: null },
  /**
   * 302 into the app signed in, or to /login?error=<code>; 404 for an unknown provider. A link
   * flow lands on the account page instead, signing no one in or out.
   */
  callback: {
    method: 'GET',
    route: '/:provider/callback',
    query: ssoCallbackQuery,
    response: null,
  },
  /**
   * Signed in, within 10 minutes of signing in (403 `forbidden:sso_link_sign_in_again`): the
   * provider's URL to send the browser to. 409 when this account is linked there already.
   */
  link: { method: 'POST', route: '/:provider/link', response: ssoLinkResponse },
  /**
   * 204: the account's identity at that provider is unlinked. 404 when it has none there; 409
   * `conflict:sso_last_sign_in` when it would leave the account no way to sign in.
   */
  unlink: { method: 'DELETE', route: '/:provider/link', response: null },
});
