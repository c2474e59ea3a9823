-- A trainer scores any rubric skill beside the overall score, each with its reason (issue 27,
-- decision 043). A skill's score belongs to its organisation's review of the conversation and
-- goes with it; a review that leaves a skill out leaves it to the grader.
CREATE TABLE skill_overrides (
  session_id uuid NOT NULL,
  organisation_id uuid NOT NULL,
  skill text NOT NULL CHECK (skill IN ('empathy', 'clarity', 'persuasion', 'objection')),
  score integer NOT NULL CHECK (score BETWEEN 1 AND 10),
  comment text NOT NULL CHECK (length(comment) BETWEEN 1 AND 2000),
  PRIMARY KEY (session_id, organisation_id, skill),
  FOREIGN KEY (session_id, organisation_id)
    REFERENCES score_overrides (session_id, organisation_id) ON DELETE CASCADE
);
