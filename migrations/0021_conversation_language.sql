-- Conversations in the patient's language (issue 28, decision 048).

-- The language a scenario's patient speaks and its texts are written in. Every scenario so far
-- was English. Kept versions keep theirs, so a conversation reads the scenario as it was.
ALTER TABLE scenarios
  ADD COLUMN language text NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'es', 'fr', 'de', 'pt', 'it'));
ALTER TABLE scenario_versions
  ADD COLUMN language text NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'es', 'fr', 'de', 'pt', 'it'));

-- A conversation's language, chosen when it starts (the scenario's unless the person picks
-- another), and the language its feedback and debrief explanations are written in (the one the
-- person reads the interface in). A branch carries both from its original.
ALTER TABLE conversation_sessions
  ADD COLUMN language text NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'es', 'fr', 'de', 'pt', 'it')),
  ADD COLUMN report_language text NOT NULL DEFAULT 'en'
    CHECK (report_language IN ('en', 'es', 'fr', 'de', 'pt', 'it'));
