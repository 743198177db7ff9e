//! Server-side render throughput for a page, one isolate per core, with the
//! page's real data from a seeded SQLite database and no HTML caching.
//! `cargo bench -p server --bench render -- [path] [renders]`

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use server::config::Settings;
use server::db::Database;
use server::page_data;
use server::site_json::site_json;
use ssr_bundle::{PoolConfig, RenderPool};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let path = args.next().unwrap_or_else(|| "/".to_owned());
    let renders: usize = args.next().map_or(Ok(4000), |n| n.parse())?;

    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = tempfile::tempdir()?;
    let mut settings = Settings::load().map_err(|error| anyhow::anyhow!("{error}"))?;
    settings.database.url = format!("sqlite://{}", dir.path().join("bench.db").display()).into();
    let db = Database::connect(&settings.database)?;
    db.migrate()?;
    let now = chrono::Utc::now();
    {
        let mut conn = db.connection()?;
        server::seed::seed_if_empty(&mut conn, &settings.site.community_name, now)?;
    }
    let bundle = server::render_bundle::load(&workspace.join("ui/dist"))?;

    let main_thread = WorkerThread::new();
    let data = main_thread.run(async {
        let queries = page_data::load(&path, None, |read| db.run(move |conn| read.load(conn, now)))
            .await
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        page_data::render_input(&site_json(&settings)?, &queries, now, None)
            .map_err(|error| anyhow::anyhow!("{error}"))
    })?;
    // One thread per core, each rendering in its own isolate as the server's
    // HTTP workers do.
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    let pool = main_thread.run(async { RenderPool::start(bundle, &PoolConfig::default()) })?;
    // Each thread warms its own isolate with as many renders as it then
    // measures, as the Node loop warms up as long as it measures: V8 keeps
    // optimizing a busy isolate's code for a while. The same threads measure,
    // since an isolate belongs to the thread that made it.
    let per_thread = renders / workers;
    let warmed = std::sync::Barrier::new(workers + 1);
    let (pool, page, data) = (&pool, path.as_str(), data.as_str());
    let render = |count: usize| async move {
        for _ in 0..count {
            pool.render(page, data).await?;
        }
        anyhow::Ok(())
    };
    let seconds = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let worker = WorkerThread::new();
                    // Even a thread whose warm-up panics reaches the barrier,
                    // so the others and the clock are not left waiting for it.
                    let warm_up =
                        panic::catch_unwind(AssertUnwindSafe(|| worker.run(render(per_thread))));
                    warmed.wait();
                    warm_up.unwrap_or_else(|payload| panic::resume_unwind(payload))?;
                    worker.run(render(per_thread))
                })
            })
            .collect();
        warmed.wait();
        let started = Instant::now();
        threads.into_iter().try_for_each(|thread| {
            thread
                .join()
                .map_err(|_| anyhow::anyhow!("a render thread panicked"))?
        })?;
        anyhow::Ok(started.elapsed().as_secs_f64())
    })?;
    let renders = per_thread * workers;
    let rate = renders as f64 / seconds;
    println!("| SSR render `{path}` ({workers} threads, each with its isolate, no cache) | {rate:.0} renders/s | {renders} renders in {seconds:.2} s |");
    Ok(())
}

/// What an HTTP worker thread runs its requests on: a current-thread runtime
/// with a `LocalSet`, which also keeps the isolate's idle-collection task.
struct WorkerThread {
    runtime: tokio::runtime::Runtime,
    local: tokio::task::LocalSet,
}

impl WorkerThread {
    fn new() -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        Self {
            runtime,
            local: tokio::task::LocalSet::new(),
        }
    }

    fn run<F: std::future::Future>(&self, future: F) -> F::Output {
        self.local.block_on(&self.runtime, future)
    }
}
