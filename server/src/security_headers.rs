//! Headers telling browsers what the site's answers may do: run scripts and
//! connect only to the site itself and Stripe, open frames from Stripe only,
//! never be framed at all, keep their declared content types, give other
//! sites only the origin as referrer, and never ask for the camera, the
//! microphone or the visitor's location.

use actix_web::middleware::DefaultHeaders;

/// Stripe.js, its card and 3-D Secure frames and its API are the only code,
/// frames and connections from elsewhere. Images may come from any HTTPS
/// address (an imported business's logo). Inline styles stay allowed (the
/// toast library adds a style element, and heroes set their height inline);
/// inline scripts do not, and the pages have none (their data is a JSON
/// script, which is never run).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self' https://js.stripe.com https://*.js.stripe.com; \
    frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; \
    connect-src 'self' https://api.stripe.com; \
    img-src 'self' data: https:; \
    style-src 'self' 'unsafe-inline'; \
    object-src 'none'; \
    base-uri 'self'; \
    form-action 'self'; \
    frame-ancestors 'none'";

/// Features the site has no use for, refused to its pages and to every frame
/// in them: no script, even one slipped past the policy above, can ask for
/// them. Payment stays at the browser's default, for Stripe's wallet buttons.
/// Only names Chromium knows: an unknown one is reported as a console error.
const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=()";

/// A year: browsers that once reached the site over HTTPS use nothing else.
const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// The headers for every answer; HSTS only when the site is served over HTTPS.
pub fn security_headers(served_over_https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("Permissions-Policy", PERMISSIONS_POLICY));
    if served_over_https {
        headers.add(("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY))
    } else {
        headers
    }
}

#[cfg(test)]
mod tests {
    use actix_web::{test, web, App, HttpResponse};

    use super::security_headers;

    async fn headers_for(served_over_https: bool) -> actix_web::http::header::HeaderMap {
        let app = test::init_service(
            App::new()
                .wrap(security_headers(served_over_https))
                .route("/", web::get().to(HttpResponse::Ok)),
        )
        .await;
        let response = test::call_service(&app, test::TestRequest::get().to_request()).await;
        response.headers().clone()
    }

    #[actix_web::test]
    async fn a_site_served_over_https_asks_browsers_to_keep_to_https() {
        let headers = headers_for(true).await;
        assert_eq!(
            headers
                .get("strict-transport-security")
                .map(|value| value.as_bytes()),
            Some(&b"max-age=31536000"[..])
        );
    }

    #[actix_web::test]
    async fn a_site_served_over_plain_http_does_not() {
        let headers = headers_for(false).await;
        assert!(!headers.contains_key("strict-transport-security"));
        assert!(headers.contains_key("content-security-policy"));
    }
}
