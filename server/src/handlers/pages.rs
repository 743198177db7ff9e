//! Every page URL: load the data the route shows, render it in V8, wrap it
//! in the document shell. The same data is embedded in the page so the
//! browser hydrates without fetching it again.

use actix_web::http::header::{self, ContentType};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde_json::Value;

use crate::document::{script_safe_json, Document};
use crate::error::{AppError, AppResult};
use crate::page_data;
use crate::state::AppState;

#[derive(serde::Deserialize)]
struct SearchParam {
    search: Option<String>,
}

pub async fn render_page(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> AppResult<HttpResponse> {
    let url = request
        .uri()
        .path_and_query()
        .map_or("/", |value| value.as_str());
    render(&state, url, None).await
}

/// Renders the page at `url` (path and query). `form` is the outcome of a
/// plain form post the page shows (`PageData.form` in the UI).
pub async fn render(state: &AppState, url: &str, form: Option<Value>) -> AppResult<HttpResponse> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let path = path.to_owned();
    let search = serde_urlencoded::from_str::<SearchParam>(query)
        .ok()
        .and_then(|query| query.search);
    let now = chrono::Utc::now();
    let queries = state
        .db
        .run(move |conn| page_data::load(conn, &path, search.as_deref(), now))
        .await?;
    let mut data = page_data::render_input(&state.site_json, queries, now);
    if let Some(form) = form {
        data["form"] = form;
    }
    let rendered = state.renderer.render(url, data.to_string()).await?;
    let page_data = script_safe_json(&data);
    let html = Document {
        assets: &state.assets,
        head: &rendered.head,
        body: &rendered.body,
        page_data: &page_data,
    }
    .render()
    .map_err(|error| AppError::Internal(error.into()))?;
    let status = StatusCode::from_u16(rendered.status).unwrap_or(StatusCode::OK);
    Ok(HttpResponse::build(status)
        .content_type(ContentType::html())
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(html))
}
