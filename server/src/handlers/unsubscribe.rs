use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::models::subscriber::Subscriber;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct UnsubscribeParams {
    #[serde(default)]
    token: String,
}

/// A short page for the answer; it stands outside the app like an e-mail link's target.
#[derive(Template)]
#[template(path = "notice.html")]
struct Notice<'a> {
    title: &'a str,
    message: &'a str,
}

/// `GET /unsubscribe?token=…` from the link in every newsletter e-mail.
pub async fn unsubscribe(
    state: web::Data<AppState>,
    params: web::Query<UnsubscribeParams>,
) -> AppResult<HttpResponse> {
    let (status, notice) = match state.signer.verify_unsubscribe(&params.token) {
        Some(email) => {
            let now = chrono::Utc::now().naive_utc();
            state.db.run(move |conn| Ok(Subscriber::unsubscribe(conn, &email, now)?)).await?;
            (
                StatusCode::OK,
                Notice {
                    title: "You're unsubscribed",
                    message: "You will not receive the newsletter any more. You can subscribe again at any time on our home page.",
                },
            )
        }
        None => (
            StatusCode::BAD_REQUEST,
            Notice {
                title: "This link is not valid",
                message: "The unsubscribe link is incomplete or was changed. Please use the link from the e-mail exactly as it arrived.",
            },
        ),
    };
    let html = notice
        .render()
        .map_err(|error| AppError::Internal(error.into()))?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(html))
}
