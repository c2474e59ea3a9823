-- ChairTalk as an LTI 1.3 Advantage tool (issue 29, decision 051). Every piece of a launch
-- lives here, in PostgreSQL, so any instance can finish what another began (no sticky sessions).

-- Our own signing keys (deep-linking responses, service-token assertions). The newest
-- unretired key signs; a retired one stays in our public JWKS for an overlap, so a platform
-- holding a cached copy still verifies what the old key signed.
CREATE TABLE lti_tool_keys (
  kid text PRIMARY KEY CHECK (length(kid) BETWEEN 1 AND 100),
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  retired_at timestamptz
);
-- One signing key at a time: two instances generating the first key at once cannot both win.
CREATE UNIQUE INDEX lti_tool_keys_signing_idx ON lti_tool_keys ((true)) WHERE retired_at IS NULL;

-- A platform (an LMS) registered by an organisation's trainer. The issuer and client id
-- together name the registration a launch comes from; one registration, one organisation.
CREATE TABLE lti_platforms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 255),
  auth_url text NOT NULL CHECK (length(auth_url) BETWEEN 1 AND 2000),
  jwks_url text NOT NULL CHECK (length(jwks_url) BETWEEN 1 AND 2000),
  token_url text NOT NULL CHECK (length(token_url) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (issuer, client_id)
);
CREATE INDEX lti_platforms_organisation_idx ON lti_platforms (organisation_id);

-- The deployments of a registration a launch may name; any other deployment id is refused.
CREATE TABLE lti_deployments (
  platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  deployment_id text NOT NULL CHECK (length(deployment_id) BETWEEN 1 AND 255),
  PRIMARY KEY (platform_id, deployment_id)
);

-- A third-party-initiated login in flight: by the SHA-256 of its state (the browser holds the
-- state itself), with the nonce the id_token must carry. Taken once (DELETE … RETURNING).
CREATE TABLE lti_login_transactions (
  state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  nonce text NOT NULL UNIQUE CHECK (length(nonce) BETWEEN 16 AND 200),
  platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  target_link_uri text NOT NULL CHECK (length(target_link_uri) BETWEEN 1 AND 2000),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX lti_login_transactions_expires_idx ON lti_login_transactions (expires_at);

-- Nonces of accepted id_tokens, until the token could no longer be valid: a replayed token
-- finds its nonce here. The unique key decides under races.
CREATE TABLE lti_used_nonces (
  platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  nonce text NOT NULL CHECK (length(nonce) BETWEEN 1 AND 200),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (platform_id, nonce)
);
CREATE INDEX lti_used_nonces_expires_idx ON lti_used_nonces (expires_at);

-- An LMS course (a context, unique within its deployment) is a cohort of the registering
-- organisation; its service URLs are kept from the latest launch.
CREATE TABLE lti_contexts (
  platform_id uuid NOT NULL,
  deployment_id text NOT NULL,
  context_id text NOT NULL CHECK (length(context_id) BETWEEN 1 AND 255),
  cohort_id uuid NOT NULL UNIQUE REFERENCES cohorts (id) ON DELETE CASCADE,
  memberships_url text CHECK (length(memberships_url) BETWEEN 1 AND 2000),
  lineitems_url text CHECK (length(lineitems_url) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (platform_id, deployment_id, context_id),
  FOREIGN KEY (platform_id, deployment_id)
    REFERENCES lti_deployments (platform_id, deployment_id) ON DELETE CASCADE
);

-- A link in the course (made by deep linking) and the assignment it opens.
CREATE TABLE lti_resource_links (
  platform_id uuid NOT NULL,
  deployment_id text NOT NULL,
  resource_link_id text NOT NULL CHECK (length(resource_link_id) BETWEEN 1 AND 255),
  assignment_id uuid NOT NULL REFERENCES cohort_assignments (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (platform_id, deployment_id, resource_link_id),
  FOREIGN KEY (platform_id, deployment_id)
    REFERENCES lti_deployments (platform_id, deployment_id) ON DELETE CASCADE
);
CREATE INDEX lti_resource_links_assignment_idx ON lti_resource_links (assignment_id);

-- Where a trainee's score on an assignment goes: the line item and their id at the LMS, from
-- their latest launch of it.
CREATE TABLE lti_grade_targets (
  assignment_id uuid NOT NULL REFERENCES cohort_assignments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  lineitem_url text NOT NULL CHECK (length(lineitem_url) BETWEEN 1 AND 2000),
  lms_user_id text NOT NULL CHECK (length(lms_user_id) BETWEEN 1 AND 255),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (assignment_id, user_id)
);
CREATE INDEX lti_grade_targets_user_idx ON lti_grade_targets (user_id);

-- The score owed to the LMS for one trainee's assignment: the latest one replaces an unsent
-- one (a trainer's override after the grader's). Claimed by one instance at a time under a
-- lease, retried with back-off, 'failed' after its attempts (the trainer may send it again).
CREATE TABLE lti_grade_passbacks (
  assignment_id uuid NOT NULL,
  user_id uuid NOT NULL,
  session_id uuid NOT NULL REFERENCES conversation_sessions (id) ON DELETE CASCADE,
  score_given numeric NOT NULL CHECK (score_given >= 0),
  score_maximum numeric NOT NULL CHECK (score_maximum > 0),
  comment text CHECK (length(comment) <= 4000),
  scored_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  leased_until timestamptz,
  last_error text CHECK (length(last_error) <= 1000),
  sent_at timestamptz,
  PRIMARY KEY (assignment_id, user_id),
  FOREIGN KEY (assignment_id, user_id)
    REFERENCES lti_grade_targets (assignment_id, user_id) ON DELETE CASCADE
);
CREATE INDEX lti_grade_passbacks_due_idx ON lti_grade_passbacks (next_attempt_at)
  WHERE status = 'pending';

-- A launch verified at our launch URL (a cross-site form post, which carries none of our
-- SameSite=Lax cookies), handed to the same browser's next request, a top-level GET that
-- carries them: there the login's cookie must match its state. One use, short-lived.
CREATE TABLE lti_launch_handoffs (
  code_hash text PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  state_hash text NOT NULL CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  platform_id uuid NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  message jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX lti_launch_handoffs_expires_idx ON lti_launch_handoffs (expires_at);
