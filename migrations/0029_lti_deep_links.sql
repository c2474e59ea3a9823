-- LTI Deep Linking 2.0 (issue 29, decision 051): an instructor's deep-linking request, kept
-- between the launch that verified it and the picker's answer, so any instance can finish it.
-- Keyed by a random id the browser carries in the picker's address; only the instructor it was
-- made for may use it, once, before it expires. The signed answer waits here for the page
-- that posts it to the platform (taken once). Purged with the other LTI rows.
CREATE TABLE lti_deep_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  platform_id uuid NOT NULL,
  deployment_id text NOT NULL CHECK (length(deployment_id) BETWEEN 1 AND 255),
  cohort_id uuid NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The request's deep_linking_settings claim, as verified.
  settings jsonb NOT NULL,
  -- Our signed LtiDeepLinkingResponse once the instructor chose (or cancelled).
  response_jwt text CHECK (length(response_jwt) BETWEEN 1 AND 32000),
  answered_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (platform_id, deployment_id)
    REFERENCES lti_deployments (platform_id, deployment_id) ON DELETE CASCADE
);
CREATE INDEX lti_deep_links_expires_idx ON lti_deep_links (expires_at);
CREATE INDEX lti_deep_links_user_idx ON lti_deep_links (user_id);
CREATE INDEX lti_deep_links_cohort_idx ON lti_deep_links (cohort_id);
