//! Links that carry their own proof: an unsubscribe link names the address
//! and an HMAC of it, so nobody can unsubscribe someone else.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

const UNSUBSCRIBE: &[u8] = b"unsubscribe:";

#[derive(Clone)]
pub struct LinkSigner {
    key: Vec<u8>,
}

impl LinkSigner {
    pub fn new(key: &[u8]) -> Self {
        Self { key: key.to_vec() }
    }

    fn mac(&self, email: &str) -> HmacSha256 {
        // HMAC accepts keys of any length.
        let mut mac = HmacSha256::new_from_slice(&self.key).unwrap_or_else(|_| unreachable!());
        mac.update(UNSUBSCRIBE);
        mac.update(email.as_bytes());
        mac
    }

    pub fn unsubscribe_token(&self, email: &str) -> String {
        let tag = self.mac(email).finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(email),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The address a token was made for, if the token is genuine.
    pub fn verify_unsubscribe(&self, token: &str) -> Option<String> {
        let (email, tag) = token.split_once('.')?;
        let email = String::from_utf8(URL_SAFE_NO_PAD.decode(email).ok()?).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.mac(&email).verify_slice(&tag).ok()?;
        Some(email)
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
}
