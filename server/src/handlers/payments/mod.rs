//! Paid listings: starting a payment, Stripe's webhooks, and the business
//! details sent after paying.

pub mod business_listing_confirmation;
pub mod create_payment_intent;
pub mod stripe_webhook;

use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::HttpRequest;
use chrono::NaiveDateTime;

use crate::config::SiteSettings;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::mail::messages;
use crate::models::listing_order::ListingOrder;
use crate::models::outbox::OutboxEmail;
use crate::payments::catalogue::Plan;
use crate::state::AppState;

/// The browser that starts a payment keeps a signed claim on its order, sent
/// back only with the business details posted after paying: they go on that
/// order and on no other buyer's.
const ORDER_COOKIE: &str = "listing_order";
const ORDER_COOKIE_PATH: &str = "/api/business-listing-confirmation";

pub(crate) fn order_cookie(state: &AppState, order_id: i32) -> Cookie<'static> {
    Cookie::build(ORDER_COOKIE, state.signer.listing_order_token(order_id))
        .path(ORDER_COOKIE_PATH)
        .max_age(Duration::days(1))
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(state.settings.server.served_over_https())
        .finish()
}

/// The order this browser started, if it carries a genuine claim on one.
pub(crate) fn claimed_order(request: &HttpRequest, state: &AppState) -> Option<i32> {
    let cookie = request.cookie(ORDER_COOKIE)?;
    state.signer.verify_listing_order(cookie.value())
}

/// Ends the claim once the order has its details.
pub(crate) fn order_cookie_removal() -> Cookie<'static> {
    let mut cookie = Cookie::build(ORDER_COOKIE, "")
        .path(ORDER_COOKIE_PATH)
        .finish();
    cookie.make_removal();
    cookie
}

/// Queues the owner's confirmation of a paid order, if it has its owner's
/// details; true when queued. The details and the payment arrive in either
/// order (the success page, Stripe's webhook), and whichever comes second
/// queues it: the caller knows the order is paid, and an unpaid order is
/// never confirmed to anyone.
pub(crate) fn queue_listing_confirmation(
    conn: &mut DbConnection,
    site: &SiteSettings,
    order: &ListingOrder,
    now: NaiveDateTime,
) -> AppResult<bool> {
    let (Some(email), Some(business_name), Some(plan)) = (
        order.email.as_deref(),
        order.business_name.as_deref(),
        Plan::find(&order.plan),
    ) else {
        return Ok(false);
    };
    let confirmation = messages::listing_confirmation(
        email,
        &site.community_name,
        business_name,
        plan.name,
        &site.email,
    )
    .map_err(|error| AppError::Internal(error.into()))?;
    OutboxEmail::enqueue(conn, &confirmation, now)?;
    Ok(true)
}

pub(crate) fn payments_not_configured() -> AppError {
    AppError::ServiceUnavailable("Payments are not configured".into())
}
