//! The server, started for real on a free port with a fresh database.

mod helpers;

mod api;
mod catalog_csv;
mod fake_stripe;
mod forms;
mod fresh_version;
mod migrations;
mod operations;
mod outbox;
mod pages;
mod payments;
mod process;
mod query_timeout;
mod seo;
mod serving;
mod transactions;
