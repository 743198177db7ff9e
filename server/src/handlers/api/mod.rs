//! The JSON read API (spec section 7). Each handler parses its input into
//! a [`Read`] and answers what [`Read::load`] finds, kept in the read cache
//! while the data is unchanged.

pub mod articles;
pub mod banners;
pub mod businesses;
pub mod categories;
pub mod events;
pub mod openapi;

use actix_web::http::header::ContentType;
use actix_web::{web, HttpResponse};

use crate::domain::Slug;
use crate::error::{AppError, AppResult};
use crate::reads::Read;
use crate::state::AppState;

async fn answer(state: &web::Data<AppState>, read: Read) -> AppResult<HttpResponse> {
    let version = state.cache_version(false).await?;
    let answer = state.answer(read, version, chrono::Utc::now()).await?;
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(answer.get().to_owned()))
}

/// The slug in an address. One that no entity could have is missing like
/// an unknown one: the same 404 with the same `not_found` message.
fn slug_or_not_found(raw: &str, not_found: &str) -> AppResult<Slug> {
    Slug::parse(raw).ok_or_else(|| AppError::NotFound(not_found.into()))
}
