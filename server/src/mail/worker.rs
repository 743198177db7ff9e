//! Delivers the outbox. Runs in every server process; each row is claimed
//! right before it is sent, so processes never send the same e-mail. An
//! SMTP outage only delays delivery: failed attempts are retried with
//! back-off, and unsent rows survive restarts.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use tokio::sync::Notify;

use crate::config::{MailSettings, SmtpSecurity};
use crate::db::Database;
use crate::models::outbox::OutboxEmail;

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
        loop {
            let now = chrono::Utc::now().naive_utc();
            let Some(email) = self
                .db
                .run(move |conn| Ok(OutboxEmail::claim_next(conn, now)?))
                .await?
            else {
                return Ok(());
            };
            let outcome = match message(&self.from, &email) {
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
                    let (id, attempts, reason) = (email.id, email.attempts + 1, error.clone());
                    let given_up = self
                        .db
                        .run(move |conn| Ok(OutboxEmail::mark_failed(conn, &email, &reason, now)?))
                        .await?;
                    if given_up {
                        tracing::error!(id, attempts, %error, "e-mail given up: not delivered in five days");
                    } else {
                        tracing::warn!(id, attempts, %error, "e-mail not delivered yet");
                    }
                }
            }
        }
    }
}

fn message(from: &Mailbox, email: &OutboxEmail) -> anyhow::Result<Message> {
    let domain = from.email.domain();
    // Stable across retries, so mail systems drop a copy re-sent after a
    // crash; the queue time keeps it unique beyond one database's ids.
    let queued = email.created_at.and_utc().timestamp_micros();
    let mut builder = Message::builder()
        .from(from.clone())
        .to(email.recipient.parse()?)
        .subject(&email.subject)
        .message_id(Some(format!("<outbox-{}.{queued}@{domain}>", email.id)));
    if let Some(reply_to) = &email.reply_to {
        builder = builder.reply_to(reply_to.parse()?);
    }
    if let Some(url) = &email.list_unsubscribe {
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    Ok(builder.multipart(
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

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    fn queued(id: i32, reply_to: Option<&str>, list_unsubscribe: Option<&str>) -> OutboxEmail {
        OutboxEmail {
            id,
            recipient: "ann@example.com".into(),
            subject: "Hello".into(),
            body_text: "Hello".into(),
            body_html: "<p>Hello</p>".into(),
            attempts: 0,
            reply_to: reply_to.map(str::to_owned),
            list_unsubscribe: list_unsubscribe.map(str::to_owned),
            created_at: NaiveDate::from_ymd_opt(2026, 11, 28)
                .and_then(|day| day.and_hms_opt(9, 30, 0))
                .expect("a time"),
        }
    }

    fn headers(email: &OutboxEmail) -> String {
        let from = "Town <no-reply@town.example>".parse().expect("mailbox");
        let formatted = message(&from, email).expect("built").formatted();
        let text = String::from_utf8(formatted).expect("utf-8");
        text.split("\r\n\r\n").next().expect("headers").to_owned()
    }

    #[test]
    fn replies_go_where_the_email_says() {
        let headers = headers(&queued(1, Some("Jo Smith <jo@example.com>"), None));
        let reply_to = headers
            .lines()
            .find(|line| line.starts_with("Reply-To:"))
            .expect("a Reply-To header");
        assert!(
            reply_to.contains("Jo Smith") && reply_to.ends_with(" <jo@example.com>"),
            "{reply_to}"
        );
        assert!(!headers.contains("List-Unsubscribe"), "{headers}");
    }

    #[test]
    fn the_newsletter_can_be_left_with_one_click_from_the_mail_program() {
        let url = "https://town.example/unsubscribe?token=abc.def";
        let headers = headers(&queued(1, None, Some(url)));
        assert!(
            headers.contains(&format!("List-Unsubscribe: <{url}>")),
            "{headers}"
        );
        assert!(
            headers.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
            "{headers}"
        );
        assert!(!headers.contains("Reply-To"), "{headers}");
    }

    #[test]
    fn message_ids_stay_the_same_for_one_email_and_differ_between_databases() {
        let message_id = |email: &OutboxEmail| {
            headers(email)
                .lines()
                .find(|line| line.starts_with("Message-ID:"))
                .expect("a message id")
                .to_owned()
        };
        let first = queued(1, None, None);
        assert_eq!(message_id(&first), message_id(&first.clone()));
        // Row 1 of another database, queued at another moment.
        let other = OutboxEmail {
            created_at: first.created_at + chrono::Duration::seconds(5),
            ..first.clone()
        };
        assert_ne!(message_id(&first), message_id(&other));
    }
}
