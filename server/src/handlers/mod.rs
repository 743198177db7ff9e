//! One module per resource; each handler is one action.

pub mod api;
pub mod assets;
pub mod forms;
pub mod operations;
pub mod pages;
pub mod payments;
pub mod redirects;
pub mod request_body;
pub mod seo;
pub mod unsubscribe;
