use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::handlers::forms::input::FormInput;
use crate::models::listing_order::{ListingOrder, NewListingOrder, OrderStatus};
use crate::payments::catalogue::{Billing, Charge, Plan};
use crate::payments::stripe_client::{Created, OrderRef};
use crate::payments::webhook::StripeObject;
use crate::state::AppState;

/// What checkout asks to pay (spec section 7); `amount` in whole dollars.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PaymentIntentRequest {
    /// Whole US dollars, as checkout shows them; must match the plan's price.
    amount: i64,
    /// `standard` or `premium`.
    plan: String,
    /// `monthly` (default) or `annual`.
    #[serde(default)]
    billing: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentIntentAnswer {
    /// Confirms the payment in the browser with Stripe.js.
    client_secret: String,
}

/// `POST /api/create-payment-intent`: records a pending order at the
/// catalogue's price and creates the Stripe payment for it — a
/// PaymentIntent for a one-off plan, a Subscription for a renewing one.
#[utoipa::path(
    post,
    path = "/api/create-payment-intent",
    request_body = PaymentIntentRequest,
    responses(
        (status = 200, body = PaymentIntentAnswer, headers(
            ("set-cookie" = String, description = "`listing_order`: this browser's signed claim on the order, sent back only to /api/business-listing-confirmation"),
        )),
        (status = 400, description = "Unknown or free plan, unknown billing, or an amount that is not the plan's price", body = crate::error::ErrorBody),
        (status = 429, description = "Too many requests from this address", body = crate::error::ErrorBody, headers(
            ("retry-after" = u64, description = "Seconds until a request is accepted again"),
        )),
        (status = 502, description = "Stripe failed; the order is marked failed", body = crate::error::ErrorBody),
        (status = 503, description = "Payments are not configured", body = crate::error::ErrorBody),
    )
)]
pub async fn create_payment_intent(
    state: web::Data<AppState>,
    input: FormInput<PaymentIntentRequest>,
) -> AppResult<HttpResponse> {
    let request = input.value;
    let plan = Plan::find(&request.plan)
        .ok_or_else(|| AppError::BadRequest(format!("Unknown plan '{}'", request.plan)))?;
    let billing = match request.billing.as_deref() {
        None | Some("") => Billing::Monthly,
        Some(raw) => Billing::parse(raw)
            .ok_or_else(|| AppError::BadRequest("Billing must be 'monthly' or 'annual'".into()))?,
    };
    if plan.charge == Charge::Free {
        return Err(AppError::BadRequest(format!(
            "The {} plan is free: there is nothing to pay",
            plan.name
        )));
    }
    let amount_cents = plan.price_cents(billing);
    if request.amount.checked_mul(100) != Some(amount_cents) {
        return Err(AppError::BadRequest(format!(
            "The amount does not match the price of the {} plan ({}): ${}",
            plan.name,
            billing.as_str(),
            amount_cents / 100
        )));
    }
    let stripe = state
        .stripe
        .clone()
        .ok_or_else(super::payments_not_configured)?;

    let now = chrono::Utc::now().naive_utc();
    let stored_cents = i32::try_from(amount_cents)
        .map_err(|_| AppError::Internal(anyhow::anyhow!("price out of range")))?;
    let order_id = state
        .db
        .run(move |conn| {
            Ok(NewListingOrder {
                plan: plan.id,
                billing: billing.as_str(),
                amount_cents: stored_cents,
                status: OrderStatus::Pending.as_str(),
                created_at: now,
                updated_at: now,
            }
            .insert(conn)?)
        })
        .await?;
    let order = OrderRef {
        id: order_id,
        created_unix: now.and_utc().timestamp(),
        plan,
        billing,
        amount_cents,
    };
    let created = match stripe.create_payment(order).await {
        Ok(created) => created,
        Err(error) => {
            // Nothing was charged: the order is kept, marked failed, for the record.
            state
                .db
                .run(move |conn| {
                    Ok(ListingOrder::set_status(
                        conn,
                        order_id,
                        OrderStatus::Failed,
                        now,
                    )?)
                })
                .await?;
            return Err(error);
        }
    };
    let (object, client_secret) = match created {
        Created::PaymentIntent { id, client_secret } => {
            (StripeObject::PaymentIntent(id), client_secret)
        }
        Created::Subscription { id, client_secret } => {
            (StripeObject::Subscription(id), client_secret)
        }
    };
    state
        .db
        .run(move |conn| Ok(ListingOrder::attach(conn, order_id, &object, now)?))
        .await?;
    Ok(HttpResponse::Ok()
        .cookie(super::order_cookie(&state, order_id))
        .json(PaymentIntentAnswer { client_secret }))
}
