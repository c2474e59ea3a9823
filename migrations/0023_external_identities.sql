-- Signing in through the school's own systems (issue 29): an OpenID provider's single sign-on
-- (decision 050) or an LMS launch through LTI 1.3 (decision 051). Such an account may have no
-- password of ours, and is found again by its identity at the issuer, never by a typed secret.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- One person at one outside issuer, linked to one account. `issuer` is the provider's or the
-- platform's issuer URL, `subject` its stable id for the person (the `sub` claim); an account
-- may be linked at several issuers, an identity to one account only.
CREATE TABLE external_identities (
  kind text NOT NULL CHECK (kind IN ('oidc', 'lti')),
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, issuer, subject)
);
CREATE INDEX external_identities_user_id_idx ON external_identities (user_id);
