//! E-mail delivery against a real SMTP server (Python's aiosmtpd) and a
//! real server process that is killed mid-way.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chrono::{Duration as Span, Utc};
use diesel::prelude::*;
use serde_json::json;
use server::db::schema::outbox_emails;
use server::db::{Database, DbConnection};
use server::models::outbox::{OutboxEmail, OutgoingEmail};

use crate::helpers::{migrated_database, on_each_backend, Backend, TestDatabase};
use crate::process::{accepts, free_port, signal, start_binary, wait_for, ServerProcess};

/// aiosmtpd writing every message it receives into a Maildir.
struct SmtpSink {
    child: Child,
}

impl SmtpSink {
    fn start(port: u16, maildir: &Path) -> Self {
        let child = Command::new("python3")
            .args([
                "-m",
                "aiosmtpd",
                "-n",
                "-l",
                &format!("127.0.0.1:{port}"),
                "-c",
                "aiosmtpd.handlers.Mailbox",
            ])
            .arg(maildir)
            .stdout(Stdio::null())
            .spawn()
            .expect("python3 -m aiosmtpd (pip install aiosmtpd)");
        wait_for("the SMTP sink", || accepts(port));
        Self { child }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn delivered(maildir: &Path) -> Vec<String> {
    std::fs::read_dir(maildir.join("new"))
        .map(|entries| {
            entries
                .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

fn start_server(database_url: &str, port: u16, smtp_port: u16) -> ServerProcess {
    let smtp_port = smtp_port.to_string();
    start_binary(
        database_url,
        port,
        &[
            ("SITE_MAIL__SMTP_PORT", smtp_port.as_str()),
            ("SITE_MAIL__POLL_INTERVAL_MS", "200"),
        ],
    )
}

#[actix_rt::test]
async fn mail_queued_while_smtp_is_down_arrives_exactly_once_after_a_kill_and_restart() {
    let database = TestDatabase::create(Backend::Sqlite);
    let mail_root = tempfile::tempdir().expect("mail root");
    // aiosmtpd's Mailbox creates the Maildir layout only when the folder is new.
    let maildir = mail_root.path().join("maildir");
    let (port, smtp_port) = (free_port(), free_port());

    let mut server = start_server(database.url(), port, smtp_port);
    let response = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}/api/contact"))
        .json(&json!({ "name": "Jo Outage", "email": "jo@example.com", "message": "Sent while the mail server was down." }))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 201);
    // Killed between attempts: one that held the e-mail would keep it reserved
    // for minutes. Paused while looking, so no attempt begins before the kill.
    let db = Database::connect(&database.settings(1)).expect("connect");
    wait_for("a failed attempt", || {
        signal(&server, "STOP");
        let mut conn = db.connection().expect("connection");
        let between_attempts = outbox_emails::table
            .filter(outbox_emails::attempts.ge(1))
            .filter(outbox_emails::locked_until.is_null())
            .count()
            .get_result::<i64>(&mut conn)
            .expect("count")
            == 1;
        if !between_attempts {
            signal(&server, "CONT");
        }
        between_attempts
    });
    server.kill().expect("kill -9");
    server.wait().expect("reaped");

    let _sink = SmtpSink::start(smtp_port, &maildir);
    let mut server = start_server(database.url(), port, smtp_port);
    let path = maildir.clone();
    tokio::task::spawn_blocking(move || wait_for("the e-mail", || !delivered(&path).is_empty()))
        .await
        .expect("waited");
    // Several more polls pass; nothing is sent a second time.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mails = delivered(&maildir);
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].contains("Subject: Website message from Jo Outage"));
    let reply_to = mails[0]
        .lines()
        .find(|line| line.starts_with("Reply-To:"))
        .expect("a Reply-To header");
    assert!(
        reply_to.contains("Jo Outage") && reply_to.ends_with("<jo@example.com>"),
        "{reply_to}"
    );
    assert!(mails[0].contains("Sent while the mail server was down."));
    server.kill().expect("stop");
    let _ = server.wait();
}

fn note(to: &str) -> OutgoingEmail {
    OutgoingEmail {
        recipient: to.into(),
        subject: "Note".into(),
        body_text: "Note".into(),
        body_html: "<p>Note</p>".into(),
        reply_to: None,
        list_unsubscribe: None,
    }
}

on_each_backend! {
    async fn each_claim_reserves_one_email_so_a_slow_relay_never_holds_the_ones_behind_it(backend) {
        let (_database, db) = migrated_database(backend);
        let mut conn = db.connection().expect("connection");
        let now = Utc::now().naive_utc();
        for to in ["a@example.com", "b@example.com"] {
            OutboxEmail::enqueue(&mut conn, &note(to), now).expect("queued");
        }
        let claim = |conn: &mut DbConnection, at| {
            OutboxEmail::claim_next(conn, at)
                .expect("claimed")
                .map(|email| email.recipient)
        };
        // This process sends the first; another process takes the second.
        assert_eq!(claim(&mut conn, now).as_deref(), Some("a@example.com"));
        assert_eq!(claim(&mut conn, now).as_deref(), Some("b@example.com"));
        assert_eq!(claim(&mut conn, now), None);
        // A reservation that ran out (its process died) frees the e-mail again.
        let later = now + Span::seconds(121);
        assert_eq!(claim(&mut conn, later).as_deref(), Some("a@example.com"));
    }
}

on_each_backend! {
    async fn an_email_sent_or_failed_since_another_process_read_it_is_not_claimed_again(backend) {
        let (_database, db) = migrated_database(backend);
        let mut conn = db.connection().expect("connection");
        let now = Utc::now().naive_utc();
        for to in ["sent@example.com", "failed@example.com"] {
            OutboxEmail::enqueue(&mut conn, &note(to), now).expect("queued");
        }
        // A slow process read both as due; meanwhile this one sent the first
        // and failed the second, which waits two seconds for its next attempt.
        let sent = OutboxEmail::claim_next(&mut conn, now).expect("claimed").expect("due");
        OutboxEmail::mark_sent(&mut conn, sent.id, now).expect("marked");
        let failed = OutboxEmail::claim_next(&mut conn, now).expect("claimed").expect("due");
        OutboxEmail::mark_failed(&mut conn, &failed, "421 try again later", now).expect("marked");
        let a_second_later = now + Span::seconds(1);
        assert!(!OutboxEmail::claim(&mut conn, sent.id, a_second_later).expect("claim"));
        assert!(!OutboxEmail::claim(&mut conn, failed.id, a_second_later).expect("claim"));
        let after_the_back_off = now + Span::seconds(2);
        assert!(OutboxEmail::claim(&mut conn, failed.id, after_the_back_off).expect("claim"));
    }
}

on_each_backend! {
    async fn an_email_that_fails_for_five_days_is_given_up(backend) {
        let (_database, db) = migrated_database(backend);
        let mut conn = db.connection().expect("connection");
        let queued = Utc::now().naive_utc();
        OutboxEmail::enqueue(&mut conn, &note("nobody@example.com"), queued).expect("queued");
        let fail_at = |conn: &mut DbConnection, at| {
            let email = OutboxEmail::claim_next(conn, at).expect("claimed").expect("due");
            OutboxEmail::mark_failed(conn, &email, "550 no such user", at).expect("marked")
        };
        // Four days on it is still tried, at most half an hour later.
        let four_days = queued + Span::days(4);
        assert!(!fail_at(&mut conn, four_days));
        let next = four_days + Span::minutes(30);
        assert!(fail_at(&mut conn, next + Span::days(1)), "given up after five days");
        let much_later = next + Span::days(30);
        assert!(OutboxEmail::claim_next(&mut conn, much_later).expect("claimed").is_none());
    }
}
