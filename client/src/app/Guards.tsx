import type { ReactNode } from 'react';
import { PAGE_TEXT } from '#shared/text';
import { Redirect } from 'wouter';
import { useAuthStore } from '../features/auth/store';
import { paths } from '../lib/paths';
import { PageLoading } from './PageLoading';

const Checking = () => <PageLoading label={PAGE_TEXT.checkingSession} />;

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
