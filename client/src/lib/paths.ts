/** Every route path of the app, written once (spec §2). Features link with these; app/ routes them. */
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  scenario: '/scenario/:id',
  conversation: '/conversation/:id',
  authoring: '/authoring',
  authoringNew: '/authoring/new',
  authoringEdit: '/authoring/:id',
  /** A trainer's organisations and cohorts; a trainee's memberships. */
  organisations: '/organisations',
  /** A cohort member's conversations while a member, as their trainer opens them. */
  cohortMember: '/organisations/cohorts/:cohortId/members/:userId',
  /** A member's conversation as their trainer reviews it (read only). */
  trainerConversation: '/organisations/conversations/:id',
  /** An invite link: join the cohort, signing up first if need be. */
  join: '/join/:code',
  /** Ask for a password reset link by mail. */
  forgotPassword: '/forgot-password',
  /** Where the mail's link lands (`?token=`); the server builds the same path from PUBLIC_URL. */
  resetPassword: '/reset-password',
  /** Where a confirmation mail's link lands (`?token=`); the server builds the same path. */
  verifyEmail: '/verify-email',
  /** The signed-in person's own account: name, address, password, their data. */
  account: '/account',
  /** Where the server sends a refused LMS launch (`?reason=`, decision 051). */
  ltiLaunchFailed: '/lti/launch-failed',
  /** An instructor's deep-linking request from their course: the picker (decision 051). */
  ltiDeepLink: '/lti/deep-link/:id',
} as const;

export type DashboardTab = 'scenarios' | 'progress' | 'history';

export function dashboardPath(tab?: DashboardTab): string {
  return tab === undefined || tab === 'scenarios'
    ? paths.dashboard
    : `${paths.dashboard}?tab=${tab}`;
}

export function scenarioPath(id: string): string {
  return paths.scenario.replace(':id', encodeURIComponent(id));
}

export function conversationPath(conversationId: string): string {
  return paths.conversation.replace(':id', encodeURIComponent(conversationId));
}

export function authoringEditPath(id: string): string {
  return paths.authoringEdit.replace(':id', encodeURIComponent(id));
}

export function trainerConversationPath(conversationId: string): string {
  return paths.trainerConversation.replace(':id', encodeURIComponent(conversationId));
}

export function cohortMemberPath(cohortId: string, userId: string): string {
  return paths.cohortMember
    .replace(':cohortId', encodeURIComponent(cohortId))
    .replace(':userId', encodeURIComponent(userId));
}

export function joinPath(code: string): string {
  return paths.join.replace(':code', encodeURIComponent(code));
}

/** Where the browser lands once its account is deleted: the sign-in page, saying so. */
export const accountDeletedPath = `${paths.login}?deleted=1`;
