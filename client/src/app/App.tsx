import { useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { JoinPage } from '../features/auth/components/JoinPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { useAuthStore } from '../features/auth/store';
import { onUnauthorized } from '../lib/api';
import { RedirectIfSignedIn, RequireUser } from './Guards';
import { MyScenariosPage, ScenarioEditorPage } from './pages/AuthoringPages';
import { ConversationPage } from './pages/ConversationPage';
import { DashboardPage } from './pages/DashboardPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OrganisationsPage, TrainerConversationPage } from './pages/OrganisationsPages';
import { ScenarioPage } from './pages/ScenarioPage';
import { paths } from '../lib/paths';

export function App() {
  const loadUser = useAuthStore((s) => s.loadUser);
  const forgetUser = useAuthStore((s) => s.forgetUser);

  useEffect(() => {
    void loadUser();
  }, [loadUser]);

  // A session that expires mid-visit sends the user back to sign in instead of failing quietly.
  useEffect(() => onUnauthorized(() => forgetUser()), [forgetUser]);

  return (
    <Switch>
      <Route path={paths.home}>
        <Redirect to={paths.login} replace />
      </Route>
      <Route path={paths.login}>
        <RedirectIfSignedIn>
          <LoginPage />
        </RedirectIfSignedIn>
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
      <Route path={paths.organisations}>
        <RequireUser>
          <OrganisationsPage />
        </RequireUser>
      </Route>
      <Route path={paths.trainerConversation}>
        {(params) => (
          <RequireUser>
            <TrainerConversationPage sessionId={params.id} />
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
            <ConversationPage sessionId={params.id} />
          </RequireUser>
        )}
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
