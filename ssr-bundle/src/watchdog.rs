//! Cuts off renders that run past their budget.
//!
//! V8 runs JavaScript synchronously on the worker thread, so only another
//! thread can stop an endless loop: this one waits for the render to finish
//! and calls `terminate_execution` on the isolate when the deadline passes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use deno_core::v8::IsolateHandle;

enum Signal {
    Arm {
        deadline: Instant,
        isolate: IsolateHandle,
    },
    Disarm,
}

/// One watchdog per worker thread; dropping it stops its thread.
pub(crate) struct Watchdog {
    signals: mpsc::Sender<Signal>,
    fired: Arc<AtomicBool>,
}

impl Watchdog {
    pub(crate) fn spawn(name: String) -> std::io::Result<Self> {
        let (signals, inbox) = mpsc::channel();
        let fired = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&fired);
        thread::Builder::new()
            .name(name)
            .spawn(move || watch(&inbox, &flag))?;
        Ok(Self { signals, fired })
    }

    /// Starts the clock for one render on `isolate`.
    pub(crate) fn arm(&self, deadline: Instant, isolate: IsolateHandle) {
        self.fired.store(false, Ordering::SeqCst);
        // The watchdog thread only ends when `self` is dropped.
        let _ = self.signals.send(Signal::Arm { deadline, isolate });
    }

    /// Stops the clock; returns whether the render was terminated.
    pub(crate) fn disarm(&self) -> bool {
        let _ = self.signals.send(Signal::Disarm);
        self.fired.load(Ordering::SeqCst)
    }
}

fn watch(inbox: &mpsc::Receiver<Signal>, fired: &AtomicBool) {
    while let Ok(signal) = inbox.recv() {
        let Signal::Arm { deadline, isolate } = signal else {
            continue;
        };
        let remaining = deadline.saturating_duration_since(Instant::now());
        match inbox.recv_timeout(remaining) {
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => {
                fired.store(true, Ordering::SeqCst);
                isolate.terminate_execution();
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}
