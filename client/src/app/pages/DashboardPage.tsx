import { Suspense } from 'react';
import { DASHBOARD_TEXT } from '#shared/text';
import { useLocation, useSearchParams } from 'wouter';
import { Spinner } from '../../components/Spinner';
import { VerifyEmailBanner } from '../../features/account/components/VerifyEmailBanner';
import { DashboardScreen } from '../../features/dashboard/components/DashboardScreen';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { dashboardPath, paths, type DashboardTab } from '../../lib/paths';
import { lazyNamed } from '../lazyNamed';

// Each tab is a screen of its own: its code arrives when the tab is first opened.
const ScenarioBrowser = lazyNamed(
  () => import('../../features/scenarios/components/ScenarioBrowser'),
  'ScenarioBrowser',
);
const ProgressPanel = lazyNamed(
  () => import('../../features/progress/components/ProgressPanel'),
  'ProgressPanel',
);
const HistoryPanel = lazyNamed(
  () => import('../../features/history/components/HistoryPanel'),
  'HistoryPanel',
);

function readTab(value: string | null): DashboardTab {
  return value === 'progress' || value === 'history' ? value : 'scenarios';
}

/** The tab lives in the URL so a reload or Back returns to the same place. */
export function DashboardPage() {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const tab = readTab(search.get('tab'));
  useDocumentTitle(DASHBOARD_TEXT.tabs[tab]);

  const selectTab = (next: DashboardTab) => navigate(dashboardPath(next), { replace: true });

  const logout = async () => {
    await signOut();
    navigate(paths.login, { replace: true });
  };

  return (
    <DashboardScreen
      userName={userDisplayName(user)}
      onLogout={logout}
      tab={tab}
      onTabChange={selectTab}
      notice={user ? <VerifyEmailBanner user={user} /> : null}
    >
      <Suspense
        fallback={
          <p className="loading-line loading-line--page">
            <Spinner size="lg" label={DASHBOARD_TEXT.loadingTab[tab]} />
          </p>
        }
      >
        {tab === 'scenarios' ? <ScenarioBrowser /> : null}
        {tab === 'progress' && user ? (
          <ProgressPanel userId={user.id} onStartPractice={() => selectTab('scenarios')} />
        ) : null}
        {tab === 'history' && user ? <HistoryPanel userId={user.id} /> : null}
      </Suspense>
    </DashboardScreen>
  );
}
