//! Server-side rendering of the React application inside embedded V8.
//!
//! The server bundle (built by esbuild from `ui/src/entry-server.tsx`) is a
//! plain script that defines `globalThis.__ssr.render(url, dataJson)`. A
//! [`RenderPool`] keeps one [`deno_core::JsRuntime`] per worker thread with
//! that bundle already evaluated, so a request costs one function call, not an
//! isolate start-up. Each render runs under a time budget enforced by a
//! watchdog that terminates V8 execution; the isolate is then replaced.

mod error;
mod isolate;
mod pool;
mod watchdog;

pub use error::RenderError;
pub use pool::{PoolConfig, RenderPool};

use serde::Deserialize;

/// What the bundle returns for one URL.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Rendered {
    /// HTTP status the page asks for (404 for not-found pages).
    pub status: u16,
    /// Markup for the document `<head>` (title, meta tags).
    pub head: String,
    /// Markup rendered into the application's root element.
    pub body: String,
}
