//! The real server binary in its own process, as `make run` starts it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::ops::{Deref, DerefMut};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use crate::helpers::workspace;

/// A server process that is killed when dropped, so a failing test leaves
/// no server running behind it.
pub struct ServerProcess(Child);

impl Deref for ServerProcess {
    type Target = Child;

    fn deref(&self) -> &Child {
        &self.0
    }
}

impl DerefMut for ServerProcess {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A port that no one holds, for a server or sink this test starts later.
/// It comes from below the kernel's ephemeral range: a port from that range,
/// once released, may be handed to any outgoing connection before the server
/// binds it. Each call moves on, so tests running side by side get different ones.
pub fn free_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let ephemeral_start = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u32>().ok())
        .unwrap_or(32_768);
    let first = ephemeral_start.saturating_sub(PICKED_PORTS).max(1_024);
    let span = ephemeral_start - first;
    // Runs side by side on one machine start at different places.
    let start = std::process::id();
    (0..span)
        .map(|_| first + (start + NEXT.fetch_add(1, Ordering::Relaxed)) % span)
        .filter_map(|port| u16::try_from(port).ok())
        .find(|&port| TcpListener::bind(("127.0.0.1", port)).is_ok())
        .expect("a free port below the ephemeral range")
}

/// How many ports below the ephemeral range `free_port` picks from.
const PICKED_PORTS: u32 = 10_000;

pub fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "gave up waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

pub fn accepts(port: u16) -> bool {
    TcpStream::connect(("127.0.0.1", port)).is_ok()
}

/// Whether the server on `port` answers `GET /healthz` with 200. A socket
/// accepts connections from the moment it is bound, before the server's
/// worker is ready and before it handles SIGTERM.
fn is_serving(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let mut answer = String::new();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .is_ok()
        && stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            .is_ok()
        && stream.read_to_string(&mut answer).is_ok()
        && answer.starts_with("HTTP/1.1 200")
}

/// Starts `server serve` on `port` against `database_url` with extra
/// settings, and waits until it serves.
pub fn start_binary(database_url: &str, port: u16, settings: &[(&str, &str)]) -> ServerProcess {
    spawn_serving(serve_command(database_url, port, settings), port)
}

/// As `start_binary`, with the server's log lines (its stderr) readable from the child.
pub fn start_binary_with_logs(
    database_url: &str,
    port: u16,
    settings: &[(&str, &str)],
) -> ServerProcess {
    let mut command = serve_command(database_url, port, settings);
    command.stderr(Stdio::piped());
    spawn_serving(command, port)
}

/// GETs `path` from the server started on `port`.
pub async fn get(port: u16, path: &str) -> reqwest::Response {
    reqwest::get(format!("http://127.0.0.1:{port}{path}"))
        .await
        .expect("answered")
}

/// Stops a server started by `start_binary_with_logs` gracefully; the JSON
/// log lines it wrote (started with `SITE_SERVER__LOG_FORMAT=json`).
pub fn stop_and_read_json_logs(mut server: ServerProcess) -> Vec<serde_json::Value> {
    stop_gracefully(&server);
    let mut logs = String::new();
    server
        .stderr
        .take()
        .expect("started with its logs piped")
        .read_to_string(&mut logs)
        .expect("logs");
    server.wait().expect("exit");
    logs.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect()
}

fn serve_command(database_url: &str, port: u16, settings: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_server"));
    command
        .arg("serve")
        .current_dir(workspace())
        .env("DATABASE_URL", database_url)
        .env("SITE_SERVER__PORT", port.to_string())
        .env("SITE_RENDER__WORKERS", "1")
        .env("RUST_LOG", "error")
        .envs(settings.iter().copied());
    command
}

fn spawn_serving(mut command: Command, port: u16) -> ServerProcess {
    let mut child = ServerProcess(command.spawn().expect("server binary"));
    wait_for("the server", || {
        if let Some(status) = child.try_wait().expect("status") {
            panic!("the server exited before serving on port {port}: {status}");
        }
        is_serving(port)
    });
    child
}

/// Sends the server SIGTERM, as a service manager stops it.
pub fn stop_gracefully(server: &Child) {
    signal(server, "TERM");
}

/// Sends the server the signal named `name` (`TERM`, `STOP`, `CONT`…).
pub fn signal(server: &Child, name: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{name}"), &server.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
}

/// Runs another command of the server binary (`seed`, `import`, …) to the end.
pub fn run_command(database_url: &str, args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_server"))
        .args(args)
        .current_dir(workspace())
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "error")
        .status()
        .expect("server binary");
    assert!(status.success(), "server {args:?}: {status}");
}
