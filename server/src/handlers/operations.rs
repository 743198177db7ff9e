//! What load balancers and monitoring ask: is the process up, can it serve,
//! and how is it doing.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::error::{AppError, AppResult};
use crate::models::data_version::DataVersion;
use crate::state::AppState;

/// The process answers: nothing else is checked.
pub async fn show_health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// Ready for traffic: the database answers and isolates are there to render.
/// `snapshot` tells whether isolates start from the build's V8 snapshot.
pub async fn show_readiness(state: web::Data<AppState>) -> HttpResponse {
    let database = state
        .db
        .run(|conn| Ok(DataVersion::current(conn)?))
        .await
        .is_ok();
    let renderer = state.renderer.is_serving();
    let body = json!({
        "database": database,
        "renderer": renderer,
        "snapshot": state.renderer.from_snapshot(),
    });
    if database && renderer {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

/// Prometheus's text, for the configured readers only: counts and timings
/// per route are for the site's operators, not its visitors.
pub async fn show_metrics(
    request: HttpRequest,
    state: web::Data<AppState>,
) -> AppResult<HttpResponse> {
    let readers = &state.settings.security.metrics_readers;
    let allowed = state
        .visitor_ip
        .of(&request)
        .is_some_and(|address| readers.iter().any(|range| range.contains(&address)));
    if !allowed {
        return Err(AppError::Forbidden(
            "Metrics are not served to this address".into(),
        ));
    }
    let text = state
        .metrics
        .render(&state.renderer)
        .map_err(|error| AppError::Internal(error.into()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(text))
}
