-- Custom scenarios (issue 17): a scenario is shipped (seeded from server/scenarios/shipped,
-- no owner) or private (written by its owner). 'organisation' joins the list later.
ALTER TABLE scenarios
  ADD COLUMN owner_id uuid REFERENCES users (id) ON DELETE CASCADE,
  ADD COLUMN visibility text NOT NULL DEFAULT 'shipped',
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- A scenario with conversations is hidden rather than deleted: their detail still shows it.
  ADD COLUMN deleted_at timestamptz;
ALTER TABLE scenarios
  ADD CONSTRAINT scenarios_visibility_check CHECK (visibility IN ('shipped', 'private'));
ALTER TABLE scenarios
  ADD CONSTRAINT scenarios_owner_check CHECK ((visibility = 'shipped') = (owner_id IS NULL));

-- Slugs stay the seeding key of the shipped library only; authors' copies may repeat them.
ALTER TABLE scenarios DROP CONSTRAINT scenarios_slug_key;
CREATE UNIQUE INDEX scenarios_shipped_slug_idx ON scenarios (slug) WHERE owner_id IS NULL;
CREATE INDEX scenarios_owner_idx ON scenarios (owner_id, updated_at) WHERE owner_id IS NOT NULL;

-- Superseded versions, kept for the conversations that used them. The current version lives
-- in the scenarios row itself, so reading the library costs no join.
CREATE TABLE scenario_versions (
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  version integer NOT NULL,
  slug text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  difficulty text NOT NULL,
  patient_concerns text[] NOT NULL,
  patient_profile text NOT NULL,
  initial_message text NOT NULL,
  extras jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scenario_id, version)
);

-- Every existing conversation used version 1, the only one there was.
ALTER TABLE conversation_sessions
  ADD COLUMN scenario_version integer NOT NULL DEFAULT 1;
CREATE INDEX conversation_sessions_scenario_idx ON conversation_sessions (scenario_id, scenario_version);
