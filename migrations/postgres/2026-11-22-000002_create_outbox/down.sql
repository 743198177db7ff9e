DROP TABLE app_secrets;
DROP TABLE outbox_emails;
