import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Account } from '#shared/api/account';
import { errorCodeSchema, ERRORS } from '#shared/errors';
import { SSO_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { startLinking, unlink } from '../api/accountCalls';

type Notice = { tone: 'info' | 'error'; text: string };
type SchoolSignIn = Account['schoolSignIns'][number];

/**
 * What a link flow came back with (`?linked=`, `?already=` or `?error=<code>`, decision 050's
 * addendum), as the sentence to show. A code outside the vocabulary, or an unknown provider,
 * shows nothing.
 */
function noticeFromSearch(search: string, providers: readonly SchoolSignIn[]): Notice | null {
  const query = new URLSearchParams(search);
  const labelOf = (id: string | null) => providers.find((p) => p.id === id)?.label ?? null;
  const linked = labelOf(query.get('linked'));
  if (linked !== null) return { tone: 'info', text: SSO_TEXT.linkedNotice(linked) };
  const already = labelOf(query.get('already'));
  if (already !== null) return { tone: 'info', text: SSO_TEXT.alreadyLinkedNotice(already) };
  const error = errorCodeSchema.safeParse(query.get('error'));
  return error.success ? { tone: 'error', text: ERRORS[error.data] } : null;
}

/**
 * Each school sign-in configured here, and whether this account is linked to it: "Link" sends
 * the browser through the provider and back to this page; "Unlink", once confirmed, removes it
 * (the server refuses to take an account's last way in). Shown only when one is configured.
 */
export function SchoolSignInSection({
  account,
  onChanged,
}: {
  account: Account;
  onChanged: () => void;
}) {
  const search = useSearch();
  const [, navigate] = useLocation();
  // Read once: the query is dropped from the address so a reload does not say it again.
  const [notice, setNotice] = useState<Notice | null>(() =>
    noticeFromSearch(search, account.schoolSignIns),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<SchoolSignIn | null>(null);
  const cameBack = /(^|&)(linked|already|error)=/.test(search);
  useEffect(() => {
    if (cameBack) navigate(paths.account, { replace: true });
  }, [cameBack, navigate]);
  if (account.schoolSignIns.length === 0) return null;

  const link = async (provider: SchoolSignIn) => {
    setBusy(provider.id);
    setNotice(null);
    try {
      window.location.assign(await startLinking(provider.id));
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, SSO_TEXT.linkFailed) });
      setBusy(null);
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-school-sign-in">
      <h2 id="account-school-sign-in">{SSO_TEXT.schoolTitle}</h2>
      <p>{SSO_TEXT.schoolIntro}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <ul className="account-school-sign-ins">
        {account.schoolSignIns.map((provider) => (
          <li key={provider.id} className="account-school-sign-in">
            <span className="account-school-sign-in__label">{provider.label}</span>
            <span className="account-school-sign-in__status">
              {provider.linked ? SSO_TEXT.statusLinked : SSO_TEXT.statusNotLinked}
            </span>
            {provider.linked ? (
              <button
                type="button"
                className="button button--secondary"
                aria-label={SSO_TEXT.unlinkProvider(provider.label)}
                onClick={() => setUnlinking(provider)}
              >
                {SSO_TEXT.unlink}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                aria-label={SSO_TEXT.linkProvider(provider.label)}
                disabled={busy !== null}
                onClick={() => void link(provider)}
              >
                {busy === provider.id ? <Spinner /> : null}
                {SSO_TEXT.link}
              </button>
            )}
          </li>
        ))}
      </ul>
      {unlinking ? (
        <ConfirmAction
          title={SSO_TEXT.unlinkTitle(unlinking.label)}
          body={SSO_TEXT.unlinkBody(unlinking.label)}
          confirmLabel={SSO_TEXT.unlink}
          onClose={() => setUnlinking(null)}
          onConfirm={async () => {
            await unlink(unlinking.id);
            setNotice({ tone: 'info', text: SSO_TEXT.unlinkedNotice(unlinking.label) });
            setUnlinking(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
