-- The class summary (decision 044, server/db/classSummary.ts) needs only a few values from each
-- debrief: each consent item's status and whether anything said shows it, each hidden concern
-- and whether it came out. Reading them out of every debrief's jsonb at request time took
-- two-thirds of the summary's statement for a class of 4,000 conversations (EXPLAIN ANALYZE:
-- decompressing each debrief and walking its arrays). The digest is now written with the row.
--
-- The rule that reads a debrief is this one function, the same expressions the summary used to
-- run per request. A STORED generated column calls it on every insert and update of `debrief`
-- (there is no write path that could forget it), and ADD COLUMN computes it for every row that
-- is already there (the backfill). The function may be IMMUTABLE: its answer depends on its
-- argument only. It is `json`, not `jsonb`: it is never queried into, only copied into the
-- summary's answer, and json is copied as it is where jsonb would be printed again.
-- Shape: [[[item, status, hasEvidence], ...] | null, [[id, concern, uncovered], ...] | null],
-- null when there is no debrief.

-- A list in a debrief, or null when it is missing or not a list: a stored debrief that is not
-- what shared/debrief.ts writes must not make its row (or this migration) fail.
CREATE FUNCTION debrief_list(value jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN jsonb_typeof(value) = 'array' THEN value END;

CREATE FUNCTION debrief_digest(debrief jsonb) RETURNS json
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN debrief IS NOT NULL THEN json_build_array(
    (SELECT json_agg(json_build_array(c->>'item', c->>'status',
                       coalesce(jsonb_typeof(c->'evidence'), 'null') <> 'null'))
       FROM jsonb_array_elements(debrief_list(debrief->'consent'->'checks')) c),
    (SELECT json_agg(json_build_array(h->>'id', h->>'concern',
                       coalesce(jsonb_typeof(h->'uncoveredAt'), 'null') <> 'null'))
       FROM jsonb_array_elements(debrief_list(debrief->'hiddenConcerns')) h)) END;

ALTER TABLE feedback
  ADD COLUMN debrief_digest json GENERATED ALWAYS AS (debrief_digest(debrief)) STORED;

-- The cohort table's cells follow the answer's `assignments` in order (one per assignment), so
-- each cell no longer repeats its assignment's id: 4,000 ids were a quarter of the answer.
ALTER TYPE cohort_table_cell DROP ATTRIBUTE "assignmentId";
