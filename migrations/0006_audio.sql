-- Audio of spoken turns, kept for replay for AUDIO_RETENTION_DAYS: the clinician's utterance on
-- their message, the patient's speech on theirs. One recording per message. The bytes live in
-- `data` (AUDIO_STORE=database) or in a file at `path` under AUDIO_DIR (AUDIO_STORE=folder).
-- Deleting a message, its conversation or its user deletes the row; files whose row is gone
-- are removed by each instance's purge timer.
CREATE TABLE message_audio (
  message_id uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mime text NOT NULL CHECK (length(mime) BETWEEN 1 AND 100),
  bytes integer NOT NULL CHECK (bytes > 0),
  duration_ms integer CHECK (duration_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  data bytea,
  path text,
  CHECK ((data IS NULL) <> (path IS NULL))
);
-- The per-user cap reads a user's recordings oldest first; the purge reads by age.
CREATE INDEX message_audio_user_created_idx ON message_audio (user_id, created_at);
CREATE INDEX message_audio_created_idx ON message_audio (created_at);
