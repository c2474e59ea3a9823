-- Linking a school identity from the account page (issue 29, decision 050's addendum). A flow
-- through the provider now has an intent: to sign in (as before) or to link the identity that
-- comes back to an account already signed in. A link names that account, so the callback can
-- require the very same account to be signed in in the browser that comes back; a sign-in names
-- none. An account deleted mid-flow takes its link flows with it.
ALTER TABLE sso_logins ADD COLUMN intent text NOT NULL DEFAULT 'sign_in'
  CHECK (intent IN ('sign_in', 'link'));
ALTER TABLE sso_logins ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE sso_logins ADD CONSTRAINT sso_logins_link_names_its_account
  CHECK ((intent = 'link') = (user_id IS NOT NULL));
