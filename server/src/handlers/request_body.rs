//! Reads a request body whole, refusing it once it passes a limit.

use actix_web::error::PayloadError;
use actix_web::web::{Bytes, BytesMut};
use futures_util::{Stream, StreamExt};

use crate::error::AppError;

/// The whole body, or a 413 as soon as it grows past `limit` bytes,
/// whatever its `Content-Length` said.
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
