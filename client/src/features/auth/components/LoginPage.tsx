import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoginForm } from './LoginForm';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <AuthCard
      title="ChairTalk"
      intro={
        <p className="auth-card__tagline">AI-powered sales training for dental professionals</p>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
