import { useState } from 'react';
import { COMMON_TEXT, DASHBOARD_TEXT } from '#shared/text';
import { Link, useLocation } from 'wouter';
import { Logo } from '../../../components/Logo';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../lib/paths';

/** The app's sections, for everyone (anyone may run an organisation or be in one). */
const NAV = [
  { href: paths.dashboard, key: 'practice' },
  { href: paths.organisations, key: 'organisations' },
  { href: paths.account, key: 'account' },
] as const;

interface TopBarProps {
  userName: string;
  onLogout: () => Promise<void>;
}

export function TopBar({ userName, onLogout }: TopBarProps) {
  const [leaving, setLeaving] = useState(false);
  const [location] = useLocation();

  const logout = async () => {
    setLeaving(true);
    try {
      await onLogout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <p className="top-bar__brand">
          <Logo size={28} />
          <span>{COMMON_TEXT.productName}</span>
        </p>
        <nav className="top-bar__nav" aria-label={DASHBOARD_TEXT.navLabel}>
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="top-bar__link"
              aria-current={location === item.href ? 'page' : undefined}
            >
              {DASHBOARD_TEXT.nav[item.key]}
            </Link>
          ))}
        </nav>
        <div className="top-bar__user">
          <span className="top-bar__name" title={userName}>
            {userName}
          </span>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={logout}
            disabled={leaving}
          >
            {leaving ? <Spinner /> : null}
            {DASHBOARD_TEXT.logout}
          </button>
        </div>
      </div>
    </header>
  );
}
