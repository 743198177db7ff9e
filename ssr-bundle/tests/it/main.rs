//! The render pool against small hand-written bundles that misbehave on purpose.

mod pool;
mod snapshot;

use std::future::Future;

use tokio::sync::RwLock;

/// A process runs isolates of one start-up snapshot at a time: tests of
/// script pools share the process (read), tests of snapshot pools take it
/// alone (write).
static ISOLATE_KIND: RwLock<()> = RwLock::const_new(());

/// Runs `future` the way an actix-web worker thread runs a request: on a
/// current-thread runtime with a `LocalSet`, where the thread's isolate lives.
fn on_worker_thread<F: Future>(future: F) -> F::Output {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    tokio::task::LocalSet::new().block_on(&runtime, future)
}

/// Runs a test of isolates made from the bundle's script on a worker thread;
/// such tests share the process.
fn with_script_isolates<F: Future>(test: F) -> F::Output {
    on_worker_thread(async {
        let _kind = ISOLATE_KIND.read().await;
        test.await
    })
}

/// Runs a test of isolates made from a snapshot on a worker thread, alone in
/// the process.
fn with_snapshot_isolates<F: Future>(test: F) -> F::Output {
    on_worker_thread(async {
        let _kind = ISOLATE_KIND.write().await;
        test.await
    })
}
