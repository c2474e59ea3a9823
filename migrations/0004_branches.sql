-- "Try another answer": a branch is a new conversation that carries the transcript of another
-- (its original) up to just before one clinician turn. The original may be deleted later; the
-- branch then simply stands alone (SET NULL). branch_at_message records the turn that was
-- replaced; it has no foreign key, so it stays set however the original's messages fare.
ALTER TABLE conversation_sessions
  ADD COLUMN branch_of uuid REFERENCES conversation_sessions (id) ON DELETE SET NULL,
  ADD COLUMN branch_at_message uuid;
ALTER TABLE conversation_sessions
  ADD CONSTRAINT conversation_sessions_branch_point_check
  CHECK (branch_of IS NULL OR branch_at_message IS NOT NULL);
CREATE INDEX conversation_sessions_branch_of_idx
  ON conversation_sessions (branch_of) WHERE branch_of IS NOT NULL;

-- One open fresh conversation per user and scenario still holds (two tabs racing a first visit
-- get the same one), but branches are open beside it: branching from an open conversation
-- leaves that one open and intact (decision 018). The predicate reads branch_at_message, which
-- never changes, rather than branch_of, which a deleted original would clear.
DROP INDEX conversation_sessions_one_open_idx;
CREATE UNIQUE INDEX conversation_sessions_one_open_idx
  ON conversation_sessions (user_id, scenario_id)
  WHERE ended_at IS NULL AND branch_at_message IS NULL;
