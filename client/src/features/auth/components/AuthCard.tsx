import type { ReactNode } from 'react';
import { Logo } from '../../../components/Logo';
import '../auth.css';

/** The signed-out pages' frame: the logo, the page's title and what it is for, then the form. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  /** Under the title, inside the header (a tagline, the invite's code). */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <header className="auth-card__brand">
          <Logo size={48} />
          <h1 className="auth-card__title">{title}</h1>
          {intro}
        </header>
        {children}
      </div>
    </main>
  );
}
