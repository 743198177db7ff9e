//! Values parsed from requests at the edge; past their first line, handlers
//! only carry these, never raw strings.

use crate::error::AppError;

/// A URL slug: 1–120 characters of lowercase letters, digits and dashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slug(String);

impl Slug {
    pub const MAX_LEN: usize = 120;

    /// Slugs no business may take: the site's own addresses use them
    /// (`/api/businesses/featured` is the featured list, not a business).
    const RESERVED_FOR_BUSINESSES: [&'static str; 1] = ["featured"];

    /// `None` when `raw` cannot be a slug; no entity has such an address.
    pub fn parse(raw: &str) -> Option<Self> {
        let valid = !raw.is_empty()
            && raw.len() <= Self::MAX_LEN
            && raw
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        valid.then(|| Self(raw.to_owned()))
    }

    /// Whether a business may be given this slug.
    pub fn is_free_for_a_business(&self) -> bool {
        !Self::RESERVED_FOR_BUSINESSES.contains(&self.as_str())
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

/// Text as a visitor sent it, less the control characters that are not
/// white space (NUL, escape and the like): no keyboard types them, pasted
/// text brings them unseen, and PostgreSQL cannot store NUL. Line breaks
/// and tabs stay.
pub fn without_control_characters(raw: &str) -> String {
    raw.chars()
        .filter(|c| !c.is_control() || c.is_whitespace())
        .collect()
}

/// What a form's text field takes, in characters once the text is
/// [`without_control_characters`] and trimmed, and the message for each way
/// to miss it.
#[derive(Debug, Clone, Copy)]
pub struct TextRule {
    /// The fewest characters and the message for fewer; `None` when the
    /// field may be left empty.
    pub at_least: Option<(usize, &'static str)>,
    /// The most characters and the message for more.
    pub at_most: (usize, &'static str),
}

impl TextRule {
    /// The text the field keeps, or the message saying why it cannot.
    pub fn parse(&self, raw: &str) -> Result<String, &'static str> {
        let text = without_control_characters(raw).trim().to_owned();
        let length = text.chars().count();
        match (self.at_least, self.at_most) {
            (Some((min, too_short)), _) if length < min => Err(too_short),
            (_, (max, too_long)) if length > max => Err(too_long),
            _ => Ok(text),
        }
    }
}

/// A directory search: [`without_control_characters`], trimmed, at most
/// 100 characters; blank means no search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchTerm(String);

impl SearchTerm {
    pub const MAX_LEN: usize = 100;

    pub fn parse(raw: &str) -> Result<Option<Self>, AppError> {
        let term = without_control_characters(raw).trim().to_owned();
        if term.chars().count() > Self::MAX_LEN {
            return Err(AppError::BadRequest(format!(
                "search must be at most {} characters",
                Self::MAX_LEN
            )));
        }
        Ok((!term.is_empty()).then_some(Self(term)))
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
        assert!(Slug::parse("food-dining").is_some());
        for bad in [
            "",
            "Food",
            "a b",
            "a/b",
            "é",
            &"a".repeat(Slug::MAX_LEN + 1),
        ] {
            assert!(Slug::parse(bad).is_none(), "{bad:?}");
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
        assert_eq!(SearchTerm::parse("\0").ok(), Some(None));
        assert!(SearchTerm::parse(&"x".repeat(101)).is_err());
    }

    #[test]
    fn only_control_characters_that_are_not_white_space_are_dropped() {
        assert_eq!(
            without_control_characters("a\0b\u{1b}c\u{7f}d\u{9b}e"),
            "abcde"
        );
        assert_eq!(
            without_control_characters("line\r\nnext\tcell\u{b}"),
            "line\r\nnext\tcell\u{b}"
        );
        assert_eq!(without_control_characters("Café 🙂"), "Café 🙂");
    }

    #[test]
    fn a_text_rule_counts_the_visible_trimmed_characters() {
        let rule = TextRule {
            at_least: Some((2, "short")),
            at_most: (3, "long"),
        };
        assert_eq!(rule.parse(" \0a\0 "), Err("short"));
        assert_eq!(rule.parse(" é\0🙂 ").as_deref(), Ok("é🙂"));
        assert_eq!(rule.parse("abcd"), Err("long"));
        let optional = TextRule {
            at_least: None,
            ..rule
        };
        assert_eq!(optional.parse("  ").as_deref(), Ok(""));
    }
}
