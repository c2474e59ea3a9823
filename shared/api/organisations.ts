import { z } from 'zod';
import { consentItemSchema } from '../debrief';
import { isSafeName, isSafeText } from '../inputChecks';
import { DUE_YEARS, dueDateInRange } from '../organisations';
import { SKILL_KEYS, skillOverrideSchema, turnCommentSchema } from '../review';
import { SCORE_RANGE } from '../skills';
import { INPUT_TEXT } from '../text';
import { conversationDetailResponse } from './conversations';
import { resource } from './endpoint';

/**
 * /api/organisations (decision 023): a trainer's organisations, cohorts, invites,
 * assignments and cohort table; a trainee's memberships and assignments. Every id that is not
 * the caller's to use is not found.
 */

const name = z
  .string()
  .trim()
  .min(1, { error: () => INPUT_TEXT.required('name') })
  .max(200, { error: () => INPUT_TEXT.atMostChars('name', 200) })
  // One line that reads as what it is (a direction override could make it pass for another).
  .refine(isSafeName, { error: () => INPUT_TEXT.oneLine('name') });

export const inviteSchema = z.object({
  id: z.string(),
  cohortId: z.string(),
  code: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});

export const cohortSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
});

export const organisationSchema = z.object({ id: z.string(), name: z.string() });

/** A cohort as whoever teaches it sees it on the organisations page. */
export const taughtCohortSchema = cohortSchema.extend({
  /** Members now. */
  members: z.number().int(),
  /** People who were members and are no longer (their rows stay in the table, 023). */
  former: z.number().int(),
  /** An LMS course (decision 051) shared its roster: whoever teaches it may sync from it. */
  lmsRoster: z.boolean(),
});

/** An LMS course's other instructor, who teaches this one cohort (decision 052). */
export const coInstructorSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  addedAt: z.string(),
});

/** A cohort the caller co-instructs (052), with the organisation it belongs to. */
export const coTaughtCohortSchema = taughtCohortSchema.extend({
  organisationName: z.string(),
});

export const trainerOrganisationSchema = organisationSchema.extend({
  /**
   * False: the organisation's trainer and members sign in through the school's provider only,
   * never with a password (decision 050).
   */
  passwordSignIn: z.boolean(),
  cohorts: z.array(
    taughtCohortSchema.extend({
      invites: z.array(inviteSchema),
      /** The course's other instructors, who teach this cohort with the trainer (052). */
      instructors: z.array(coInstructorSchema),
    }),
  ),
});

export const membershipSchema = z.object({
  organisationId: z.string(),
  organisationName: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  joinedAt: z.string(),
});

export const myOrganisationsResponse = z.object({
  /** The organisations the caller trains. */
  training: z.array(trainerOrganisationSchema),
  /** The cohorts the caller is in as a trainee. */
  memberships: z.array(membershipSchema),
  /** The cohorts the caller co-instructs in organisations they do not train (052). */
  coTeaching: z.array(coTaughtCohortSchema),
});

/** Days an invite stays usable; a week unless the trainer says otherwise. */
export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 90;

export const assignmentStatusSchema = z.enum(['due', 'overdue', 'done']);

export const myAssignmentSchema = z.object({
  id: z.string(),
  cohortId: z.string(),
  scenarioId: z.string(),
  title: z.string(),
  dueAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  status: assignmentStatusSchema,
});

/** The cohort table's orders: names A to Z; done and average highest first. */
export const cohortSortSchema = z.enum(['name', 'done', 'average']);

export const cohortTableResponse = z.object({
  cohort: cohortSchema,
  assignments: z.array(
    z.object({
      id: z.string(),
      scenarioId: z.string(),
      title: z.string(),
      dueAt: z.string().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string(),
      email: z.string(),
      done: z.number().int(),
      average: z.number().nullable(),
      trend: z.array(z.number()),
      /** When they left; null while a member. Work from their membership stays (023). */
      leftAt: z.string().nullable(),
      /** One per assignment, in the order of `assignments` (cells[i] is assignments[i]'s). */
      cells: z.array(
        z.object({
          conversationId: z.string().nullable(),
          doneAt: z.string().nullable(),
          score: z.number().nullable(),
          overridden: z.boolean(),
        }),
      ),
    }),
  ),
});

/**
 * One member of a cohort as their trainer opens them (decision 044): their periods in the
 * cohort and every conversation they started inside one, assigned or not, newest first.
 */
export const memberConversationsResponse = z.object({
  member: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    periods: z.array(z.object({ joinedAt: z.string(), leftAt: z.string().nullable() })),
  }),
  conversations: z.array(
    z.object({
      id: z.string(),
      scenarioId: z.string(),
      title: z.string(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      /** The score that counts in this cohort's table: this organisation's, else the grader's. */
      score: z.number().nullable(),
      overridden: z.boolean(),
      /** Whether the scenario is assigned to this cohort. */
      assigned: z.boolean(),
    }),
  ),
});

export const summaryScoreKeySchema = z.enum([
  'overall',
  'empathy',
  'clarity',
  'persuasion',
  'objection',
]);

/**
 * A cohort's class summary (decision 044): over the graded conversations its members started
 * while members, the average of each score, how often each consent item was met, and the hidden
 * concerns most often missed. Built by `summariseClass` (shared/classSummary.ts).
 */
export const classSummaryResponse = z.object({
  /** Graded conversations counted, and the trainees who had them. */
  conversations: z.number().int(),
  trainees: z.number().int(),
  scores: z.array(
    z.object({
      key: summaryScoreKeySchema,
      average: z.number().nullable(),
      count: z.number().int(),
    }),
  ),
  /** Conversations with a debrief: the consent checklist and hidden concerns come from it. */
  debriefed: z.number().int(),
  consent: z.array(
    z.object({
      item: consentItemSchema,
      met: z.number().int(),
      partlyMet: z.number().int(),
      notMet: z.number().int(),
      /** Points per conversation, met 2, partly 1, not 0 (as in the debrief); null with none. */
      average: z.number().nullable(),
    }),
  ),
  missedConcerns: z.array(
    z.object({
      scenarioId: z.string(),
      scenarioTitle: z.string(),
      concernId: z.string(),
      concern: z.string(),
      /** Conversations where it stayed hidden, of those where the scenario held it. */
      missed: z.number().int(),
      of: z.number().int(),
    }),
  ),
});

export type Organisation = z.infer<typeof organisationSchema>;
export type Cohort = z.infer<typeof cohortSchema>;
export type Invite = z.infer<typeof inviteSchema>;
export type TrainerOrganisation = z.infer<typeof trainerOrganisationSchema>;
export type Membership = z.infer<typeof membershipSchema>;
export type MyAssignment = z.infer<typeof myAssignmentSchema>;
export type CohortSort = z.infer<typeof cohortSortSchema>;
export type CohortTable = z.infer<typeof cohortTableResponse>;
export type MemberConversations = z.infer<typeof memberConversationsResponse>;
export type CoTaughtCohort = z.infer<typeof coTaughtCohortSchema>;
export type ClassSummary = z.infer<typeof classSummaryResponse>;
export type SummaryScoreKey = z.infer<typeof summaryScoreKeySchema>;

/** Invite codes as typed or taken from a link; the same rule for joining and for signing up. */
export const inviteCodeSchema = z
  .string()
  .trim()
  .min(1, { error: () => INPUT_TEXT.required('code') })
  .max(64, { error: () => INPUT_TEXT.atMostChars('code', 64) })
  .regex(/^[A-Za-z0-9-]+$/, { error: () => INPUT_TEXT.lettersAndDigits('code') });

const { min: LOWEST, max: HIGHEST } = SCORE_RANGE;
const reviewScore = (field: string) => {
  const wholeNumber = { error: () => INPUT_TEXT.wholeNumberBetween(field, LOWEST, HIGHEST) };
  const inRange = { error: () => INPUT_TEXT.between(field, LOWEST, HIGHEST) };
  return z.number(wholeNumber).int(wholeNumber).min(LOWEST, inRange).max(HIGHEST, inRange);
};

const commentText = z
  .string({ error: () => INPUT_TEXT.required('comment') })
  .trim()
  .min(1, { error: () => INPUT_TEXT.required('comment') })
  .max(2000, { error: () => INPUT_TEXT.atMostChars('comment', 2000) })
  .refine(isSafeText, { error: () => INPUT_TEXT.safeText('comment') });

/**
 * A member's conversation as their trainer reads it (read only): the trainee's own detail
 * without recordings (those stay the trainee's), and who the trainee is.
 */
export const trainerConversationResponse = conversationDetailResponse.extend({
  trainee: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
});
export type TrainerConversation = z.infer<typeof trainerConversationResponse>;

export const passwordSignInInput = z.strictObject({
  /** False: members (and the trainer) sign in through the school's provider only. */
  allowed: z.boolean(),
});

export const organisationsApi = resource('/organisations', {
  mine: { method: 'GET', route: '/', response: myOrganisationsResponse },
  /**
   * Password sign-in for an organisation the caller runs (decision 050). Turning it off needs
   * a configured provider and a school sign-in of the caller's own, so they keep a way in.
   */
  passwordSignIn: {
    method: 'POST',
    route: '/:id/password-sign-in',
    body: passwordSignInInput,
    response: organisationSchema.extend({ passwordSignIn: z.boolean() }),
  },
  /** Renames an organisation the caller runs (decision 044). */
  renameOrganisation: {
    method: 'POST',
    route: '/:id/name',
    body: z.strictObject({ name }),
    response: organisationSchema,
  },
  /**
   * Deletes an organisation the caller runs, with its cohorts, memberships, invites,
   * assignments and its scores and comments; scenarios shared with it go back to private;
   * trainees keep every conversation (decision 044).
   */
  deleteOrganisation: { method: 'DELETE', route: '/:id', response: null },
  /** Renames a cohort the caller runs. */
  renameCohort: {
    method: 'POST',
    route: '/cohorts/:id/name',
    body: z.strictObject({ name }),
    response: cohortSchema,
  },
  /**
   * Deletes a cohort the caller runs, with its memberships, invites and assignments; the
   * organisation's scores and comments and the trainees' conversations stay (decision 044).
   */
  deleteCohort: { method: 'DELETE', route: '/cohorts/:id', response: null },
  /** Ends a trainee's membership of the cohort now, as leaving would (decision 044). */
  removeMember: { method: 'DELETE', route: '/cohorts/:id/members/:userId', response: null },
  /** The organisation's trainer ends a co-instructor's part in the cohort (052). */
  removeInstructor: {
    method: 'DELETE',
    route: '/cohorts/:id/instructors/:userId',
    response: null,
  },
  /** Every conversation a member started while a member of the cohort (023, 044). */
  memberConversations: {
    method: 'GET',
    route: '/cohorts/:id/members/:userId',
    response: memberConversationsResponse,
  },
  /** The cohort's class summary (044). */
  summary: { method: 'GET', route: '/cohorts/:id/summary', response: classSummaryResponse },
  /** The caller becomes the new organisation's trainer. */
  create: {
    method: 'POST',
    route: '/',
    body: z.strictObject({ name }),
    response: organisationSchema,
  },
  /** The trainee's assignments in the cohorts they are in now. */
  assignments: {
    method: 'GET',
    route: '/assignments',
    response: z.object({ assignments: z.array(myAssignmentSchema) }),
  },
  /** Unknown, expired and revoked codes are all not found. */
  join: {
    method: 'POST',
    route: '/join',
    body: z.strictObject({ code: inviteCodeSchema }),
    response: z.object({ cohortId: z.string(), organisationId: z.string() }),
  },
  createCohort: {
    method: 'POST',
    route: '/:id/cohorts',
    body: z.strictObject({ name }),
    response: cohortSchema,
  },
  /** The trainee leaves every cohort of it; the trainer keeps what was done before (023). */
  leave: { method: 'POST', route: '/:id/leave', response: null },
  createInvite: {
    method: 'POST',
    route: '/cohorts/:id/invites',
    body: z.strictObject({
      days: z.number().int().min(1).max(INVITE_DAYS_MAX).optional(),
    }),
    response: inviteSchema,
  },
  revokeInvite: { method: 'POST', route: '/invites/:id/revoke', response: inviteSchema },
  assign: {
    method: 'POST',
    route: '/cohorts/:id/assignments',
    body: z.strictObject({
      scenarioId: z
        .string()
        .min(1, { error: () => INPUT_TEXT.required('scenarioId') })
        .max(64),
      dueAt: z.iso
        .datetime({ offset: true, error: () => INPUT_TEXT.dateTime('dueAt') })
        .refine(dueDateInRange, {
          error: () => INPUT_TEXT.dateBetween('dueAt', DUE_YEARS.min, DUE_YEARS.max),
        })
        .nullable()
        .optional(),
    }),
    response: z.object({ id: z.string() }),
  },
  /**
   * Ends an assignment of a cohort the caller runs; anything else is not found. Conversations
   * already practised stay the trainee's; the scenario keeps its sharing (025).
   */
  unassign: { method: 'DELETE', route: '/assignments/:id', response: null },
  /** A trainer's score for a member's conversation, with why; progress counts it (023). */
  override: {
    method: 'POST',
    route: '/conversations/:id/override',
    body: z.strictObject({
      score: reviewScore('score'),
      comment: commentText,
      /** Skills scored too (decision 043), each at most once; those left out stay the AI's. */
      skills: z
        .array(
          z.strictObject({
            skill: z.enum(SKILL_KEYS, { error: () => INPUT_TEXT.notASkill('skill') }),
            score: reviewScore('skills.score'),
            comment: commentText,
          }),
          { error: () => INPUT_TEXT.skillList('skills') },
        )
        .max(SKILL_KEYS.length, { error: () => INPUT_TEXT.eachSkillOnce('skills') })
        .refine((list) => new Set(list.map((s) => s.skill)).size === list.length, {
          error: () => INPUT_TEXT.eachSkillOnce('skills'),
        })
        .default([]),
    }),
    response: z.object({
      score: z.number().int(),
      comment: z.string(),
      skills: z.array(skillOverrideSchema),
    }),
  },
  /** A member's conversation, read only, for a trainer who may see it (023); else 404. */
  review: { method: 'GET', route: '/conversations/:id', response: trainerConversationResponse },
  /** A trainer's comment on one turn (any message) of a member's conversation. */
  comment: {
    method: 'POST',
    route: '/conversations/:id/comments',
    body: z.strictObject({
      messageId: z
        .string({ error: () => INPUT_TEXT.required('messageId') })
        .min(1, { error: () => INPUT_TEXT.required('messageId') })
        .max(64, { error: () => INPUT_TEXT.notFound('messageId') }),
      comment: commentText,
    }),
    response: turnCommentSchema,
  },
  /** The cohort table as a CSV file (text/csv, not JSON), sorted as the table is. */
  exportCsv: {
    method: 'GET',
    route: '/cohorts/:id/export',
    query: z.object({ sort: cohortSortSchema.default('name') }),
    response: z.string(),
  },
  /** Trainees × assigned scenarios, sorted by name (default), done or average. */
  table: {
    method: 'GET',
    route: '/cohorts/:id/table',
    query: z.object({ sort: cohortSortSchema.default('name') }),
    response: cohortTableResponse,
  },
});
