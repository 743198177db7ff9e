//! Paid listings: starting a payment, Stripe's webhooks, and the business
//! details sent after paying.

pub mod business_listing_confirmation;
pub mod create_payment_intent;
pub mod stripe_webhook;

use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::HttpRequest;

use crate::error::AppError;
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

pub(crate) fn payments_not_configured() -> AppError {
    AppError::ServiceUnavailable("Payments are not configured".into())
}
