//! Prometheus metrics, served at `/metrics`: requests and their latency per
//! route, render time, the render queue and isolates' heaps, the page cache
//! and the read cache.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web;
use prometheus::{
    Encoder, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts,
    Registry, TextEncoder,
};

use ssr_bundle::RenderPool;

use crate::state::AppState;

pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    render_seconds: Histogram,
    queue_depth: IntGauge,
    heap_bytes: IntGauge,
    /// Page cache lookups answered from memory.
    pub cache_hits: IntCounter,
    /// Page cache lookups that had to render.
    pub cache_misses: IntCounter,
    /// Database reads of the data version, each shared by many page requests.
    pub data_version_reads: IntCounter,
    /// Read cache lookups answered from memory.
    pub read_cache_hits: IntCounter,
    /// Read cache lookups that queried the database.
    pub read_cache_misses: IntCounter,
}

/// Latency buckets from half a millisecond to the render budget's order.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

impl Metrics {
    pub fn new() -> prometheus::Result<Self> {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests answered"),
            &["route", "method", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "Time to answer a request")
                .buckets(BUCKETS.to_vec()),
            &["route"],
        )?;
        let render_seconds = Histogram::with_opts(
            HistogramOpts::new("ssr_render_duration_seconds", "Time to render a page in V8")
                .buckets(BUCKETS.to_vec()),
        )?;
        let queue_depth = IntGauge::new("ssr_queue_depth", "Renders waiting for a free isolate")?;
        let heap_bytes = IntGauge::new(
            "ssr_heap_bytes",
            "Physical memory of the render isolates' JavaScript heaps",
        )?;
        let cache_hits = IntCounter::new("page_cache_hits_total", "Pages answered from memory")?;
        let cache_misses = IntCounter::new(
            "page_cache_misses_total",
            "Page cache lookups that rendered",
        )?;
        let data_version_reads = IntCounter::new(
            "data_version_reads_total",
            "Database reads of the data version the page cache checks",
        )?;
        let read_cache_hits = IntCounter::new(
            "read_cache_hits_total",
            "Read answers (pages' data, the JSON API) taken from memory",
        )?;
        let read_cache_misses = IntCounter::new(
            "read_cache_misses_total",
            "Read answers loaded from the database",
        )?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(render_seconds.clone()))?;
        registry.register(Box::new(queue_depth.clone()))?;
        registry.register(Box::new(heap_bytes.clone()))?;
        registry.register(Box::new(cache_hits.clone()))?;
        registry.register(Box::new(cache_misses.clone()))?;
        registry.register(Box::new(data_version_reads.clone()))?;
        registry.register(Box::new(read_cache_hits.clone()))?;
        registry.register(Box::new(read_cache_misses.clone()))?;
        Ok(Self {
            registry,
            requests,
            latency,
            render_seconds,
            queue_depth,
            heap_bytes,
            cache_hits,
            cache_misses,
            data_version_reads,
            read_cache_hits,
            read_cache_misses,
        })
    }

    /// `route` is the matched pattern (`/api/businesses/{slug}`), never the
    /// raw path, and a method outside HTTP's own is `OTHER`, so a client
    /// cannot add series.
    pub fn observe_request(
        &self,
        route: &str,
        method: &Method,
        status: StatusCode,
        took: Duration,
    ) {
        self.requests
            .with_label_values(&[route, method_label(method), status.as_str()])
            .inc();
        self.latency
            .with_label_values(&[route])
            .observe(took.as_secs_f64());
    }

    pub fn observe_render(&self, took: Duration) {
        self.render_seconds.observe(took.as_secs_f64());
    }

    /// The text exposition format, with the render pool's gauges read now.
    pub fn render(&self, renderer: &RenderPool) -> prometheus::Result<String> {
        let gauge = |count: usize| i64::try_from(count).unwrap_or(i64::MAX);
        self.queue_depth.set(gauge(renderer.queue_depth()));
        self.heap_bytes.set(gauge(renderer.heap_bytes()));
        let mut text = Vec::new();
        TextEncoder::new().encode(&self.registry.gather(), &mut text)?;
        Ok(String::from_utf8_lossy(&text).into_owned())
    }
}

/// The method's label: one of HTTP's own, or `OTHER`.
fn method_label(method: &Method) -> &'static str {
    const STANDARD: [Method; 9] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::CONNECT,
        Method::OPTIONS,
        Method::TRACE,
        Method::PATCH,
    ];
    STANDARD
        .iter()
        .find(|standard| *standard == method)
        .map_or("OTHER", Method::as_str)
}

/// Middleware counting and timing every request by its matched route;
/// pages (the router's fallback) count as `page`.
pub async fn record_request(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let metrics = request
        .app_data::<web::Data<AppState>>()
        .map(|state| Arc::clone(&state.metrics));
    let method = request.method().clone();
    let started = Instant::now();
    let response = next.call(request).await?;
    if let Some(metrics) = metrics {
        let route = response
            .request()
            .match_pattern()
            .unwrap_or_else(|| "page".to_owned());
        metrics.observe_request(&route, &method, response.status(), started.elapsed());
    }
    Ok(response)
}
