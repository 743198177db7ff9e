//! What every handler can reach: configuration, the render pool, the
//! document's asset names.

use std::sync::Arc;

use ssr_bundle::RenderPool;
use tokio::sync::Notify;

use crate::config::Settings;
use crate::db::Database;
use crate::document::AssetManifest;
use crate::fresh_version::FreshVersion;
use crate::mail::signing::LinkSigner;
use crate::metrics::Metrics;
use crate::page_cache::PageCache;
use crate::payments::stripe_client::StripeClient;

#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<Settings>,
    pub db: Database,
    pub renderer: RenderPool,
    pub assets: Arc<AssetManifest>,
    /// The site configuration as the UI reads it, serialised once.
    pub site_json: Arc<serde_json::Value>,
    /// Signs and checks the links in e-mails.
    pub signer: Arc<LinkSigner>,
    /// Wakes the outbox worker when a request queued an e-mail.
    pub outbox_wake: Arc<Notify>,
    pub metrics: Arc<Metrics>,
    /// The data version cached pages are checked against.
    pub data_version: Arc<FreshVersion>,
    /// Rendered pages, when caching is on.
    pub page_cache: Option<Arc<PageCache>>,
    /// Stripe's API; `None` when no secret key is configured.
    pub stripe: Option<Arc<StripeClient>>,
}
