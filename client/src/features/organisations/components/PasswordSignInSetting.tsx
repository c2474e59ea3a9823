import { useEffect, useId, useState } from 'react';
import { SSO_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { hasSchoolSignIn, setPasswordSignIn } from '../api/passwordSignIn';

/**
 * An organisation's password sign-in (decision 050): shown where the server offers a school
 * sign-in (or where passwords are already off, so they can come back). The server refuses to
 * turn them off for a trainer with no school sign-in of their own, and says why.
 */
export function PasswordSignInSetting({
  organisationId,
  passwordSignIn,
  onChanged,
}: {
  organisationId: string;
  passwordSignIn: boolean;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    hasSchoolSignIn()
      .then((has) => {
        if (live) setOffered(has);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!offered && passwordSignIn) return null;

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await setPasswordSignIn(organisationId, !passwordSignIn);
      await onChanged();
    } catch (caught) {
      setError(errorMessage(caught, SSO_TEXT.passwordSettingFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="org-password" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="org-password__title">
        {SSO_TEXT.passwordSetting}
      </h4>
      <p className="muted">{passwordSignIn ? SSO_TEXT.passwordAllowed : SSO_TEXT.passwordOff}</p>
      {error ? <Alert>{error}</Alert> : null}
      <button type="button" className="button button--secondary" onClick={toggle} disabled={busy}>
        {busy ? <Spinner /> : null}
        {passwordSignIn ? SSO_TEXT.turnPasswordsOff : SSO_TEXT.turnPasswordsOn}
      </button>
    </div>
  );
}
