//! Keeps isolates of different start-up snapshots out of one process.
//!
//! V8 shares one read-only heap among all live isolates of a process, set up
//! from the start-up snapshot of the first of them. An isolate made from a
//! different snapshot (or from none) while others live aborts the whole
//! process, so such an isolate waits a little for the others to be gone
//! (a thread's isolates end with the thread) and is then refused with an
//! error instead.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use crate::{Bundle, RenderError};

/// Which snapshot live isolates started from (`None`: V8's built-in one), and how many there are.
static LIVE: Mutex<Option<(Option<usize>, usize)>> = Mutex::new(None);
/// Signalled when the last live isolate is gone.
static NONE_LIVE: Condvar = Condvar::new();
/// How long an isolate of another kind waits for the live ones to end.
const WAIT: Duration = Duration::from_secs(5);

/// Held by an isolate for its whole life.
pub(crate) struct HeapClaim;

impl HeapClaim {
    pub(crate) fn acquire(bundle: &Bundle) -> Result<Self, RenderError> {
        // Snapshots are compared by address: they are static and loaded once.
        let kind = bundle.snapshot().map(|snapshot| snapshot.as_ptr() as usize);
        let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut live, _) = NONE_LIVE
            .wait_timeout_while(live, WAIT, |live| {
                live.is_some_and(|(live_kind, _)| live_kind != kind)
            })
            .unwrap_or_else(PoisonError::into_inner);
        match &mut *live {
            None => *live = Some((kind, 1)),
            Some((live_kind, count)) if *live_kind == kind => *count += 1,
            Some(_) => {
                return Err(RenderError::Bundle(
                    "isolates from another start-up snapshot are running in this process".into(),
                ))
            }
        }
        Ok(Self)
    }
}

impl Drop for HeapClaim {
    fn drop(&mut self) {
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, count)) = &mut *live {
            *count -= 1;
            if *count == 0 {
                *live = None;
                NONE_LIVE.notify_all();
            }
        }
    }
}
