-- An author's caption for the Resources picture (issue 17). Optional: without one, the panel
-- keeps the caption it picks from the scenario's title. Kept versions keep theirs too.
ALTER TABLE scenarios
  ADD COLUMN resource_caption text CHECK (length(resource_caption) BETWEEN 1 AND 120);
ALTER TABLE scenario_versions
  ADD COLUMN resource_caption text CHECK (length(resource_caption) BETWEEN 1 AND 120);
