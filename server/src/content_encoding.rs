//! Which compressed form of a body a client gets (`Accept-Encoding`).

/// How a response body is encoded, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding an `Accept-Encoding` header allows (q=0 excludes one).
    pub fn negotiate(accept_encoding: &str) -> Self {
        let accepts = |name: &str| {
            accept_encoding.split(',').any(|item| {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or_default().trim();
                let refused = parts.any(|param| {
                    param
                        .trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.trim().parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_negotiated_best_first_and_q_zero_refuses() {
        assert_eq!(Encoding::negotiate("gzip, deflate, br"), Encoding::Brotli);
        assert_eq!(Encoding::negotiate("gzip;q=1.0, br;q=0"), Encoding::Gzip);
        assert_eq!(Encoding::negotiate("identity"), Encoding::Identity);
        assert_eq!(Encoding::negotiate(""), Encoding::Identity);
    }
}
