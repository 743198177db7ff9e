//! The part of the configuration that the UI may see.

use serde_json::json;
use serde_json::value::RawValue;

use crate::config::Settings;
use crate::document::script_safe_value;
use crate::payments::catalogue::plan_views;

/// Public settings in the UI's field names (`SiteConfig` in `ui/src/lib/site.tsx`),
/// as script-safe JSON text ([`script_safe_value`]), made once for every page.
/// Secrets never pass through here.
pub fn site_json(settings: &Settings) -> serde_json::Result<Box<RawValue>> {
    let site = &settings.site;
    script_safe_value(&json!({
        "communityName": site.community_name,
        "state": site.state,
        "phone": site.phone,
        "email": site.email,
        "postalAddress": site.postal_address,
        "agencyName": site.agency_name,
        "agencyEmail": site.agency_email,
        "agencyUrl": site.agency_url,
        "publicBaseUrl": settings.server.public_base_url,
        "stripePublishableKey": settings.stripe.publishable_key,
        "plans": plan_views(),
    }))
}
