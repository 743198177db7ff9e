use std::time::Duration;

use ssr_bundle::{Bundle, PoolConfig, RenderError, RenderPool, Rendered};

use crate::{on_worker_thread, with_script_isolates};

/// Echoes the URL and a per-isolate counter; `/loop` never returns, `/hog`
/// allocates until memory runs out,
/// `/throw` throws, `/garbage` returns something that is not a result,
/// `/litter` leaves garbage behind, `/rope` returns the greeting and a count
/// joined a thousand times, as React builds a page out of pieces.
const BUNDLE: &str = r#"
let renders = 0;
let litter;
globalThis.__ssr = {
  render(url, dataJson) {
    const data = JSON.parse(dataJson);
    if (url === "/loop") { for (;;) {} }
    if (url === "/hog") { const hoard = []; for (;;) hoard.push(new Array(100000).fill(url)); }
    if (url === "/throw") throw new Error("boom");
    if (url === "/garbage") return "not a result";
    if (url === "/litter") litter = Array.from({ length: 20000 }, (_, i) => ({ i }));
    if (url === "/rope") {
      let body = "";
      for (let i = 0; i < 1000; i += 1) body += data.greeting + i;
      return { status: 200, head: data.greeting, body };
    }
    renders += 1;
    return { status: 200, head: "", body: `${url} ${data.greeting} ${renders}` };
  },
};
"#;

const IDLE_COLLECTION_AFTER: Duration = Duration::from_millis(200);

fn config(queue_capacity: usize) -> PoolConfig {
    PoolConfig {
        queue_capacity,
        budget: Duration::from_millis(300),
        max_heap_bytes: 64 * 1024 * 1024,
        young_generation_bytes: 0,
        idle_collection_after: IDLE_COLLECTION_AFTER,
        collect_after_growth_bytes: 0,
        min_renders_between_collections: 1,
    }
}

fn pool(queue_capacity: usize) -> RenderPool {
    pool_with(&config(queue_capacity))
}

fn pool_with(config: &PoolConfig) -> RenderPool {
    RenderPool::start(Bundle::Script(BUNDLE.into()), config).expect("bundle loads")
}

async fn body(pool: &RenderPool, url: &str) -> String {
    let rendered: Rendered = pool
        .render(url, r#"{"greeting":"hi"}"#)
        .await
        .expect("renders");
    rendered.body
}

/// Fifty renders that each leave garbage behind; the heap's size after them.
async fn litter_fifty_times(pool: &RenderPool) -> usize {
    for _ in 0..50 {
        body(pool, "/litter").await;
    }
    pool.heap_bytes()
}

#[test]
fn an_isolate_is_reused_across_renders() {
    with_script_isolates(async {
        let pool = pool(8);
        assert_eq!(body(&pool, "/a").await, "/a hi 1");
        assert_eq!(body(&pool, "/b").await, "/b hi 2");
    });
}

#[test]
fn pages_come_out_of_v8_as_the_text_they_were_built_from() {
    with_script_isolates(async {
        let pool = pool(4);
        // ASCII; Latin-1 beyond ASCII (one byte a character in V8, two in UTF-8);
        // characters V8 keeps in two bytes, a surrogate pair among them.
        for greeting in ["hi", "café ©", "“howdy” 🌵 y’all"] {
            let data = serde_json::json!({ "greeting": greeting }).to_string();
            let rendered = pool.render("/rope", &data).await.expect("renders");
            let expected: String = (0..1000).map(|i| format!("{greeting}{i}")).collect();
            assert_eq!(rendered.head, greeting);
            assert_eq!(rendered.body, expected, "{greeting}");
        }
        // A lone surrogate is no text: it becomes U+FFFD.
        let rendered = pool
            .render("/rope", r#"{"greeting":"a\ud800b"}"#)
            .await
            .expect("renders");
        assert_eq!(rendered.head, "a\u{FFFD}b");
    });
}

#[test]
fn a_render_that_loops_forever_is_cut_off_and_the_next_one_renders() {
    with_script_isolates(async {
        let pool = pool(8);
        let outcome = pool.render("/loop", "{}").await;
        assert!(
            matches!(outcome, Err(RenderError::Timeout(_))),
            "{outcome:?}"
        );
        // The terminated isolate was replaced by a fresh one (its counter restarted).
        assert_eq!(body(&pool, "/after").await, "/after hi 1");
    });
}

#[test]
fn a_render_that_throws_reports_the_exception_and_the_isolate_keeps_serving() {
    with_script_isolates(async {
        let pool = pool(8);
        assert_eq!(body(&pool, "/before").await, "/before hi 1");
        let outcome = pool.render("/throw", "{}").await;
        match outcome {
            Err(RenderError::Script(message)) => assert!(message.contains("boom"), "{message}"),
            other => panic!("expected a script error, got {other:?}"),
        }
        assert_eq!(body(&pool, "/after").await, "/after hi 2");
    });
}

#[test]
fn a_bundle_that_returns_no_result_is_an_output_error() {
    with_script_isolates(async {
        let pool = pool(8);
        let outcome = pool.render("/garbage", "{}").await;
        assert!(
            matches!(outcome, Err(RenderError::Output(_))),
            "{outcome:?}"
        );
    });
}

#[test]
fn a_bundle_that_fails_to_load_fails_at_start() {
    with_script_isolates(async {
        let outcome = RenderPool::start(
            Bundle::Script("throw new Error('broken bundle')".into()),
            &PoolConfig::default(),
        );
        match outcome {
            Err(RenderError::Bundle(message)) => {
                assert!(message.contains("broken bundle"), "{message}")
            }
            Err(other) => panic!("expected a bundle error, got {other:?}"),
            Ok(_) => panic!("a broken bundle must not start"),
        }
    });
}

#[test]
fn renders_wait_in_line_for_the_isolate_and_a_full_line_answers_saturated() {
    with_script_isolates(async {
        // One render at the isolate, one in line: the third is refused at once.
        let pool = pool(1);
        let (first, second, third) = tokio::join!(
            pool.render("/first", r#"{"greeting":"hi"}"#),
            pool.render("/second", r#"{"greeting":"hi"}"#),
            pool.render("/third", r#"{"greeting":"hi"}"#),
        );
        assert_eq!(first.expect("rendered").body, "/first hi 1");
        assert_eq!(second.expect("rendered").body, "/second hi 2");
        assert!(matches!(third, Err(RenderError::Saturated)), "{third:?}");
        assert_eq!(pool.queue_depth(), 0);
        assert_eq!(body(&pool, "/later").await, "/later hi 3");
    });
}

#[test]
fn while_one_thread_s_isolate_is_stuck_the_others_keep_rendering() {
    with_script_isolates(async {
        let pool = pool(8);
        // Made before the clock starts: the timed renders below time the render alone.
        pool.warm_this_thread().expect("isolate loaded");
        let (started, started_rx) = std::sync::mpsc::channel();
        let stuck = std::thread::spawn({
            let pool = pool.clone();
            move || {
                on_worker_thread(async move {
                    started.send(()).expect("test listening");
                    pool.render("/loop", "{}").await
                })
            }
        });
        started_rx.recv().expect("the stuck render started");
        // Give the stuck render time to occupy its isolate.
        tokio::time::sleep(Duration::from_millis(50)).await;
        for n in 1..=5 {
            let rendered = tokio::time::timeout(Duration::from_millis(250), body(&pool, "/free"))
                .await
                .expect("answered before the stuck render's budget ran out");
            assert_eq!(rendered, format!("/free hi {n}"));
        }
        assert!(pool.is_serving());
        let outcome = stuck.join().expect("joined");
        assert!(
            matches!(outcome, Err(RenderError::Timeout(_))),
            "{outcome:?}"
        );
    });
}

#[test]
fn a_render_that_exhausts_the_heap_is_stopped_and_the_isolate_replaced() {
    with_script_isolates(async {
        let pool = pool_with(&PoolConfig {
            queue_capacity: 8,
            // Long enough that only the memory limit can stop the hog.
            budget: Duration::from_secs(30),
            max_heap_bytes: 64 * 1024 * 1024,
            ..PoolConfig::default()
        });
        assert_eq!(body(&pool, "/before").await, "/before hi 1");
        let outcome = pool.render("/hog", "{}").await;
        assert!(
            matches!(outcome, Err(RenderError::OutOfMemory)),
            "{outcome:?}"
        );
        // A fresh isolate: its counter starts again.
        assert_eq!(body(&pool, "/after").await, "/after hi 1");
        assert!(pool.is_serving());
    });
}

#[test]
fn an_idle_isolate_is_collected_and_keeps_rendering() {
    with_script_isolates(async {
        let pool = pool(8);
        let busy = litter_fifty_times(&pool).await;
        assert!(busy > 0, "the heap is read after each render");
        tokio::time::sleep(IDLE_COLLECTION_AFTER * 3).await;
        let idle = pool.heap_bytes();
        assert!(idle < busy, "heap after renders {busy} B, idle {idle} B");
        assert_eq!(body(&pool, "/after").await, "/after hi 51");
    });
}

#[test]
fn a_pause_shorter_than_the_idle_time_leaves_the_isolate_uncollected() {
    with_script_isolates(async {
        let pool = pool_with(&PoolConfig {
            idle_collection_after: IDLE_COLLECTION_AFTER * 30,
            ..config(8)
        });
        let busy = litter_fifty_times(&pool).await;
        // The pause that has the isolate above collected.
        tokio::time::sleep(IDLE_COLLECTION_AFTER * 3).await;
        assert_eq!(pool.heap_bytes(), busy, "no collection, so no new reading");
        assert_eq!(body(&pool, "/after").await, "/after hi 51");
    });
}

/// How far, on average over 200 renders of `/litter` back to back, the heap
/// of one isolate stays above its size after the first render, each render's
/// garbage living long enough to reach the old generation. The average, not
/// the peak: when V8 finishes a collection it was asked for depends on how
/// busy the machine is, and a single late one would set the peak.
async fn heap_growth(collect_after_growth_bytes: usize) -> usize {
    const RENDERS: usize = 200;
    let config = PoolConfig {
        queue_capacity: 8,
        max_heap_bytes: 64 * 1024 * 1024,
        collect_after_growth_bytes,
        min_renders_between_collections: 1,
        ..PoolConfig::default()
    };
    let pool = pool_with(&config);
    body(&pool, "/litter").await;
    let first = pool.heap_bytes();
    let mut growth = 0;
    for _ in 0..RENDERS {
        body(&pool, "/litter").await;
        growth += pool.heap_bytes().saturating_sub(first);
    }
    growth / RENDERS
}

#[test]
fn a_busy_isolate_gets_a_collection_once_its_old_generation_has_grown() {
    with_script_isolates(async {
        let left_to_v8 = heap_growth(0).await;
        let collected = heap_growth(1024 * 1024).await;
        assert!(
            collected < left_to_v8 / 2,
            "heap growth {collected} B, left to V8 {left_to_v8} B"
        );
    });
}
