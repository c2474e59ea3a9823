-- Your data, yours to take or delete (issue 27, decision 045).

-- Whether the audio of this person's spoken turns (and the patient's replies to them) is kept
-- for replay. On by default, as it was for everyone before; the account page turns it off.
ALTER TABLE users ADD COLUMN keep_recordings boolean NOT NULL DEFAULT true;

-- A deleted account's scenarios that other people practised stay, hidden and without an owner,
-- for those people's conversations (as a deleted scenario does, decision 021). Only shipped
-- scenarios had no owner until now, so the shipped library's slug index says "shipped" itself.
ALTER TABLE scenarios DROP CONSTRAINT scenarios_owner_check;
ALTER TABLE scenarios
  ADD CONSTRAINT scenarios_owner_check CHECK (
    CASE WHEN visibility = 'shipped' THEN owner_id IS NULL
         ELSE owner_id IS NOT NULL OR deleted_at IS NOT NULL END
  );
DROP INDEX scenarios_shipped_slug_idx;
CREATE UNIQUE INDEX scenarios_shipped_slug_idx ON scenarios (slug) WHERE visibility = 'shipped';
