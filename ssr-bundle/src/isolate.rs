//! One V8 isolate with the server bundle evaluated in it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use deno_core::{scope, v8, JsRuntime, RuntimeOptions};

use crate::heap_claim::HeapClaim;
use crate::{Bundle, RenderError, Rendered};

/// The script name V8 reports in stack traces of the bundle.
pub(crate) const BUNDLE_NAME: &str = "server-bundle.js";

/// V8's young generation: it grows to its set size under load and stays
/// there, and scavenges empty it without a major collection.
const YOUNG_SPACES: &[&[u8]] = &[b"new_space", b"new_large_object_space"];

/// Physical memory of a JavaScript heap.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeapSize {
    pub(crate) total: usize,
    /// All but the young generation: what only a major collection frees.
    pub(crate) old_generation: usize,
}

/// How large an isolate's JavaScript heap may grow.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeapLimits {
    pub(crate) max_bytes: usize,
    /// The young generation's share of `max_bytes`; 0 lets V8 choose.
    pub(crate) young_generation_bytes: usize,
}

pub(crate) struct RenderIsolate {
    runtime: JsRuntime,
    /// `globalThis.__ssr.render`, looked up once.
    render: v8::Global<v8::Function>,
    /// Set when the heap reached its limit and the running script was stopped.
    out_of_memory: Arc<AtomicBool>,
    /// Declared last so it is released after the isolate is gone.
    _heap_claim: HeapClaim,
}

impl RenderIsolate {
    /// Creates the isolate with a heap within `limits`, from the
    /// bundle's snapshot or by evaluating its script. Must run inside a tokio
    /// runtime context: deno_core schedules V8's platform tasks on it.
    pub(crate) fn load(bundle: &Bundle, limits: HeapLimits) -> Result<Self, RenderError> {
        let heap_claim = HeapClaim::acquire(bundle)?;
        let mut runtime = JsRuntime::new(RuntimeOptions {
            startup_snapshot: bundle.snapshot(),
            create_params: Some(create_params(limits)),
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
        if let Bundle::Script(script) = bundle {
            runtime
                .execute_script(BUNDLE_NAME, script.to_string())
                .map_err(|error| RenderError::Bundle(error.to_string()))?;
        }
        let value = runtime
            .execute_script("render-function", "globalThis.__ssr?.render")
            .map_err(|error| RenderError::Bundle(error.to_string()))?;
        let render = {
            scope!(scope, &mut runtime);
            let local = v8::Local::new(scope, value);
            let function = v8::Local::<v8::Function>::try_from(local).map_err(|_| {
                RenderError::Bundle("the bundle defines no globalThis.__ssr.render function".into())
            })?;
            v8::Global::new(scope, function)
        };
        Ok(Self {
            runtime,
            render,
            out_of_memory,
            _heap_claim: heap_claim,
        })
    }

    /// Whether this isolate hit its heap limit and must not render again.
    pub(crate) fn exhausted(&self) -> bool {
        self.out_of_memory.load(Ordering::SeqCst)
    }

    /// A full collection that also returns the freed pages to the system.
    /// It throws away optimized code whose object shapes died with the
    /// garbage, so it is worth its cost only while the isolate is idle.
    pub(crate) fn collect_garbage(&mut self) {
        self.runtime.v8_isolate().low_memory_notification();
    }

    /// Asks V8 for a major collection that returns freed pages to the
    /// system. A moderate memory-pressure notification starts one that
    /// marks concurrently with the renders; unlike [`Self::collect_garbage`]
    /// it does not stop the isolate for several full collections, so a busy
    /// isolate can afford it.
    pub(crate) fn ask_for_collection(&mut self) {
        self.runtime
            .v8_isolate()
            .memory_pressure_notification(v8::MemoryPressureLevel::Moderate);
    }

    /// Physical memory the JavaScript heap holds now.
    pub(crate) fn heap_size(&mut self) -> HeapSize {
        let isolate = self.runtime.v8_isolate();
        let total = isolate.get_heap_statistics().total_physical_size();
        let young: usize = (0..isolate.number_of_heap_spaces())
            .filter_map(|index| isolate.get_heap_space_statistics(index))
            .filter(|space| YOUNG_SPACES.contains(&space.space_name().to_bytes()))
            .map(|space| space.physical_space_size())
            .sum();
        HeapSize {
            total,
            old_generation: total.saturating_sub(young),
        }
    }

    pub(crate) fn handle(&mut self) -> v8::IsolateHandle {
        self.runtime.v8_isolate().thread_safe_handle()
    }

    /// Calls the bundle's render function with the URL and the data as two
    /// strings. The function was looked up once when the isolate loaded, so
    /// a render compiles nothing: no script source grows with the data, and
    /// V8's compilation cache does not grow with every request. Its result is
    /// read field by field, with no JSON text in between.
    pub(crate) fn render(&mut self, url: &str, data_json: &str) -> Result<Rendered, RenderError> {
        let render = self.render.clone();
        scope!(scope, &mut self.runtime);
        v8::tc_scope!(let scope, scope);
        let function = v8::Local::new(scope, render);
        let too_long = || RenderError::Output("an argument is too long for V8".into());
        let url = v8::String::new(scope, url).ok_or_else(too_long)?;
        let data = v8::String::new(scope, data_json).ok_or_else(too_long)?;
        let this = v8::undefined(scope).into();
        match function.call(scope, this, &[url.into(), data.into()]) {
            Some(value) => read_rendered(scope, value),
            None if scope.is_execution_terminating() => {
                Err(RenderError::Script("the render was terminated".into()))
            }
            None => {
                let message = scope
                    .exception()
                    .map(|exception| exception.to_rust_string_lossy(scope))
                    .unwrap_or_else(|| "unknown exception".into());
                Err(RenderError::Script(message))
            }
        }
    }
}

/// A heap within `limits` whose young generation starts at its largest size.
/// Under load it grows there within a few renders anyway; a collection asked
/// for under load ([`RenderIsolate::ask_for_collection`]) would otherwise
/// shrink it, only for it to grow back.
fn create_params(limits: HeapLimits) -> v8::CreateParams {
    let mut params = v8::CreateParams::default().heap_limits(0, limits.max_bytes);
    if limits.young_generation_bytes > 0 {
        let young = limits.young_generation_bytes.min(limits.max_bytes / 4);
        params = params
            .set_max_young_generation_size_in_bytes(young)
            .set_max_old_generation_size_in_bytes(limits.max_bytes - young);
    }
    let young = params.max_young_generation_size_in_bytes();
    params.set_initial_young_generation_size_in_bytes(young)
}

/// Reads the `{status, head, body}` object the render function returned.
fn read_rendered<'s>(
    scope: &v8::PinScope<'s, '_>,
    value: v8::Local<'s, v8::Value>,
) -> Result<Rendered, RenderError> {
    let malformed =
        || RenderError::Output("the render function must return {status, head, body}".into());
    let object = v8::Local::<v8::Object>::try_from(value).map_err(|_| malformed())?;
    let field = |name: &str| {
        let key = v8::String::new(scope, name)?;
        object.get(scope, key.into())
    };
    let text = |name: &str| {
        field(name)
            .filter(|value| value.is_string())
            .map(|value| value.to_rust_string_lossy(scope))
            .ok_or_else(malformed)
    };
    let status = field("status")
        .filter(|value| value.is_uint32())
        .and_then(|value| value.uint32_value(scope))
        .and_then(|status| u16::try_from(status).ok())
        .ok_or_else(malformed)?;
    Ok(Rendered {
        status,
        head: text("head")?,
        body: text("body")?,
    })
}

#[cfg(test)]
mod tests {
    use super::{create_params, HeapLimits};

    const MB: usize = 1024 * 1024;

    fn young_and_old(max_bytes: usize, young_generation_bytes: usize) -> (usize, usize) {
        let params = create_params(HeapLimits {
            max_bytes,
            young_generation_bytes,
        });
        assert_eq!(
            params.initial_young_generation_size_in_bytes(),
            params.max_young_generation_size_in_bytes(),
            "the young generation starts at its full size"
        );
        (
            params.max_young_generation_size_in_bytes(),
            params.max_old_generation_size_in_bytes(),
        )
    }

    #[test]
    fn the_young_generation_takes_its_set_share_of_the_heap() {
        assert_eq!(young_and_old(256 * MB, 48 * MB), (48 * MB, 208 * MB));
    }

    #[test]
    fn the_young_generation_takes_at_most_a_quarter_of_the_heap() {
        assert_eq!(young_and_old(64 * MB, 48 * MB), (16 * MB, 48 * MB));
    }

    #[test]
    fn no_share_leaves_the_split_to_v8() {
        let (young, old) = young_and_old(256 * MB, 0);
        assert!(young > 0 && young < 48 * MB, "{young} B");
        assert_eq!(young + old, 256 * MB);
    }
}
