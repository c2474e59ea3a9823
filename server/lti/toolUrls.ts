import type { LtiToolDetails } from '#shared/api/lti';

/**
 * Where platforms reach our tool (decision 051), built from PUBLIC_URL like every link we hand
 * out, never from a request's Host. Launches and deep-linking requests share one URL: the
 * message type in the id_token tells them apart.
 */
export const LTI_PATHS = {
  jwks: '/lti/jwks',
  login: '/lti/login',
  launch: '/lti/launch',
} as const;

export function toolUrls(publicUrl: string): LtiToolDetails {
  return {
    jwksUrl: `${publicUrl}${LTI_PATHS.jwks}`,
    loginUrl: `${publicUrl}${LTI_PATHS.login}`,
    launchUrl: `${publicUrl}${LTI_PATHS.launch}`,
    deepLinkingUrl: `${publicUrl}${LTI_PATHS.launch}`,
  };
}
