//! Server-side rendering of the React application inside embedded V8.
//!
//! The server bundle (built by esbuild from `ui/src/entry-server.tsx`) is a
//! plain script that defines `globalThis.__ssr.render(url, dataJson)`, which
//! returns `{status, head, body}`. A
//! [`RenderPool`] keeps one [`deno_core::JsRuntime`] per thread that renders
//! (the HTTP workers) with that bundle already evaluated, so a request costs
//! one function call on its own thread, not an isolate start-up. Each render
//! runs under a time budget enforced by a watchdog that terminates V8
//! execution; the isolate is then replaced.
//! Isolates start from a V8 snapshot of the evaluated bundle
//! ([`make_snapshot`]) where one was made, so starting or replacing one
//! deserializes a heap instead of parsing and running the bundle again.

mod error;
mod growth_trigger;
mod heap_claim;
mod isolate;
mod pool;
mod snapshot;
mod watchdog;

pub use error::RenderError;
pub use pool::{PoolConfig, RenderPool};
pub use snapshot::make_snapshot;

use std::sync::Arc;

/// The JavaScript a new isolate starts with.
#[derive(Debug, Clone)]
pub enum Bundle {
    /// The bundle's source, evaluated in every new isolate.
    Script(Arc<str>),
    /// A snapshot from [`make_snapshot`], made by this same build: V8 aborts
    /// the process on a snapshot from another V8 version or flag set. While
    /// its isolates live, the process can start no isolate of another kind.
    Snapshot(&'static [u8]),
}

impl Bundle {
    /// The start-up snapshot, if isolates start from one.
    pub fn snapshot(&self) -> Option<&'static [u8]> {
        match self {
            Self::Snapshot(snapshot) => Some(snapshot),
            Self::Script(_) => None,
        }
    }
}

/// What the bundle returns for one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// HTTP status the page asks for (404 for not-found pages).
    pub status: u16,
    /// Markup for the document `<head>` (title, meta tags).
    pub head: String,
    /// Markup rendered into the application's root element.
    pub body: String,
}
