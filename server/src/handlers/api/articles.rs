use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{answer, slug_or_not_found};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::models::article::ArticleView;
use crate::reads::{Read, ARTICLE_NOT_FOUND};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Only `true` is accepted: unpublished articles are never listed.
    published: Option<String>,
}

#[utoipa::path(get, path = "/api/articles", params(ListParams), responses(
    (status = 200, body = [ArticleView], description = "Published articles, newest first"),
    (status = 400, body = ErrorBody),
))]
pub async fn list_articles(
    state: web::Data<AppState>,
    params: web::Query<ListParams>,
) -> AppResult<HttpResponse> {
    match params.published.as_deref() {
        None | Some("true") => answer(&state, Read::Articles).await,
        Some(_) => Err(AppError::BadRequest(
            "published must be true: only published articles are available".into(),
        )),
    }
}

#[utoipa::path(get, path = "/api/articles/{slug}", params(("slug" = String, Path, description = "The article's slug")), responses(
    (status = 200, body = ArticleView),
    (status = 404, body = ErrorBody, description = "Article not found (also when unpublished)"),
))]
pub async fn show_article(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    answer(
        &state,
        Read::Article(slug_or_not_found(&slug, ARTICLE_NOT_FOUND)?),
    )
    .await
}
