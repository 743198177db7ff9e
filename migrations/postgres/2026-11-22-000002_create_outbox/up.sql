-- E-mail waiting to be delivered. Rows are written in the same transaction
-- as the thing they announce and removed from the queue only once sent.
CREATE TABLE outbox_emails (
    id SERIAL PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    last_error TEXT,
    sent_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX outbox_emails_due ON outbox_emails (sent_at, next_attempt_at);

-- Secrets the application generates for itself on first start (for
-- example the key that signs unsubscribe links), shared by every process.
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
