//! Reads a visitor's submission: only from this site (`Origin`), only JSON
//! or a form, and never more than the configured number of bytes.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::AppError;
use crate::handlers::request_body::{check_declared_length, read_within};
use crate::state::AppState;

/// How the body was sent, which decides how to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// `fetch` with JSON: answer JSON.
    Json,
    /// A plain HTML form post: answer a page.
    Form,
}

/// Each invalid field's name with its message, as [`AppError::Validation`] answers them.
pub type FieldErrors = BTreeMap<&'static str, &'static str>;

/// The field's parsed value, or `None` with its message noted in `errors`.
pub fn field<T>(
    errors: &mut FieldErrors,
    name: &'static str,
    parsed: Result<T, &'static str>,
) -> Option<T> {
    parsed
        .map_err(|message| {
            errors.insert(name, message);
        })
        .ok()
}

pub struct FormInput<T> {
    pub value: T,
    pub sent: Sent,
}

impl<T: DeserializeOwned + 'static> FromRequest for FormInput<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let checked = check(request);
        let payload = payload.take();
        Box::pin(async move {
            let (sent, limit) = checked?;
            let body = read_within(payload, limit).await?;
            let value = match sent {
                Sent::Json => serde_json::from_slice(&body).map_err(|error| error.to_string()),
                Sent::Form => {
                    serde_urlencoded::from_bytes(&body).map_err(|error| error.to_string())
                }
            }
            .map_err(|error| AppError::BadRequest(format!("Invalid request body: {error}")))?;
            Ok(Self { value, sent })
        })
    }
}

/// Everything that can be decided from the headers alone.
fn check(request: &HttpRequest) -> Result<(Sent, usize), AppError> {
    let state = request
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("application state missing")))?;
    if !same_origin(request, &state.settings.server.public_base_url) {
        return Err(AppError::Forbidden(
            "Cross-site requests are not allowed".into(),
        ));
    }
    let limit = state.settings.security.max_body_bytes;
    check_declared_length(request, limit)?;
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let sent = match essence.as_str() {
        "application/json" => Sent::Json,
        "application/x-www-form-urlencoded" => Sent::Form,
        _ => return Err(AppError::UnsupportedMediaType),
    };
    Ok((sent, limit))
}

/// Browsers name the page's origin on every POST; a request from another
/// site's page is refused. Requests without `Origin` are not from a browser
/// form on another site.
fn same_origin(request: &HttpRequest, public_base_url: &str) -> bool {
    let Some(origin) = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|value| value.to_str().ok())
    else {
        return true;
    };
    let info = request.connection_info();
    let served_at = format!("{}://{}", info.scheme(), info.host());
    origin == public_base_url.trim_end_matches('/') || origin == served_at
}
