//! Paid listings: starting a payment, Stripe's webhooks, and the business
//! details sent after paying.

pub mod business_listing_confirmation;
pub mod create_payment_intent;
pub mod stripe_webhook;

use crate::error::AppError;

pub(crate) fn payments_not_configured() -> AppError {
    AppError::ServiceUnavailable("Payments are not configured".into())
}
