//! One V8 isolate with the server bundle evaluated in it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use deno_core::{scope, v8, JsRuntime, RuntimeOptions};

use crate::{RenderError, Rendered};

pub(crate) struct RenderIsolate {
    runtime: JsRuntime,
    /// Set when the heap reached its limit and the running script was stopped.
    out_of_memory: Arc<AtomicBool>,
}

impl RenderIsolate {
    /// Creates the isolate with a heap of at most `max_heap_bytes` and
    /// evaluates the bundle. Must run inside a tokio runtime context:
    /// deno_core schedules V8's platform tasks on it.
    pub(crate) fn load(bundle: &str, max_heap_bytes: usize) -> Result<Self, RenderError> {
        let mut runtime = JsRuntime::new(RuntimeOptions {
            create_params: Some(v8::CreateParams::default().heap_limits(0, max_heap_bytes)),
            ..RuntimeOptions::default()
        });
        let out_of_memory = Arc::new(AtomicBool::new(false));
        let handle = runtime.v8_isolate().thread_safe_handle();
        let flag = Arc::clone(&out_of_memory);
        // Near the limit V8 would abort the whole process; instead stop the
        // script and grant headroom to unwind. The isolate is then replaced.
        runtime.add_near_heap_limit_callback(move |current, _initial| {
            flag.store(true, Ordering::SeqCst);
            handle.terminate_execution();
            current * 2
        });
        runtime
            .execute_script("server-bundle.js", bundle.to_owned())
            .map_err(|error| RenderError::Bundle(error.to_string()))?;
        Ok(Self {
            runtime,
            out_of_memory,
        })
    }

    /// Whether this isolate hit its heap limit and must not render again.
    pub(crate) fn exhausted(&self) -> bool {
        self.out_of_memory.load(Ordering::SeqCst)
    }

    pub(crate) fn handle(&mut self) -> v8::IsolateHandle {
        self.runtime.v8_isolate().thread_safe_handle()
    }

    /// Calls the bundle's render function. The data travels as a JSON string
    /// literal and is parsed by `JSON.parse`, which is faster than handing V8
    /// the same text as JavaScript source.
    pub(crate) fn render(&mut self, url: &str, data_json: &str) -> Result<Rendered, RenderError> {
        let call = format!(
            "globalThis.__ssr.render({}, {})",
            json_string_literal(url),
            json_string_literal(data_json)
        );
        let value = self
            .runtime
            .execute_script("render", call)
            .map_err(|error| RenderError::Script(error.to_string()))?;
        let text = {
            scope!(scope, &mut self.runtime);
            let local = v8::Local::new(scope, value);
            local.to_rust_string_lossy(scope)
        };
        serde_json::from_str(&text).map_err(|error| RenderError::Output(error.to_string()))
    }
}

fn json_string_literal(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}
