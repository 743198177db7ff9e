//! Every page URL: load the data the route shows, render it in V8, wrap it
//! in the document shell. The same data is embedded in the page so the
//! browser hydrates without fetching it again.

use std::sync::Arc;

use actix_web::http::header::{self, ContentType};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::content_encoding::Encoding;
use crate::document::Document;
use crate::error::{AppError, AppResult};
use crate::handlers::redirects;
use crate::page_cache::{self, CachedPage, Page, PageKey};
use crate::page_data;
use crate::state::AppState;

/// Browsers may keep a page but must ask again each time; an unchanged one
/// costs them a 304.
const PAGE_CACHE_CONTROL: &str = "no-cache";

/// A buyer's own page (their e-mail address is in it) is kept nowhere.
const PRIVATE_PAGE_CACHE_CONTROL: &str = "private, no-store";

#[derive(serde::Deserialize)]
struct SearchParam {
    search: Option<String>,
}

/// The page at the request's address; a failure answers the HTML notice.
pub async fn render_page(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> AppResult<HttpResponse> {
    cached_or_rendered(request, state)
        .await
        .map_err(AppError::on_page)
}

async fn cached_or_rendered(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> AppResult<HttpResponse> {
    if let Some(target) = redirects::canonical_page_path(request.path()) {
        return Ok(redirects::moved_permanently(&request, &target));
    }
    let url = page_cache::rendered_url(
        request
            .uri()
            .path_and_query()
            .map_or("/", |value| value.as_str()),
    );
    let now = chrono::Utc::now();
    let version = state.cache_version(true).await?;
    let (Some(cache), Some(key)) = (
        &state.page_cache,
        version.and_then(|version| PageKey::new(&url, version, now)),
    ) else {
        return render_at(&state, &url, None, version, now).await;
    };
    let page = cache
        .get_or_make(&key, async {
            let (status, html) = render_html(&state, &url, None, version, now).await?;
            if !status.is_success() {
                return Ok(Page::Passing(status, Bytes::from(html)));
            }
            let page = web::block(move || CachedPage::new(status, html))
                .await
                .map_err(|error| AppError::Internal(error.into()))?
                .map_err(|error| AppError::Internal(error.into()))?;
            Ok::<_, AppError>(Page::Kept(Arc::new(page)))
        })
        .await?;
    Ok(match page {
        Page::Kept(page) => cached_response(&request, &page),
        Page::Passing(status, html) => page_response(status, &url, html),
    })
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
    let encoding = Encoding::negotiate(header_text(header::ACCEPT_ENCODING));
    let unchanged = page.matches(header_text(header::IF_NONE_MATCH), encoding);
    let mut response = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::build(page.status)
    };
    response
        .insert_header((header::ETAG, page.etag(encoding)))
        .insert_header((header::CACHE_CONTROL, PAGE_CACHE_CONTROL))
        .insert_header((header::VARY, "Accept-Encoding"));
    if unchanged {
        return response.finish();
    }
    // Named even when it is none, until past the compression middleware,
    // which would otherwise encode the body anew under the unencoded page's
    // validator (`content_encoding::unmark_identity`).
    let name = encoding.header_value().unwrap_or("identity");
    response
        .insert_header((header::CONTENT_ENCODING, name))
        .content_type(ContentType::html())
        .body(page.body(encoding))
}

/// Renders the page at `url` (path and query). `form` is the outcome of a
/// plain form post the page shows (`PageData.form` in the UI).
pub async fn render(state: &AppState, url: &str, form: Option<Value>) -> AppResult<HttpResponse> {
    async {
        let version = state.cache_version(false).await?;
        render_at(state, url, form, version, chrono::Utc::now()).await
    }
    .await
    .map_err(AppError::on_page)
}

/// An uncached page's response, its reads answered under `version`.
async fn render_at(
    state: &AppState,
    url: &str,
    form: Option<Value>,
    version: Option<i64>,
    now: DateTime<Utc>,
) -> AppResult<HttpResponse> {
    let (status, html) = render_html(state, url, form, version, now).await?;
    Ok(page_response(status, url, html.into()))
}

/// A page the cache does not keep; the compression middleware encodes it
/// as the browser asks.
fn page_response(status: StatusCode, url: &str, html: Bytes) -> HttpResponse {
    let cache_control = if page_cache::is_private(url) {
        PRIVATE_PAGE_CACHE_CONTROL
    } else {
        PAGE_CACHE_CONTROL
    };
    HttpResponse::build(status)
        .content_type(ContentType::html())
        .insert_header((header::CACHE_CONTROL, cache_control))
        .body(html)
}

/// The whole document for `url` as of `now`, its reads answered under
/// `version`, with the status the page asked for.
async fn render_html(
    state: &AppState,
    url: &str,
    form: Option<Value>,
    version: Option<i64>,
    now: DateTime<Utc>,
) -> AppResult<(StatusCode, String)> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let search = serde_urlencoded::from_str::<SearchParam>(query)
        .ok()
        .and_then(|query| query.search);
    let queries = page_data::load(path, search.as_deref(), |read| {
        state.answer(read, version, now)
    })
    .await?;
    // Script-safe already, so the render and the document share one text.
    let data_json = page_data::render_input(&state.site_json, &queries, now, form.as_ref())?;
    let started = std::time::Instant::now();
    let rendered = state.renderer.render(url, &data_json).await;
    state.metrics.observe_render(started.elapsed());
    let rendered = rendered?;
    // Sized for the whole page up front: grown step by step, a 100 KB page
    // would be copied several times over.
    let mut html = String::with_capacity(
        Document::SIZE_HINT + rendered.head.len() + rendered.body.len() + data_json.len(),
    );
    Document {
        assets: &state.assets,
        head: &rendered.head,
        body: &rendered.body,
        page_data: &data_json,
    }
    .render_into(&mut html)
    .map_err(|error| AppError::Internal(error.into()))?;
    let status = StatusCode::from_u16(rendered.status).unwrap_or(StatusCode::OK);
    Ok((status, html))
}
