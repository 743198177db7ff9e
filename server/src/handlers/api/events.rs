use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

use super::answer;
use crate::domain::Limit;
use crate::error::{AppResult, ErrorBody};
use crate::models::event::EventView;
use crate::reads::{Read, UPCOMING_EVENTS_LIMIT};
use crate::state::AppState;

#[utoipa::path(get, path = "/api/events", responses(
    (status = 200, body = [EventView], description = "Events that have not ended, soonest first"),
))]
pub async fn list_events(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    answer(&state, Read::Events).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UpcomingParams {
    /// 1 to 50; 5 when absent.
    limit: Option<String>,
}

#[utoipa::path(get, path = "/api/events/upcoming", params(UpcomingParams), responses(
    (status = 200, body = [EventView], description = "The next events that have not ended, soonest first"),
    (status = 400, body = ErrorBody),
))]
pub async fn list_upcoming_events(
    state: web::Data<AppState>,
    params: web::Query<UpcomingParams>,
) -> AppResult<HttpResponse> {
    let limit = params.limit.as_deref().map(Limit::parse).transpose()?;
    answer(
        &state,
        Read::UpcomingEvents(limit.unwrap_or(UPCOMING_EVENTS_LIMIT)),
    )
    .await
}
