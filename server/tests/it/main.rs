//! The server, started for real on a free port with a fresh database.

mod helpers;

mod api;
mod catalog_csv;
mod forms;
mod migrations;
mod outbox;
mod pages;
mod seo;
