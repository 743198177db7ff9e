ALTER TABLE outbox_emails DROP COLUMN given_up_at;
ALTER TABLE outbox_emails DROP COLUMN list_unsubscribe;
ALTER TABLE outbox_emails DROP COLUMN reply_to;
