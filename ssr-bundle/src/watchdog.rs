//! Cuts off renders that run past their budget.
//!
//! V8 runs JavaScript synchronously on the worker thread, so only another
//! thread can stop an endless loop: this one waits for the render to finish
//! and calls `terminate_execution` on the isolate when the deadline passes.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use deno_core::v8::IsolateHandle;

/// The render being watched. Arming, disarming and terminating all hold this
/// lock, so a render that finishes at its deadline is either terminated and
/// reported as such, or left alone — never terminated after it was disarmed.
#[derive(Default)]
struct Watch {
    /// Which render is armed, so a late deadline of an earlier one is ignored.
    render: u64,
    isolate: Option<IsolateHandle>,
    fired: bool,
}

/// One watchdog per worker thread; dropping it stops its thread.
pub(crate) struct Watchdog {
    deadlines: mpsc::Sender<(u64, Instant)>,
    watch: Arc<Mutex<Watch>>,
}

impl Watchdog {
    pub(crate) fn spawn(name: String) -> std::io::Result<Self> {
        let (deadlines, inbox) = mpsc::channel();
        let watch = Arc::new(Mutex::new(Watch::default()));
        let watched = Arc::clone(&watch);
        thread::Builder::new()
            .name(name)
            .spawn(move || watch_deadlines(&inbox, &watched))?;
        Ok(Self { deadlines, watch })
    }

    /// Starts the clock for one render on `isolate`.
    pub(crate) fn arm(&self, deadline: Instant, isolate: IsolateHandle) {
        let render = {
            let mut watch = lock(&self.watch);
            *watch = Watch {
                render: watch.render.wrapping_add(1),
                isolate: Some(isolate),
                fired: false,
            };
            watch.render
        };
        // The watchdog thread only ends when `self` is dropped.
        let _ = self.deadlines.send((render, deadline));
    }

    /// Stops the clock; returns whether the render was terminated.
    pub(crate) fn disarm(&self) -> bool {
        let mut watch = lock(&self.watch);
        watch.isolate = None;
        watch.fired
    }
}

fn lock(watch: &Mutex<Watch>) -> std::sync::MutexGuard<'_, Watch> {
    // The guarded data stays consistent even if a holder panicked.
    watch.lock().unwrap_or_else(PoisonError::into_inner)
}

fn watch_deadlines(inbox: &mpsc::Receiver<(u64, Instant)>, watch: &Mutex<Watch>) {
    let mut armed: Option<(u64, Instant)> = None;
    loop {
        let next = match armed {
            None => inbox.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some((_, at)) => inbox.recv_timeout(at.saturating_duration_since(Instant::now())),
        };
        match next {
            Ok(deadline) => armed = Some(deadline),
            Err(RecvTimeoutError::Timeout) => {
                let Some((render, _)) = armed.take() else {
                    continue;
                };
                let mut watch = lock(watch);
                if watch.render == render {
                    if let Some(isolate) = watch.isolate.take() {
                        watch.fired = true;
                        isolate.terminate_execution();
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}
