//! Tokens that carry their own proof: an unsubscribe link names the address
//! and an HMAC of it, so nobody can unsubscribe someone else; a browser's
//! claim on the listing order it started names the order the same way, so
//! nobody can put their details on another buyer's order.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

const UNSUBSCRIBE: &[u8] = b"unsubscribe:";
const LISTING_ORDER: &[u8] = b"listing-order:";

#[derive(Clone)]
pub struct LinkSigner {
    key: Vec<u8>,
}

impl LinkSigner {
    pub fn new(key: &[u8]) -> Self {
        Self { key: key.to_vec() }
    }

    fn mac(&self, purpose: &[u8], value: &str) -> HmacSha256 {
        // HMAC accepts keys of any length.
        let mut mac = HmacSha256::new_from_slice(&self.key).unwrap_or_else(|_| unreachable!());
        mac.update(purpose);
        mac.update(value.as_bytes());
        mac
    }

    fn token(&self, purpose: &[u8], value: &str) -> String {
        let tag = self.mac(purpose, value).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(value),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The value a token was made for, if the token is genuine.
    fn verify(&self, purpose: &[u8], token: &str) -> Option<String> {
        let (value, tag) = token.split_once('.')?;
        let value = String::from_utf8(URL_SAFE_NO_PAD.decode(value).ok()?).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(purpose, &value).verify_slice(&tag).ok()?;
        Some(value)
    }

    pub fn unsubscribe_token(&self, email: &str) -> String {
        self.token(UNSUBSCRIBE, email)
    }

    /// The address a token was made for, if the token is genuine.
    pub fn verify_unsubscribe(&self, token: &str) -> Option<String> {
        self.verify(UNSUBSCRIBE, token)
    }

    pub fn listing_order_token(&self, order_id: i32) -> String {
        self.token(LISTING_ORDER, &order_id.to_string())
    }

    /// The order a token was made for, if the token is genuine.
    pub fn verify_listing_order(&self, token: &str) -> Option<i32> {
        self.verify(LISTING_ORDER, token)?.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::LinkSigner;

    #[test]
    fn a_token_verifies_only_with_its_key_and_unchanged() {
        let signer = LinkSigner::new(b"key one");
        let token = signer.unsubscribe_token("ann@example.com");
        assert_eq!(
            signer.verify_unsubscribe(&token).as_deref(),
            Some("ann@example.com")
        );
        assert_eq!(LinkSigner::new(b"key two").verify_unsubscribe(&token), None);
        let forged = format!("{}{}", &token[..token.len() - 2], "AA");
        assert_eq!(signer.verify_unsubscribe(&forged), None);
        let other = signer.unsubscribe_token("bob@example.com");
        let (_, other_tag) = other.split_once('.').expect("dot");
        let (ann, _) = token.split_once('.').expect("dot");
        assert_eq!(
            signer.verify_unsubscribe(&format!("{ann}.{other_tag}")),
            None
        );
    }

    #[test]
    fn an_order_token_names_its_order_and_is_no_unsubscribe_token() {
        let signer = LinkSigner::new(b"key one");
        let token = signer.listing_order_token(42);
        assert_eq!(signer.verify_listing_order(&token), Some(42));
        assert_eq!(
            LinkSigner::new(b"key two").verify_listing_order(&token),
            None
        );
        assert_eq!(signer.verify_unsubscribe(&token), None);
        let unsubscribe = signer.unsubscribe_token("42");
        assert_eq!(signer.verify_listing_order(&unsubscribe), None);
    }
}
