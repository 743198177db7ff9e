//! Renders on the thread that asks, in an isolate that thread keeps.
//!
//! Each HTTP worker thread renders its own requests, as each of Node's
//! cluster workers does: a render costs no hand-off to a render thread and
//! back. Measured under load on two cores, those hand-offs (two thread
//! wake-ups per render, and the render threads competing with the HTTP
//! threads for the cores) cost 12 to 20% of the pages' throughput.
//!
//! Renders asked for on one thread take turns at its isolate. A render
//! that finds the isolate busy waits in line; once the line across all
//! threads holds [`PoolConfig::queue_capacity`] renders, further renders are
//! refused with [`RenderError::Saturated`] instead of waiting. A thread
//! renders back to back for at most a [`SLICE`] before it goes back to its
//! event loop, so requests that arrived meanwhile join the line (or are
//! refused) instead of waiting unseen in their sockets, and health checks
//! and static files on that thread are answered between renders.
//!
//! Under load V8 collects the old generation rarely, so garbage from past
//! renders stays resident until the heap reaches V8's next limit; a full
//! collection between renders would cost more in re-optimized code than it
//! saves. A busy isolate therefore gets a concurrent major collection asked
//! for once its old generation has grown by a set amount
//! ([`GrowthTrigger`]), and an idle one is collected fully, so a quiet
//! server gives that memory back.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use crate::growth_trigger::GrowthTrigger;
use crate::isolate::{HeapLimits, RenderIsolate};
use crate::watchdog::Watchdog;
use crate::{Bundle, RenderError, Rendered};

/// How long a thread renders back to back before it goes back to its event
/// loop, and how often a busy isolate's heap is read. Doing both for every
/// render cost about 10% of a small page's throughput (the business page
/// renders in about 0.2 ms); once per slice, about a fifth of that.
const SLICE: Duration = Duration::from_millis(1);

/// How long a render may take, how much memory an isolate may use, and how
/// many renders may wait.
#[derive(Debug, Clone)]
pub struct PoolConfig {
    /// Renders allowed to wait for their thread's isolate, all threads
    /// together, before further ones get [`RenderError::Saturated`].
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
    /// How long an isolate waits without a render before it is collected.
    pub idle_collection_after: Duration,
    /// How far an isolate's old generation may grow above its smallest size
    /// since the last collection before one is asked for; 0 leaves
    /// collections under load to V8.
    pub collect_after_growth_bytes: usize,
    /// Renders that must pass between two collections asked for.
    pub min_renders_between_collections: usize,
}

impl Default for PoolConfig {
    fn default() -> Self {
        Self {
            queue_capacity: 128,
            budget: Duration::from_secs(2),
            max_heap_bytes: 256 * 1024 * 1024,
            // V8's own split gives a 256 MB heap 24 MB. Measured end to end
            // against it, 32 MB served `/directory` 15% faster and the other
            // pages within the noise; 48 MB (Node's default) did no better
            // and served the business page about 7% slower.
            young_generation_bytes: 32 * 1024 * 1024,
            // A full collection throws away the compiled code (see
            // `RenderIsolate::collect_garbage`): not after every short pause.
            idle_collection_after: Duration::from_secs(30),
            // Measured on the site's pages: resident memory stays flat under
            // load, and throughput within the benchmark's noise.
            collect_after_growth_bytes: 2 * 1024 * 1024,
            // The directory page leaves more behind per render than the
            // allowance: asking every few renders halved its throughput.
            min_renders_between_collections: 1000,
        }
    }
}

impl PoolConfig {
    fn heap_limits(&self) -> HeapLimits {
        HeapLimits {
            max_bytes: self.max_heap_bytes,
            young_generation_bytes: self.young_generation_bytes,
        }
    }
}

/// What all threads' renderers of one pool share. Only the pool's handles
/// own it: a thread's renderer outliving them finds it gone.
struct Shared {
    bundle: Bundle,
    config: PoolConfig,
    counters: Arc<Counters>,
}

#[derive(Default)]
struct Counters {
    /// Renders waiting for their thread's isolate.
    waiting: AtomicUsize,
    /// The sum of each isolate's latest heap reading.
    heap_bytes: AtomicUsize,
    /// Isolates loaded and ready to render.
    live_isolates: AtomicUsize,
}

thread_local! {
    /// This thread's renderer of each pool that rendered on it.
    static RENDERERS: RefCell<Vec<Rc<ThreadRenderer>>> = const { RefCell::new(Vec::new()) };
}

/// Cheap to clone; all clones share the same isolates and line.
#[derive(Clone)]
pub struct RenderPool {
    shared: Arc<Shared>,
}

impl RenderPool {
    /// Loads the bundle into one isolate, so a broken bundle fails at
    /// start-up rather than per request. Must run inside a tokio runtime
    /// context, as every thread that renders must.
    pub fn start(bundle: Bundle, config: &PoolConfig) -> Result<Self, RenderError> {
        RenderIsolate::load(&bundle, config.heap_limits())?;
        Ok(Self {
            shared: Arc::new(Shared {
                bundle,
                config: config.clone(),
                counters: Arc::default(),
            }),
        })
    }

    /// Whether isolates start from a snapshot rather than the bundle's script.
    pub fn from_snapshot(&self) -> bool {
        self.shared.bundle.snapshot().is_some()
    }

    /// Renders waiting for their thread's isolate right now.
    pub fn queue_depth(&self) -> usize {
        self.shared.counters.waiting.load(Ordering::Relaxed)
    }

    /// Physical memory of all isolates' JavaScript heaps, as last read
    /// (after each isolate's latest render or collection).
    pub fn heap_bytes(&self) -> usize {
        self.shared.counters.heap_bytes.load(Ordering::Relaxed)
    }

    /// Whether any thread has an isolate ready to render.
    pub fn is_serving(&self) -> bool {
        self.shared.counters.live_isolates.load(Ordering::SeqCst) > 0
    }

    /// Loads this thread's isolate now rather than at its first render.
    /// Like [`Self::render`], it must run on a tokio `LocalSet` (as
    /// actix-web's workers do): the isolate's idle collection is a local task.
    pub fn warm_this_thread(&self) -> Result<(), RenderError> {
        self.thread_renderer().map(drop)
    }

    /// Renders `url` with the route data the server loaded for it, on this
    /// thread's isolate, after the renders already waiting for it.
    pub async fn render(&self, url: &str, data_json: &str) -> Result<Rendered, RenderError> {
        let renderer = self.thread_renderer()?;
        let _turn = match renderer.turn.try_acquire() {
            Ok(turn) => turn,
            Err(_) => {
                let _in_line = InLine::join(&self.shared)?;
                renderer
                    .turn
                    .acquire()
                    .await
                    .map_err(|_| RenderError::Unavailable)?
            }
        };
        if renderer.slice_over() {
            tokio::task::yield_now().await;
            renderer.start_slice();
        }
        renderer.render(url, data_json)
    }

    fn thread_renderer(&self) -> Result<Rc<ThreadRenderer>, RenderError> {
        RENDERERS.with(|renderers| {
            let mut renderers = renderers.borrow_mut();
            // A pool that is gone leaves isolates no one will render with.
            renderers.retain(|renderer| renderer.pool_is_alive());
            if let Some(found) = renderers
                .iter()
                .find(|renderer| renderer.pool.as_ptr() == Arc::as_ptr(&self.shared))
            {
                return Ok(Rc::clone(found));
            }
            let renderer = ThreadRenderer::start(&self.shared)?;
            renderers.push(Rc::clone(&renderer));
            Ok(renderer)
        })
    }
}

/// A render counted as waiting in line while this lives.
struct InLine<'a>(&'a AtomicUsize);

impl<'a> InLine<'a> {
    fn join(shared: &'a Shared) -> Result<Self, RenderError> {
        let capacity = shared.config.queue_capacity;
        shared
            .counters
            .waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |waiting| {
                (waiting < capacity).then_some(waiting + 1)
            })
            .map_err(|_| RenderError::Saturated)?;
        Ok(Self(&shared.counters.waiting))
    }
}

impl Drop for InLine<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One thread's isolate of one pool, and the line of renders waiting for it.
struct ThreadRenderer {
    /// Also tells this pool's renderer from another's on the same thread:
    /// while the weak reference lives, no other pool takes its address.
    pool: std::sync::Weak<Shared>,
    /// One permit: held by the render using the isolate, or by its collection.
    turn: Semaphore,
    /// Taken only by code holding the turn, so never borrowed twice.
    state: RefCell<IsolateState>,
    /// When the thread last came back from its event loop to render.
    slice_started: Cell<Option<Instant>>,
}

struct IsolateState {
    /// `None` only when loading a replacement failed.
    isolate: Option<LiveIsolate>,
    watchdog: Watchdog,
    /// When the latest render ended, if nothing has been collected since.
    garbage_since: Option<Instant>,
    /// When the heap was last read.
    heap_read_at: Instant,
}

impl ThreadRenderer {
    fn start(shared: &Arc<Shared>) -> Result<Rc<Self>, RenderError> {
        let name = std::thread::current().name().unwrap_or("ssr").to_owned();
        let watchdog = Watchdog::spawn(format!("{name}-watchdog"))
            .map_err(|error| RenderError::Bundle(error.to_string()))?;
        let renderer = Rc::new(Self {
            pool: Arc::downgrade(shared),
            turn: Semaphore::new(1),
            state: RefCell::new(IsolateState {
                isolate: Some(LiveIsolate::load(shared)?),
                watchdog,
                garbage_since: None,
                heap_read_at: Instant::now(),
            }),
            slice_started: Cell::new(None),
        });
        tokio::task::spawn_local(collect_when_idle(
            Rc::downgrade(&renderer),
            shared.config.idle_collection_after,
        ));
        Ok(renderer)
    }

    fn pool_is_alive(&self) -> bool {
        self.pool.strong_count() > 0
    }

    fn slice_over(&self) -> bool {
        self.slice_started
            .get()
            .is_none_or(|started| started.elapsed() >= SLICE)
    }

    fn start_slice(&self) {
        self.slice_started.set(Some(Instant::now()));
    }

    /// Renders with the isolate, replacing it after a render that had to be
    /// stopped (over time or out of memory). The caller holds the turn.
    fn render(&self, url: &str, data_json: &str) -> Result<Rendered, RenderError> {
        let shared = self.pool.upgrade().ok_or(RenderError::Unavailable)?;
        let mut state = self.state.borrow_mut();
        let state = &mut *state;
        let live = match state.isolate.take() {
            Some(live) => live,
            None => LiveIsolate::load(&shared)?,
        };
        let live = state.isolate.insert(live);
        let budget = shared.config.budget;
        state
            .watchdog
            .arm(Instant::now() + budget, live.isolate.handle());
        let outcome = live.isolate.render(url, data_json);
        let timed_out = state.watchdog.disarm();
        let exhausted = live.isolate.exhausted();
        if timed_out || exhausted {
            tracing::warn!("replacing an isolate after a stopped render");
            // The old isolate goes before the new one comes: V8 wants a
            // thread's isolates dropped in the reverse order of their making.
            state.isolate = None;
            state.garbage_since = None;
            state.isolate = LiveIsolate::load(&shared).ok();
            return Err(if exhausted {
                RenderError::OutOfMemory
            } else {
                RenderError::Timeout(budget)
            });
        }
        let now = Instant::now();
        state.garbage_since = Some(now);
        if now.duration_since(state.heap_read_at) >= SLICE {
            state.heap_read_at = now;
            let old_generation = live.record_heap();
            if live.growth.collect_now(old_generation) {
                live.isolate.ask_for_collection();
            }
        }
        outcome
    }

    /// Collects the isolate fully if it has rendered nothing for `idle`;
    /// otherwise says how long to wait before asking again.
    fn collect_if_idle(&self, idle: Duration) -> Duration {
        let Ok(_turn) = self.turn.try_acquire() else {
            return idle;
        };
        let mut state = self.state.borrow_mut();
        let Some(since) = state.garbage_since else {
            return idle;
        };
        let waited = since.elapsed();
        if waited < idle {
            return idle - waited;
        }
        state.garbage_since = None;
        if let Some(live) = state.isolate.as_mut() {
            live.isolate.collect_garbage();
            live.record_heap();
        }
        idle
    }
}

/// Collects a thread's isolate whenever it has been idle for `idle`, until
/// the renderer is gone.
async fn collect_when_idle(renderer: Weak<ThreadRenderer>, idle: Duration) {
    let mut wait = idle;
    loop {
        tokio::time::sleep(wait).await;
        let Some(renderer) = renderer.upgrade() else {
            return;
        };
        wait = renderer.collect_if_idle(idle);
    }
}

/// An isolate counted among the pool's live ones, with its heap reading
/// counted in the pool's total.
struct LiveIsolate {
    isolate: RenderIsolate,
    counters: Arc<Counters>,
    /// This isolate's share of `Counters::heap_bytes`.
    heap_bytes: usize,
    growth: GrowthTrigger,
}

impl LiveIsolate {
    fn load(shared: &Arc<Shared>) -> Result<Self, RenderError> {
        let isolate = RenderIsolate::load(&shared.bundle, shared.config.heap_limits())?;
        shared.counters.live_isolates.fetch_add(1, Ordering::SeqCst);
        let mut live = Self {
            isolate,
            counters: Arc::clone(&shared.counters),
            heap_bytes: 0,
            growth: GrowthTrigger::new(
                shared.config.collect_after_growth_bytes,
                shared.config.min_renders_between_collections,
            ),
        };
        live.record_heap();
        Ok(live)
    }

    /// Reads the heap into the pool's total; returns the old generation.
    fn record_heap(&mut self) -> usize {
        let size = self.isolate.heap_size();
        self.set_heap_bytes(size.total);
        size.old_generation
    }

    fn set_heap_bytes(&mut self, bytes: usize) {
        let total = &self.counters.heap_bytes;
        total.fetch_add(bytes, Ordering::Relaxed);
        total.fetch_sub(self.heap_bytes, Ordering::Relaxed);
        self.heap_bytes = bytes;
    }
}

impl Drop for LiveIsolate {
    fn drop(&mut self) {
        self.set_heap_bytes(0);
        self.counters.live_isolates.fetch_sub(1, Ordering::SeqCst);
    }
}
