//! Builds the application from settings; `main` and the tests share it.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::{from_fn, Compress};
use actix_web::{web, App, HttpServer};
use anyhow::Context;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use secrecy::ExposeSecret;
use ssr_bundle::{Bundle, PoolConfig, RenderPool};
use tokio::sync::Notify;
use tracing_actix_web::TracingLogger;

use crate::config::Settings;
use crate::content_encoding;
use crate::counted_cache::HitCounters;
use crate::db::Database;
use crate::document::AssetManifest;
use crate::fresh_version::FreshVersion;
use crate::mail::signing::LinkSigner;
use crate::mail::worker::OutboxWorker;
use crate::metrics::{self, Metrics};
use crate::models::app_secret::AppSecret;
use crate::page_cache::PageCache;
use crate::payments::stripe_client::StripeClient;
use crate::rate_limit::{FormLimits, VisitorIp};
use crate::read_cache::ReadCache;
use crate::render_bundle;
use crate::routes;
use crate::security_headers::security_headers;
use crate::site_json::site_json;
use crate::state::AppState;
use crate::telemetry;

pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let dist = &settings.assets.dist_dir;
        let assets = AssetManifest::read(dist)?;
        let bundle = render_bundle::load(dist)?;
        let db = Database::connect(&settings.database)?;
        db.migrate()?;
        let signer = LinkSigner::new(signing_key(&db, &settings)?.as_bytes());
        let outbox_wake = Arc::new(Notify::new());
        let outbox = OutboxWorker::new(db.clone(), &settings.mail, Arc::clone(&outbox_wake))?;
        tokio::spawn(outbox.run());
        let renderer = start_renderer(bundle, &settings).await?;
        let metrics = Arc::new(Metrics::new()?);
        let stripe = StripeClient::from_settings(&settings.stripe)?.map(Arc::new);

        let listener = TcpListener::bind((settings.server.host.as_str(), settings.server.port))
            .with_context(|| {
                format!("binding {}:{}", settings.server.host, settings.server.port)
            })?;
        let port = listener.local_addr()?.port();

        let state = AppState {
            site_json: Arc::from(site_json(&settings)?),
            data_version: Arc::new(FreshVersion::new(
                db.clone(),
                db.commit_watch()?,
                metrics.data_version_reads.clone(),
            )?),
            db,
            signer: Arc::new(signer),
            outbox_wake,
            page_cache: settings.cache.enabled.then(|| {
                Arc::new(PageCache::new(
                    settings.cache.max_megabytes * 1024 * 1024,
                    HitCounters {
                        hits: metrics.cache_hits.clone(),
                        misses: metrics.cache_misses.clone(),
                    },
                ))
            }),
            read_cache: (settings.cache.reads_max_megabytes > 0).then(|| {
                Arc::new(ReadCache::new(
                    settings.cache.reads_max_megabytes * 1024 * 1024,
                    HitCounters {
                        hits: metrics.read_cache_hits.clone(),
                        misses: metrics.read_cache_misses.clone(),
                    },
                ))
            }),
            visitor_ip: VisitorIp::new(&settings.security.trusted_proxies),
            metrics,
            stripe,
            renderer,
            assets: Arc::new(assets),
            settings: Arc::new(settings),
        };
        let routes = routes::configure(
            &state.settings.assets,
            FormLimits::new(&state.settings.security)?,
        );
        let workers = match state.settings.render.workers {
            0 => std::thread::available_parallelism().map_or(2, usize::from),
            workers => workers,
        };
        let server = HttpServer::new(move || {
            // The factory runs on each worker thread: its isolate is ready
            // before the worker takes its first request.
            if let Err(error) = state.renderer.warm_this_thread() {
                tracing::error!(%error, "loading this worker's render isolate");
            }
            App::new()
                // Compresses what is not already compressed (API answers, images, uncached
                // pages); cached pages and built assets carry their own encoding.
                .wrap(Compress::default())
                .wrap(from_fn(content_encoding::unmark_identity))
                .wrap(security_headers(state.settings.server.served_over_https()))
                .wrap(from_fn(metrics::record_request))
                .wrap(from_fn(telemetry::echo_request_id))
                .wrap(TracingLogger::<telemetry::RequestSpan>::new())
                .app_data(web::Data::new(state.clone()))
                .configure(routes.clone())
        })
        .workers(workers)
        .listen(listener)?
        // On SIGTERM or SIGINT: stop accepting, finish what is in flight, then exit.
        .shutdown_timeout(30)
        .run();
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// The configured key, or the one generated on first start and kept in the database.
fn signing_key(db: &Database, settings: &Settings) -> anyhow::Result<String> {
    let configured = settings.security.signing_key.expose_secret();
    if !configured.is_empty() {
        return Ok(configured.to_owned());
    }
    let mut conn = db.connection()?;
    Ok(AppSecret::get_or_create(&mut conn, "signing_key", || {
        let bytes: [u8; 32] = rand::random();
        URL_SAFE_NO_PAD.encode(bytes)
    })?)
}

async fn start_renderer(bundle: Bundle, settings: &Settings) -> anyhow::Result<RenderPool> {
    let config = PoolConfig {
        budget: settings.render.budget(),
        queue_capacity: settings.render.queue_capacity,
        max_heap_bytes: settings.render.max_heap_megabytes * 1024 * 1024,
        young_generation_bytes: settings.render.young_generation_megabytes * 1024 * 1024,
        collect_after_growth_bytes: settings.render.collect_after_growth_megabytes * 1024 * 1024,
        idle_collection_after: settings.render.idle_collection_after(),
        ..PoolConfig::default()
    };
    // Loading the bundle into an isolate blocks; keep it off the async workers.
    let pool = tokio::task::spawn_blocking(move || RenderPool::start(bundle, &config)).await??;
    Ok(pool)
}
