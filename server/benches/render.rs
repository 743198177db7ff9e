//! Server-side render throughput for a page from the isolate pool, with the
//! page's real data from a seeded SQLite database and no HTML caching.
//! `cargo bench -p server --bench render -- [path] [renders]`

use std::time::Instant;

use secrecy::ExposeSecret;
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
    let db = Database::connect(settings.database.url.expose_secret(), 1)?;
    db.migrate()?;
    let now = chrono::Utc::now();
    {
        let mut conn = db.connection()?;
        server::seed::seed_if_empty(&mut conn, &settings.site.community_name, now)?;
    }
    let bundle = server::render_bundle::load(&workspace.join("ui/dist"))?;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let queries = page_data::load(&path, None, |read| db.run(move |conn| read.load(conn, now)))
            .await
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        let data = page_data::render_input(&site_json(&settings)?, &queries, now, None)
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        let config = PoolConfig {
            queue_capacity: renders,
            ..PoolConfig::default()
        };
        let workers = config.workers;
        let pool = RenderPool::start(bundle, &config)?;
        let render_all = |count: usize| {
            let tasks: Vec<_> = (0..count)
                .map(|_| {
                    let pool = pool.clone();
                    let (path, data) = (path.clone(), data.clone());
                    tokio::spawn(async move { pool.render(&path, data).await })
                })
                .collect();
            async move {
                for task in tasks {
                    task.await??;
                }
                anyhow::Ok(())
            }
        };
        render_all(renders / 10).await?;
        let started = Instant::now();
        render_all(renders).await?;
        let seconds = started.elapsed().as_secs_f64();
        let rate = renders as f64 / seconds;
        println!("| SSR render `{path}` (pool of {workers}, no cache) | {rate:.0} renders/s | {renders} renders in {seconds:.2} s |");
        anyhow::Ok(())
    })
}
