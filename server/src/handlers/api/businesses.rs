use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{answer, slug_or_not_found};
use crate::domain::{CategoryId, SearchTerm};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::models::business::BusinessView;
use crate::reads::{Read, BUSINESS_NOT_FOUND};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListParams {
    /// Only businesses of this category and its sub-categories.
    category_id: Option<String>,
    /// Case-insensitive match on name, description or category name.
    search: Option<String>,
}

#[utoipa::path(get, path = "/api/businesses", params(ListParams), responses(
    (status = 200, body = [BusinessView], description = "Featured first, then by name"),
    (status = 400, body = ErrorBody),
))]
pub async fn list_businesses(
    state: web::Data<AppState>,
    params: web::Query<ListParams>,
) -> AppResult<HttpResponse> {
    let read = match (&params.category_id, &params.search) {
        (Some(_), Some(_)) => {
            return Err(AppError::BadRequest(
                "Use either categoryId or search, not both".into(),
            ))
        }
        (Some(id), None) => Read::CategoryBusinesses(CategoryId::parse(id)?),
        (None, search) => Read::Businesses(
            search
                .as_deref()
                .map(SearchTerm::parse)
                .transpose()?
                .flatten(),
        ),
    };
    answer(&state, read).await
}

#[utoipa::path(get, path = "/api/businesses/featured", responses(
    (status = 200, body = [BusinessView], description = "Featured businesses, newest first"),
))]
pub async fn list_featured_businesses(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    answer(&state, Read::FeaturedBusinesses).await
}

#[utoipa::path(get, path = "/api/businesses/{slug}", params(("slug" = String, Path, description = "The business's slug")), responses(
    (status = 200, body = BusinessView),
    (status = 404, body = ErrorBody, description = "Business not found"),
))]
pub async fn show_business(
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    answer(
        &state,
        Read::Business(slug_or_not_found(&slug, BUSINESS_NOT_FOUND)?),
    )
    .await
}
