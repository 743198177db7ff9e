use std::collections::BTreeMap;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::input::{FormInput, Sent};
use crate::domain::EmailAddress;
use crate::error::{AppError, AppResult};
use crate::handlers::pages;
use crate::mail::messages;
use crate::models::contact_message::NewContactMessage;
use crate::models::outbox::OutboxEmail;
use crate::state::AppState;

/// The contact form's rules (spec section 5), word for word.
pub const NAME_TOO_SHORT: &str = "Name must be at least 2 characters";
pub const EMAIL_INVALID: &str = "Please enter a valid email address";
pub const SUBJECT_TOO_SHORT: &str = "Subject must be at least 5 characters";
pub const MESSAGE_TOO_SHORT: &str = "Message must be at least 10 characters";

/// The UI sends `name`, `email` and a `message` that already combines the
/// subject, phone and text; a plain form post sends every field.
#[derive(Debug, Deserialize)]
pub struct ContactInput {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    phone: String,
    subject: Option<String>,
    #[serde(default)]
    message: String,
    /// Hidden from people; only bots fill it in.
    #[serde(default)]
    website: String,
}

fn long_enough(text: &str, min: usize) -> bool {
    text.trim().chars().count() >= min
}

/// The message as the team reads it, as the UI composes it too.
pub fn compose(subject: &str, phone: &str, text: &str) -> String {
    let phone = if phone.trim().is_empty() {
        "Not provided"
    } else {
        phone.trim()
    };
    format!(
        "Subject: {}\nPhone: {phone}\n\nMessage:\n{}",
        subject.trim(),
        text.trim()
    )
}

/// `POST /api/contact`: stores the message and queues the team's
/// notification in one transaction, before answering.
pub async fn create_contact_message(
    state: web::Data<AppState>,
    input: FormInput<ContactInput>,
) -> AppResult<HttpResponse> {
    let FormInput { value, sent } = input;
    let mut fields = BTreeMap::new();
    if !long_enough(&value.name, 2) {
        fields.insert("name", NAME_TOO_SHORT);
    }
    let email = EmailAddress::parse(&value.email);
    if email.is_none() {
        fields.insert("email", EMAIL_INVALID);
    }
    if let Some(subject) = &value.subject {
        if !long_enough(subject, 5) {
            fields.insert("subject", SUBJECT_TOO_SHORT);
        }
    }
    if !long_enough(&value.message, 10) {
        fields.insert("message", MESSAGE_TOO_SHORT);
    }
    let Some(email) = email.filter(|_| fields.is_empty()) else {
        return refuse(&state, sent, &value, fields).await;
    };
    if value.website.is_empty() {
        let message = match &value.subject {
            Some(subject) => compose(subject, &value.phone, &value.message),
            None => value.message.trim().to_owned(),
        };
        store(&state, value.name.trim().to_owned(), email, message).await?;
    }
    Ok(match sent {
        Sent::Json => HttpResponse::Created().json(json!({ "message": "Message received" })),
        Sent::Form => HttpResponse::SeeOther()
            .insert_header((header::LOCATION, "/contact?sent=1"))
            .finish(),
    })
}

async fn store(
    state: &AppState,
    name: String,
    email: EmailAddress,
    message: String,
) -> AppResult<()> {
    let site = &state.settings.site;
    let notification =
        messages::contact_notification(&site.email, &site.community_name, &name, &email, &message)
            .map_err(|error| AppError::Internal(error.into()))?;
    let now = chrono::Utc::now().naive_utc();
    state
        .db
        .run(move |conn| {
            conn.write_transaction(|conn| {
                NewContactMessage {
                    name: &name,
                    email: email.as_str(),
                    message: &message,
                    created_at: now,
                }
                .insert(conn)?;
                OutboxEmail::enqueue(conn, &notification, now)
            })
            .map_err(AppError::from)
        })
        .await?;
    state.outbox_wake.notify_one();
    Ok(())
}

async fn refuse(
    state: &AppState,
    sent: Sent,
    value: &ContactInput,
    fields: BTreeMap<&'static str, &'static str>,
) -> AppResult<HttpResponse> {
    match sent {
        Sent::Json => Err(AppError::Validation {
            message: "Please correct the highlighted fields.".into(),
            fields,
        }),
        Sent::Form => {
            let form = json!({ "contact": {
                "status": "error",
                "values": {
                    "name": value.name, "email": value.email, "phone": value.phone,
                    "subject": value.subject, "message": value.message,
                },
                "errors": fields,
            }});
            let mut page = pages::render(state, "/contact", Some(form)).await?;
            *page.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
            Ok(page)
        }
    }
}
