import { useSearch } from 'wouter';
import { AUTH_TEXT, COMMON_TEXT, MY_DATA_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoginForm } from './LoginForm';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  useDocumentTitle(AUTH_TEXT.signInPageTitle);
  // Arriving from "Delete my account" (lib/paths accountDeletedPath): say it is done.
  const deleted = new URLSearchParams(useSearch()).get('deleted') === '1';
  return (
    <AuthCard
      title={COMMON_TEXT.productName}
      intro={
        <>
          <p className="auth-card__tagline">{AUTH_TEXT.tagline}</p>
          {deleted ? <Alert tone="info">{MY_DATA_TEXT.accountDeleted}</Alert> : null}
        </>
      }
    >
      <LoginForm />
      <LanguageSelect className="auth-card__language" />
    </AuthCard>
  );
}
