//! What every handler can reach: configuration, the render pool, the
//! document's asset names.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde_json::value::RawValue;
use ssr_bundle::RenderPool;
use tokio::sync::Notify;

use crate::config::Settings;
use crate::db::Database;
use crate::document::AssetManifest;
use crate::error::AppResult;
use crate::fresh_version::FreshVersion;
use crate::mail::signing::LinkSigner;
use crate::metrics::Metrics;
use crate::page_cache::PageCache;
use crate::payments::stripe_client::StripeClient;
use crate::rate_limit::VisitorIp;
use crate::read_cache::ReadCache;
use crate::reads::{Answer, Read};

#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<Settings>,
    pub db: Database,
    pub renderer: RenderPool,
    pub assets: Arc<AssetManifest>,
    /// The site configuration as the UI reads it, serialised once.
    pub site_json: Arc<RawValue>,
    /// Signs and checks the links in e-mails.
    pub signer: Arc<LinkSigner>,
    /// Wakes the outbox worker when a request queued an e-mail.
    pub outbox_wake: Arc<Notify>,
    pub metrics: Arc<Metrics>,
    /// The data version cached pages are checked against.
    pub data_version: Arc<FreshVersion>,
    /// Rendered pages, when caching is on.
    pub page_cache: Option<Arc<PageCache>>,
    /// Answers of reads, when caching them is on.
    pub read_cache: Option<Arc<ReadCache>>,
    /// Tells a visitor's address from the request, trusting only the
    /// configured proxies' `X-Forwarded-For`.
    pub visitor_ip: VisitorIp,
    /// Stripe's API; `None` when no secret key is configured.
    pub stripe: Option<Arc<StripeClient>>,
}

impl AppState {
    /// The data version a request's cached answers and page are kept under,
    /// from a read that began after the request arrived; `None` when nothing
    /// is cached. `page` says whether the request may use the page cache.
    pub async fn cache_version(&self, page: bool) -> AppResult<Option<i64>> {
        if self.read_cache.is_none() && !(page && self.page_cache.is_some()) {
            return Ok(None);
        }
        self.data_version.current().await.map(Some)
    }

    /// `read`'s answer as of `now`: kept in the read cache under `version`,
    /// or loaded from the database.
    pub async fn answer(
        &self,
        read: Read,
        version: Option<i64>,
        now: DateTime<Utc>,
    ) -> AppResult<Answer> {
        match (&self.read_cache, version) {
            (Some(cache), Some(version)) => {
                let load = read.clone();
                cache
                    .get_or_load(
                        &read,
                        version,
                        now,
                        self.db.run(move |conn| load.load(conn, now)),
                    )
                    .await
            }
            _ => self.db.run(move |conn| read.load(conn, now)).await,
        }
    }
}
