import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '../components/Spinner';
import { useAuthStore } from '../features/auth/store';
import { paths } from '../lib/paths';

function Checking() {
  return (
    <main className="page page--center">
      <Spinner size="lg" label="Checking your session" />
    </main>
  );
}

/** Spec §6: dashboard and scenario screens need a signed-in user, otherwise /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  if (status !== 'ready') return <Checking />;
  if (!user) return <Redirect to={paths.login} replace />;
  return children;
}

/** Spec §2: a signed-in user opening /login (or just signed in) goes to /dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  if (status !== 'ready') return <Checking />;
  if (user) return <Redirect to={paths.dashboard} replace />;
  return children;
}
