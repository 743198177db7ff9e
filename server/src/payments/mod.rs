//! Paid listings: the plan catalogue (the one price list the UI shows and the
//! server charges), the Stripe API client, and reading Stripe's webhooks.

pub mod catalogue;
pub mod stripe_client;
pub mod webhook;
