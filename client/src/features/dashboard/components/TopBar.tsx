import { useState } from 'react';
import { Logo } from '../../../components/Logo';
import { Spinner } from '../../../components/Spinner';

interface TopBarProps {
  userName: string;
  onLogout: () => Promise<void>;
}

export function TopBar({ userName, onLogout }: TopBarProps) {
  const [leaving, setLeaving] = useState(false);

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
          <span>ChairTalk</span>
        </p>
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
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
