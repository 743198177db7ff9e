//! Logs, filtered by `RUST_LOG`: a line for each request as it ends (its
//! method, route, path, status, request id and time taken) and for whatever
//! happens within it.

use std::io::IsTerminal;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue, USER_AGENT};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage};
use tracing::field::Empty;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};
use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;
use crate::state::AppState;

const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(FmtSpan::CLOSE)
        // Standard output is a command's result (`server export` writes the CSV there).
        .with_writer(std::io::stderr)
        // Colours for a terminal only: escape codes would litter a file or a journal.
        .with_ansi(std::io::stderr().is_terminal());
    match format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs.json().init(),
    }
}

/// Answers carry their request's id, so what a visitor or a proxy reports can
/// be found in the logs. Runs inside `TracingLogger`, which assigns the id.
pub async fn echo_request_id(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = request.extensions().get::<RequestId>().copied();
    let mut response = next.call(request).await?;
    if let Some(value) = id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    Ok(response)
}

/// The request span of tracing-actix-web's default builder, but with the
/// path alone as `http.target`: query strings carry visitors' e-mail
/// addresses (`/payment-success?email=`) and working unsubscribe tokens,
/// which do not belong in logs.
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request.extensions().get::<RequestId>().copied();
        let user_agent = request.headers().get(USER_AGENT);
        // The visitor as the rate limits see them: `X-Forwarded-For` is
        // believed from the configured proxies only, as anyone can send it.
        let client_ip = request
            .app_data::<web::Data<AppState>>()
            .and_then(|state| state.visitor_ip.of(request.request()))
            .map(|address| address.to_string())
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = request.match_pattern().as_deref().unwrap_or("default"),
            http.target = request.path(),
            http.client_ip = %client_ip,
            http.user_agent = user_agent.and_then(|agent| agent.to_str().ok()).unwrap_or(""),
            http.status_code = Empty,
            otel.status_code = Empty,
            request_id = request_id.map(tracing::field::display),
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(
        span: Span,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
