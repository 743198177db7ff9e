use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::domain::{EmailAddress, TextRule};
use crate::error::{AppError, AppResult};
use crate::handlers::forms::input::{field, FieldErrors, FormInput};
use crate::models::listing_confirmation::NewListingConfirmation;
use crate::models::listing_order::ListingOrder;
use crate::payments::catalogue::Plan;
use crate::state::AppState;

pub const EMAIL_INVALID: &str = "Please enter a valid email address";
/// Named in the confirmation e-mail's Subject: far within RFC 5322's 998
/// characters a line.
pub const BUSINESS_NAME: TextRule = TextRule {
    at_least: Some((1, "Please enter your business name")),
    at_most: (100, "Business name must be at most 100 characters"),
};
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
/// order, in one transaction. The confirmation e-mail goes out once that order
/// is paid: now if it is, else when Stripe reports the payment. Without the
/// claim, or for an order never paid, nothing is sent: anyone could otherwise
/// make the site e-mail any address a text of their choosing (the business
/// name).
#[utoipa::path(
    post,
    path = "/api/business-listing-confirmation",
    request_body = ListingConfirmationRequest,
    responses(
        (status = 201, description = "Stored. With the `listing_order` cookie, the order it names gets the details and the cookie is removed; the confirmation e-mail is queued once that order is paid"),
        (status = 422, description = "Invalid fields", body = crate::error::ErrorBody),
        (status = 429, description = "Too many requests from this address", body = crate::error::ErrorBody, headers(
            ("retry-after" = u64, description = "Seconds until a request is accepted again"),
        )),
    )
)]
pub async fn confirm_business_listing(
    state: web::Data<AppState>,
    request: HttpRequest,
    input: FormInput<ListingConfirmationRequest>,
) -> AppResult<HttpResponse> {
    let claimed_order = super::claimed_order(&request, &state);
    let request = input.value;
    let mut fields = FieldErrors::new();
    let email = field(
        &mut fields,
        "email",
        EmailAddress::parse(&request.email).ok_or(EMAIL_INVALID),
    );
    let business_name = field(
        &mut fields,
        "businessName",
        BUSINESS_NAME.parse(&request.business_name),
    );
    let plan = field(
        &mut fields,
        "plan",
        Plan::find(&request.plan.trim().to_lowercase()).ok_or(PLAN_UNKNOWN),
    );
    let (Some(email), Some(business_name), Some(plan)) = (email, business_name, plan) else {
        return Err(AppError::Validation {
            message: "Please correct the highlighted fields.".into(),
            fields,
        });
    };

    let now = chrono::Utc::now().naive_utc();
    let settings = state.settings.clone();
    let queued = state
        .db
        .run(move |conn| {
            conn.write_transaction(|conn| {
                let order = match claimed_order {
                    Some(id) => {
                        ListingOrder::claim(conn, id, plan.id, email.as_str(), &business_name, now)?
                    }
                    None => None,
                };
                NewListingConfirmation {
                    email: email.as_str(),
                    business_name: &business_name,
                    plan: plan.id,
                    order_id: order.as_ref().map(|order| order.id),
                    created_at: now,
                }
                .insert(conn)?;
                match &order {
                    Some(order) if order.is_paid() => {
                        super::queue_listing_confirmation(conn, &settings.site, order, now)
                    }
                    _ => Ok(false),
                }
            })
        })
        .await?;
    if queued {
        state.outbox_wake.notify_one();
    }
    Ok(HttpResponse::Created()
        .cookie(super::order_cookie_removal())
        .json(json!({ "message": "Details received" })))
}
