DROP INDEX outbox_emails_waiting;
CREATE INDEX outbox_emails_due ON outbox_emails (sent_at, next_attempt_at);
ALTER TABLE outbox_emails DROP COLUMN given_up_at;
ALTER TABLE outbox_emails DROP COLUMN list_unsubscribe;
ALTER TABLE outbox_emails DROP COLUMN reply_to;
