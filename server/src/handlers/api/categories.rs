use actix_web::{web, HttpResponse};

use super::{answer, slug_or_not_found};
use crate::error::{AppResult, ErrorBody};
use crate::models::category::CategoryView;
use crate::reads::{Read, CATEGORY_NOT_FOUND};
use crate::state::AppState;

#[utoipa::path(get, path = "/api/categories", responses(
    (status = 200, body = [CategoryView], description = "By name; counts include sub-categories"),
))]
pub async fn list_categories(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    answer(&state, Read::Categories).await
}

#[utoipa::path(get, path = "/api/categories/{slug}", params(("slug" = String, Path, description = "The category's slug")), responses(
    (status = 200, body = CategoryView),
    (status = 404, body = ErrorBody, description = "Category not found"),
))]
pub async fn show_category(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    answer(
        &state,
        Read::Category(slug_or_not_found(&slug, CATEGORY_NOT_FOUND)?),
    )
    .await
}
