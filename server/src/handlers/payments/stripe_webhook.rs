use actix_web::{web, HttpRequest, HttpResponse};
use secrecy::ExposeSecret;
use serde_json::json;

use crate::error::{AppError, AppResult};
use crate::handlers::request_body::{check_declared_length, read_within};
use crate::models::listing_order::ListingOrder;
use crate::models::stripe_event::NewStripeEvent;
use crate::payments::webhook::{parse_event, verify_signature};
use crate::state::AppState;

/// Stripe's events are a few kilobytes; this is generous.
const MAX_EVENT_BYTES: usize = 256 * 1024;

#[derive(PartialEq)]
enum Outcome {
    /// Already applied once: changes nothing.
    Duplicate,
    /// Recorded, and applied to its order if it names one; `queued` when
    /// this first payment of an order queued its owner's confirmation.
    Applied { queued: bool },
}

/// `POST /api/stripe/webhook`: applies a signed Stripe event to its order,
/// once. A bad or stale signature answers 400 and changes nothing; an event
/// already applied, or one that concerns no order, is acknowledged with 200
/// so Stripe stops sending it.
pub async fn receive_stripe_event(
    state: web::Data<AppState>,
    request: HttpRequest,
    payload: web::Payload,
) -> AppResult<HttpResponse> {
    check_declared_length(&request, MAX_EVENT_BYTES)?;
    let payload = read_within(payload, MAX_EVENT_BYTES).await?;
    let secret = state.settings.stripe.webhook_secret.expose_secret();
    if secret.is_empty() {
        return Err(super::payments_not_configured());
    }
    let header = request
        .headers()
        .get("Stripe-Signature")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let now = chrono::Utc::now();
    verify_signature(&payload, header, secret, now.timestamp()).map_err(|error| {
        tracing::warn!(%error, "Stripe webhook refused");
        AppError::BadRequest(format!("Invalid Stripe signature: {error}"))
    })?;
    let event = parse_event(&payload)
        .map_err(|error| AppError::BadRequest(format!("Invalid Stripe event: {error}")))?;

    let now = now.naive_utc();
    let settings = state.settings.clone();
    let outcome = state
        .db
        .run(move |conn| {
            conn.write_transaction::<_, AppError, _>(|conn| {
                let first_time = NewStripeEvent {
                    id: &event.id,
                    event_type: &event.kind,
                    received_at: now,
                }
                .record_once(conn)?;
                if !first_time {
                    return Ok(Outcome::Duplicate);
                }
                let Some(effect) = &event.effect else {
                    return Ok(Outcome::Applied { queued: false });
                };
                let Some(order) = ListingOrder::lock_by_stripe_object(conn, effect.order(), now)?
                else {
                    tracing::info!(event = %event.id, "Stripe event for no known order");
                    return Ok(Outcome::Applied { queued: false });
                };
                if !order.apply(conn, effect, now)? {
                    return Ok(Outcome::Applied { queued: false });
                }
                // The first payment: the owner's details, read with the
                // lock, may be there already.
                let queued = super::queue_listing_confirmation(conn, &settings.site, &order, now)?;
                Ok(Outcome::Applied { queued })
            })
        })
        .await?;
    if let Outcome::Applied { queued: true } = outcome {
        state.outbox_wake.notify_one();
    }
    Ok(HttpResponse::Ok()
        .json(json!({ "received": true, "duplicate": outcome == Outcome::Duplicate })))
}
