use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::input::{field, FieldErrors, FormInput, Sent};
use crate::domain::{EmailAddress, TextRule};
use crate::error::{AppError, AppResult};
use crate::handlers::pages;
use crate::mail::messages;
use crate::models::contact_message::NewContactMessage;
use crate::models::outbox::OutboxEmail;
use crate::state::AppState;

// The contact form's rules: the spec's minimums with its messages word for
// word (section 5), and maximums that keep a message readable and the
// team's e-mail Subject, which names the sender, far within RFC 5322's 998
// characters a line. The UI checks the same
// (`ui/src/features/content/contact-message.ts`).
pub const NAME: TextRule = TextRule {
    at_least: Some((2, "Name must be at least 2 characters")),
    at_most: (100, "Name must be at most 100 characters"),
};
pub const EMAIL_INVALID: &str = "Please enter a valid email address";
pub const PHONE: TextRule = TextRule {
    at_least: None,
    at_most: (40, "Phone number must be at most 40 characters"),
};
pub const SUBJECT: TextRule = TextRule {
    at_least: Some((5, "Subject must be at least 5 characters")),
    at_most: (200, "Subject must be at most 200 characters"),
};
pub const MESSAGE: TextRule = TextRule {
    at_least: Some((10, "Message must be at least 10 characters")),
    at_most: (5_000, "Message must be at most 5,000 characters"),
};

/// The characters [`compose`] adds around the subject, phone and text.
const COMPOSE_LABELS: usize = "Subject: \nPhone: \n\nMessage:\n".len();

/// The UI's message, which it composed: room for each part at its limit.
const COMPOSED_MESSAGE: TextRule = TextRule {
    at_most: (
        SUBJECT.at_most.0 + PHONE.at_most.0 + MESSAGE.at_most.0 + COMPOSE_LABELS,
        MESSAGE.at_most.1,
    ),
    ..MESSAGE
};

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

/// The message to store: the UI's, or one composed from a plain form
/// post's fields. `None` when a field breaks its rule, noted in `errors`.
fn message(value: &ContactInput, errors: &mut FieldErrors) -> Option<String> {
    let Some(subject) = &value.subject else {
        return field(errors, "message", COMPOSED_MESSAGE.parse(&value.message));
    };
    let subject = field(errors, "subject", SUBJECT.parse(subject));
    let phone = field(errors, "phone", PHONE.parse(&value.phone));
    let text = field(errors, "message", MESSAGE.parse(&value.message));
    Some(compose(&subject?, &phone?, &text?))
}

/// `POST /api/contact`: stores the message and queues the team's
/// notification in one transaction, before answering.
pub async fn create_contact_message(
    state: web::Data<AppState>,
    input: FormInput<ContactInput>,
) -> AppResult<HttpResponse> {
    let FormInput { value, sent } = input;
    let mut errors = FieldErrors::new();
    let name = field(&mut errors, "name", NAME.parse(&value.name));
    let email = field(
        &mut errors,
        "email",
        EmailAddress::parse(&value.email).ok_or(EMAIL_INVALID),
    );
    let message = message(&value, &mut errors);
    let (Some(name), Some(email), Some(message)) = (name, email, message) else {
        return refuse(&state, sent, &value, errors).await;
    };
    if value.website.is_empty() {
        store(&state, name, email, message).await?;
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
    fields: FieldErrors,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_composed_of_parts_at_their_limits_is_at_the_composed_limit() {
        let composed = compose(
            &"s".repeat(SUBJECT.at_most.0),
            &"p".repeat(PHONE.at_most.0),
            &"m".repeat(MESSAGE.at_most.0),
        );
        assert_eq!(composed.chars().count(), COMPOSED_MESSAGE.at_most.0);
        assert!(COMPOSED_MESSAGE.parse(&composed).is_ok());
    }
}
