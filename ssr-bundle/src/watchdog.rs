//! Cuts off renders that run past their budget.
//!
//! V8 runs JavaScript synchronously on the rendering thread, so only another
//! thread can stop an endless loop: this one sleeps until the armed render's
//! deadline and calls `terminate_execution` on the isolate if the render is
//! still running then. A busy thread arms it for every render, thousands of
//! times a second; arming wakes the thread only when it sleeps with no
//! deadline. Otherwise it wakes at the deadline it slept for, finds the
//! newer one (budgets are equal, so deadlines only move later) and sleeps
//! again: about one wake per budget instead of two context switches per render.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Instant;

use deno_core::v8::IsolateHandle;

/// The render being watched. Arming, disarming and terminating all hold this
/// lock, so a render that finishes at its deadline is either terminated and
/// reported as such, or left alone — never terminated after it was disarmed.
#[derive(Default)]
struct Watch {
    /// The isolate of the armed render, `None` between renders.
    isolate: Option<IsolateHandle>,
    deadline: Option<Instant>,
    fired: bool,
    /// The thread sleeps until a render is armed (rather than until a deadline).
    idle: bool,
    /// The owner is gone: the thread ends.
    closed: bool,
}

struct Shared {
    watch: Mutex<Watch>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Watch> {
        // The guarded data stays consistent even if a holder panicked.
        self.watch.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One watchdog per isolate's thread; dropping it stops its own thread.
pub(crate) struct Watchdog {
    shared: Arc<Shared>,
}

impl Watchdog {
    pub(crate) fn spawn(name: String) -> std::io::Result<Self> {
        let shared = Arc::new(Shared {
            watch: Mutex::new(Watch::default()),
            wake: Condvar::new(),
        });
        let watching = Arc::clone(&shared);
        thread::Builder::new()
            .name(name)
            .spawn(move || watch_deadlines(&watching))?;
        Ok(Self { shared })
    }

    /// Starts the clock for one render on `isolate`.
    pub(crate) fn arm(&self, deadline: Instant, isolate: IsolateHandle) {
        let idle = {
            let mut watch = self.shared.lock();
            watch.isolate = Some(isolate);
            watch.deadline = Some(deadline);
            watch.fired = false;
            watch.idle
        };
        if idle {
            self.shared.wake.notify_one();
        }
    }

    /// Stops the clock; returns whether the render was terminated.
    pub(crate) fn disarm(&self) -> bool {
        let mut watch = self.shared.lock();
        watch.isolate = None;
        watch.fired
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.wake.notify_one();
    }
}

fn watch_deadlines(shared: &Shared) {
    let mut watch = shared.lock();
    while !watch.closed {
        let armed = watch.isolate.is_some().then_some(watch.deadline).flatten();
        watch.idle = armed.is_none();
        let Some(deadline) = armed else {
            watch = shared
                .wake
                .wait(watch)
                .unwrap_or_else(PoisonError::into_inner);
            continue;
        };
        let now = Instant::now();
        if now < deadline {
            watch = shared
                .wake
                .wait_timeout(watch, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        } else if let Some(isolate) = watch.isolate.take() {
            watch.fired = true;
            isolate.terminate_execution();
        }
    }
}
