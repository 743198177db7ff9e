//! Every page URL: load the data the route shows, render it in V8, wrap it
//! in the document shell. The same data is embedded in the page so the
//! browser hydrates without fetching it again.

use actix_web::http::header::{self, ContentType};
use actix_web::http::StatusCode;
use std::sync::Arc;

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::content_encoding::Encoding;
use crate::document::{script_safe_json, Document};
use crate::error::{AppError, AppResult};
use crate::page_cache::{CachedPage, PageKey};
use crate::page_data;
use crate::state::AppState;

/// Browsers may keep a page but must ask again each time; an unchanged one
/// costs them a 304.
const PAGE_CACHE_CONTROL: &str = "no-cache";

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
    let Some(cache) = &state.page_cache else {
        return render(&state, url, None).await;
    };
    let now = chrono::Utc::now();
    let version = state.data_version.current().await?;
    let Some(key) = PageKey::new(url, version, now) else {
        return render(&state, url, None).await;
    };
    let page = match cache.get(&key) {
        Some(page) => page,
        None => {
            let (status, html) = render_html(&state, url, None, now).await?;
            let page = web::block(move || CachedPage::new(status, html))
                .await
                .map_err(|error| AppError::Internal(error.into()))?
                .map_err(|error| AppError::Internal(error.into()))?;
            let page = Arc::new(page);
            cache.insert(key, Arc::clone(&page));
            page
        }
    };
    Ok(cached_response(&request, &page))
}

/// The cached page in the best encoding the browser accepts, or 304 when
/// the browser already has this version.
fn cached_response(request: &HttpRequest, page: &CachedPage) -> HttpResponse {
    let header_text = |name| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
    };
    let unchanged = page.matches(header_text(header::IF_NONE_MATCH));
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::build(page.status)
    };
    response
        .insert_header((header::ETAG, page.etag.as_str()))
        .insert_header((header::CACHE_CONTROL, PAGE_CACHE_CONTROL))
        .insert_header((header::VARY, "Accept-Encoding"));
    if unchanged {
        return response.finish();
    }
    let encoding = Encoding::negotiate(header_text(header::ACCEPT_ENCODING));
    if let Some(name) = encoding.header_value() {
        response.insert_header((header::CONTENT_ENCODING, name));
    }
    response
        .content_type(ContentType::html())
        .body(page.body(encoding))
}

/// Renders the page at `url` (path and query). `form` is the outcome of a
/// plain form post the page shows (`PageData.form` in the UI).
pub async fn render(state: &AppState, url: &str, form: Option<Value>) -> AppResult<HttpResponse> {
    let (status, html) = render_html(state, url, form, chrono::Utc::now()).await?;
    Ok(HttpResponse::build(status)
        .content_type(ContentType::html())
        .insert_header((header::CACHE_CONTROL, PAGE_CACHE_CONTROL))
        .body(html))
}

/// The whole document for `url` as of `now`, with the status the page asked for.
async fn render_html(
    state: &AppState,
    url: &str,
    form: Option<Value>,
    now: DateTime<Utc>,
) -> AppResult<(StatusCode, String)> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let path = path.to_owned();
    let search = serde_urlencoded::from_str::<SearchParam>(query)
        .ok()
        .and_then(|query| query.search);
    let queries = state
        .db
        .run(move |conn| page_data::load(conn, &path, search.as_deref(), now))
        .await?;
    let mut data = page_data::render_input(&state.site_json, queries, now);
    if let Some(form) = form {
        data["form"] = form;
    }
    let data_json = data.to_string();
    let page_data = script_safe_json(&data_json);
    let started = std::time::Instant::now();
    let rendered = state.renderer.render(url, data_json).await;
    state.metrics.observe_render(started.elapsed());
    let rendered = rendered?;
    let html = Document {
        assets: &state.assets,
        head: &rendered.head,
        body: &rendered.body,
        page_data: &page_data,
    }
    .render()
    .map_err(|error| AppError::Internal(error.into()))?;
    let status = StatusCode::from_u16(rendered.status).unwrap_or(StatusCode::OK);
    Ok((status, html))
}
