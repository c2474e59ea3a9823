-- Each author's scenarios have a storage budget (issue 22, decision 028): count and bytes of
-- JSON. A scenario's bytes are stored as it is written (the UTF-8 length of its JSON, measured
-- by the server), so checking the budget sums integers instead of re-serialising every row.
-- Shipped scenarios belong to nobody's budget and stay 0.
ALTER TABLE scenarios
  ADD COLUMN size_bytes integer NOT NULL DEFAULT 0 CHECK (size_bytes >= 0);

-- Scenarios written before this migration: the database's own JSON text of the same fields,
-- within a few percent of the server's measure (it adds a space after each colon and comma).
UPDATE scenarios
   SET size_bytes = octet_length(jsonb_strip_nulls(jsonb_build_object(
         'slug', slug, 'title', title, 'description', description, 'category', category,
         'difficulty', difficulty, 'patientConcerns', to_jsonb(patient_concerns),
         'patientProfile', patient_profile, 'initialMessage', initial_message,
         'extras', extras, 'resourceCaption', resource_caption))::text)
 WHERE owner_id IS NOT NULL;
