-- Headers some e-mails carry: the address a reply goes to (a contact
-- message's sender) and the newsletter's one-click unsubscribe address.
ALTER TABLE outbox_emails ADD COLUMN reply_to TEXT;
ALTER TABLE outbox_emails ADD COLUMN list_unsubscribe TEXT;
-- When delivery was given up: an e-mail not delivered within days never will be.
ALTER TABLE outbox_emails ADD COLUMN given_up_at TIMESTAMP;
