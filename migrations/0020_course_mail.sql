-- Reminders by mail (issue 27, decision 046). Each cohort says how many hours before an
-- assignment's due date its trainees are reminded (NULL: no reminders); existing and new
-- cohorts remind a day ahead.
ALTER TABLE cohorts ADD COLUMN reminder_hours_before integer DEFAULT 24
  CHECK (reminder_hours_before BETWEEN 1 AND 336);

-- One row per reminder a trainee is owed: claimed by one instance, then marked sent. A claim
-- whose sender died is taken again after a lease; a sent one never is.
CREATE TABLE assignment_reminders (
  assignment_id uuid NOT NULL REFERENCES cohort_assignments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('due_soon', 'overdue')),
  claimed_at timestamptz NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (assignment_id, user_id, kind)
);
CREATE INDEX assignment_reminders_user_idx ON assignment_reminders (user_id);
