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

/** The roster by LMS `sub`; a person listed twice counts by their active entry. */
function bySubjectOf(roster: readonly Membership[]): Map<string, Membership> {
  const bySubject = new Map<string, Membership>();
  for (const member of roster) {
    const seen = bySubject.get(member.user_id);
    if (!seen || (!active(seen) && active(member))) bySubject.set(member.user_id, member);
  }
  return bySubject;
}

/**
 * `roster` is the course's complete roster (every page, no role filter), so a linked member it
 * does not list has left the course. Members who joined by invite are not in `linked` and so are
 * never touched; nor is anyone the course lists as teaching.
 */
export function planRoster(
  roster: readonly Membership[],
  linked: readonly LinkedMember[],
): RosterPlan {
  const bySubject = bySubjectOf(roster);
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

export interface CoInstructorPlan {
  /** Accounts of active instructors who become co-instructors of the cohort. */
  add: LinkedMember[];
  /** LTI-linked co-instructors the course no longer lists as active instructors. */
  remove: LinkedMember[];
  /** LTI-linked co-instructors the course lists as active instructors. */
  keep: LinkedMember[];
}

/**
 * Co-instructors follow the course's instructors (decision 052, addendum). Only people who
 * already have an account linked at this issuer (`accounts`, looked up by the roster's `sub`s)
 * can be added: sync makes no instructor account, their first launch does (where they may link
 * the account they already have). `coInstructors` are the cohort's co-instructors linked at this
 * issuer; the others (linked elsewhere, or not at all) are never touched. The trainer is never
 * made a co-instructor, nor is `trainees` (the members who stay trainees after this sync): nobody
 * both teaches and is taught in one cohort. As for trainees, an empty roster removes no one.
 */
export function planCoInstructors(
  roster: readonly Membership[],
  input: {
    accounts: readonly LinkedMember[];
    coInstructors: readonly LinkedMember[];
    trainerId: string;
    trainees: readonly string[];
    /**
     * The instructor whose launch started this sync: their signed launch, just now, says they
     * teach the course, which is fresher than a roster the platform may not have updated yet.
     */
    launcherId?: string | null;
  },
): CoInstructorPlan {
  const bySubject = bySubjectOf(roster);
  const teaching = (subject: string) => {
    const listed = bySubject.get(subject);
    return listed !== undefined && active(listed) && teaches(listed.roles);
  };
  const current = new Set(input.coInstructors.map((member) => member.userId));
  const refused = new Set([input.trainerId, ...input.trainees]);
  const add: LinkedMember[] = [];
  for (const account of input.accounts) {
    if (!teaching(account.subject) || refused.has(account.userId)) continue;
    if (current.has(account.userId)) continue;
    // One account listed under two subjects is added once.
    current.add(account.userId);
    add.push(account);
  }
  const remove: LinkedMember[] = [];
  const keep: LinkedMember[] = [];
  for (const member of input.coInstructors) {
    if (bySubject.size === 0 || teaching(member.subject) || member.userId === input.launcherId)
      keep.push(member);
    else remove.push(member);
  }
  return { add, remove, keep };
}
