ALTER TABLE outbox_emails DROP COLUMN list_unsubscribe;
ALTER TABLE outbox_emails DROP COLUMN reply_to;
