import { Logo } from '../../../components/Logo';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoginForm } from './LoginForm';
import '../auth.css';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <main className="auth-page">
      <div className="auth-card">
        <header className="auth-card__brand">
          <Logo size={48} />
          <h1 className="auth-card__title">ChairTalk</h1>
          <p className="auth-card__tagline">AI-powered sales training for dental professionals</p>
        </header>
        <LoginForm />
      </div>
    </main>
  );
}
