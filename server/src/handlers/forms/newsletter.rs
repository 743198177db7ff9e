use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::input::{FormInput, Sent};
use crate::domain::EmailAddress;
use crate::error::{AppError, AppResult};
use crate::handlers::pages;
use crate::mail::messages;
use crate::models::outbox::OutboxEmail;
use crate::models::subscriber::{Subscriber, Subscription};
use crate::state::AppState;

pub const SUBSCRIBED: &str = "You've been successfully subscribed to our newsletter.";
const EMAIL_REQUIRED: &str = "Please enter your email address.";
const EMAIL_INVALID: &str = "Please enter a valid email address.";

#[derive(Debug, Deserialize)]
pub struct SubscribeInput {
    #[serde(default)]
    email: String,
    /// Hidden from people; only bots fill it in.
    #[serde(default)]
    website: String,
}

/// `POST /api/newsletter/subscribe`: stores the subscriber and queues the
/// welcome e-mail in one transaction, before answering.
pub async fn subscribe(
    state: web::Data<AppState>,
    input: FormInput<SubscribeInput>,
) -> AppResult<HttpResponse> {
    let FormInput { value, sent } = input;
    let email = match (value.email.trim(), EmailAddress::parse(&value.email)) {
        ("", _) => Err(EMAIL_REQUIRED),
        (_, None) => Err(EMAIL_INVALID),
        (_, Some(email)) => Ok(email),
    };
    let email = match email {
        Ok(email) => email,
        Err(message) => return refuse(&state, sent, &value.email, message).await,
    };
    if value.website.is_empty() {
        store(&state, email).await?;
    }
    Ok(match sent {
        Sent::Json => HttpResponse::Ok().json(json!({ "message": SUBSCRIBED })),
        // Post/redirect/get: reloading the result page does not post again.
        Sent::Form => HttpResponse::SeeOther()
            .insert_header((header::LOCATION, "/?subscribed=1#newsletter"))
            .finish(),
    })
}

async fn store(state: &AppState, email: EmailAddress) -> AppResult<()> {
    let community = state.settings.site.community_name.clone();
    let unsubscribe_url = format!(
        "{}/unsubscribe?token={}",
        state.settings.server.public_base_url.trim_end_matches('/'),
        state.signer.unsubscribe_token(email.as_str())
    );
    let welcome = messages::welcome(email.as_str(), &community, &unsubscribe_url)
        .map_err(|error| AppError::Internal(error.into()))?;
    let now = chrono::Utc::now().naive_utc();
    state
        .db
        .run(move |conn| {
            conn.write_transaction(|conn| {
                if Subscriber::subscribe(conn, &email, now)? == Subscription::Started {
                    OutboxEmail::enqueue(conn, &welcome, now)?;
                }
                Ok(())
            })
        })
        .await?;
    state.outbox_wake.notify_one();
    Ok(())
}

async fn refuse(
    state: &AppState,
    sent: Sent,
    email: &str,
    message: &'static str,
) -> AppResult<HttpResponse> {
    match sent {
        Sent::Json => Err(AppError::Validation {
            message: message.into(),
            fields: [("email", message)].into(),
        }),
        Sent::Form => {
            let form =
                json!({ "newsletter": { "status": "error", "email": email, "message": message } });
            let mut page = pages::render(state, "/", Some(form)).await?;
            *page.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
            Ok(page)
        }
    }
}
