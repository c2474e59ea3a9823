import { AUTH_TEXT, COMMON_TEXT } from '#shared/text';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { useId, useRef, useState, type FormEvent } from 'react';
import { signInInput, signUpInput } from '#shared/api/auth';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { useAuthStore } from '../store';

export type Mode = 'sign-in' | 'sign-up';

interface LoginFormProps {
  initialMode?: Mode;
  /** An invite code (from /join/:code): a new account joins its cohort as it is made. */
  invite?: string;
  /** Called once signed in or up, after the store knows the user. */
  onDone?: (mode: Mode) => void;
}

/**
 * Spec §2 login screen. Validation runs through the same zod schemas as the server, so the
 * messages a user reads are the same whichever side catches the problem. Navigation after
 * success is the route guard's job: once a user is in the store, /login sends them on.
 */
export function LoginForm({ initialMode = 'sign-in', invite, onDone }: LoginFormProps = {}) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's reason for refusing a new password, shown under the password field. */
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const storeSignIn = useAuthStore((s) => s.signIn);
  const storeSignUp = useAuthStore((s) => s.signUp);
  const ids = useId();
  const errorId = `${ids}-error`;
  const passwordErrorId = `${ids}-password-error`;
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const isSignUp = mode === 'sign-up';

  const switchMode = () => {
    setMode(isSignUp ? 'sign-in' : 'sign-up');
    setError(null);
    setPasswordError(null);
    // The field list changes under the user; put them at its start.
    requestAnimationFrame(() => firstFieldRef.current?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = isSignUp
      ? signUpInput.safeParse({ email, password, fullName, invite })
      : signInInput.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? COMMON_TEXT.genericError);
      return;
    }
    setBusy(true);
    setError(null);
    setPasswordError(null);
    try {
      if (isSignUp) await storeSignUp({ email, password, fullName, invite });
      else await storeSignIn({ email, password });
      onDone?.(mode);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'bad_request:password') {
        setPasswordError(caught.message);
        passwordRef.current?.focus();
      } else {
        setError(errorMessage(caught));
      }
      setBusy(false);
    }
  };

  const describedBy = error ? errorId : undefined;

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="auth-form__title">
        {isSignUp ? AUTH_TEXT.signUpTitle : AUTH_TEXT.signInTitle}
      </h2>

      {isSignUp ? (
        <div className="field">
          <label htmlFor={`${ids}-name`}>{AUTH_TEXT.fullNameLabel}</label>
          <input
            ref={firstFieldRef}
            id={`${ids}-name`}
            name="fullName"
            type="text"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            required
            aria-describedby={describedBy}
          />
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={`${ids}-email`}>{AUTH_TEXT.emailLabel}</label>
        <input
          ref={isSignUp ? undefined : firstFieldRef}
          id={`${ids}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete={isSignUp ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          aria-describedby={describedBy}
        />
      </div>

      <div className="field">
        <label htmlFor={`${ids}-password`}>{AUTH_TEXT.passwordLabel}</label>
        <input
          ref={passwordRef}
          id={`${ids}-password`}
          name="password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordError(null);
          }}
          required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? passwordErrorId : describedBy}
        />
        {isSignUp ? <p className="field__hint">{AUTH_TEXT.passwordHint}</p> : null}
        {passwordError ? (
          <p id={passwordErrorId} className="field__error">
            {passwordError}
          </p>
        ) : null}
      </div>

      {isSignUp ? null : (
        <p className="auth-form__forgot">
          <Link href={paths.forgotPassword}>{AUTH_TEXT.forgotPassword}</Link>
        </p>
      )}

      {error ? <Alert id={errorId}>{error}</Alert> : null}

      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? <Spinner /> : null}
        {isSignUp ? AUTH_TEXT.signUpTitle : AUTH_TEXT.signInTitle}
      </button>

      <p className="auth-form__switch">
        {isSignUp ? AUTH_TEXT.haveAccount : AUTH_TEXT.noAccount}{' '}
        <button type="button" className="button-link" onClick={switchMode} disabled={busy}>
          {isSignUp ? AUTH_TEXT.switchToSignIn : AUTH_TEXT.switchToSignUp}
        </button>
      </p>
    </form>
  );
}
