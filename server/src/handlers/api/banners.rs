use actix_web::{web, HttpResponse};

use super::answer;
use crate::error::AppResult;
use crate::models::banner::SponsorBanner;
use crate::reads::Read;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/banners", responses(
    (status = 200, body = [SponsorBanner], description = "Sponsor banners by placement and position"),
))]
pub async fn list_banners(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    answer(&state, Read::Banners).await
}
