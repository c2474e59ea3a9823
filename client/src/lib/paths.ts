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

export function conversationPath(sessionId: string): string {
  return paths.conversation.replace(':id', encodeURIComponent(sessionId));
}

export function authoringEditPath(id: string): string {
  return paths.authoringEdit.replace(':id', encodeURIComponent(id));
}
