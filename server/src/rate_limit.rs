//! Per-visitor limits on the form endpoints (actix-governor), answering
//! 429 in the API's JSON error shape.

use std::net::IpAddr;
use std::sync::Arc;

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{
    GovernorConfig, GovernorConfigBuilder, KeyExtractor, SimpleKeyExtractionError,
};
use actix_web::dev::ServiceRequest;
use actix_web::http::header::HeaderMap;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use ipnet::IpNet;

use crate::config::SecuritySettings;
use crate::error::ErrorBody;

/// Keys by the visitor's IP address (IPv6 by /56, as actix-governor does):
/// the peer's, or behind a trusted proxy the one the proxy names.
#[derive(Clone)]
pub struct VisitorIp {
    trusted_proxies: Arc<[IpNet]>,
}

impl VisitorIp {
    pub fn new(trusted_proxies: &[IpNet]) -> Self {
        Self {
            trusted_proxies: trusted_proxies.into(),
        }
    }

    fn is_trusted(&self, address: IpAddr) -> bool {
        self.trusted_proxies
            .iter()
            .any(|proxy| proxy.contains(&address))
    }

    /// The address a request comes from: its peer's, unless the peer is a
    /// trusted proxy; then the nearest address in `X-Forwarded-For` that is
    /// not one (those further left were written by the visitor, who could
    /// write anything).
    /// Addresses are compared canonical: on a dual-stack socket an IPv4 peer
    /// arrives as `::ffff:a.b.c.d`, which no IPv4 network contains, and whose
    /// IPv6 /56 every IPv4 visitor would share.
    fn visitor(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.is_trusted(peer) {
            return peer;
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .collect();
        let mut visitor = peer;
        for hop in forwarded.iter().rev() {
            let Ok(address) = hop.trim().parse::<IpAddr>().map(|hop| hop.to_canonical()) else {
                break;
            };
            visitor = address;
            if !self.is_trusted(address) {
                break;
            }
        }
        visitor
    }

    /// The address `request` comes from, as far as it can be believed.
    pub fn of(&self, request: &HttpRequest) -> Option<IpAddr> {
        let peer = request.peer_addr()?.ip();
        Some(self.visitor(peer, request.headers()))
    }
}

impl KeyExtractor for VisitorIp {
    type Key = IpAddr;
    type KeyExtractionError = SimpleKeyExtractionError<&'static str>;

    fn extract(&self, request: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        self.of(request.request()).map(limited_as).ok_or_else(|| {
            SimpleKeyExtractionError::new("Could not extract peer IP address from request")
        })
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

/// The key a visitor's requests count under.
fn limited_as(visitor: IpAddr) -> IpAddr {
    match visitor {
        // Households are often given a /56 of their own.
        IpAddr::V6(address) => {
            let mut octets = address.octets();
            octets[7..].fill(0);
            IpAddr::V6(octets.into())
        }
        address => address,
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
        .key_extractor(VisitorIp::new(&settings.trusted_proxies))
        .period(std::time::Duration::from_millis(60_000 / per_minute))
        .burst_size(settings.form_burst.max(1))
        .finish()
        .ok_or_else(|| anyhow::anyhow!("invalid form rate limit settings"))
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{HeaderName, HeaderValue};

    use super::*;

    fn visitor(trusted: &[&str], peer: &str, forwarded: &[&str]) -> String {
        let trusted: Vec<IpNet> = trusted
            .iter()
            .map(|net| net.parse().expect("net"))
            .collect();
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append(
                HeaderName::from_static("x-forwarded-for"),
                HeaderValue::from_str(value).expect("header"),
            );
        }
        VisitorIp::new(&trusted)
            .visitor(peer.parse().expect("ip"), &headers)
            .to_string()
    }

    #[test]
    fn a_request_from_anywhere_but_a_trusted_proxy_counts_for_its_own_address() {
        assert_eq!(
            visitor(&[], "198.51.100.7", &["203.0.113.1"]),
            "198.51.100.7"
        );
        assert_eq!(
            visitor(&["10.0.0.0/8"], "198.51.100.7", &["203.0.113.1"]),
            "198.51.100.7"
        );
    }

    #[test]
    fn ipv4_visitors_on_a_dual_stack_socket_count_each_for_their_own_address() {
        assert_eq!(visitor(&[], "::ffff:198.51.100.7", &[]), "198.51.100.7");
        let keys: Vec<IpAddr> = ["::ffff:198.51.100.7", "::ffff:203.0.113.1"]
            .iter()
            .map(|peer| limited_as(visitor(&[], peer, &[]).parse().expect("ip")))
            .collect();
        assert_ne!(keys[0], keys[1]);
        // An IPv4 proxy is trusted whichever way its address arrives.
        assert_eq!(
            visitor(
                &["127.0.0.1/32"],
                "::ffff:127.0.0.1",
                &["::ffff:203.0.113.1"]
            ),
            "203.0.113.1"
        );
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_forwarded_address_counts() {
        let proxies = ["10.0.0.0/8", "127.0.0.1/32"];
        assert_eq!(
            visitor(&proxies, "127.0.0.1", &["203.0.113.1"]),
            "203.0.113.1"
        );
        // The leftmost entries are the visitor's own claims.
        assert_eq!(
            visitor(&proxies, "127.0.0.1", &["192.0.2.9, 203.0.113.1, 10.1.2.3"]),
            "203.0.113.1"
        );
        assert_eq!(
            visitor(&proxies, "127.0.0.1", &["192.0.2.9", "203.0.113.1"]),
            "203.0.113.1"
        );
        assert_eq!(visitor(&proxies, "127.0.0.1", &[]), "127.0.0.1");
        assert_eq!(
            visitor(&proxies, "127.0.0.1", &["not-an-address"]),
            "127.0.0.1"
        );
    }
}
