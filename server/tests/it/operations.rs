//! Running the server: health, readiness, metrics, back-pressure, graceful
//! shutdown, and several processes sharing one database.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use futures_util::future::join_all;

use crate::helpers::{on_each_backend, spawn_app, spawn_app_with, Backend, TestApp, TestDatabase};
use crate::process::{
    free_port, get, run_command, start_binary, start_binary_with_logs, stop_and_read_json_logs,
    stop_gracefully, wait_for,
};

#[actix_rt::test]
async fn health_and_readiness_answer_ok_when_the_database_and_renderer_are_there() {
    let app = spawn_app(Backend::Sqlite).await;
    assert_eq!(app.get_json("/healthz").await["status"], "ok");
    let ready = app.get_json("/readyz").await;
    assert_eq!(ready["database"], true);
    assert_eq!(ready["renderer"], true);
    assert_eq!(
        ready["snapshot"], true,
        "isolates start from the snapshot the build made of this UI's bundle"
    );
}

#[actix_rt::test]
async fn a_ui_rebuilt_without_the_server_renders_from_its_own_bundle() {
    // A bundle that differs from the snapshotted one and marks every page it renders.
    let rebuilt = ui_with_bundle_wrapped(
        r#"(url, data) => {
  const page = renderPage(url, data);
  return { ...page, body: page.body + "<!-- rebuilt -->" };
}"#,
    );

    let database = TestDatabase::create(Backend::Sqlite);
    let port = free_port();
    let dist = rebuilt.path().to_str().expect("path");
    let mut server = start_binary(database.url(), port, &[("SITE_ASSETS__DIST_DIR", dist)]);
    let ready: serde_json::Value = get(port, "/readyz").await.json().await.expect("JSON");
    let page = get(port, "/history").await.text().await.expect("HTML");
    server.kill().expect("stopped");
    server.wait().expect("exited");
    assert_eq!(ready["snapshot"], false);
    assert!(page.contains("<!-- rebuilt -->"), "{page}");
}

/// `/metrics` as asked by `visitor`, through the proxy on the test's machine.
async fn metrics_for(app: &TestApp, visitor: &str) -> reqwest::Response {
    app.client
        .get(app.url("/metrics"))
        .header("x-forwarded-for", visitor)
        .send()
        .await
        .expect("sent")
}

#[actix_rt::test]
async fn metrics_are_refused_to_a_visitor_outside_the_readers() {
    let app = spawn_app(Backend::Sqlite).await;
    let refused = metrics_for(&app, "203.0.113.9").await;
    assert_eq!(refused.status(), 403);
    let body: serde_json::Value = refused.json().await.expect("JSON");
    assert_eq!(body["message"], "Metrics are not served to this address");
    // The collector on this machine, asking without a proxy, reads them.
    app.assert_metrics(&[]).await;
}

#[actix_rt::test]
async fn metrics_are_served_to_a_configured_reader_behind_the_proxy() {
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.security.metrics_readers = vec!["203.0.113.0/24".parse().expect("range")];
    })
    .await;
    let response = metrics_for(&app, "203.0.113.9").await;
    assert_eq!(response.status(), 200);
    assert!(response
        .text()
        .await
        .expect("text")
        .contains("ssr_queue_depth"));
    // Not in the readers any more: the machine itself.
    assert_eq!(app.get("/metrics").await.status(), 403);
}

#[actix_rt::test]
async fn metrics_count_requests_per_route_renders_and_cache_hits() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/history",
        "/history",
        "/api/banners",
        "/api/businesses/no-such-business",
    ] {
        app.get(path).await;
    }
    // Any word is a method to HTTP; each made-up one would otherwise be a series of its own.
    for method in ["BREW", "PROPFIND"] {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        app.request(method, "/api/banners").await;
    }
    let text = app
        .assert_metrics(&[
            "http_requests_total{method=\"OTHER\",route=\"/api/banners\",status=\"405\"} 2",
            "http_requests_total{method=\"GET\",route=\"page\",status=\"200\"} 2",
            "http_requests_total{method=\"GET\",route=\"/api/businesses/{slug}\",status=\"404\"} 1",
            "page_cache_hits_total 1",
            "page_cache_misses_total 1",
            // The page's banners, then the API's from memory; a missing business is not kept.
            "read_cache_hits_total 1",
            "read_cache_misses_total 2",
            // Nothing was committed after the first request's read, which SQLite's
            // wal-index shows: the later requests take its version.
            "data_version_reads_total 1",
            "ssr_render_duration_seconds_count 1",
            "ssr_queue_depth 0",
        ])
        .await;
    assert!(text.contains("http_request_duration_seconds_bucket{route=\"page\",le=\"0.5\"}"));
    let heap_bytes: u64 = text
        .lines()
        .find_map(|line| line.strip_prefix("ssr_heap_bytes "))
        .and_then(|value| value.parse().ok())
        .expect("the isolates' heap gauge");
    assert!(heap_bytes > 1024 * 1024, "{heap_bytes} B");
}

#[actix_rt::test]
async fn a_full_render_queue_answers_503_with_retry_after_instead_of_waiting() {
    // Every render holds the isolate for 50 ms, so requests sent together
    // always find it busy, however fast or loaded the machine is.
    let slow = ui_with_bundle_wrapped(
        "(url, data) => {
  const until = Date.now() + 50;
  while (Date.now() < until) {}
  return renderPage(url, data);
}",
    );
    let database = TestDatabase::create(Backend::Sqlite);
    let port = free_port();
    let server = start_binary_with_logs(
        database.url(),
        port,
        &[
            ("SITE_ASSETS__DIST_DIR", slow.path().to_str().expect("path")),
            ("SITE_CACHE__ENABLED", "false"),
            // No waiting line at all: a render is refused whenever the one isolate is busy.
            ("SITE_RENDER__QUEUE_CAPACITY", "0"),
            ("RUST_LOG", "warn"),
            ("SITE_SERVER__LOG_FORMAT", "json"),
        ],
    );
    let client = reqwest::Client::new();
    let directory = || {
        client
            .get(format!("http://127.0.0.1:{port}/directory"))
            .send()
    };
    let responses: Vec<_> = join_all((0..20).map(|_| directory()))
        .await
        .into_iter()
        .map(|response| response.expect("answered"))
        .collect();
    let after_the_burst = directory().await.expect("answered").status();
    let logs = stop_and_read_json_logs(server);

    let refused: Vec<_> = responses
        .iter()
        .filter(|response| response.status() == 503)
        .collect();
    assert!(!refused.is_empty(), "some renders found the isolate busy");
    assert!(refused
        .iter()
        .all(|response| response.headers()["retry-after"] == "1"));
    assert!(responses
        .iter()
        .all(|response| matches!(response.status().as_u16(), 200 | 503)));
    assert!(responses.iter().any(|response| response.status() == 200));
    assert_eq!(
        after_the_burst, 200,
        "the server serves again once the burst is over"
    );
    // Shedding load is no fault: each refusal is a warning, and nothing an error.
    let refusals = logs
        .iter()
        .filter(|line| {
            line["level"] == "WARN" && line["fields"]["message"] == "page render refused"
        })
        .count();
    assert_eq!(refusals, refused.len(), "{logs:#?}");
    assert!(
        logs.iter().all(|line| line["level"] != "ERROR"),
        "{logs:#?}"
    );
}

/// The built UI in a temporary folder, its server bundle's render replaced
/// by `wrapper`, a function that may call the original as `renderPage`.
/// Such a bundle differs from the snapshotted one, so only a server in a
/// process of its own can render with it: V8 cannot run isolates from the
/// build's snapshot and from a script side by side, as the other tests'
/// servers do.
fn ui_with_bundle_wrapped(wrapper: &str) -> tempfile::TempDir {
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/dist");
    let rebuilt = tempfile::tempdir().expect("temp dir");
    std::fs::copy(
        built.join("manifest.json"),
        rebuilt.path().join("manifest.json"),
    )
    .expect("manifest copied");
    std::os::unix::fs::symlink(built.join("client"), rebuilt.path().join("client"))
        .expect("client assets linked");
    let bundle = std::fs::read_to_string(built.join("server/server-bundle.js")).expect("bundle");
    let wrapping = format!(
        "\nconst renderPage = globalThis.__ssr.render;\nglobalThis.__ssr.render = {wrapper};\n"
    );
    std::fs::create_dir(rebuilt.path().join("server")).expect("server folder");
    std::fs::write(
        rebuilt.path().join("server/server-bundle.js"),
        bundle + &wrapping,
    )
    .expect("bundle written");
    rebuilt
}

#[test]
fn shutdown_finishes_the_request_in_flight_then_exits() {
    let database = TestDatabase::create(Backend::Sqlite);
    let port = free_port();
    let mut server = start_binary(database.url(), port, &[]);
    let body =
        r#"{"name":"Jo Late","email":"jo@example.com","message":"Sent while the server stops."}"#;
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    write!(
        stream,
        "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .expect("headers");
    // The interim answer shows the server's worker has taken the request in.
    let mut interim = [0; 25];
    stream.read_exact(&mut interim).expect("interim answer");
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream
        .write_all(&body.as_bytes()[..10])
        .expect("first part");

    stop_gracefully(&server);
    std::thread::sleep(Duration::from_millis(300));
    stream
        .write_all(&body.as_bytes()[10..])
        .expect("the rest, after SIGTERM");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");

    let mut exited = None;
    wait_for("the server to exit", || {
        exited = server.try_wait().expect("status");
        exited.is_some()
    });
    assert!(exited.is_some_and(|status| status.success()), "{exited:?}");
}

on_each_backend! {
    async fn two_processes_on_one_database_see_each_other_s_writes_at_once(backend) {
        let database = TestDatabase::create(backend);
        run_command(database.url(), &["migrate"]);
        run_command(database.url(), &["seed"]);
        let (port_a, port_b) = (free_port(), free_port());
        let mut first = start_binary(database.url(), port_a, &[]);
        let mut second = start_binary(database.url(), port_b, &[]);
        let client = reqwest::Client::new();
        let directory = |port: u16| {
            let client = client.clone();
            async move {
                client
                    .get(format!("http://127.0.0.1:{port}/directory"))
                    .send()
                    .await
                    .expect("sent")
                    .text()
                    .await
                    .expect("body")
            }
        };
        for port in [port_a, port_b] {
            assert!(!directory(port).await.contains("Two Process Tavern"));
            assert!(
                !directory(port).await.contains("Two Process Tavern"),
                "cached now"
            );
        }

        let csv_dir = tempfile::tempdir().expect("dir");
        let csv = csv_dir.path().join("new.csv");
        let export = csv_dir.path().join("all.csv");
        run_command(database.url(), &["export", export.to_str().expect("path")]);
        let header = std::fs::read_to_string(&export)
            .expect("export")
            .lines()
            .next()
            .expect("header")
            .to_owned();
        std::fs::write(
            &csv,
            format!(
                "{header}\nTwo Process Tavern,two-process-tavern,,,,,,,,,,Food & Dining,false,false\n"
            ),
        )
        .expect("csv");
        run_command(database.url(), &["import", csv.to_str().expect("path")]);

        for port in [port_a, port_b] {
            assert!(
                directory(port).await.contains("Two Process Tavern"),
                "port {port}"
            );
        }
        for server in [&mut first, &mut second] {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}

#[actix_rt::test]
async fn each_request_is_logged_as_a_json_line_with_the_id_its_answer_carries_and_no_query_string()
{
    let database = TestDatabase::create(Backend::Sqlite);
    let port = free_port();
    let server = start_binary_with_logs(
        database.url(),
        port,
        &[("RUST_LOG", "info"), ("SITE_SERVER__LOG_FORMAT", "json")],
    );
    let answer = get(port, "/directory").await;
    assert_eq!(answer.status(), 200);
    let request_id = answer.headers()["x-request-id"]
        .to_str()
        .expect("ascii")
        .to_owned();
    // As if through a proxy on this machine (trusted by default): the
    // visitor is the address it names, not the leftmost, which a visitor
    // can write themselves.
    let other = reqwest::Client::new()
        .get(format!("http://127.0.0.1:{port}/directory"))
        .header("X-Forwarded-For", "192.0.2.1, 203.0.113.9")
        .send()
        .await
        .expect("answered");
    let other_id = other.headers()["x-request-id"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert_ne!(other_id, request_id);
    let missing = get(port, "/api/businesses/no-such-business").await;
    assert_eq!(missing.status(), 404);
    let with_email = get(
        port,
        "/payment-success?plan=premium&email=ann.owner%40example.com&business=Ann",
    )
    .await;
    assert_eq!(with_email.status(), 200);

    let lines = stop_and_read_json_logs(server);
    let request_line = |id: &str| {
        let found: Vec<_> = lines
            .iter()
            .filter(|line| line["span"]["request_id"] == id)
            .collect();
        assert_eq!(found.len(), 1, "{lines:#?}");
        found[0]["span"].clone()
    };
    let span = request_line(&request_id);
    assert_eq!(span["http.target"], "/directory", "{span}");
    assert_eq!(span["http.status_code"], 200, "{span}");
    assert_eq!(request_line(&other_id)["http.client_ip"], "203.0.113.9");
    // A client's mistake is told in its request's line, not as a warning.
    let span = request_line(missing.headers()["x-request-id"].to_str().expect("ascii"));
    assert_eq!(span["http.status_code"], 404, "{span}");
    assert_eq!(span["exception.message"], "Business not found", "{span}");
    // Query strings can carry a visitor's e-mail address: only the path is logged.
    let span = request_line(
        with_email.headers()["x-request-id"]
            .to_str()
            .expect("ascii"),
    );
    assert_eq!(span["http.target"], "/payment-success", "{span}");
    assert!(
        lines
            .iter()
            .all(|line| !line.to_string().contains("ann.owner")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().all(|line| line["level"] == "INFO"),
        "{lines:#?}"
    );
}

#[actix_rt::test]
async fn a_server_on_a_new_sqlite_file_starts_without_a_warning() {
    // Each start opens many connections to a file that is not yet in WAL
    // mode; a few starts, as a lock taken by one of them showed only sometimes.
    for _ in 0..5 {
        let database = TestDatabase::create(Backend::Sqlite);
        let port = free_port();
        let server = start_binary_with_logs(
            database.url(),
            port,
            &[
                ("SITE_DATABASE__POOL_SIZE", "16"),
                ("RUST_LOG", "warn"),
                ("SITE_SERVER__LOG_FORMAT", "json"),
            ],
        );
        // Answered, so the connection that found the server listening has
        // been taken: actix-server logs an error for one its stopped
        // workers can no longer take.
        let ready = get(port, "/readyz").await;
        assert_eq!(ready.status(), 200);
        let logs = stop_and_read_json_logs(server);
        assert!(logs.is_empty(), "{logs:#?}");
    }
}
