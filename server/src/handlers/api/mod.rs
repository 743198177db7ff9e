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

use crate::error::AppResult;
use crate::reads::Read;
use crate::state::AppState;

async fn answer(state: &web::Data<AppState>, read: Read) -> AppResult<HttpResponse> {
    let version = state.cache_version(false).await?;
    let answer = state.answer(read, version, chrono::Utc::now()).await?;
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(answer.get().to_owned()))
}
