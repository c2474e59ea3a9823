-- Hourly allowances per user that must hold across instances (issue 22, decision 027): one row
-- per user and kind, holding the current hour's window and what was used in it. 'ai_budget'
-- counts AI_BUDGET_PER_HOUR units (every model call a user can cause, weighted by kind);
-- 'branches' counts BRANCHES_PER_HOUR new branches. A window starts at the first use after the
-- previous one ran out, and one statement checks and spends (server/db/hourlyUsage.ts), so
-- instances spending for the same user at once cannot both take the last of it. Rows are
-- overwritten, never piled up: no purge is needed.
CREATE TABLE hourly_usage (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ai_budget', 'branches')),
  window_start timestamptz NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, kind)
);
