//! Isolates started from a V8 snapshot instead of the bundle's script.
//!
//! V8 makes snapshots only in a process set up for it, so this test binary
//! runs itself again with only `makes_the_snapshot_in_a_process_of_its_own`
//! selected, the way the server's build script makes its snapshot.

use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use ssr_bundle::{make_snapshot, Bundle, PoolConfig, RenderError, RenderPool};

use crate::with_snapshot_isolates;

/// Where the snapshot-making run writes the snapshot.
const SNAPSHOT_OUT: &str = "SSR_BUNDLE_TEST_SNAPSHOT_OUT";

/// The greeting table is built while the bundle is evaluated, so it reaches
/// renders only through the snapshot's heap.
const BUNDLE: &str = r#"
const greetings = new Map([["en", "hello"], ["es", "hola"]]);
let renders = 0;
globalThis.__ssr = {
  render(url, dataJson) {
    if (url === "/loop") { for (;;) {} }
    renders += 1;
    const { lang } = JSON.parse(dataJson);
    return { status: 200, head: "", body: `${greetings.get(lang)} ${url} ${renders}` };
  },
};
"#;

#[test]
#[ignore = "run by `snapshot()` in a process of its own"]
fn makes_the_snapshot_in_a_process_of_its_own() {
    let out = std::env::var_os(SNAPSHOT_OUT)
        .unwrap_or_else(|| panic!("{SNAPSHOT_OUT} names the file to write"));
    let snapshot = make_snapshot(BUNDLE).expect("the bundle evaluates");
    std::fs::write(out, snapshot).expect("snapshot written");
}

fn snapshot() -> &'static [u8] {
    static SNAPSHOT: OnceLock<&'static [u8]> = OnceLock::new();
    SNAPSHOT.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("ssr-bundle-{}.snap", std::process::id()));
        let run = Command::new(std::env::current_exe().expect("this test binary"))
            .args([
                "--ignored",
                "--exact",
                "snapshot::makes_the_snapshot_in_a_process_of_its_own",
            ])
            .env(SNAPSHOT_OUT, &path)
            .output()
            .expect("the snapshot run starts");
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stdout)
        );
        let bytes = std::fs::read(&path).expect("snapshot file");
        let _ = std::fs::remove_file(&path);
        Box::leak(bytes.into_boxed_slice())
    })
}

fn pool() -> RenderPool {
    let config = PoolConfig {
        queue_capacity: 8,
        budget: Duration::from_millis(300),
        max_heap_bytes: 64 * 1024 * 1024,
        ..PoolConfig::default()
    };
    RenderPool::start(Bundle::Snapshot(snapshot()), &config).expect("snapshot loads")
}

async fn body(pool: &RenderPool, url: &str, lang: &str) -> String {
    let data = format!(r#"{{"lang":"{lang}"}}"#);
    pool.render(url, &data).await.expect("renders").body
}

#[test]
fn an_isolate_from_a_snapshot_renders_with_the_state_the_bundle_built() {
    with_snapshot_isolates(async {
        let pool = pool();
        assert!(pool.from_snapshot());
        assert_eq!(body(&pool, "/a", "en").await, "hello /a 1");
        assert_eq!(body(&pool, "/b", "es").await, "hola /b 2");
    });
}

#[test]
fn an_isolate_replaced_after_a_stopped_render_starts_from_the_snapshot_again() {
    with_snapshot_isolates(async {
        let pool = pool();
        assert_eq!(body(&pool, "/before", "en").await, "hello /before 1");
        let outcome = pool.render("/loop", r#"{"lang":"en"}"#).await;
        assert!(
            matches!(outcome, Err(RenderError::Timeout(_))),
            "{outcome:?}"
        );
        assert_eq!(body(&pool, "/after", "es").await, "hola /after 1");
    });
}

#[test]
fn isolates_of_another_snapshot_are_refused_while_these_run() {
    with_snapshot_isolates(async {
        let from_snapshot = pool();
        from_snapshot.warm_this_thread().expect("isolate loads");
        // V8 would abort the process; the pool refuses to start instead.
        match RenderPool::start(
            Bundle::Script("globalThis.__ssr = {};".into()),
            &PoolConfig::default(),
        ) {
            Err(RenderError::Bundle(message)) => {
                assert!(message.contains("another start-up snapshot"), "{message}")
            }
            Err(other) => panic!("expected a bundle error, got {other:?}"),
            Ok(_) => panic!("isolates of two snapshots must not run together"),
        }
        assert_eq!(body(&from_snapshot, "/still", "en").await, "hello /still 1");
    });
}
