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
