import type { ReactNode } from 'react';
import { Tabs, type TabItem } from '../../../components/Tabs';
import type { DashboardTab } from '../../../lib/paths';
import { TopBar } from './TopBar';
import '../dashboard.css';

const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'scenarios', label: 'Practice Scenarios' },
  { id: 'progress', label: 'Your Progress' },
  { id: 'history', label: 'Conversation History' },
];

interface DashboardScreenProps {
  userName: string;
  onLogout: () => Promise<void>;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  /** The selected tab's content; the page composes it from the scenario/progress/history features. */
  children: ReactNode;
  /** Above the tabs: something the account needs (an address to confirm). */
  notice?: ReactNode;
}

/** Spec §2 dashboard: top bar and three tabs, Practice Scenarios first. */
export function DashboardScreen({
  userName,
  onLogout,
  tab,
  onTabChange,
  children,
  notice,
}: DashboardScreenProps) {
  return (
    <>
      <TopBar userName={userName} onLogout={onLogout} />
      <main className="page page--dashboard">
        <h1 className="visually-hidden">Dashboard</h1>
        {notice}
        <Tabs label="Dashboard sections" tabs={TABS} selected={tab} onSelect={onTabChange}>
          {children}
        </Tabs>
      </main>
    </>
  );
}
