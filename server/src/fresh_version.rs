//! The data version a cached page is checked against, read from the
//! database once for many requests without ever being stale.
//!
//! A request must see every write committed before it arrived, by this
//! process, another one or the `import` command, so it cannot reuse a read
//! that began earlier. It can share one that begins later: the requests that
//! arrive while a read runs all wait for the next one, which starts as soon
//! as the running one ends. Under load that is one read per read's duration
//! rather than one per request; alone, a request costs one read as before.

use std::sync::{Arc, Mutex, PoisonError};

use prometheus::IntCounter;
use tokio::runtime::Handle;
use tokio::sync::watch;

use crate::db::Database;
use crate::error::{AppError, AppResult};
use crate::models::data_version::DataVersion;

/// The outcome of one numbered read. Errors are kept as text: every waiter
/// of the read gets its own [`AppError`].
#[derive(Clone)]
struct Answer {
    read: u64,
    version: Result<i64, String>,
}

/// Which read was last started, whether one runs, and whether a request is
/// waiting for the one after it.
#[derive(Default)]
struct Reads {
    started: u64,
    running: bool,
    next_wanted: bool,
}

pub struct FreshVersion {
    db: Database,
    /// Where reads run: the runtime that made this, which outlives every
    /// HTTP worker, so a worker stopping first leaves no request waiting.
    runtime: Handle,
    /// Counts the reads, so the share of requests per read can be watched.
    reads_done: IntCounter,
    reads: Mutex<Reads>,
    answers: watch::Sender<Answer>,
}

impl FreshVersion {
    /// Must be called inside the tokio runtime that is to run the reads.
    pub fn new(db: Database, reads_done: IntCounter) -> Arc<Self> {
        let (answers, _) = watch::channel(Answer {
            read: 0,
            version: Err("not read yet".into()),
        });
        Arc::new(Self {
            db,
            runtime: Handle::current(),
            reads_done,
            reads: Mutex::new(Reads::default()),
            answers,
        })
    }

    /// The data version from a read that began after this call.
    pub async fn current(self: &Arc<Self>) -> AppResult<i64> {
        let mut answers = self.answers.subscribe();
        let awaited = {
            let mut reads = self.reads.lock().unwrap_or_else(PoisonError::into_inner);
            if reads.running {
                reads.next_wanted = true;
                reads.started + 1
            } else {
                reads.running = true;
                reads.started += 1;
                self.runtime
                    .spawn(Arc::clone(self).read_while_wanted(reads.started));
                reads.started
            }
        };
        let answer = answers
            .wait_for(|answer| answer.read >= awaited)
            .await
            .map_err(|error| AppError::Internal(error.into()))?;
        answer
            .version
            .clone()
            .map_err(|message| AppError::Internal(anyhow::anyhow!(message)))
    }

    /// Runs read `first`, then one more each time a request arrived during
    /// the previous one.
    async fn read_while_wanted(self: Arc<Self>, first: u64) {
        let mut read = first;
        loop {
            let version = self
                .db
                .run(|conn| Ok(DataVersion::current(conn)?))
                .await
                .map_err(|error| error.to_string());
            self.reads_done.inc();
            self.answers.send_replace(Answer { read, version });
            let mut reads = self.reads.lock().unwrap_or_else(PoisonError::into_inner);
            if !reads.next_wanted {
                reads.running = false;
                return;
            }
            reads.next_wanted = false;
            reads.started += 1;
            read = reads.started;
        }
    }
}
