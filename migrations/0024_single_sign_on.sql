-- Single sign-on with a school's OpenID provider (issue 29, decision 050).

-- One sign-in on its way through a provider: made when the browser is sent there, taken (once)
-- when it comes back. Kept here, not in one instance's memory, so the callback may land on any
-- instance. `id` is the SHA-256 of the `state` sent to the provider; the browser also holds a
-- short-lived cookie whose SHA-256 is `browser_hash`, so a state carried to another browser is
-- of no use there.
CREATE TABLE sso_logins (
  id text PRIMARY KEY CHECK (length(id) = 64),
  browser_hash text NOT NULL CHECK (length(browser_hash) = 64),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  nonce text NOT NULL CHECK (length(nonce) BETWEEN 1 AND 200),
  code_verifier text NOT NULL CHECK (length(code_verifier) BETWEEN 43 AND 128),
  return_path text NOT NULL CHECK (length(return_path) BETWEEN 1 AND 500),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_logins_expires_at_idx ON sso_logins (expires_at);

-- An organisation may require its people to use their school's sign-in: with this off, its
-- trainer and its current members cannot sign in (or reset) with a password of ours.
ALTER TABLE organisations ADD COLUMN password_sign_in boolean NOT NULL DEFAULT true;
