-- Verified addresses (issue 27). Accounts made before verification existed could not verify;
-- they count as verified from the day they were made (decision 042).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at;

-- One pending link per account: at sign-up it confirms the account's address; after a change of
-- address it carries the new one, which becomes the account's only when the link is opened.
-- As for sessions and resets, only the SHA-256 of the token is stored.
CREATE TABLE email_verifications (
  id text PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
