//! A fixed set of worker threads, each owning one isolate, fed from one
//! bounded queue. Isolates are reused across requests and replaced only when
//! a render had to be terminated.
//!
//! Under load V8 collects the old generation rarely, so garbage from past
//! renders stays resident until the heap reaches V8's next limit; a full
//! collection between renders would cost more in re-optimized code than it
//! saves. A busy worker therefore asks for a concurrent major collection
//! once its isolate's old generation has grown by a set amount
//! ([`GrowthTrigger`]), and an idle one collects fully, so a quiet server
//! gives that memory back.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, TrySendError};
use tokio::sync::oneshot;

use crate::growth_trigger::GrowthTrigger;
use crate::isolate::{HeapLimits, HeapSize, RenderIsolate};
use crate::watchdog::Watchdog;
use crate::{Bundle, RenderError, Rendered};

/// How the pool is sized and how long a render may take.
#[derive(Debug, Clone)]
pub struct PoolConfig {
    /// Worker threads, each with its own isolate.
    pub workers: usize,
    /// Renders allowed to wait for a free isolate before callers get
    /// [`RenderError::Saturated`].
    pub queue_capacity: usize,
    /// Longest a single render may run before it is terminated.
    pub budget: Duration,
    /// Largest JavaScript heap of one isolate; a render reaching it is
    /// stopped and the isolate replaced.
    pub max_heap_bytes: usize,
    /// Part of `max_heap_bytes` given to the young generation, where a
    /// render's short-lived objects are allocated (at most a quarter of the
    /// heap); 0 leaves the split to V8.
    pub young_generation_bytes: usize,
    /// How long a worker waits without a render before it collects its
    /// isolate's garbage.
    pub idle_collection_after: Duration,
    /// How far an isolate's old generation may grow above its smallest size
    /// since the last collection before its worker asks for one; 0 leaves
    /// collections under load to V8.
    pub collect_after_growth_bytes: usize,
    /// Renders that must pass between two collections a worker asks for.
    pub min_renders_between_collections: usize,
}

impl Default for PoolConfig {
    fn default() -> Self {
        let workers = thread::available_parallelism().map_or(2, usize::from);
        Self {
            workers,
            queue_capacity: workers * 64,
            budget: Duration::from_secs(2),
            max_heap_bytes: 256 * 1024 * 1024,
            // V8's own split gives a 256 MB heap 24 MB. Measured end to end
            // against it, 32 MB served `/directory` 15% faster and the other
            // pages within the noise; 48 MB (Node's default) did no better
            // and served the business page about 7% slower.
            young_generation_bytes: 32 * 1024 * 1024,
            idle_collection_after: Duration::from_secs(1),
            // Measured on the site's pages: resident memory stays flat under
            // load, and throughput within the benchmark's noise.
            collect_after_growth_bytes: 2 * 1024 * 1024,
            // The directory page leaves more behind per render than the
            // allowance: asking every few renders halved its throughput.
            min_renders_between_collections: 1000,
        }
    }
}

struct Job {
    url: String,
    data_json: String,
    reply: oneshot::Sender<Result<Rendered, RenderError>>,
}

/// Cheap to clone; all clones share the same workers.
#[derive(Clone)]
pub struct RenderPool {
    jobs: Sender<Job>,
    /// Workers whose thread is still running.
    live_workers: Arc<AtomicUsize>,
    /// Each worker's latest reading of its isolate's heap.
    heap_bytes: Arc<[AtomicUsize]>,
    from_snapshot: bool,
}

impl RenderPool {
    /// Starts the workers and waits until every isolate has loaded the
    /// bundle, so a broken bundle fails at start-up rather than per request.
    pub fn start(bundle: Bundle, config: &PoolConfig) -> Result<Self, RenderError> {
        let (jobs, queue) = crossbeam_channel::bounded(config.queue_capacity);
        let live_workers = Arc::new(AtomicUsize::new(0));
        let workers = config.workers.max(1);
        let heap_bytes: Arc<[AtomicUsize]> = (0..workers).map(|_| AtomicUsize::new(0)).collect();
        let mut ready = Vec::with_capacity(workers);
        for index in 0..workers {
            let (loaded, loaded_rx) = std::sync::mpsc::channel();
            let worker = Worker {
                bundle: bundle.clone(),
                queue: queue.clone(),
                budget: config.budget,
                heap_limits: HeapLimits {
                    max_bytes: config.max_heap_bytes,
                    young_generation_bytes: config.young_generation_bytes,
                },
                idle_collection_after: config.idle_collection_after,
                growth_trigger: GrowthTrigger::new(
                    config.collect_after_growth_bytes,
                    config.min_renders_between_collections,
                ),
                heap_bytes: HeapReading {
                    all: Arc::clone(&heap_bytes),
                    index,
                },
                _alive: WorkerAlive::new(&live_workers),
            };
            thread::Builder::new()
                .name(format!("ssr-{index}"))
                .spawn(move || worker.run(&loaded))
                .map_err(|error| RenderError::Bundle(error.to_string()))?;
            ready.push(loaded_rx);
        }
        for loaded in ready {
            loaded.recv().map_err(|_| RenderError::Unavailable)??;
        }
        Ok(Self {
            jobs,
            live_workers,
            heap_bytes,
            from_snapshot: bundle.snapshot().is_some(),
        })
    }

    /// Whether isolates start from a snapshot rather than the bundle's script.
    pub fn from_snapshot(&self) -> bool {
        self.from_snapshot
    }

    /// Renders waiting for a free isolate right now.
    pub fn queue_depth(&self) -> usize {
        self.jobs.len()
    }

    /// Physical memory of all isolates' JavaScript heaps, as each worker
    /// last read it (after its latest render or collection).
    pub fn heap_bytes(&self) -> usize {
        self.heap_bytes
            .iter()
            .map(|bytes| bytes.load(Ordering::Relaxed))
            .sum()
    }

    /// Whether any worker is still there to render.
    pub fn is_serving(&self) -> bool {
        self.live_workers.load(Ordering::SeqCst) > 0
    }

    /// Renders `url` with the route data the server loaded for it.
    pub async fn render(&self, url: &str, data_json: String) -> Result<Rendered, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            url: url.to_owned(),
            data_json,
            reply,
        };
        self.jobs.try_send(job).map_err(|error| match error {
            TrySendError::Full(_) => RenderError::Saturated,
            TrySendError::Disconnected(_) => RenderError::Unavailable,
        })?;
        answer.await.map_err(|_| RenderError::Unavailable)?
    }
}

struct Worker {
    bundle: Bundle,
    queue: Receiver<Job>,
    budget: Duration,
    heap_limits: HeapLimits,
    idle_collection_after: Duration,
    /// Copied afresh for each isolate.
    growth_trigger: GrowthTrigger,
    heap_bytes: HeapReading,
    /// Held, never read: dropping it with the worker marks the worker gone.
    _alive: WorkerAlive,
}

/// Counts a worker as live from its creation until its thread ends.
struct WorkerAlive(Arc<AtomicUsize>);

impl WorkerAlive {
    fn new(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Self(Arc::clone(count))
    }
}

impl Drop for WorkerAlive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One worker's slot in the pool's heap readings.
struct HeapReading {
    all: Arc<[AtomicUsize]>,
    index: usize,
}

impl HeapReading {
    fn record(&self, isolate: &mut RenderIsolate) -> HeapSize {
        let size = isolate.heap_size();
        self.all[self.index].store(size.total, Ordering::Relaxed);
        size
    }
}

impl Worker {
    fn run(self, loaded: &std::sync::mpsc::Sender<Result<(), RenderError>>) {
        let runtime = match tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(error) => {
                let _ = loaded.send(Err(RenderError::Bundle(error.to_string())));
                return;
            }
        };
        let _context = runtime.enter();
        let name = thread::current().name().unwrap_or("ssr").to_owned();
        let watchdog = match Watchdog::spawn(format!("{name}-watchdog")) {
            Ok(watchdog) => watchdog,
            Err(error) => {
                let _ = loaded.send(Err(RenderError::Bundle(error.to_string())));
                return;
            }
        };
        let mut first = Some(loaded);
        loop {
            let isolate = RenderIsolate::load(&self.bundle, self.heap_limits);
            if let Some(loaded) = first.take() {
                let _ = loaded.send(match &isolate {
                    Ok(_) => Ok(()),
                    Err(error) => Err(error.clone()),
                });
            }
            let Ok(mut isolate) = isolate else { return };
            if !self.serve(&mut isolate, &watchdog) {
                return;
            }
            tracing::warn!(worker = %name, "replacing an isolate after a stopped render");
        }
    }

    /// Renders jobs until the queue closes (`false`) or a render was stopped
    /// (over time or out of memory) and the isolate must be replaced (`true`).
    fn serve(&self, isolate: &mut RenderIsolate, watchdog: &Watchdog) -> bool {
        self.heap_bytes.record(isolate);
        let mut growth = self.growth_trigger.clone();
        let mut garbage = false;
        loop {
            // Sleeps without a deadline when there is nothing to collect.
            let next = if garbage {
                self.queue.recv_timeout(self.idle_collection_after)
            } else {
                self.queue
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected)
            };
            let job = match next {
                Ok(job) => job,
                Err(RecvTimeoutError::Timeout) => {
                    isolate.collect_garbage();
                    self.heap_bytes.record(isolate);
                    garbage = false;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return false,
            };
            garbage = true;
            watchdog.arm(Instant::now() + self.budget, isolate.handle());
            let outcome = isolate.render(&job.url, &job.data_json);
            let timed_out = watchdog.disarm();
            let exhausted = isolate.exhausted();
            let outcome = if exhausted {
                Err(RenderError::OutOfMemory)
            } else if timed_out {
                Err(RenderError::Timeout(self.budget))
            } else {
                outcome
            };
            // The caller may have gone away; its answer is then not needed.
            let _ = job.reply.send(outcome);
            if timed_out || exhausted {
                return true;
            }
            let size = self.heap_bytes.record(isolate);
            if growth.collect_now(size.old_generation) {
                isolate.ask_for_collection();
            }
        }
    }
}
