use std::time::Duration;

/// Why a render produced no page.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    /// The bundle threw an exception while rendering.
    #[error("the page threw while rendering: {0}")]
    Script(String),
    /// The render was cut off because it ran past its budget.
    #[error("the page did not render within {0:?}")]
    Timeout(Duration),
    /// The bundle returned something that is not a render result.
    #[error("the server bundle returned an unexpected value: {0}")]
    Output(String),
    /// The bundle could not be evaluated when an isolate started.
    #[error("the server bundle failed to load: {0}")]
    Bundle(String),
    /// The render used more memory than an isolate may have.
    #[error("the page needed more than the isolate's memory limit")]
    OutOfMemory,
    /// Every isolate is busy and the waiting line is full.
    #[error("all renderers are busy")]
    Saturated,
    /// The pool has shut down.
    #[error("the render pool is not running")]
    Unavailable,
}
