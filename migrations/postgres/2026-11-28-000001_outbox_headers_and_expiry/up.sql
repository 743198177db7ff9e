-- Headers some e-mails carry: the address a reply goes to (a contact
-- message's sender) and the newsletter's one-click unsubscribe address.
ALTER TABLE outbox_emails ADD COLUMN reply_to TEXT;
ALTER TABLE outbox_emails ADD COLUMN list_unsubscribe TEXT;
-- When delivery was given up: an e-mail not delivered within days never will be.
ALTER TABLE outbox_emails ADD COLUMN given_up_at TIMESTAMP;
-- The delivery worker looks only at e-mails still waiting; sent and
-- given-up ones pile up and stay out of this index.
DROP INDEX outbox_emails_due;
CREATE INDEX outbox_emails_waiting ON outbox_emails (next_attempt_at, id)
    WHERE sent_at IS NULL AND given_up_at IS NULL;
