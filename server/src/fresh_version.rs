//! The data version a cached page is checked against, read from the
//! database once for many requests without ever being stale.
//!
//! A request must see every write committed before it arrived, by this
//! process, another one or the `import` command, so it cannot reuse a read
//! that began earlier, unless nothing has been committed since that read
//! began: on SQLite a [`CommitWatch`] tells so without a query, and most
//! requests between writes cost no read at all. Otherwise a request can
//! share a read that begins later: the requests that arrive while a read
//! runs all wait for the next one, which starts as soon as the running one
//! ends. Under load that is one read per read's duration rather than one
//! per request; a request alone costs one read. The reads run on a thread
//! of their own, so a request costs no hop through the blocking pool.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

use prometheus::IntCounter;
use tokio::sync::watch;

use crate::db::commit_watch::{CommitMark, CommitWatch};
use crate::db::{not_answering, timed_out_as_unavailable, Database};
use crate::error::{AppError, AppResult};
use crate::models::data_version::DataVersion;

/// The outcome of one numbered read. Errors are kept as a [`Failure`]:
/// every waiter of the read gets its own [`AppError`].
#[derive(Clone)]
struct Answer {
    read: u64,
    version: Result<i64, Failure>,
    /// The wal-index header just before the read began, when watched.
    mark: Option<CommitMark>,
}

/// Why a read gave no version.
#[derive(Clone)]
enum Failure {
    /// The database did not answer in time.
    NotAnswering,
    /// Anything else, as text.
    Failed(String),
}

impl From<AppError> for Failure {
    fn from(error: AppError) -> Self {
        match error {
            AppError::ServiceUnavailable(_) => Self::NotAnswering,
            other => Self::Failed(format!("{other:#}")),
        }
    }
}

impl From<Failure> for AppError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::NotAnswering => not_answering(),
            Failure::Failed(message) => Self::Internal(anyhow::anyhow!(message)),
        }
    }
}

/// Reads are numbered from 1 in the order they start.
#[derive(Default)]
struct Reads {
    /// The highest read a request waits for.
    wanted: u64,
    /// The read running now, if any.
    running: Option<u64>,
    /// The last read that finished.
    done: u64,
    /// Set when the owner is gone: the reading thread ends.
    closed: bool,
}

/// Reads the version; the database in the server, a stand-in in tests.
type ReadVersion = Box<dyn Fn() -> AppResult<i64> + Send + Sync>;

struct Shared {
    read_version: ReadVersion,
    commits: Option<CommitWatch>,
    reads: Mutex<Reads>,
    /// Wakes the reading thread when a read is wanted or the owner is gone.
    wake: Condvar,
    answers: watch::Sender<Answer>,
    /// Counts the reads, so the share of requests per read can be watched.
    reads_done: IntCounter,
    /// How long a request waits for its read: the query timeout, which a
    /// read on a connection gone silent would not keep to. Else a stuck read
    /// would hold every page, cached ones too, for as long as it is stuck.
    read_wait: Duration,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Reads> {
        self.reads.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The reading thread: one read after another while any is wanted.
    fn read_when_wanted(&self) {
        let mut reads = self.lock();
        loop {
            if reads.closed {
                return;
            }
            if reads.wanted <= reads.done {
                reads = self
                    .wake
                    .wait(reads)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            let read = reads.done + 1;
            reads.running = Some(read);
            drop(reads);
            let mark = self
                .commits
                .as_ref()
                .and_then(|commits| commits.mark().ok());
            let version = (self.read_version)().map_err(Failure::from);
            self.reads_done.inc();
            self.answers.send_replace(Answer {
                read,
                version,
                mark,
            });
            reads = self.lock();
            reads.running = None;
            reads.done = read;
        }
    }
}

pub struct FreshVersion {
    shared: Arc<Shared>,
}

impl FreshVersion {
    /// Starts the thread reading `db`'s version, which ends when this is dropped.
    /// The thread keeps one of the pool's connections rather than checking
    /// one out, and having the pool test it, for every read; after a failed
    /// read it takes a fresh one. Requests skip the read while `commits`
    /// sees no commit since the last one began.
    pub fn new(
        db: Database,
        commits: Option<CommitWatch>,
        reads_done: IntCounter,
    ) -> std::io::Result<Self> {
        let read_wait = db.query_timeout();
        let kept = Mutex::new(None);
        let read_version = move || {
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            let conn = match kept.as_mut() {
                Some(conn) => conn,
                None => kept.insert(db.connection()?),
            };
            let version = DataVersion::current(conn);
            if version.is_err() {
                *kept = None;
            }
            version.map_err(|error| timed_out_as_unavailable(error.into()))
        };
        Self::reading_with(Box::new(read_version), commits, reads_done, read_wait)
    }

    fn reading_with(
        read_version: ReadVersion,
        commits: Option<CommitWatch>,
        reads_done: IntCounter,
        read_wait: Duration,
    ) -> std::io::Result<Self> {
        let (answers, _) = watch::channel(Answer {
            read: 0,
            version: Err(Failure::Failed("not read yet".into())),
            mark: None,
        });
        let shared = Arc::new(Shared {
            read_version,
            commits,
            reads: Mutex::new(Reads::default()),
            wake: Condvar::new(),
            answers,
            reads_done,
            read_wait,
        });
        let reader = Arc::clone(&shared);
        thread::Builder::new()
            .name("data-version".into())
            .spawn(move || reader.read_when_wanted())?;
        Ok(Self { shared })
    }

    /// The data version as of this call: from the last read when nothing
    /// was committed since it began, else from a read that begins after it.
    pub async fn current(&self) -> AppResult<i64> {
        if let Some(version) = self.unchanged_since_last_read() {
            return Ok(version);
        }
        let mut answers = self.shared.answers.subscribe();
        let awaited = {
            let mut reads = self.shared.lock();
            // A running read may have begun before a write this request must see.
            let awaited = reads.running.unwrap_or(reads.done) + 1;
            reads.wanted = reads.wanted.max(awaited);
            awaited
        };
        self.shared.wake.notify_one();
        let answer = tokio::time::timeout(
            self.shared.read_wait,
            answers.wait_for(|answer| answer.read >= awaited),
        )
        .await
        .map_err(|_| not_answering())?
        .map_err(|error| AppError::Internal(error.into()))?;
        answer.version.clone().map_err(AppError::from)
    }

    /// The last read's version, if the commit watch saw no commit since
    /// that read began.
    fn unchanged_since_last_read(&self) -> Option<i64> {
        let commits = self.shared.commits.as_ref()?;
        let (mark, version) = {
            let last = self.shared.answers.borrow();
            (last.mark?, *last.version.as_ref().ok()?)
        };
        (commits.mark().ok()? == mark).then_some(version)
    }
}

impl Drop for FreshVersion {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.wake.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::{pin, Pin};
    use std::sync::mpsc;
    use std::task::Poll;

    use super::*;

    /// Far longer than a read takes; only a broken gate waits this long.
    const WAIT: Duration = Duration::from_secs(10);

    /// A version source the test drives: each read reports that it started,
    /// then waits for the version the test hands it.
    fn driven(wait: Duration) -> (FreshVersion, mpsc::Receiver<()>, mpsc::SyncSender<i64>) {
        let (started, started_rx) = mpsc::channel();
        let (finish, finish_rx) = mpsc::sync_channel(0);
        let finish_rx = Mutex::new(finish_rx);
        let read = move || {
            started.send(()).expect("test listening");
            let version = finish_rx.lock().expect("lock").recv();
            version.map_err(|ended| AppError::Internal(ended.into()))
        };
        let counter = IntCounter::new("reads", "reads").expect("counter");
        let versions =
            FreshVersion::reading_with(Box::new(read), None, counter, wait).expect("thread");
        (versions, started_rx, finish)
    }

    /// Polls `future` once, so a request registers without being awaited.
    async fn poll_once<F: Future>(mut future: Pin<&mut F>) -> bool {
        std::future::poll_fn(|cx| Poll::Ready(future.as_mut().poll(cx).is_pending())).await
    }

    #[tokio::test]
    async fn requests_arriving_during_a_read_wait_for_the_next_one_and_share_it() {
        let (versions, started, finish) = driven(WAIT);
        let mut first = pin!(versions.current());
        assert!(poll_once(first.as_mut()).await);
        started.recv_timeout(WAIT).expect("first read started");
        // A write these requests must see may have landed after the first read began.
        let mut later = pin!(futures_util::future::join_all(
            (0..20).map(|_| versions.current())
        ));
        assert!(poll_once(later.as_mut()).await);
        finish.send(7).expect("first read finished");
        assert_eq!(first.await.expect("version"), 7);
        started.recv_timeout(WAIT).expect("second read started");
        finish.send(8).expect("second read finished");
        for answer in later.await {
            assert_eq!(answer.expect("version"), 8);
        }
        assert_eq!(versions.shared.reads_done.get(), 2);
    }

    #[tokio::test]
    async fn a_request_waits_for_a_stuck_read_only_so_long() {
        // Short enough for a test, long enough for the next read's hand-offs.
        let (versions, started, finish) = driven(Duration::from_secs(1));
        let error = versions.current().await.expect_err("no answer in time");
        assert!(matches!(error, AppError::ServiceUnavailable(_)), "{error}");
        started.recv_timeout(WAIT).expect("the read started");
        // Once it ends, the next read answers again.
        let mut next = pin!(versions.current());
        assert!(poll_once(next.as_mut()).await);
        finish.send(7).expect("the stuck read ends at last");
        started.recv_timeout(WAIT).expect("the next read started");
        finish.send(8).expect("the next read finished");
        assert_eq!(next.await.expect("version"), 8);
    }

    #[tokio::test]
    async fn a_failed_read_fails_its_requests_and_the_next_read_answers_again() {
        let counter = IntCounter::new("reads", "reads").expect("counter");
        let calls = std::sync::atomic::AtomicI64::new(0);
        let read = move || match calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst) {
            0 => Err(AppError::Internal(anyhow::anyhow!("database unreachable"))),
            n => Ok(n),
        };
        let versions =
            FreshVersion::reading_with(Box::new(read), None, counter, WAIT).expect("thread");
        let error = versions.current().await.expect_err("failed read");
        assert!(
            error.to_string().contains("database unreachable"),
            "{error}"
        );
        assert_eq!(versions.current().await.expect("version"), 1);
    }

    #[tokio::test]
    async fn a_read_the_database_did_not_answer_in_time_answers_every_request_503() {
        let counter = IntCounter::new("reads", "reads").expect("counter");
        let read = || Err(not_answering());
        let versions =
            FreshVersion::reading_with(Box::new(read), None, counter, WAIT).expect("thread");
        let answers = futures_util::future::join_all((0..3).map(|_| versions.current())).await;
        for answer in answers {
            let error = answer.expect_err("no version");
            assert!(matches!(error, AppError::ServiceUnavailable(_)), "{error}");
        }
    }
}
