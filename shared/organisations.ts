import { formatOutOfTen } from './format';

/**
 * Pure rules of organisations, cohorts and assignments (decision 023) that the API answers
 * with. The rules the database filters by are SQL, each written once in server/db/sqlRules.ts.
 */

export type AssignmentStatus = 'done' | 'overdue' | 'due';

/** Done once completed (whenever); overdue once the due date has passed undone; else due. */
export function assignmentStatus(input: {
  dueAt: string | null;
  doneAt: string | null;
  now: Date;
}): AssignmentStatus {
  if (input.doneAt !== null) return 'done';
  if (input.dueAt !== null && Date.parse(input.dueAt) < input.now.getTime()) return 'overdue';
  return 'due';
}

/** A cell of the cohort table: done, overdue (past due and not done), or simply not done. */
export type CohortCellStatus = 'done' | 'overdue' | 'not_done';

/**
 * A cohort table cell's status (decision 044), the rule the page and the CSV share. The same
 * rule as the trainee's own list (assignmentStatus), except that someone who left before the
 * due date is never overdue: the work was no longer theirs to do when it fell due.
 */
export function cohortCellStatus(input: {
  dueAt: string | null;
  doneAt: string | null;
  leftAt: string | null;
  now: Date;
}): CohortCellStatus {
  const status = assignmentStatus(input);
  if (status === 'done') return 'done';
  if (status === 'due') return 'not_done';
  const leftBeforeDue =
    input.leftAt !== null && Date.parse(input.leftAt) <= Date.parse(input.dueAt!);
  return leftBeforeDue ? 'not_done' : 'overdue';
}

/**
 * A score as the cohort table writes it, cells and averages alike: one decimal at most, out
 * of ten ("7/10", "7.5/10").
 */
export function cohortScoreText(score: number): string {
  return formatOutOfTen(Math.round(score * 10) / 10);
}

/**
 * The years a due date may fall in. PostgreSQL has no year 0 and JavaScript's dates stop at
 * +275760, so an unbounded date can fail deep down as a 500; a course is set in this range.
 */
export const DUE_YEARS = { min: 2000, max: 2199 } as const;

/** Whether an ISO date and time falls inside DUE_YEARS (counted in UTC, as it is stored). */
export function dueDateInRange(iso: string): boolean {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= DUE_YEARS.min && year <= DUE_YEARS.max;
}

/**
 * How much one trainer may make: without bounds one account made hundreds of
 * organisations, invites and 2,000-character comments, and one conversation's detail grew past
 * a quarter of a megabyte. Cohorts per organisation and comments per trainer per day are
 * settings (COHORTS_PER_ORGANISATION, TRAINER_COMMENTS_PER_DAY), since a school may need more.
 */
export const ORGANISATION_LIMITS = {
  /** Organisations one user runs. */
  organisationsPerTrainer: 20,
  /** Invites of one cohort that are neither revoked nor expired; revoking one frees a place. */
  liveInvitesPerCohort: 10,
  /** Comments one organisation writes on one conversation (at most ~100 KB of text). */
  commentsPerConversation: 50,
} as const;

/** An invite code: 10 characters a person can read aloud (no 0/O, 1/I/L). */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 10;

export function inviteCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < INVITE_CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    code += INVITE_ALPHABET[bytes[i]! % INVITE_ALPHABET.length];
  }
  return code;
}
