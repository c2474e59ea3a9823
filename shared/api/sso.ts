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

export const ssoApi = resource('/auth/sso', {
  /** Public: the login page shows one button per provider, none when there are none. */
  providers: { method: 'GET', route: '/providers', response: ssoProvidersResponse },
  /** 302 to the provider, with PKCE (S256), state and nonce; 404 for an unknown provider. */
  start: { method: 'GET', route: '/:provider/start', query: ssoStartQuery, response: null },
  /** 302 into the app signed in, or to /login?error=<code>; 404 for an unknown provider. */
  callback: {
    method: 'GET',
    route: '/:provider/callback',
    query: ssoCallbackQuery,
    response: null,
  },
});
