use std::collections::BTreeMap;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::domain::EmailAddress;
use crate::error::{AppError, AppResult};
use crate::handlers::forms::input::FormInput;
use crate::mail::messages;
use crate::models::listing_confirmation::NewListingConfirmation;
use crate::models::listing_order::ListingOrder;
use crate::models::outbox::OutboxEmail;
use crate::payments::catalogue::Plan;
use crate::state::AppState;

pub const EMAIL_INVALID: &str = "Please enter a valid email address";
pub const BUSINESS_NAME_REQUIRED: &str = "Please enter your business name";
pub const PLAN_UNKNOWN: &str = "Please choose a listing plan";

/// Sent by the payment success page (spec section 7); the plan is capitalised.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingConfirmationRequest {
    #[serde(default)]
    email: String,
    #[serde(default)]
    business_name: String,
    /// A plan name, e.g. `Premium`.
    #[serde(default)]
    plan: String,
}

/// `POST /api/business-listing-confirmation`: keeps the request and, when the
/// browser carries the claim on the order it started (an order of the plan,
/// not yet claimed), attaches the owner's e-mail and business name to that
/// order and queues the confirmation e-mail, in one transaction. Without the
/// claim nothing is sent: anyone could otherwise make the site e-mail any
/// address a text of their choosing (the business name).
#[utoipa::path(
    post,
    path = "/api/business-listing-confirmation",
    request_body = ListingConfirmationRequest,
    responses(
        (status = 201, description = "Stored. With the `listing_order` cookie, the order it names gets the details, the confirmation e-mail is queued and the cookie is removed"),
        (status = 422, description = "Invalid fields", body = crate::error::ErrorBody),
    )
)]
pub async fn confirm_business_listing(
    state: web::Data<AppState>,
    request: HttpRequest,
    input: FormInput<ListingConfirmationRequest>,
) -> AppResult<HttpResponse> {
    let claimed_order = super::claimed_order(&request, &state);
    let request = input.value;
    let mut fields = BTreeMap::new();
    let email = EmailAddress::parse(&request.email);
    if email.is_none() {
        fields.insert("email", EMAIL_INVALID);
    }
    let business_name = request.business_name.trim().to_owned();
    if business_name.is_empty() {
        fields.insert("businessName", BUSINESS_NAME_REQUIRED);
    }
    let plan = Plan::find(&request.plan.trim().to_lowercase());
    if plan.is_none() {
        fields.insert("plan", PLAN_UNKNOWN);
    }
    let (Some(email), Some(plan), true) = (email, plan, fields.is_empty()) else {
        return Err(AppError::Validation {
            message: "Please correct the highlighted fields.".into(),
            fields,
        });
    };

    let site = &state.settings.site;
    let confirmation = messages::listing_confirmation(
        email.as_str(),
        &site.community_name,
        &business_name,
        plan.name,
        &site.email,
    )
    .map_err(|error| AppError::Internal(error.into()))?;
    let now = chrono::Utc::now().naive_utc();
    let queued = state
        .db
        .run(move |conn| {
            conn.write_transaction(|conn| {
                let order_id = match claimed_order {
                    Some(id) => {
                        ListingOrder::claim(conn, id, plan.id, email.as_str(), &business_name, now)?
                            .then_some(id)
                    }
                    None => None,
                };
                NewListingConfirmation {
                    email: email.as_str(),
                    business_name: &business_name,
                    plan: plan.id,
                    order_id,
                    created_at: now,
                }
                .insert(conn)?;
                if order_id.is_some() {
                    OutboxEmail::enqueue(conn, &confirmation, now)?;
                }
                Ok::<_, diesel::result::Error>(order_id.is_some())
            })
            .map_err(AppError::from)
        })
        .await?;
    if queued {
        state.outbox_wake.notify_one();
    }
    Ok(HttpResponse::Created()
        .cookie(super::order_cookie_removal())
        .json(json!({ "message": "Confirmation sent" })))
}
