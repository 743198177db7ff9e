//! E-mail delivery against a real SMTP server (Python's aiosmtpd) and a
//! real server process that is killed mid-way.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;

use crate::helpers::{Backend, TestDatabase};
use crate::process::{accepts, free_port, start_binary, wait_for};

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

fn start_server(database_url: &str, port: u16, smtp_port: u16) -> Child {
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
    tokio::time::sleep(Duration::from_millis(500)).await;
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
    assert!(mails[0].contains("Sent while the mail server was down."));
    server.kill().expect("stop");
    let _ = server.wait();
}
