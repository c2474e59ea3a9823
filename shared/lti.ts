/**
 * LTI 1.3 rules both sides read (decision 051): how many registrations an organisation holds,
 * and how a pasted list of deployment ids is read.
 */

export const LTI_LIMITS = {
  /** Platform registrations one organisation holds (a school seldom has more than a few LMSs). */
  platformsPerOrganisation: 10,
  /** Deployment ids one registration lists. */
  deploymentsPerPlatform: 20,
} as const;

/** A deployment id list as pasted: split on commas and white space, blanks and repeats dropped. */
export function readDeploymentIds(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((part) => part.length > 0))];
}

/** Whether a URL may be called by our server: https, or http when the operator allows it. */
export function isCallableUrl(url: string, allowHttp: boolean): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    return parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
  } catch {
    return false;
  }
}

/**
 * Why a launch from an LMS was refused (decision 051): the server sends the browser to the
 * launch-failed page with one of these, and the page says it in a sentence. Nothing else of
 * the launch reaches the page.
 */
export const LTI_LAUNCH_FAILURES = [
  /** No registration for this issuer and client id (or the login named neither well). */
  'unknown_platform',
  /** The state is unknown, used or altered: a launch this browser did not begin here. */
  'state',
  /** The login took too long, or the id_token has expired. */
  'expired',
  /** The id_token is not signed by the platform's key, or names another issuer or audience. */
  'signature',
  /** The nonce was used before: a replayed launch. */
  'replayed',
  /** The deployment id is not registered for this platform. */
  'deployment',
  /** Not an LTI 1.3 launch we take (message type, version, missing claims). */
  'claims',
  /** This browser did not keep the cookie the login set (a blocked cookie, another browser). */
  'cookie',
  /** The launch names no course. */
  'no_course',
  /**
   * An instructor who is a current trainee of the course's cohort: nobody both teaches and is
   * taught in one cohort (decision 052), and a launch ends no membership.
   */
  'trainee_of_course',
  /** A link in the course that opens no assignment of this course. */
  'unknown_link',
  /** The organisation has as many cohorts as it may. */
  'limit',
  /** A deep-linking request from a platform that takes no LTI resource links (decision 051). */
  'deep_link_types',
  /** Our side could not finish the launch. */
  'unavailable',
] as const;
export type LtiLaunchFailure = (typeof LTI_LAUNCH_FAILURES)[number];

export function isLaunchFailure(value: unknown): value is LtiLaunchFailure {
  return (LTI_LAUNCH_FAILURES as readonly unknown[]).includes(value);
}
