//! Stripe's webhooks: checking the `Stripe-Signature` header and reading an
//! event into the change it asks of a listing order.
//!
//! The signature check is Stripe's documented scheme, done here with the
//! `hmac`/`sha2` crates the server already uses; events are read into the
//! few fields used, so they do not depend on one API version's full types.

use chrono::{DateTime, NaiveDateTime};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// How old a signed timestamp may be (Stripe's default), against replays.
pub const TOLERANCE_SECONDS: u64 = 300;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing or malformed")]
    Malformed,
    #[error("the signature timestamp is outside the tolerance")]
    Stale,
    #[error("no signature matches the payload")]
    Mismatch,
}

/// Checks `header` (`t=…,v1=…[,v1=…]`) against `payload`: one `v1` must be
/// HMAC-SHA256 of `"{t}.{payload}"` under `secret`, and `t` within
/// [`TOLERANCE_SECONDS`] of `now` (Unix seconds).
pub fn verify_signature(
    payload: &[u8],
    header: &str,
    secret: &str,
    now: i64,
) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(decode_hex(value)),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    // `abs_diff`: any i64 may be written in the header, and no difference overflows.
    if now.abs_diff(timestamp) > TOLERANCE_SECONDS {
        return Err(SignatureError::Stale);
    }
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    // `verify_slice` compares in constant time.
    if signatures
        .iter()
        .any(|signature| mac.clone().verify_slice(signature).is_ok())
    {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The Stripe object an order is known by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeObject {
    PaymentIntent(String),
    Subscription(String),
}

/// What an event means for the order it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderEvent {
    /// Paid; for subscriptions, until the end of the invoiced period.
    Paid {
        order: StripeObject,
        paid_until: Option<NaiveDateTime>,
    },
    PaymentFailed {
        order: StripeObject,
    },
    /// The subscription is over: the listing is no longer paid for.
    Ended {
        order: StripeObject,
    },
    /// The payment was returned to the buyer in full.
    Refunded {
        order: StripeObject,
    },
    /// The buyer's bank took the payment back: a dispute was lost.
    ChargedBack {
        order: StripeObject,
    },
}

impl OrderEvent {
    pub fn order(&self) -> &StripeObject {
        match self {
            Self::Paid { order, .. }
            | Self::PaymentFailed { order }
            | Self::Ended { order }
            | Self::Refunded { order }
            | Self::ChargedBack { order } => order,
        }
    }
}

/// A verified event: its id (for de-duplication), type, and meaning.
#[derive(Debug)]
pub struct Event {
    pub id: String,
    pub kind: String,
    /// `None` for event types that change no order.
    pub effect: Option<OrderEvent>,
}

#[derive(Deserialize)]
struct RawEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: RawData,
}

#[derive(Deserialize)]
struct RawData {
    object: serde_json::Value,
}

#[derive(Deserialize)]
struct Invoice {
    /// API versions from 2025-03-31 name the subscription here.
    parent: Option<InvoiceParent>,
    /// Older API versions name it at the top level.
    subscription: Option<String>,
    period_end: Option<i64>,
    lines: Option<Lines>,
}

#[derive(Deserialize)]
struct InvoiceParent {
    subscription_details: Option<SubscriptionDetails>,
}

#[derive(Deserialize)]
struct SubscriptionDetails {
    subscription: Option<String>,
}

#[derive(Deserialize)]
struct Lines {
    data: Vec<Line>,
}

#[derive(Deserialize)]
struct Line {
    period: Option<Period>,
}

#[derive(Deserialize)]
struct Period {
    end: i64,
}

impl Invoice {
    fn subscription(&self) -> Option<String> {
        self.parent
            .as_ref()
            .and_then(|parent| parent.subscription_details.as_ref())
            .and_then(|details| details.subscription.clone())
            .or_else(|| self.subscription.clone())
    }

    /// The end of the period paid for. A subscription invoice's own
    /// `period_end` is the end of the *previous* period (on the first
    /// invoice it equals its start), so the line items' service periods come
    /// first.
    fn paid_until(&self) -> Option<NaiveDateTime> {
        let line_end = self
            .lines
            .iter()
            .flat_map(|lines| &lines.data)
            .filter_map(|line| line.period.as_ref().map(|period| period.end))
            .max();
        line_end
            .or(self.period_end)
            .and_then(|seconds| DateTime::from_timestamp(seconds, 0))
            .map(|at| at.naive_utc())
    }
}

#[derive(Deserialize)]
struct Identified {
    id: String,
}

/// A charge, as `charge.refunded` carries it.
#[derive(Deserialize)]
struct Charge {
    payment_intent: Option<String>,
    /// Whether the whole amount has been refunded.
    refunded: bool,
}

/// A dispute, as `charge.dispute.closed` carries it.
#[derive(Deserialize)]
struct Dispute {
    payment_intent: Option<String>,
    status: String,
}

#[derive(Deserialize)]
struct Subscription {
    id: String,
    status: String,
}

/// Reads a verified payload. Unknown event types are valid and change nothing.
pub fn parse_event(payload: &[u8]) -> Result<Event, serde_json::Error> {
    let raw: RawEvent = serde_json::from_slice(payload)?;
    let object = raw.data.object;
    let effect = match raw.kind.as_str() {
        "payment_intent.succeeded" => {
            let intent: Identified = serde_json::from_value(object)?;
            Some(OrderEvent::Paid {
                order: StripeObject::PaymentIntent(intent.id),
                paid_until: None,
            })
        }
        "payment_intent.payment_failed" => {
            let intent: Identified = serde_json::from_value(object)?;
            Some(OrderEvent::PaymentFailed {
                order: StripeObject::PaymentIntent(intent.id),
            })
        }
        // Only one-off orders are known by their PaymentIntent: a refunded
        // or disputed subscription payment matches no order, and cancelling
        // the subscription is what ends that listing. A partial refund leaves
        // the listing paid.
        "charge.refunded" => {
            let charge: Charge = serde_json::from_value(object)?;
            charge
                .payment_intent
                .filter(|_| charge.refunded)
                .map(|intent| OrderEvent::Refunded {
                    order: StripeObject::PaymentIntent(intent),
                })
        }
        // A dispute lost to the buyer's bank takes the payment back; one won,
        // or closed as a mere inquiry, changes nothing.
        "charge.dispute.closed" => {
            let dispute: Dispute = serde_json::from_value(object)?;
            dispute
                .payment_intent
                .filter(|_| dispute.status == "lost")
                .map(|intent| OrderEvent::ChargedBack {
                    order: StripeObject::PaymentIntent(intent),
                })
        }
        "invoice.paid" => {
            let invoice: Invoice = serde_json::from_value(object)?;
            invoice.subscription().map(|id| OrderEvent::Paid {
                order: StripeObject::Subscription(id),
                paid_until: invoice.paid_until(),
            })
        }
        "invoice.payment_failed" => {
            let invoice: Invoice = serde_json::from_value(object)?;
            invoice.subscription().map(|id| OrderEvent::PaymentFailed {
                order: StripeObject::Subscription(id),
            })
        }
        "customer.subscription.deleted" => {
            let subscription: Identified = serde_json::from_value(object)?;
            Some(OrderEvent::Ended {
                order: StripeObject::Subscription(subscription.id),
            })
        }
        "customer.subscription.updated" => {
            let subscription: Subscription = serde_json::from_value(object)?;
            // Statuses from which Stripe no longer collects or renews.
            // `unpaid` is not one: paying its open invoice makes the
            // subscription active again, and `paid_until` shows the lapse.
            matches!(
                subscription.status.as_str(),
                "canceled" | "incomplete_expired"
            )
            .then(|| OrderEvent::Ended {
                order: StripeObject::Subscription(subscription.id),
            })
        }
        _ => None,
    };
    Ok(Event {
        id: raw.id,
        kind: raw.kind,
        effect,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(secret: &str, timestamp: i64, payload: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("key");
        mac.update(format!("{timestamp}.{payload}").as_bytes());
        let hex: String = mac
            .finalize()
            .into_bytes()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        format!("t={timestamp},v1={hex}")
    }

    #[test]
    fn a_signature_is_accepted_only_for_its_payload_secret_and_time() {
        let header = sign("whsec_a", 1_000, "{}");
        assert_eq!(verify_signature(b"{}", &header, "whsec_a", 1_100), Ok(()));
        assert_eq!(
            verify_signature(b"{ }", &header, "whsec_a", 1_100),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(b"{}", &header, "whsec_b", 1_100),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(b"{}", &header, "whsec_a", 1_301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify_signature(b"{}", "v1=00", "whsec_a", 1_000),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify_signature(b"{}", &format!("t={},v1=00", i64::MIN), "whsec_a", 1_000),
            Err(SignatureError::Stale)
        );
    }

    #[test]
    fn only_a_charge_refunded_in_full_refunds_its_payment_intent_s_order() {
        let refunded = |amount_refunded: i64, intent: Option<&str>| {
            let payload = serde_json::json!({
                "id": "evt_r", "type": "charge.refunded", "data": { "object": {
                    "id": "ch_1", "amount": 4900, "amount_refunded": amount_refunded,
                    "refunded": amount_refunded == 4900, "payment_intent": intent,
                }},
            });
            parse_event(payload.to_string().as_bytes())
                .expect("parsed")
                .effect
        };
        assert_eq!(
            refunded(4900, Some("pi_1")),
            Some(OrderEvent::Refunded {
                order: StripeObject::PaymentIntent("pi_1".into()),
            })
        );
        assert_eq!(refunded(1000, Some("pi_1")), None);
        assert_eq!(refunded(4900, None), None);
    }

    #[test]
    fn only_a_lost_dispute_charges_its_payment_intent_s_order_back() {
        let closed = |status: &str, intent: Option<&str>| {
            let payload = serde_json::json!({
                "id": "evt_d", "type": "charge.dispute.closed", "data": { "object": {
                    "id": "dp_1", "object": "dispute", "amount": 4900, "charge": "ch_1",
                    "payment_intent": intent, "status": status,
                }},
            });
            parse_event(payload.to_string().as_bytes())
                .expect("parsed")
                .effect
        };
        assert_eq!(
            closed("lost", Some("pi_1")),
            Some(OrderEvent::ChargedBack {
                order: StripeObject::PaymentIntent("pi_1".into()),
            })
        );
        assert_eq!(closed("won", Some("pi_1")), None);
        assert_eq!(closed("warning_closed", Some("pi_1")), None);
        assert_eq!(closed("lost", None), None);
    }

    #[test]
    fn a_paid_invoice_pays_until_the_end_of_its_line_period() {
        let payload = r#"{"id":"evt_1","type":"invoice.paid","data":{"object":{
            "id":"in_1","period_end":100,
            "parent":{"subscription_details":{"subscription":"sub_1"}},
            "lines":{"data":[{"period":{"start":100,"end":2678500}}]}}}}"#;
        let event = parse_event(payload.as_bytes()).expect("parsed");
        assert_eq!(
            event.effect,
            Some(OrderEvent::Paid {
                order: StripeObject::Subscription("sub_1".into()),
                paid_until: DateTime::from_timestamp(2_678_500, 0).map(|at| at.naive_utc()),
            })
        );
    }
}
