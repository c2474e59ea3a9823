-- Throttle keys hold an address and an email (up to 254 characters), which can pass 255.
ALTER TABLE auth_rate_limits ALTER COLUMN key TYPE text;
-- Each instance deletes expired rows on a timer (purgeExpiredRateLimits); this index keeps
-- that a range scan however many rows are live. Hint counts (keyed by user) live here too.
CREATE INDEX auth_rate_limits_expire_idx ON auth_rate_limits (expire);
