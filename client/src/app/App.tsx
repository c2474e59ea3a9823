import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { PAGE_TEXT } from '#shared/text';
import { useAuthStore } from '../features/auth/store';
import { onUnauthorized } from '../lib/api';
import { paths } from '../lib/paths';
import { RedirectIfSignedIn, RequireUser } from './Guards';
import { PageLoading } from './PageLoading';
import {
  AccountPage,
  ConversationPage,
  DashboardPage,
  ForgotPasswordPage,
  JoinPage,
  LoginPage,
  MyScenariosPage,
  NotFoundPage,
  LtiLaunchFailedPage,
  LtiDeepLinkPage,
  OrganisationsPage,
  ResetPasswordPage,
  ScenarioEditorPage,
  ScenarioPage,
  TrainerConversationPage,
  VerifyEmailPage,
  CohortMemberPage,
} from './lazyPages';
import './stylesheets';

export function App() {
  // A change of interface language renders the app again: every sentence is read at render
  // time from the catalogues, so the whole page follows without a reload (decision 049).
  useTranslation();
  const loadUser = useAuthStore((s) => s.loadUser);
  const forgetUser = useAuthStore((s) => s.forgetUser);

  useEffect(() => {
    void loadUser();
  }, [loadUser]);

  // A session that expires mid-visit sends the user back to sign in instead of failing quietly.
  useEffect(() => onUnauthorized(() => forgetUser()), [forgetUser]);

  // One boundary for every route: a page whose code is still arriving shows the page spinner.
  return (
    <Suspense fallback={<PageLoading label={PAGE_TEXT.loading} />}>
      <Switch>
        <Route path={paths.home}>
          <Redirect to={paths.login} replace />
        </Route>
        <Route path={paths.login}>
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path={paths.forgotPassword}>
          <ForgotPasswordPage />
        </Route>
        <Route path={paths.resetPassword}>
          <ResetPasswordPage />
        </Route>
        <Route path={paths.ltiLaunchFailed}>
          <LtiLaunchFailedPage />
        </Route>
        <Route path={paths.ltiDeepLink}>
          {(params) => (
            <RequireUser>
              <LtiDeepLinkPage key={params.id} deepLinkId={params.id} />
            </RequireUser>
          )}
        </Route>
        <Route path={paths.verifyEmail}>
          <VerifyEmailPage />
        </Route>
        <Route path={paths.join}>
          {(params) => <JoinPage key={params.code} code={params.code} />}
        </Route>
        <Route path={paths.dashboard}>
          <RequireUser>
            <DashboardPage />
          </RequireUser>
        </Route>
        <Route path={paths.authoring}>
          <RequireUser>
            <MyScenariosPage />
          </RequireUser>
        </Route>
        <Route path={paths.authoringNew}>
          <RequireUser>
            <ScenarioEditorPage scenarioId={null} />
          </RequireUser>
        </Route>
        <Route path={paths.authoringEdit}>
          {(params) => (
            <RequireUser>
              <ScenarioEditorPage key={params.id} scenarioId={params.id} />
            </RequireUser>
          )}
        </Route>
        <Route path={paths.account}>
          <RequireUser>
            <AccountPage />
          </RequireUser>
        </Route>
        <Route path={paths.organisations}>
          <RequireUser>
            <OrganisationsPage />
          </RequireUser>
        </Route>
        <Route path={paths.cohortMember}>
          {(params) => (
            <RequireUser>
              <CohortMemberPage cohortId={params.cohortId} userId={params.userId} />
            </RequireUser>
          )}
        </Route>
        <Route path={paths.trainerConversation}>
          {(params) => (
            <RequireUser>
              <TrainerConversationPage conversationId={params.id} />
            </RequireUser>
          )}
        </Route>
        <Route path={paths.scenario}>
          {(params) => (
            <RequireUser>
              <ScenarioPage key={params.id} scenarioId={params.id} />
            </RequireUser>
          )}
        </Route>
        <Route path={paths.conversation}>
          {(params) => (
            <RequireUser>
              <ConversationPage conversationId={params.id} />
            </RequireUser>
          )}
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
