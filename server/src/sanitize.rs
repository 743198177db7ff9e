//! Stored rich text (event descriptions, article bodies) is cleaned every
//! time it leaves the server, so nothing written to the database by any
//! route can run script in a visitor's browser.

use std::sync::LazyLock;

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder.link_rel(Some("noopener noreferrer"));
    builder
});

pub fn clean_html(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::clean_html;

    #[test]
    fn script_event_handlers_and_javascript_links_come_out_inert() {
        let dirty = r#"<p onclick="x()">Hi<script>alert(1)</script><img src="a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>"#;
        let clean = clean_html(dirty);
        assert!(!clean.contains("script"), "{clean}");
        assert!(!clean.contains("onerror"), "{clean}");
        assert!(!clean.contains("onclick"), "{clean}");
        assert!(!clean.contains("javascript:"), "{clean}");
        assert!(clean.contains("<p>Hi"), "{clean}");
    }
}
