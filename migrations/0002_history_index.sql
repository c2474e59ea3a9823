-- History pages read a user's completed sessions newest first and progress reads them oldest
-- first. With 0001's (user_id, ended_at, created_at) index every request sorted all of the
-- user's completed sessions; this partial index hands them over in order, so a page of 20
-- reads about 20 index entries however long the history grows.
CREATE INDEX conversation_sessions_user_completed_idx
  ON conversation_sessions (user_id, created_at DESC, id DESC)
  WHERE ended_at IS NOT NULL;
