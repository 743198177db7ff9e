//! Which compressed form of a body a client gets (`Accept-Encoding`).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;

/// How a response body is encoded, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding an `Accept-Encoding` header allows: q=0 refuses a
    /// coding, and `*` stands for every coding the header does not name.
    pub fn negotiate(accept_encoding: &str) -> Self {
        let entries = || {
            accept_encoding.split(',').map(|item| {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or_default().trim();
                let refused = parts.any(|param| {
                    param.split_once('=').is_some_and(|(name, q)| {
                        name.trim().eq_ignore_ascii_case("q")
                            && q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
                    })
                });
                (coding, refused)
            })
        };
        let accepts =
            |name: &str| match entries().find(|(coding, _)| coding.eq_ignore_ascii_case(name)) {
                Some((_, refused)) => !refused,
                None => entries().any(|(coding, refused)| coding == "*" && !refused),
            };
        if accepts("br") {
            Self::Brotli
        } else if accepts("gzip") {
            Self::Gzip
        } else {
            Self::Identity
        }
    }

    pub fn header_value(self) -> Option<&'static str> {
        match self {
            Self::Brotli => Some("br"),
            Self::Gzip => Some("gzip"),
            Self::Identity => None,
        }
    }
}

/// Takes off the `Content-Encoding: identity` a handler sets on an unencoded
/// body so that the compression middleware leaves it alone: by then that
/// middleware has passed, and HTTP names `identity` only in `Accept-Encoding`.
/// Wrapped outside the compression middleware.
pub async fn unmark_identity(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    if headers
        .get(header::CONTENT_ENCODING)
        .is_some_and(|value| value == "identity")
    {
        headers.remove(header::CONTENT_ENCODING);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_negotiated_best_first_and_q_zero_refuses() {
        assert_eq!(Encoding::negotiate("gzip, deflate, br"), Encoding::Brotli);
        assert_eq!(Encoding::negotiate("gzip;q=1.0, br;q=0"), Encoding::Gzip);
        assert_eq!(Encoding::negotiate("identity"), Encoding::Identity);
        assert_eq!(Encoding::negotiate(""), Encoding::Identity);
        assert_eq!(Encoding::negotiate("gzip, br;Q=0"), Encoding::Gzip);
        assert_eq!(Encoding::negotiate("BR ; q = 0.5"), Encoding::Brotli);
    }

    #[test]
    fn a_star_accepts_every_coding_not_named() {
        assert_eq!(Encoding::negotiate("*"), Encoding::Brotli);
        assert_eq!(Encoding::negotiate("br;q=0, *"), Encoding::Gzip);
        assert_eq!(Encoding::negotiate("*;q=0, identity"), Encoding::Identity);
    }
}
