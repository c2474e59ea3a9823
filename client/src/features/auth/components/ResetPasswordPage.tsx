import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { passwordResetInput } from '#shared/api/auth';
import { AUTH_TEXT, COMMON_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { resetPassword } from '../api/resetPassword';
import { AuthCard } from './AuthCard';

/** Where the mail's link lands: a new password, once; then every session has ended. */
export function ResetPasswordPage() {
  useDocumentTitle(AUTH_TEXT.newPasswordTitle);
  // The link's token; the page works without anyone signed in.
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const ids = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = passwordResetInput.safeParse({ token, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? COMMON_TEXT.genericError;
      if (issue?.path[0] === 'password') setPasswordError(message);
      else setError(message);
      return;
    }
    setBusy(true);
    setError(null);
    setPasswordError(null);
    try {
      await resetPassword({ token, password });
      setDone(true);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'bad_request:password') {
        setPasswordError(caught.message);
        passwordRef.current?.focus();
      } else {
        setError(errorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={AUTH_TEXT.newPasswordTitle}>
      {done ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="auth-form__done">
          {AUTH_TEXT.resetDone}
        </p>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${ids}-password`}>{AUTH_TEXT.newPassword}</label>
            <input
              ref={passwordRef}
              id={`${ids}-password`}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
              required
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${ids}-password-error` : `${ids}-hint`}
            />
            <p id={`${ids}-hint`} className="field__hint">
              {AUTH_TEXT.passwordHint}
            </p>
            {passwordError ? (
              <p id={`${ids}-password-error`} className="field__error">
                {passwordError}
              </p>
            ) : null}
          </div>
          {error ? <Alert>{error}</Alert> : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? <Spinner /> : null}
            {AUTH_TEXT.savePassword}
          </button>
        </form>
      )}
      <p className="auth-form__switch">
        <Link href={done ? paths.login : paths.forgotPassword}>
          {done ? AUTH_TEXT.backToSignIn : AUTH_TEXT.forgotPassword}
        </Link>
      </p>
    </AuthCard>
  );
}
