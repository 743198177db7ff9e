//! The files search engines read before any page.

use actix_web::http::header;
use actix_web::{web, HttpResponse};

use crate::error::AppResult;
use crate::sitemap;
use crate::state::AppState;

/// Crawlers fetch these often; an hour keeps them fresh enough and cheap.
const CRAWLER_CACHE: &str = "public, max-age=3600";

pub async fn show_sitemap(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let entries = state.db.run(sitemap::entries).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, CRAWLER_CACHE))
        .body(sitemap::sitemap_xml(
            &state.settings.server.public_base_url,
            &entries,
        )))
}

pub async fn show_robots(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, CRAWLER_CACHE))
        .body(sitemap::robots_txt(&state.settings.server.public_base_url))
}
