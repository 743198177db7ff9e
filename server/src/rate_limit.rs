//! Per-visitor limits on the form endpoints (actix-governor), answering
//! 429 in the API's JSON error shape.

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{
    GovernorConfig, GovernorConfigBuilder, KeyExtractor, PeerIpKeyExtractor,
    SimpleKeyExtractionError,
};
use actix_web::dev::ServiceRequest;
use actix_web::{HttpResponse, HttpResponseBuilder};

use crate::config::SecuritySettings;
use crate::error::ErrorBody;

/// Keys by the peer's IP address (IPv6 by /56, as actix-governor does).
#[derive(Clone)]
pub struct VisitorIp;

impl KeyExtractor for VisitorIp {
    type Key = <PeerIpKeyExtractor as KeyExtractor>::Key;
    type KeyExtractionError = SimpleKeyExtractionError<&'static str>;

    fn extract(&self, request: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        PeerIpKeyExtractor.extract(request)
    }

    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        mut response: HttpResponseBuilder,
    ) -> HttpResponse {
        let wait = negative
            .wait_time_from(DefaultClock::default().now())
            .as_secs()
            .max(1);
        let message = format!("Too many requests. Please wait {wait} seconds and try again.");
        response
            .insert_header(("Retry-After", wait.to_string()))
            .json(ErrorBody::new(&message))
    }
}

pub type FormLimit = GovernorConfig<VisitorIp, NoOpMiddleware<QuantaInstant>>;

/// One limit per form endpoint, each with the configured rate and burst, so
/// that a visitor (or everyone behind one office or library address) who
/// subscribed and wrote to the team can still pay for a listing.
#[derive(Clone)]
pub struct FormLimits {
    pub newsletter: FormLimit,
    pub contact: FormLimit,
    pub payment_intent: FormLimit,
    pub listing_confirmation: FormLimit,
}

impl FormLimits {
    pub fn new(settings: &SecuritySettings) -> anyhow::Result<Self> {
        Ok(Self {
            newsletter: form_limit(settings)?,
            contact: form_limit(settings)?,
            payment_intent: form_limit(settings)?,
            listing_confirmation: form_limit(settings)?,
        })
    }
}

/// A limit of its own: every `FormLimit` made here counts separately (its
/// clones share the count).
fn form_limit(settings: &SecuritySettings) -> anyhow::Result<FormLimit> {
    let per_minute = u64::from(settings.form_requests_per_minute.max(1));
    GovernorConfigBuilder::default()
        .key_extractor(VisitorIp)
        .period(std::time::Duration::from_millis(60_000 / per_minute))
        .burst_size(settings.form_burst.max(1))
        .finish()
        .ok_or_else(|| anyhow::anyhow!("invalid form rate limit settings"))
}
