//! Values parsed from requests at the edge; past their first line, handlers
//! only carry these, never raw strings.

use crate::error::AppError;

/// A URL slug: 1–120 characters of lowercase letters, digits and dashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    pub const MAX_LEN: usize = 120;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let valid = !raw.is_empty()
            && raw.len() <= Self::MAX_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if valid {
            Ok(Self(raw.to_owned()))
        } else {
            Err(AppError::BadRequest(format!(
                "Invalid slug: use 1 to {} lowercase letters, digits or dashes",
                Self::MAX_LEN
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A category id from a query string: a positive whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryId(pub i32);

impl CategoryId {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        match raw.parse::<i32>() {
            Ok(id) if id > 0 => Ok(Self(id)),
            _ => Err(AppError::BadRequest(
                "categoryId must be a positive whole number".into(),
            )),
        }
    }
}

/// How many items a list may return: 1 to 50.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit(pub i64);

impl Limit {
    pub const MAX: i64 = 50;

    pub fn parse(raw: &str) -> Result<Self, AppError> {
        match raw.parse::<i64>() {
            Ok(limit) if (1..=Self::MAX).contains(&limit) => Ok(Self(limit)),
            _ => Err(AppError::BadRequest(format!(
                "limit must be a whole number from 1 to {}",
                Self::MAX
            ))),
        }
    }
}

/// A directory search: trimmed, at most 100 characters; blank means no search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchTerm(String);

impl SearchTerm {
    pub const MAX_LEN: usize = 100;

    pub fn parse(raw: &str) -> Result<Option<Self>, AppError> {
        let term = raw.trim();
        if term.chars().count() > Self::MAX_LEN {
            return Err(AppError::BadRequest(format!(
                "search must be at most {} characters",
                Self::MAX_LEN
            )));
        }
        Ok((!term.is_empty()).then(|| Self(term.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An e-mail address: trimmed, lower-cased, `local@domain.tld`, at most 254
/// characters, and one the mailer can send to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub const MAX_LEN: usize = 254;

    /// `None` when `raw` is not a plausible address.
    pub fn parse(raw: &str) -> Option<Self> {
        let email = raw.trim().to_lowercase();
        let (local, domain) = email.split_once('@')?;
        let plausible = email.len() <= Self::MAX_LEN
            && !local.is_empty()
            && !email.chars().any(char::is_whitespace)
            && !domain.contains('@')
            && domain
                .split_once('.')
                .is_some_and(|(name, tld)| !name.is_empty() && !tld.is_empty())
            && !domain.ends_with('.')
            // An address the mailer would refuse could never be written to.
            && email.parse::<lettre::Address>().is_ok();
        plausible.then_some(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// This address with a display name, as a header names it: `Jo <jo@example.com>`.
    /// Control characters and runs of white space in the name become single
    /// spaces: a header cannot hold a line break, and lettre refuses to write one.
    pub fn mailbox(&self, name: &str) -> lettre::message::Mailbox {
        let address = self
            .0
            .parse()
            .unwrap_or_else(|_| unreachable!("checked by EmailAddress::parse"));
        let name = name
            .split(|c: char| c.is_control() || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        lettre::message::Mailbox::new(Some(name), address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_accept_kebab_case_and_refuse_everything_else() {
        assert!(Slug::parse("food-dining").is_ok());
        for bad in [
            "",
            "Food",
            "a b",
            "a/b",
            "é",
            &"a".repeat(Slug::MAX_LEN + 1),
        ] {
            assert!(Slug::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_and_ids_must_be_positive_whole_numbers() {
        assert_eq!(Limit::parse("5").ok(), Some(Limit(5)));
        for bad in ["abc", "0", "-1", "51", "2.5"] {
            assert!(Limit::parse(bad).is_err(), "{bad:?}");
            assert!(bad == "51" || CategoryId::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn email_addresses_are_normalised_deliverable_and_need_a_domain_with_a_dot() {
        assert_eq!(
            EmailAddress::parse("  Ann@Example.COM ").map(|e| e.0),
            Some("ann@example.com".into())
        );
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "ann@ex ample.com",
            "a@b@c.com",
            "ann@example.",
            "ann..lee@example.com",
            "a(b)@example.com",
        ] {
            assert!(EmailAddress::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn a_blank_search_is_no_search() {
        assert_eq!(SearchTerm::parse("   ").ok(), Some(None));
        assert!(SearchTerm::parse(&"x".repeat(101)).is_err());
    }
}
