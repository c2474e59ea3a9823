-- The interface language a person chose (issue 28, decision 049): pages, error sentences and
-- the mail ChairTalk sends them. NULL: not chosen, so each request's Accept-Language decides
-- (and mail to them goes out in the language of whoever caused it).
ALTER TABLE users ADD COLUMN locale text CHECK (locale ~ '^[a-z]{2}$');
