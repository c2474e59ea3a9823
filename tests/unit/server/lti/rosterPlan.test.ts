import { describe, expect, it } from 'vitest';
import { LTI_ROLE, type Membership } from '#server/lti/claims';
import { learns, planCoInstructors, planRoster, type LinkedMember } from '#server/lti/rosterPlan';

const LEARNER = LTI_ROLE.learner;
const INSTRUCTOR = LTI_ROLE.instructor;
const TA = 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant';

const member = (
  sub: string,
  roles: string[] = [LEARNER],
  status?: Membership['status'],
): Membership => ({ user_id: sub, roles, ...(status ? { status } : {}) });
const linked = (sub: string): LinkedMember => ({ userId: `u-${sub}`, subject: sub });

describe('learns', () => {
  it.each([
    [[LEARNER], true],
    [['http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#Learner'], true],
    [[INSTRUCTOR], false],
    [[LEARNER, TA], false],
    [['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'], false],
    [[], false],
  ] as const)('%j → %s', (roles, expected) => {
    expect(learns(roles)).toBe(expected);
  });
});

describe('planRoster', () => {
  it.each<{
    name: string;
    roster: Membership[];
    current: LinkedMember[];
    join: string[];
    leave: string[];
    stay: string[];
  }>([
    { name: 'empty course, empty cohort', roster: [], current: [], join: [], leave: [], stay: [] },
    {
      name: 'new active learners join (status absent means Active)',
      roster: [member('a'), member('b', [LEARNER], 'Active')],
      current: [],
      join: ['a', 'b'],
      leave: [],
      stay: [],
    },
    {
      name: 'linked learners still listed stay',
      roster: [member('a')],
      current: [linked('a')],
      join: [],
      leave: [],
      stay: ['a'],
    },
    {
      name: 'Inactive and Deleted members leave, and do not join',
      roster: [
        member('a', [LEARNER], 'Inactive'),
        member('b', [LEARNER], 'Deleted'),
        member('c', [LEARNER], 'Inactive'),
      ],
      current: [linked('a'), linked('b')],
      join: [],
      leave: ['a', 'b'],
      stay: [],
    },
    {
      name: 'linked members absent from the complete roster leave',
      roster: [member('a')],
      current: [linked('a'), linked('gone')],
      join: [],
      leave: ['gone'],
      stay: ['a'],
    },
    {
      name: 'instructors and teaching assistants never join',
      roster: [member('t', [INSTRUCTOR]), member('ta', [LEARNER, TA])],
      current: [],
      join: [],
      leave: [],
      stay: [],
    },
    {
      name: 'a linked learner who now teaches leaves',
      roster: [member('a', [INSTRUCTOR])],
      current: [linked('a')],
      join: [],
      leave: ['a'],
      stay: [],
    },
    {
      name: 'an empty roster removes no one',
      roster: [],
      current: [linked('a')],
      join: [],
      leave: [],
      stay: ['a'],
    },
    {
      name: 'a person listed twice: the active entry wins',
      roster: [member('a', [LEARNER], 'Inactive'), member('a')],
      current: [linked('a')],
      join: [],
      leave: [],
      stay: ['a'],
    },
  ])('$name', ({ roster, current, join, leave, stay }) => {
    const plan = planRoster(roster, current);
    expect(plan.join.map((m) => m.user_id)).toEqual(join);
    expect(plan.leave.map((m) => m.subject)).toEqual(leave);
    expect(plan.stay.map((m) => m.subject)).toEqual(stay);
  });
});

describe('planCoInstructors', () => {
  const TRAINER = 'u-owner';
  it.each<{
    name: string;
    roster: Membership[];
    /** Subjects with an account linked at this issuer (`u-<sub>`). */
    accounts: string[];
    coInstructors: string[];
    trainees?: string[];
    launcher?: string;
    add: string[];
    remove: string[];
    keep: string[];
  }>([
    {
      name: 'active instructors and teaching assistants with an account are added',
      roster: [member('t', [INSTRUCTOR]), member('ta', [LEARNER, TA], 'Active')],
      accounts: ['t', 'ta'],
      coInstructors: [],
      add: ['t', 'ta'],
      remove: [],
      keep: [],
    },
    {
      name: 'an instructor who never launched (no account) is not added',
      roster: [member('t', [INSTRUCTOR])],
      accounts: [],
      coInstructors: [],
      add: [],
      remove: [],
      keep: [],
    },
    {
      name: 'inactive instructors and learners are not added',
      roster: [member('t', [INSTRUCTOR], 'Inactive'), member('s')],
      accounts: ['t', 's'],
      coInstructors: [],
      add: [],
      remove: [],
      keep: [],
    },
    {
      name: 'the trainer and the cohort’s remaining trainees are never added',
      roster: [member('owner', [INSTRUCTOR]), member('s', [INSTRUCTOR])],
      accounts: ['owner', 's'],
      coInstructors: [],
      trainees: ['u-s'],
      add: [],
      remove: [],
      keep: [],
    },
    {
      name: 'co-instructors still listed as active instructors are kept, not added again',
      roster: [member('t', [INSTRUCTOR])],
      accounts: ['t'],
      coInstructors: ['t'],
      add: [],
      remove: [],
      keep: ['t'],
    },
    {
      name: 'co-instructors listed Inactive, Deleted, as learners or not at all are removed',
      roster: [
        member('a', [INSTRUCTOR], 'Inactive'),
        member('b', [INSTRUCTOR], 'Deleted'),
        member('c'),
        member('t', [INSTRUCTOR]),
      ],
      accounts: ['a', 'b', 't'],
      coInstructors: ['a', 'b', 'c', 'gone', 't'],
      add: [],
      remove: ['a', 'b', 'c', 'gone'],
      keep: ['t'],
    },
    {
      name: 'the instructor whose launch started the sync is kept though the roster lags',
      roster: [member('t', [INSTRUCTOR])],
      accounts: ['t'],
      coInstructors: ['new', 't'],
      launcher: 'u-new',
      add: [],
      remove: [],
      keep: ['new', 't'],
    },
    {
      name: 'an empty roster removes no co-instructor',
      roster: [],
      accounts: [],
      coInstructors: ['t'],
      add: [],
      remove: [],
      keep: ['t'],
    },
    {
      name: 'a person listed twice: the active entry wins',
      roster: [member('t', [INSTRUCTOR], 'Inactive'), member('t', [INSTRUCTOR])],
      accounts: ['t'],
      coInstructors: ['t'],
      add: [],
      remove: [],
      keep: ['t'],
    },
  ])('$name', ({ roster, accounts, coInstructors, trainees = [], launcher, add, remove, keep }) => {
    const plan = planCoInstructors(roster, {
      accounts: accounts.map(linked),
      coInstructors: coInstructors.map(linked),
      trainerId: TRAINER,
      trainees,
      launcherId: launcher ?? null,
    });
    expect(plan.add.map((m) => m.subject)).toEqual(add);
    expect(plan.remove.map((m) => m.subject)).toEqual(remove);
    expect(plan.keep.map((m) => m.subject)).toEqual(keep);
  });
});
