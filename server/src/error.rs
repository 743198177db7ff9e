//! The crate's one error type and its one mapping to HTTP.
//!
//! Handlers return [`AppResult`]. Use a specific [`AppError`] variant for
//! anything a client can cause or should see (not found, bad input); wrap
//! unexpected failures with `anyhow` into [`AppError::Internal`], whose
//! details are logged and never sent. API errors answer JSON
//! `{"message": …}`; a page that cannot be made answers an HTML page.
//!
//! Errors are logged here, or where they happened for a failed outside
//! service: faults at ERROR, a render refused under load at WARN. What a
//! client got wrong is only in its request's log line (status and message),
//! so clients cannot flood the log.

use std::collections::BTreeMap;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError};
use askama::Template;
use serde::Serialize;
use ssr_bundle::RenderError;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    BadRequest(String),
    /// Input that parsed but broke a rule; field name → message.
    #[error("{message}")]
    Validation {
        message: String,
        fields: BTreeMap<&'static str, &'static str>,
    },
    #[error("{0}")]
    Forbidden(String),
    #[error("The request body is larger than {0} bytes")]
    PayloadTooLarge(usize),
    #[error("Send the request as JSON or as a form")]
    UnsupportedMediaType,
    /// A known address asked with a method it does not answer; names those it does.
    #[error("This address answers {0} only")]
    MethodNotAllowed(&'static str),
    /// A service the request depends on (the payment provider) failed; the
    /// message is for the visitor, the cause is logged where it happened.
    #[error("{0}")]
    BadGateway(String),
    /// A feature that is switched off by configuration, or the database
    /// not answering in time.
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    /// A server fault while making a page (its data could not be read, or
    /// not in time): answered as the HTML notice that a failed render gets,
    /// not as JSON.
    #[error(transparent)]
    Page(Box<AppError>),
}

impl AppError {
    /// This failure as the answer to a page request: a page finds its
    /// missing rows itself, so any database error is a fault here.
    pub fn on_page(self) -> Self {
        match self {
            Self::Database(_) | Self::Internal(_) | Self::ServiceUnavailable(_) => {
                Self::Page(Box::new(self))
            }
            other => other,
        }
    }
}

/// The one shape of every JSON error; `errors` only for invalid fields.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody<'a> {
    pub message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<&'a BTreeMap<&'static str, &'static str>>,
}

impl<'a> ErrorBody<'a> {
    pub fn new(message: &'a str) -> Self {
        Self {
            message,
            errors: None,
        }
    }
}

/// Shown when a page cannot be rendered; deliberately free of the React app.
#[derive(Template)]
#[template(path = "notice.html")]
struct ErrorPage<'a> {
    title: &'a str,
    message: &'a str,
}

/// The notice a visitor sees instead of a page that failed.
fn failed_page(mut response: HttpResponseBuilder) -> HttpResponse {
    let page = ErrorPage {
        title: "Something went wrong",
        message: "This page could not be shown right now. Please try again in a moment.",
    };
    response
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page.render().unwrap_or_else(|_| page.message.to_owned()))
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Render(RenderError::Saturated) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Database(diesel::result::Error::NotFound) => StatusCode::NOT_FOUND,
            Self::Render(_) | Self::Database(_) | Self::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            Self::Page(cause) => match **cause {
                Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
                _ => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        match self {
            Self::Render(error) => {
                let mut response = HttpResponse::build(status);
                if matches!(error, RenderError::Saturated) {
                    // Shedding load is the server working as meant, not a fault.
                    tracing::warn!(%error, "page render refused");
                    response.insert_header((header::RETRY_AFTER, HeaderValue::from_static("1")));
                } else {
                    tracing::error!(%error, "page render failed");
                }
                failed_page(response)
            }
            Self::Page(cause) => {
                let mut response = HttpResponse::build(status);
                if status == StatusCode::SERVICE_UNAVAILABLE {
                    tracing::warn!(error = %cause, "page unavailable");
                    response.insert_header((header::RETRY_AFTER, HeaderValue::from_static("5")));
                } else {
                    tracing::error!(error = %cause, "page failed");
                }
                failed_page(response)
            }
            Self::Database(diesel::result::Error::NotFound) => {
                HttpResponse::build(status).json(ErrorBody::new("Not found"))
            }
            Self::Database(_) | Self::Internal(_) => {
                tracing::error!(error = %self, "request failed");
                HttpResponse::build(status).json(ErrorBody::new(
                    "Something went wrong on our side. Please try again.",
                ))
            }
            Self::Validation { message, fields } => HttpResponse::build(status).json(ErrorBody {
                message,
                errors: Some(fields),
            }),
            Self::NotFound(message)
            | Self::BadRequest(message)
            | Self::Forbidden(message)
            | Self::BadGateway(message)
            | Self::ServiceUnavailable(message) => {
                HttpResponse::build(status).json(ErrorBody::new(message))
            }
            Self::PayloadTooLarge(_) | Self::UnsupportedMediaType => {
                HttpResponse::build(status).json(ErrorBody::new(&self.to_string()))
            }
            Self::MethodNotAllowed(allowed) => HttpResponse::build(status)
                .insert_header((header::ALLOW, *allowed))
                .json(ErrorBody::new(&self.to_string())),
        }
    }
}
