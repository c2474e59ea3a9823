-- The debrief of an ended conversation (shared/debrief.ts): notes on turns, the patient's
-- states and thoughts, hidden concerns, the consent checklist. Stored with the feedback it was
-- graded with; null for conversations graded before it existed, or when it could not be made.
ALTER TABLE feedback ADD COLUMN debrief jsonb;
