//! E-mail delivery against a real SMTP server (Python's aiosmtpd) and a
//! real server process that is killed mid-way.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::{Backend, TestDatabase};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "gave up waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn accepts(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}

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

/// The real binary, as `make run` starts it.
fn start_server(database_url: &str, port: u16, smtp_port: u16) -> Child {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let child = Command::new(env!("CARGO_BIN_EXE_server"))
        .arg("serve")
        .current_dir(&workspace)
        .env("DATABASE_URL", database_url)
        .env("SITE_SERVER__PORT", port.to_string())
        .env("SITE_MAIL__SMTP_PORT", smtp_port.to_string())
        .env("SITE_MAIL__POLL_INTERVAL_MS", "200")
        .env("SITE_RENDER__WORKERS", "1")
        .env("RUST_LOG", "error")
        .spawn()
        .expect("server binary");
    wait_for("the server", || accepts(port));
    child
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
