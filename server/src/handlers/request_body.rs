//! Reads a request body whole, refusing it once it passes a limit.

use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut};
use actix_web::HttpRequest;
use futures_util::{Stream, StreamExt};

use crate::error::AppError;

/// A 413 before anything is read when the body's `Content-Length` passes `limit` bytes.
pub fn check_declared_length(request: &HttpRequest, limit: usize) -> Result<(), AppError> {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<usize>().ok());
    match declared {
        Some(length) if length > limit => Err(AppError::PayloadTooLarge(limit)),
        _ => Ok(()),
    }
}

/// The whole body, or a 413 as soon as it grows past `limit` bytes: a body
/// sent in chunks, or longer than declared, is not trusted to stop there.
pub async fn read_within(
    mut payload: impl Stream<Item = Result<Bytes, PayloadError>> + Unpin,
    limit: usize,
) -> Result<BytesMut, AppError> {
    let mut body = BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| {
            AppError::BadRequest(format!("Could not read the request: {error}"))
        })?;
        if body.len() + chunk.len() > limit {
            return Err(AppError::PayloadTooLarge(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
