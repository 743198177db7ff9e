//! The JavaScript the render isolates start from.
//!
//! `build.rs` embeds a V8 snapshot of the server bundle in the binary. It is
//! used when the assets folder holds the very bundle it was made from. After
//! the UI was rebuilt without rebuilding the server, the folder's bundle is
//! evaluated instead: slower isolate start-up, but the server's HTML and the
//! browser's code always come from the same UI build.

use std::path::Path;

use anyhow::Context;
use sha2::{Digest, Sha256};
use ssr_bundle::Bundle;

const SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/server-bundle.snap"));
const SNAPSHOT_SOURCE_SHA256: &[u8; 32] =
    include_bytes!(concat!(env!("OUT_DIR"), "/server-bundle.sha256"));

/// The bundle for the UI build in `dist_dir`.
pub fn load(dist_dir: &Path) -> anyhow::Result<Bundle> {
    let path = dist_dir.join("server").join("server-bundle.js");
    let script = std::fs::read_to_string(&path)
        .with_context(|| format!("reading {} (run `make build`)", path.display()))?;
    if Sha256::digest(script.as_bytes()).as_slice() == SNAPSHOT_SOURCE_SHA256 {
        return Ok(Bundle::Snapshot(SNAPSHOT));
    }
    tracing::warn!(
        bundle = %path.display(),
        "the server bundle is not the one this binary was built with; every isolate evaluates \
         it at start (rebuild the server to start isolates from its snapshot)"
    );
    Ok(Bundle::Script(script.into()))
}
