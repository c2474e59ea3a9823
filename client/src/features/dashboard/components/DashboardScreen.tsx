import type { ReactNode } from 'react';
import { DASHBOARD_TEXT } from '#shared/text';
import { Tabs, type TabItem } from '../../../components/Tabs';
import type { DashboardTab } from '../../../lib/paths';
import { TopBar } from './TopBar';
import '../dashboard.css';

const TAB_IDS: readonly DashboardTab[] = ['scenarios', 'progress', 'history'];

/** Read when rendered, so the labels follow the interface language. */
function tabs(): TabItem<DashboardTab>[] {
  return TAB_IDS.map((id) => ({ id, label: DASHBOARD_TEXT.tabs[id] }));
}

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
        <h1 className="visually-hidden">{DASHBOARD_TEXT.title}</h1>
        {notice}
        <Tabs label={DASHBOARD_TEXT.sections} tabs={tabs()} selected={tab} onSelect={onTabChange}>
          {children}
        </Tabs>
      </main>
    </>
  );
}
