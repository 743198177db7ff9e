//! One file per table: the row (`Foo`), the insert (`NewFoo`), the JSON view
//! the API answers, and the queries as associated functions.

pub mod app_secret;
pub mod article;
pub mod banner;
pub mod business;
pub mod category;
pub mod contact_message;
pub mod data_version;
pub mod event;
pub mod listing_confirmation;
pub mod listing_order;
pub mod outbox;
pub mod stripe_event;
pub mod subscriber;
