//! The HTML document around each server-rendered page (an askama template)
//! and the hashed asset names it links, read from esbuild's manifest.

use std::path::Path;

use anyhow::Context;
use askama::Template;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// `ui/dist/manifest.json`, written by `ui/build.mjs`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssetManifest {
    pub script: String,
    pub module_preloads: Vec<String>,
    pub stylesheet: String,
}

impl AssetManifest {
    pub fn read(dist_dir: &Path) -> anyhow::Result<Self> {
        let path = dist_dir.join("manifest.json");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {} (run `make build`)", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }
}

#[derive(Template)]
#[template(path = "document.html")]
pub struct Document<'a> {
    pub assets: &'a AssetManifest,
    pub head: &'a str,
    pub body: &'a str,
    /// Already made safe for a `<script>` element by [`script_safe_json`].
    pub page_data: &'a str,
}

/// JSON text made fit to sit inside `<script type="application/json">`:
/// `<`, `>` and `&` become `\u003c`-style escapes (so no `</script>` or
/// `<!--` can appear), and so do U+2028/U+2029. Outside strings JSON has none
/// of these characters, and inside them `JSON.parse` reads the escapes back
/// as the original characters, so the text needs no second serialisation.
pub fn script_safe_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for char in json.chars() {
        match char {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            other => out.push(other),
        }
    }
    out
}

/// `value` serialised as script-safe JSON text ([`script_safe_json`]), to
/// be embedded in a larger JSON text as it is.
pub fn script_safe_value(value: &impl Serialize) -> serde_json::Result<Box<RawValue>> {
    RawValue::from_string(script_safe_json(&serde_json::to_string(value)?))
}

#[cfg(test)]
mod tests {
    use super::script_safe_json;

    #[test]
    fn a_closing_script_tag_inside_data_is_escaped_and_reads_back_unchanged() {
        let hostile = "</script><script>alert(1)</script><!--";
        let json = script_safe_json(&serde_json::json!({ "name": hostile }).to_string());
        assert!(!json.contains('<'));
        assert!(!json.contains('>'));
        let back: serde_json::Value = serde_json::from_str(&json).expect("still JSON");
        assert_eq!(back["name"], hostile);
    }
}
