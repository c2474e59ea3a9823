import { useSearch } from 'wouter';
import { errorCodeSchema, ERRORS } from '#shared/errors';
import { AUTH_TEXT, COMMON_TEXT, MY_DATA_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoginForm } from './LoginForm';
import { AuthCard } from './AuthCard';
import { SsoButtons } from './SsoButtons';

export function LoginPage() {
  useDocumentTitle(AUTH_TEXT.signInPageTitle);
  // Arriving from "Delete my account" (lib/paths accountDeletedPath): say it is done.
  const search = new URLSearchParams(useSearch());
  const deleted = search.get('deleted') === '1';
  // Back from the school's sign-in without being signed in: the server names why with a code
  // of the one vocabulary (decision 050), shown as its sentence; anything else is ignored.
  const ssoError = errorCodeSchema.safeParse(search.get('error'));
  return (
    <AuthCard
      title={COMMON_TEXT.productName}
      intro={
        <>
          <p className="auth-card__tagline">{AUTH_TEXT.tagline}</p>
          {deleted ? <Alert tone="info">{MY_DATA_TEXT.accountDeleted}</Alert> : null}
          {ssoError.success ? <Alert>{ERRORS[ssoError.data]}</Alert> : null}
        </>
      }
    >
      <SsoButtons />
      <LoginForm />
      <LanguageSelect className="auth-card__language" />
    </AuthCard>
  );
}
