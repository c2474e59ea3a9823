import { lazyNamed } from './lazyNamed';

/**
 * Every screen, loaded when its route first renders. The entry holds only the router, the guards
 * and the sign-in state; a page's features, their stylesheets' classes and their libraries come
 * with the page (decision 030). `npm run bench -- bundles` prints what each route loads.
 */
export const LoginPage = lazyNamed(
  () => import('../features/auth/components/LoginPage'),
  'LoginPage',
);
export const JoinPage = lazyNamed(() => import('../features/auth/components/JoinPage'), 'JoinPage');
export const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/components/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const AccountPage = lazyNamed(() => import('./pages/AccountPage'), 'AccountPage');
export const VerifyEmailPage = lazyNamed(
  () => import('../features/auth/components/VerifyEmailPage'),
  'VerifyEmailPage',
);
export const DashboardPage = lazyNamed(() => import('./pages/DashboardPage'), 'DashboardPage');
export const MyScenariosPage = lazyNamed(
  () => import('./pages/MyScenariosPage'),
  'MyScenariosPage',
);
export const ScenarioEditorPage = lazyNamed(
  () => import('./pages/ScenarioEditorPage'),
  'ScenarioEditorPage',
);
export const OrganisationsPage = lazyNamed(
  () => import('./pages/OrganisationsPage'),
  'OrganisationsPage',
);
export const CohortMemberPage = lazyNamed(
  () => import('./pages/CohortMemberPage'),
  'CohortMemberPage',
);
export const TrainerConversationPage = lazyNamed(
  () => import('./pages/TrainerConversationPage'),
  'TrainerConversationPage',
);
export const ScenarioPage = lazyNamed(() => import('./pages/ScenarioPage'), 'ScenarioPage');
export const ConversationPage = lazyNamed(
  () => import('./pages/ConversationPage'),
  'ConversationPage',
);
export const NotFoundPage = lazyNamed(() => import('./pages/NotFoundPage'), 'NotFoundPage');
export const LtiLaunchFailedPage = lazyNamed(
  () => import('./pages/LtiLaunchFailedPage'),
  'LtiLaunchFailedPage',
);
export const LtiDeepLinkPage = lazyNamed(
  () => import('./pages/LtiDeepLinkPage'),
  'LtiDeepLinkPage',
);
