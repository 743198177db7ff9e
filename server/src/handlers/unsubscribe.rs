use actix_web::http::{header, Method, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
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

/// The question the link asks, with the button that answers it.
#[derive(Template)]
#[template(path = "unsubscribe.html")]
struct Confirmation<'a> {
    title: &'a str,
    message: &'a str,
    token: &'a str,
}

/// `/unsubscribe?token=…`, the link in every newsletter e-mail. Opening it
/// only asks, because mail scanners open links nobody clicked; a POST ends
/// the subscription, whether from the page's button or from the mail
/// program's own unsubscribe button (RFC 8058, which posts
/// `List-Unsubscribe=One-Click` from elsewhere: the token is the proof).
pub async fn unsubscribe(
    state: web::Data<AppState>,
    request: HttpRequest,
    params: web::Query<UnsubscribeParams>,
) -> AppResult<HttpResponse> {
    let Some(email) = state.signer.verify_unsubscribe(&params.token) else {
        return page(
            StatusCode::BAD_REQUEST,
            Notice {
                title: "This link is not valid",
                message: "The unsubscribe link is incomplete or was changed. Please use the link from the e-mail exactly as it arrived.",
            },
        );
    };
    if request.method() != Method::POST {
        let message = format!(
            "Press the button and {email} will no longer receive the {} newsletter.",
            state.settings.site.community_name
        );
        return page(
            StatusCode::OK,
            Confirmation {
                title: "Unsubscribe from the newsletter?",
                message: &message,
                token: &params.token,
            },
        );
    }
    let now = chrono::Utc::now().naive_utc();
    state
        .db
        .run(move |conn| Ok(Subscriber::unsubscribe(conn, &email, now)?))
        .await?;
    page(
        StatusCode::OK,
        Notice {
            title: "You're unsubscribed",
            message: "You will not receive the newsletter any more. You can subscribe again at any time on our home page.",
        },
    )
}

/// The page, never stored: it names an address and carries its token.
fn page(status: StatusCode, page: impl Template) -> AppResult<HttpResponse> {
    let html = page
        .render()
        .map_err(|error| AppError::Internal(error.into()))?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html))
}
