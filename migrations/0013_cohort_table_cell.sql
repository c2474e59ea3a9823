-- One cell of the cohort table (server/db/cohortTable.ts) with the field names of the API's
-- JSON (shared/api/organisations.ts). The table's statement casts each cell's row to this type,
-- so PostgreSQL writes the JSON from the type's names: a 200 × 20 table built the same object
-- through a subquery per cell, a seventh of the whole statement (EXPLAIN ANALYZE, issue 25).
CREATE TYPE cohort_table_cell AS (
  "assignmentId" uuid,
  "conversationId" uuid,
  "doneAt" text,
  score integer,
  overridden boolean
);
