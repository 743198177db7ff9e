//! The JSON read API (spec section 7). Each handler parses its input into
//! a [`Read`] and answers what [`Read::load`] finds.

pub mod articles;
pub mod banners;
pub mod businesses;
pub mod categories;
pub mod events;
pub mod openapi;

use actix_web::{web, HttpResponse};

use crate::error::AppResult;
use crate::reads::Read;
use crate::state::AppState;

async fn answer(state: &web::Data<AppState>, read: Read) -> AppResult<HttpResponse> {
    let now = chrono::Utc::now();
    let value = state.db.run(move |conn| read.load(conn, now)).await?;
    Ok(HttpResponse::Ok().json(value))
}
