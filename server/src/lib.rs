//! The community website server: configuration, routes, handlers, and the
//! glue to the V8 renderer. `main.rs` only reads settings and runs
//! [`startup::Application`].

pub mod catalog_csv;
pub mod cli;
pub mod config;
pub mod content_encoding;
pub mod counted_cache;
pub mod db;
pub mod document;
pub mod domain;
pub mod error;
pub mod fresh_version;
pub mod handlers;
pub mod mail;
pub mod metrics;
pub mod models;
pub mod page_cache;
pub mod page_data;
pub mod payments;
pub mod rate_limit;
pub mod read_cache;
pub mod reads;
pub mod render_bundle;
pub mod routes;
pub mod sanitize;
pub mod security_headers;
pub mod seed;
pub mod site_json;
pub mod sitemap;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod time;
