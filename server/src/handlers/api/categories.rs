use actix_web::{web, HttpResponse};

use super::answer;
use crate::domain::Slug;
use crate::error::{AppResult, ErrorBody};
use crate::models::category::CategoryView;
use crate::reads::Read;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/categories", responses(
    (status = 200, body = [CategoryView], description = "By name; counts include sub-categories"),
))]
pub async fn list_categories(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    answer(&state, Read::Categories).await
}

#[utoipa::path(get, path = "/api/categories/{slug}", params(("slug" = String, Path, description = "The category's slug")), responses(
    (status = 200, body = CategoryView),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "Category not found"),
))]
pub async fn show_category(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    answer(&state, Read::Category(Slug::parse(&slug)?)).await
}
