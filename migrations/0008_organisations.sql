-- Organisations, trainers and trainees (issue 17, decision 023). The user who creates an
-- organisation is its trainer; trainees are members of its cohorts.
CREATE TABLE organisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  trainer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX organisations_trainer_idx ON organisations (trainer_id);

CREATE TABLE cohorts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX cohorts_organisation_idx ON cohorts (organisation_id);

-- One row per period of membership: leaving closes it (left_at), joining again opens another,
-- so a trainer never sees what was practised between the two.
CREATE TABLE cohort_memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cohort_id uuid NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  left_at timestamptz,
  CHECK (left_at IS NULL OR left_at >= joined_at)
);
CREATE UNIQUE INDEX cohort_memberships_current_idx
  ON cohort_memberships (cohort_id, user_id) WHERE left_at IS NULL;
CREATE INDEX cohort_memberships_user_idx ON cohort_memberships (user_id, cohort_id);

CREATE TABLE cohort_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cohort_id uuid NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX cohort_invites_cohort_idx ON cohort_invites (cohort_id);

CREATE TABLE cohort_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cohort_id uuid NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id),
  due_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (cohort_id, scenario_id)
);

-- A trainer's score replaces the grader's overall score in progress; the grader's stays.
CREATE TABLE score_overrides (
  session_id uuid PRIMARY KEY REFERENCES conversation_sessions (id) ON DELETE CASCADE,
  trainer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  overall_score integer NOT NULL CHECK (overall_score BETWEEN 1 AND 10),
  comment text NOT NULL CHECK (length(comment) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE turn_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  trainer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment text NOT NULL CHECK (length(comment) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX turn_comments_message_idx ON turn_comments (message_id, created_at);

-- A scenario shared with an organisation: visible to its trainer and current members.
ALTER TABLE scenarios
  ADD COLUMN organisation_id uuid REFERENCES organisations (id) ON DELETE CASCADE;
ALTER TABLE scenarios DROP CONSTRAINT scenarios_visibility_check;
ALTER TABLE scenarios
  ADD CONSTRAINT scenarios_visibility_check
  CHECK (visibility IN ('shipped', 'private', 'organisation'));
ALTER TABLE scenarios
  ADD CONSTRAINT scenarios_organisation_check
  CHECK ((visibility = 'organisation') = (organisation_id IS NOT NULL));
CREATE INDEX scenarios_organisation_idx ON scenarios (organisation_id)
  WHERE organisation_id IS NOT NULL;
