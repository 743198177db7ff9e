//! V8 start-up snapshots of the server bundle.

use deno_core::{JsRuntimeForSnapshot, RuntimeOptions};

use crate::isolate::BUNDLE_NAME;
use crate::RenderError;

/// Evaluates `script` in a fresh isolate and serializes its heap, to be
/// loaded with [`crate::Bundle::Snapshot`].
///
/// Call it only in a process that does nothing else, such as a build script:
/// V8 is set up once per process, for making snapshots or for running them,
/// and the snapshot set-up (`--predictable`) would slow every later isolate.
pub fn make_snapshot(script: &str) -> Result<Box<[u8]>, RenderError> {
    let tokio = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| RenderError::Bundle(error.to_string()))?;
    let _context = tokio.enter();
    let mut runtime = JsRuntimeForSnapshot::new(RuntimeOptions::default());
    runtime
        .execute_script(BUNDLE_NAME, script.to_owned())
        .map_err(|error| RenderError::Bundle(error.to_string()))?;
    Ok(runtime.snapshot())
}
