//! All configuration, in one place: the defaults in `config/default.toml`,
//! then an optional file named by `SITE_CONFIG`, then `SITE_`-prefixed
//! environment variables (`__` separates levels), then `DATABASE_URL`.

use std::num::NonZeroU64;
use std::path::PathBuf;
use std::time::Duration;

use figment::providers::{Env, Format, Toml};
use figment::Figment;
use secrecy::SecretString;
use serde::{Deserialize, Serialize};

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub server: ServerSettings,
    pub site: SiteSettings,
    pub database: DatabaseSettings,
    pub render: RenderSettings,
    pub cache: CacheSettings,
    pub assets: AssetSettings,
    pub mail: MailSettings,
    pub security: SecuritySettings,
    pub stripe: StripeSettings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerSettings {
    /// Interface to bind.
    pub host: String,
    /// Port to bind; 0 picks a free one (tests).
    pub port: u16,
    /// Absolute origin the site is reached at, for canonical links.
    pub public_base_url: String,
    /// `text` for people reading a terminal, `json` (one object per line) for a log collector.
    pub log_format: LogFormat,
}

impl ServerSettings {
    /// Whether visitors reach the site over HTTPS (then cookies are `Secure`
    /// and browsers are told to keep to HTTPS).
    pub fn served_over_https(&self) -> bool {
        self.public_base_url.starts_with("https://")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Text,
    Json,
}

/// The community's identity and contact details, shown by the chrome and pages.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SiteSettings {
    /// Town name used in every text ("Cedar Heights").
    pub community_name: String,
    /// State abbreviation shown after the town name.
    pub state: String,
    /// Team phone number, as displayed.
    pub phone: String,
    /// Team e-mail address.
    pub email: String,
    /// Postal address shown in the footer and on the contact page.
    pub postal_address: String,
    /// Web agency that manages the site ('Managed By').
    pub agency_name: String,
    /// The agency's direct e-mail.
    pub agency_email: String,
    /// The agency's website.
    pub agency_url: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseSettings {
    /// `sqlite://path/to/file.db` or `postgres://user@host/db`.
    pub url: SecretString,
    /// Connections kept open.
    pub pool_size: u32,
    /// How long a query may take before its request is answered 503: on
    /// PostgreSQL a statement running longer is cancelled; on SQLite, whose
    /// queries are local, it is how long one waits for another connection's
    /// lock. Migrating PostgreSQL has no limit. Zero is refused: SQLite
    /// would not wait at all, and PostgreSQL would wait for ever.
    pub query_timeout_ms: NonZeroU64,
}

impl DatabaseSettings {
    pub fn query_timeout(&self) -> Duration {
        Duration::from_millis(self.query_timeout_ms.get())
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderSettings {
    /// HTTP worker threads, each rendering its own requests in an isolate
    /// of its own; 0 means one per CPU core.
    pub workers: usize,
    /// Longest a page render may take before it is cut off.
    pub budget_ms: u64,
    /// Renders that may wait for their thread's isolate, all threads
    /// together, before the server answers 503.
    pub queue_capacity: usize,
    /// JavaScript heap of one isolate; a render that needs more is stopped
    /// and its isolate replaced, instead of the process running out of memory.
    pub max_heap_megabytes: usize,
    /// Part of that heap for short-lived objects (at most a quarter); 0
    /// leaves the split to V8.
    pub young_generation_megabytes: usize,
    /// Growth of an isolate's old generation under load after which its
    /// worker asks V8 for a major collection; 0 leaves that to V8, which
    /// lets memory climb for longer.
    pub collect_after_growth_megabytes: usize,
    /// Seconds an isolate waits without a render before it is collected in
    /// full, giving its memory back. That collection also throws away the
    /// compiled code, so the renders after it run slower for a while.
    pub idle_collection_seconds: u64,
}

impl RenderSettings {
    pub fn budget(&self) -> Duration {
        Duration::from_millis(self.budget_ms)
    }

    pub fn idle_collection_after(&self) -> Duration {
        Duration::from_secs(self.idle_collection_seconds)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheSettings {
    /// Keep rendered pages in memory (keyed by URL and data version, so never stale).
    pub enabled: bool,
    /// Memory the kept pages may use, all encodings counted.
    pub max_megabytes: u64,
    /// Memory the kept answers of reads (the JSON behind pages and the API,
    /// keyed by data version like pages) may use; 0 keeps none.
    pub reads_max_megabytes: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssetSettings {
    /// esbuild's output: `manifest.json`, `server/`, `client/assets/`.
    pub dist_dir: PathBuf,
    /// Images and other files served as they are.
    pub public_dir: PathBuf,
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    None,
    Starttls,
    Tls,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    /// SMTP server the outbox delivers through.
    pub smtp_host: String,
    pub smtp_port: u16,
    pub smtp_security: SmtpSecurity,
    /// Empty for a relay without authentication.
    pub smtp_username: String,
    pub smtp_password: SecretString,
    /// Sender of every e-mail (`Name <address>`).
    pub from: String,
    /// How often the outbox looks for due e-mail when nothing wakes it.
    pub poll_interval_ms: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecuritySettings {
    /// Key for signed links; empty means generated once and stored in the database.
    pub signing_key: SecretString,
    /// Submissions a visitor IP may make per minute to each form endpoint.
    pub form_requests_per_minute: u32,
    /// Submissions a visitor IP may make at once to each form endpoint before the rate applies.
    pub form_burst: u32,
    /// Largest accepted request body for form endpoints, in bytes.
    pub max_body_bytes: usize,
    /// Reverse proxies in front of the server: a request from one of them
    /// is counted for the visitor its `X-Forwarded-For` names.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Address ranges allowed to read `/metrics`, matched against the
    /// visitor's address as the proxies above name it; anyone else is refused.
    pub metrics_readers: Vec<ipnet::IpNet>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StripeSettings {
    /// Publishable key, handed to the checkout page.
    pub publishable_key: String,
    /// Secret API key; server side only.
    pub secret_key: SecretString,
    /// Secret that signs webhook payloads.
    pub webhook_secret: SecretString,
    /// API origin; tests point it at a local fake.
    pub api_base: String,
}

impl Settings {
    /// Reads the layers described in the module documentation.
    pub fn load() -> Result<Self, Box<figment::Error>> {
        let mut figment = Figment::from(Toml::string(DEFAULTS));
        if let Ok(path) = std::env::var("SITE_CONFIG") {
            figment = figment.merge(Toml::file_exact(path));
        }
        figment
            .merge(Env::prefixed("SITE_").ignore(&["config"]).split("__"))
            .merge(
                Env::raw()
                    .only(&["DATABASE_URL"])
                    .map(|_| "database.url".into()),
            )
            .extract()
            .map_err(Box::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_timeout_of_zero_is_refused_naming_the_setting() {
        let error = Figment::from(Toml::string(DEFAULTS))
            .merge(("database.query_timeout_ms", 0))
            .extract::<Settings>()
            .expect_err("refused");
        let message = error.to_string();
        assert!(message.contains("database.query_timeout_ms"), "{message}");
        assert!(message.contains("nonzero"), "{message}");
    }
}
