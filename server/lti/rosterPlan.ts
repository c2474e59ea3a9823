import { LTI_ROLE, type Membership } from './claims';
import { teaches } from './launchFlow';

/**
 * Names and Roles Provisioning (decision 051): what a course's roster means for its cohort.
 * Pure, so the rules are a table test; the caller fetches the roster and writes the result.
 */

/** A current member of the cohort linked to this platform: their account and LMS `sub`. */
export interface LinkedMember {
  userId: string;
  subject: string;
}

export interface RosterPlan {
  /** Active learners who are not current members: they join (an account found or made). */
  join: Membership[];
  /** LTI-linked members the course no longer lists as active: their period ends. */
  leave: LinkedMember[];
  /** LTI-linked members the course lists as active learners. */
  stay: LinkedMember[];
}

const LEARNER_SUB_ROLE = `${LTI_ROLE.learner.replace('#Learner', '/Learner')}#`;

/** Learners (any Learner sub-role) who do not also teach: teachers are never made trainees. */
export function learns(roles: readonly string[]): boolean {
  const learner = roles.some(
    (role) => role === LTI_ROLE.learner || role.startsWith(LEARNER_SUB_ROLE),
  );
  return learner && !teaches(roles);
}

/** Absent status means Active (NRPS 2.0 §2.2). */
const active = (member: Membership) => (member.status ?? 'Active') === 'Active';

/**
 * `roster` is the course's complete roster (every page, no role filter), so a linked member it
 * does not list has left the course. Members who joined by invite are not in `linked` and so are
 * never touched; nor is anyone the course lists as teaching.
 */
export function planRoster(
  roster: readonly Membership[],
  linked: readonly LinkedMember[],
): RosterPlan {
  const bySubject = new Map<string, Membership>();
  // A platform listing one person twice: an active entry wins over an inactive one.
  for (const member of roster) {
    const seen = bySubject.get(member.user_id);
    if (!seen || (!active(seen) && active(member))) bySubject.set(member.user_id, member);
  }
  const linkedSubjects = new Set(linked.map((member) => member.subject));
  const join = [...bySubject.values()].filter(
    (member) => active(member) && learns(member.roles) && !linkedSubjects.has(member.user_id),
  );
  const leave: LinkedMember[] = [];
  const stay: LinkedMember[] = [];
  for (const member of linked) {
    const listed = bySubject.get(member.subject);
    // A roster listing nobody (not even its instructor) is a platform's fault, not a course
    // everyone left: it removes no one.
    if (bySubject.size === 0 || (listed && active(listed) && learns(listed.roles)))
      stay.push(member);
    else leave.push(member);
  }
  return { join, leave, stay };
}
