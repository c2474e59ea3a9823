-- Users and their sign-in sessions (Lucia's pattern: only the token's SHA-256 is stored).
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_sessions_user_id_idx ON user_sessions (user_id);

-- Sign-in throttling counters, shared by every instance (rate-limiter-flexible's layout).
CREATE TABLE auth_rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

CREATE TABLE scenarios (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  difficulty text NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  patient_concerns text[] NOT NULL DEFAULT '{}',
  patient_profile text NOT NULL,
  initial_message text NOT NULL,
  -- Engine-only data (hidden concerns, ICE, line banks); never sent to the browser.
  extras jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversation_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  success_rating integer CHECK (success_rating BETWEEN 1 AND 10)
);
-- Progress and history read a user's completed sessions by date.
CREATE INDEX conversation_sessions_user_ended_created_idx
  ON conversation_sessions (user_id, ended_at, created_at);
-- At most one open session per user and scenario: reloading the page resumes it.
CREATE UNIQUE INDEX conversation_sessions_one_open_idx
  ON conversation_sessions (user_id, scenario_id) WHERE ended_at IS NULL;

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES conversation_sessions (id) ON DELETE CASCADE,
  -- clock_timestamp, not now(): two messages stored in one transaction still order correctly.
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  seq integer GENERATED ALWAYS AS IDENTITY,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  source text NOT NULL DEFAULT 'typed' CHECK (source IN ('typed', 'dictated', 'voice')),
  partial boolean NOT NULL DEFAULT false,
  -- The client's id for a turn, so a resent turn is stored once.
  client_id text
);
CREATE INDEX messages_session_created_idx ON messages (session_id, created_at, seq);
CREATE UNIQUE INDEX messages_client_id_idx ON messages (session_id, client_id)
  WHERE client_id IS NOT NULL;

CREATE TABLE feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL UNIQUE REFERENCES conversation_sessions (id) ON DELETE CASCADE,
  overall_score integer NOT NULL CHECK (overall_score BETWEEN 1 AND 10),
  empathy_score integer NOT NULL CHECK (empathy_score BETWEEN 1 AND 10),
  clarity_score integer NOT NULL CHECK (clarity_score BETWEEN 1 AND 10),
  persuasion_score integer NOT NULL CHECK (persuasion_score BETWEEN 1 AND 10),
  objection_handling_score integer NOT NULL CHECK (objection_handling_score BETWEEN 1 AND 10),
  -- Lists of { text, quote } (quote: the trainee's verbatim words, or null).
  strengths jsonb NOT NULL,
  areas_for_improvement jsonb NOT NULL,
  suggested_responses jsonb NOT NULL,
  -- null when the grader's answer was accepted as it was; else which spec §5 fallback made it.
  fallback text CHECK (fallback IN ('json_in_text', 'text_scan', 'default')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
