-- When each session was signed in (decision 050): an account with no password of ours (single
-- sign-on, an LMS launch) proves it is still its owner by a recent sign-in, where others type
-- their password again. Sessions from before this migration have no time: never recent.
ALTER TABLE user_sessions ADD COLUMN signed_in_at timestamptz;
ALTER TABLE user_sessions ALTER COLUMN signed_in_at SET DEFAULT now();
