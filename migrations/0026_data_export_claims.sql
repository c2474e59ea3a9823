-- One data archive at a time per account across every instance (decision 045): a second click,
-- or a second tab on another instance, would read and send everything twice. The row is the
-- claim; a claim whose lease ran out (its instance died mid-archive) may be taken again.
CREATE TABLE data_export_claims (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token uuid NOT NULL,
  lease_until timestamptz NOT NULL
);
