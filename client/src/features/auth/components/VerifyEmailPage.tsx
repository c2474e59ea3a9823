import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { verifyTokenSchema } from '#shared/api/auth';
import { ACCOUNT_TEXT, AUTH_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { verifyEmail } from '../api/verifyEmail';
import { useAuthStore } from '../store';
import { AuthCard } from './AuthCard';

/**
 * Where a confirmation mail's link lands. The person presses the button: mail scanners that
 * open every link in a mail must not confirm an address on their own.
 */
export function VerifyEmailPage() {
  useDocumentTitle(ACCOUNT_TEXT.verifyTitle);
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const tokenOk = verifyTokenSchema.safeParse(token).success;
  const signedIn = useAuthStore((s) => s.user !== null);
  const reloadUser = useAuthStore((s) => s.reloadUser);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    tokenOk ? null : ACCOUNT_TEXT.verifyLinkInvalid,
  );
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const confirm = async () => {
    if (busy || !tokenOk) return;
    setBusy(true);
    setError(null);
    try {
      setConfirmed(await verifyEmail({ token }));
      if (signedIn) void reloadUser();
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={ACCOUNT_TEXT.verifyTitle}>
      {confirmed !== null ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="auth-form__done">
          {ACCOUNT_TEXT.verifyDone(confirmed)}
        </p>
      ) : (
        <div className="auth-form" aria-busy={busy}>
          <p className="auth-form__intro">{ACCOUNT_TEXT.verifyIntro}</p>
          {error ? <Alert>{error}</Alert> : null}
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void confirm()}
            disabled={busy || !tokenOk}
          >
            {busy ? <Spinner /> : null}
            {ACCOUNT_TEXT.verifyButton}
          </button>
        </div>
      )}
      <p className="auth-form__switch">
        {signedIn ? (
          <Link href={paths.account}>{ACCOUNT_TEXT.goToAccount}</Link>
        ) : (
          <Link href={paths.login}>{AUTH_TEXT.backToSignIn}</Link>
        )}
      </p>
    </AuthCard>
  );
}
