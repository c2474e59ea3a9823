import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { inviteCodeSchema } from '#shared/api/organisations';
import { JOIN_TEXT, ORGANISATION_TEXT, PAGE_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { dashboardPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { joinCohort } from '../api/joinCohort';
import { useAuthStore, userDisplayName } from '../store';
import { LoginForm, type Mode } from './LoginForm';
import { AuthCard } from './AuthCard';

/**
 * What an invite link opens. Signed in: one button joins the cohort, then the
 * dashboard shows what was assigned. Signed out: the sign-up form, which sends the code along
 * (the account and its membership are made together), or sign in, which then joins.
 */
export function JoinPage({ code: rawCode }: { code: string }) {
  useDocumentTitle(JOIN_TEXT.title);
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  const [, navigate] = useLocation();
  const ids = useId();
  const parsed = inviteCodeSchema.safeParse(rawCode);
  const code = parsed.success ? parsed.data.toUpperCase() : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    code === null ? ORGANISATION_TEXT.inviteNotFound : null,
  );
  const join = async () => {
    if (code === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await joinCohort(code);
      navigate(dashboardPath('scenarios'), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  const done = (mode: Mode) => {
    // A sign-up carried the code and has joined already; a sign-in joins now, as the user
    // came here to do (the form is gone, this page is not).
    if (mode === 'sign-up') navigate(dashboardPath('scenarios'), { replace: true });
    else void join();
  };

  return (
    <AuthCard
      title={JOIN_TEXT.title}
      intro={
        <>
          <p className="auth-card__tagline">{JOIN_TEXT.invited}</p>
          {code !== null ? <p className="join__code">{JOIN_TEXT.code(code)}</p> : null}
        </>
      }
    >
      {status !== 'ready' ? (
        <p className="loading-line">
          <Spinner label={PAGE_TEXT.checkingSession} />
        </p>
      ) : code === null ? (
        <Alert>{error}</Alert>
      ) : user ? (
        <section className="auth-form" aria-labelledby={`${ids}-signed-in`}>
          <p id={`${ids}-signed-in`}>{JOIN_TEXT.signedIn(userDisplayName(user))}</p>
          {error ? <Alert>{error}</Alert> : null}
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void join()}
            disabled={busy}
          >
            {busy ? <Spinner /> : null}
            {JOIN_TEXT.join}
          </button>
          <p className="auth-form__switch">
            <Link href={dashboardPath('scenarios')}>{JOIN_TEXT.later}</Link>
          </p>
        </section>
      ) : (
        <>
          <p>{JOIN_TEXT.signedOut}</p>
          {error ? <Alert>{error}</Alert> : null}
          <LoginForm initialMode="sign-up" invite={code} onDone={done} />
        </>
      )}
    </AuthCard>
  );
}
