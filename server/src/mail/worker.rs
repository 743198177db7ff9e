//! Delivers the outbox. Runs in every server process; rows are claimed
//! before sending, so processes never send the same e-mail together. An
//! SMTP outage only delays delivery: failed attempts are retried with
//! back-off, and unsent rows survive restarts.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use tokio::sync::Notify;

use crate::config::{MailSettings, SmtpSecurity};
use crate::db::Database;
use crate::models::outbox::OutboxEmail;

/// How many e-mails one pass claims.
const BATCH: i64 = 20;

pub struct OutboxWorker {
    db: Database,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    poll: Duration,
    wake: Arc<Notify>,
}

impl OutboxWorker {
    pub fn new(db: Database, settings: &MailSettings, wake: Arc<Notify>) -> anyhow::Result<Self> {
        let host = settings.smtp_host.as_str();
        let builder = match settings.smtp_security {
            SmtpSecurity::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
            SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
        };
        let mut builder = builder
            .port(settings.smtp_port)
            .timeout(Some(Duration::from_secs(10)));
        if !settings.smtp_username.is_empty() {
            builder = builder.credentials(Credentials::new(
                settings.smtp_username.clone(),
                settings.smtp_password.expose_secret().to_owned(),
            ));
        }
        Ok(Self {
            db,
            transport: builder.build(),
            from: settings.from.parse()?,
            poll: Duration::from_millis(settings.poll_interval_ms),
            wake,
        })
    }

    /// Delivers due e-mail until the process ends, waking early when a
    /// request enqueues something.
    pub async fn run(self) {
        loop {
            if let Err(error) = self.deliver_due().await {
                tracing::warn!(%error, "outbox pass failed");
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(self.poll) => {}
            }
        }
    }

    async fn deliver_due(&self) -> anyhow::Result<()> {
        let now = chrono::Utc::now().naive_utc();
        let due = self
            .db
            .run(move |conn| Ok(OutboxEmail::claim_due(conn, now, BATCH)?))
            .await?;
        for email in due {
            let outcome = match self.message(&email) {
                Ok(message) => self
                    .transport
                    .send(message)
                    .await
                    .map(drop)
                    .map_err(|error| error.to_string()),
                Err(error) => Err(error.to_string()),
            };
            let now = chrono::Utc::now().naive_utc();
            match outcome {
                Ok(()) => {
                    self.db
                        .run(move |conn| Ok(OutboxEmail::mark_sent(conn, email.id, now)?))
                        .await?;
                }
                Err(error) => {
                    tracing::warn!(id = email.id, attempts = email.attempts + 1, %error, "e-mail not delivered yet");
                    self.db
                        .run(move |conn| Ok(OutboxEmail::mark_failed(conn, &email, &error, now)?))
                        .await?;
                }
            }
        }
        Ok(())
    }

    fn message(&self, email: &OutboxEmail) -> anyhow::Result<Message> {
        let domain = self.from.email.domain();
        Ok(Message::builder()
            .from(self.from.clone())
            .to(email.recipient.parse()?)
            .subject(&email.subject)
            // A stable id lets mail systems drop a copy re-sent after a crash.
            .message_id(Some(format!("<outbox-{}@{domain}>", email.id)))
            .multipart(
                MultiPart::alternative()
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_PLAIN)
                            .body(email.body_text.clone()),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_HTML)
                            .body(email.body_html.clone()),
                    ),
            )?)
    }
}
