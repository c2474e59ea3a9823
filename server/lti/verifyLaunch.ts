import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { LtiLaunchFailure } from '#shared/lti';
import { LTI_CLAIM, launchMessageSchema, type LaunchMessage } from './claims';
import type { PlatformFetch } from './platformFetch';

/**
 * An id_token from a platform, checked (decision 051): signed by a key of the platform's JWKS
 * (jose, RS256 only), issued by the registered issuer for our client id (an `aud` list must
 * name us, and then `azp` must be us), in time, carrying the nonce of this login, from a
 * registered deployment, and an LTI 1.3.0 message we take. The first failure names the
 * launch-failed page's reason; nothing of the token reaches the browser.
 */

export type VerifyResult =
  { ok: true; message: LaunchMessage } | { ok: false; reason: LtiLaunchFailure; detail: string };

/**
 * One keyset per JWKS URL, kept by jose with its own cache and cooldown, per platform client
 * (a test process runs servers with and without the address guard side by side).
 */
const keySets = new WeakMap<PlatformFetch, Map<string, JWTVerifyGetKey>>();

function keySetOf(jwksUrl: string, fetch: PlatformFetch): JWTVerifyGetKey {
  let byUrl = keySets.get(fetch);
  if (!byUrl) keySets.set(fetch, (byUrl = new Map()));
  let keySet = byUrl.get(jwksUrl);
  if (!keySet) {
    // Fetched through the platform client, so the keyset is held to public addresses too; a
    // refusal is not a JOSEError, so the launch fails as `unavailable`, as when unreachable.
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, [customFetch]: fetch });
    byUrl.set(jwksUrl, keySet);
  }
  return keySet;
}

export async function verifyLaunchToken(
  idToken: string,
  expected: {
    issuer: string;
    clientId: string;
    jwksUrl: string;
    nonce: string;
    deploymentIds: readonly string[];
  },
  fetch: PlatformFetch,
): Promise<VerifyResult> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keySetOf(expected.jwksUrl, fetch), {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
      clockTolerance: 60,
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', detail };
    if (
      error instanceof errors.JWTClaimValidationFailed &&
      error.claim !== 'iss' &&
      error.claim !== 'aud'
    )
      return { ok: false, reason: 'claims', detail };
    if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout))
      return { ok: false, reason: 'signature', detail };
    return { ok: false, reason: 'unavailable', detail };
  }
  // Several audiences: the token must say it was issued to us (OIDC Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId)
    return { ok: false, reason: 'signature', detail: 'azp is not our client id' };
  if (payload.azp !== undefined && payload.azp !== expected.clientId)
    return { ok: false, reason: 'signature', detail: 'azp is not our client id' };
  if (payload.nonce !== expected.nonce)
    return { ok: false, reason: 'replayed', detail: 'nonce is not this login’s' };
  const deploymentId = payload[LTI_CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !expected.deploymentIds.includes(deploymentId))
    return { ok: false, reason: 'deployment', detail: `deployment ${String(deploymentId)}` };
  const parsed = launchMessageSchema.safeParse(payload);
  if (!parsed.success)
    return { ok: false, reason: 'claims', detail: parsed.error.issues[0]?.message ?? 'claims' };
  return { ok: true, message: parsed.data };
}
