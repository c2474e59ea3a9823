-- A trainer's score and turn comments belong to the organisation they were written for (issue
-- 22, decision 026): one organisation's trainer never reads, replaces or removes another's.
-- Before this, one override per conversation was replaced by any trainer who could see it, so a
-- trainee in a second organisation run by an account of their own could overwrite the grade.
ALTER TABLE score_overrides
  ADD COLUMN organisation_id uuid REFERENCES organisations (id) ON DELETE CASCADE;
ALTER TABLE turn_comments
  ADD COLUMN organisation_id uuid REFERENCES organisations (id) ON DELETE CASCADE;

-- What was written before goes to the organisation it would be written for now: of the
-- writer's organisations that saw the conversation (the trainee a member when they started it),
-- the one that assigned its scenario, then the oldest. Anything no such organisation saw (a
-- period rewritten by hand) goes to the writer's oldest organisation.
CREATE TEMPORARY TABLE review_organisations ON COMMIT DROP AS
  SELECT w.trainer_id, w.session_id,
         coalesce(seen.organisation_id, oldest.id) AS organisation_id
    FROM (SELECT trainer_id, session_id FROM score_overrides
          UNION
          SELECT t.trainer_id, m.session_id FROM turn_comments t
            JOIN messages m ON m.id = t.message_id) w
    LEFT JOIN LATERAL (
      SELECT c.organisation_id
        FROM conversation_sessions s
        JOIN cohort_memberships m ON m.user_id = s.user_id
        JOIN cohorts c ON c.id = m.cohort_id
        JOIN organisations g ON g.id = c.organisation_id
       WHERE s.id = w.session_id AND g.trainer_id = w.trainer_id
         AND s.created_at >= m.joined_at AND (m.left_at IS NULL OR s.created_at < m.left_at)
       ORDER BY EXISTS (SELECT 1 FROM cohort_assignments a
                         WHERE a.cohort_id = c.id AND a.scenario_id = s.scenario_id) DESC,
                g.created_at, g.id
       LIMIT 1) seen ON true
    LEFT JOIN LATERAL (
      SELECT g.id FROM organisations g WHERE g.trainer_id = w.trainer_id
       ORDER BY g.created_at, g.id LIMIT 1) oldest ON true;

UPDATE score_overrides o SET organisation_id = r.organisation_id
  FROM review_organisations r
 WHERE r.trainer_id = o.trainer_id AND r.session_id = o.session_id;
UPDATE turn_comments t SET organisation_id = r.organisation_id
  FROM review_organisations r, messages m
 WHERE m.id = t.message_id AND r.trainer_id = t.trainer_id AND r.session_id = m.session_id;
-- A writer who runs no organisation any more has nothing to attach it to.
DELETE FROM score_overrides WHERE organisation_id IS NULL;
DELETE FROM turn_comments WHERE organisation_id IS NULL;

ALTER TABLE score_overrides ALTER COLUMN organisation_id SET NOT NULL;
ALTER TABLE turn_comments ALTER COLUMN organisation_id SET NOT NULL;

-- One score per conversation and organisation.
ALTER TABLE score_overrides DROP CONSTRAINT score_overrides_pkey;
ALTER TABLE score_overrides ADD PRIMARY KEY (session_id, organisation_id);
CREATE INDEX score_overrides_organisation_idx ON score_overrides (organisation_id);
CREATE INDEX turn_comments_organisation_idx ON turn_comments (organisation_id);

-- Comments a trainer wrote in the last day are counted for TRAINER_COMMENTS_PER_DAY (issue 22).
CREATE INDEX turn_comments_trainer_idx ON turn_comments (trainer_id, created_at);
