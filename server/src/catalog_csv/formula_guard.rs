//! Text cells a spreadsheet would run as a formula. Opened in a spreadsheet,
//! an exported phone number `+1 512 555 0100` would turn into an error, and a
//! description from someone else's file starting `=HYPERLINK(…)` into a live
//! formula. The export writes such a cell with a leading apostrophe, which
//! spreadsheets read as "text" and do not show; the import takes it off
//! again, so an export imported again is the same data.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serializer};

/// The first characters that start a formula (OWASP's list for CSV files).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Whether `text` is any number of apostrophes, then a formula start. Counting
/// the apostrophes makes the guard reversible: a text that already starts
/// with `'=` is written `''=` and read back as `'=`.
fn starts_a_formula(text: &str) -> bool {
    text.trim_start_matches('\'').starts_with(FORMULA_STARTS)
}

fn guard(text: &str) -> Cow<'_, str> {
    if starts_a_formula(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

fn unguard(text: String) -> String {
    match text.strip_prefix('\'') {
        Some(rest) if starts_a_formula(rest) => rest.to_owned(),
        _ => text,
    }
}

pub fn serialize<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&guard(text))
}

pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    String::deserialize(deserializer).map(unguard)
}

/// The same for a cell that may be empty.
pub mod optional {
    use super::*;

    pub fn serialize<S: Serializer>(
        text: &Option<String>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match text {
            Some(text) => serializer.serialize_some(&*guard(text)),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<String>, D::Error> {
        Option::<String>::deserialize(deserializer).map(|text| text.map(unguard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_start_gets_an_apostrophe_and_loses_it_again() {
        for text in [
            "=HYPERLINK(\"http://example.com\")",
            "+1 512 555 0100",
            "-5 degrees",
            "@SUM(A1)",
            "\tindented",
            "'=already quoted",
            "''+twice",
        ] {
            let guarded = guard(text);
            assert_eq!(guarded, format!("'{text}"));
            assert_eq!(unguard(guarded.into_owned()), text);
        }
    }

    #[test]
    fn other_text_is_left_as_it_is_both_ways() {
        for text in ["Joe's Diner", "'Tis the Season", "512-555-0100", "", "'"] {
            assert_eq!(guard(text), text);
            assert_eq!(unguard(text.to_owned()), text);
        }
    }
}
