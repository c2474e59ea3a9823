import { useEffect, useState } from 'react';
import type { Account } from '#shared/api/account';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { createResource, useResource } from '../../../lib/resource';
import { getAccount } from '../api/getAccount';
import { EmailSection } from './EmailSection';
import { LanguageSection } from './LanguageSection';
import { PasswordSection } from './PasswordSection';
import { SchoolSignInSection } from './SchoolSignInSection';
import { SignInSection } from './SignInSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

interface AccountScreenProps {
  userId: string;
  /** The name or address the rest of the app shows has changed. */
  onUserChanged: (user: { email: string; fullName: string; emailVerified: boolean }) => void;
  /** Every session ended, this one included. */
  onSignedOut: () => void;
}
import { DeleteAccountSection } from './DeleteAccountSection';
import { RecordingsSection } from './RecordingsSection';
import { YourDataSection } from './YourDataSection';

/**
 * /account: the signed-in person's own account, one section per thing they can change. Each
 * section saves on its own; a change reloads the account so every section shows the same state.
 */
export function AccountScreen({ userId, onUserChanged, onSignedOut }: AccountScreenProps) {
  const [resource] = useState(() =>
    createResource<Account>({
      fetch: () => getAccount(),
      onError: (error) => {
        console.error('Could not load the account', error);
        return { message: errorMessage(error, T.loadFailed) };
      },
    }),
  );
  const account = useResource(resource, userId);
  const refresh = () => void resource.load(userId);
  // The app's signed-in user follows what this page reads: a name, or an address confirmed
  // from another tab, shows in the top bar and the dashboard without a reload.
  const loaded = account.data;
  useEffect(() => {
    if (loaded)
      onUserChanged({
        email: loaded.email,
        fullName: loaded.fullName,
        emailVerified: loaded.emailVerified,
      });
  }, [loaded, onUserChanged]);

  return (
    <main className="page account-page">
      <h1 className="account-page__title">{T.title}</h1>
      {account.error !== null && account.data === null ? (
        <Alert>{account.error}</Alert>
      ) : account.data === null ? (
        <p className="loading-line loading-line--page">
          <Spinner label={T.loading} size="lg" />
        </p>
      ) : (
        <>
          <ProfileSection
            account={account.data}
            onSaved={(saved) => {
              onUserChanged(saved);
              refresh();
            }}
          />
          <EmailSection account={account.data} onChanged={refresh} />
          <SchoolSignInSection account={account.data} onChanged={refresh} />
          <SignInSection account={account.data} />
          {account.data.hasPassword ? <PasswordSection /> : null}
          <SessionsSection onSignedOut={onSignedOut} />
        </>
      )}
      <LanguageSection />
      <YourDataSection />
      <RecordingsSection />
      {/* Until the account is read, as one with a password: the server decides either way. */}
      <DeleteAccountSection hasPassword={account.data?.hasPassword ?? true} />
    </main>
  );
}
