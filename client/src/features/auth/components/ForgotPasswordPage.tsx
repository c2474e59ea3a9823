import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { passwordResetRequestInput } from '#shared/api/auth';
import { AUTH_TEXT, COMMON_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { requestPasswordReset } from '../api/requestPasswordReset';
import { AuthCard } from './AuthCard';

/**
 * Asks for a reset link. What it says afterwards is the same whether or not an account uses the
 * address: the page must not tell a stranger who has an account.
 */
export function ForgotPasswordPage() {
  useDocumentTitle(AUTH_TEXT.resetTitle);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentFor, setSentFor] = useState<number | null>(null);
  const ids = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = passwordResetRequestInput.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? COMMON_TEXT.genericError);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSentFor(await requestPasswordReset({ email }));
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={AUTH_TEXT.resetTitle}>
      {sentFor !== null ? (
        <p ref={statusRef} tabIndex={-1} role="status" className="auth-form__done">
          {AUTH_TEXT.resetSent(sentFor)}
        </p>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
          <p className="auth-form__intro">{AUTH_TEXT.resetIntro}</p>
          <div className="field">
            <label htmlFor={`${ids}-email`}>{AUTH_TEXT.emailLabel}</label>
            <input
              id={`${ids}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              aria-describedby={error ? `${ids}-error` : undefined}
            />
          </div>
          {error ? <Alert id={`${ids}-error`}>{error}</Alert> : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? <Spinner /> : null}
            {AUTH_TEXT.resetSend}
          </button>
        </form>
      )}
      <p className="auth-form__switch">
        <Link href={paths.login}>{AUTH_TEXT.backToSignIn}</Link>
      </p>
    </AuthCard>
  );
}
