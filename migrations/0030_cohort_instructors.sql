-- Co-instructors (decision 052): an LMS course's other instructors teach that course's cohort
-- and nothing else of the organisation. A relation, as trainer and trainee are (decision 023):
-- one row per (cohort, person), gone with either. The organisation's trainer is never one.
CREATE TABLE cohort_instructors (
  cohort_id uuid NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (cohort_id, user_id)
);
-- Every rule asks "does $1 co-teach this cohort" and the organisations page "which cohorts".
CREATE INDEX cohort_instructors_user_idx ON cohort_instructors (user_id, cohort_id);
