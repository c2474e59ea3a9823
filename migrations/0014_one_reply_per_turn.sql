-- One patient reply per clinician turn (issue 25, decision 038). A turn whose instance died
-- mid-reply is sent again by its client and answered by another instance; if the first instance
-- was alive after all (a dropped socket, not a dead process), it stores the reply it was
-- streaming too. `reply_to` names the turn a reply answers, unique where set, so the second
-- store finds the first: a whole reply replaces a partial one, anything else is kept as stored.
-- Replies that answer no single turn (the opening line, a Realtime call's) leave it null.
ALTER TABLE messages ADD COLUMN reply_to uuid REFERENCES messages (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX messages_reply_to_idx ON messages (reply_to) WHERE reply_to IS NOT NULL;
