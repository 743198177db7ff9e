//! `/sitemap.xml` and `/robots.txt`: what search engines may crawl and where
//! every public page is.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::article::ArticleStamp;
use crate::models::business::BusinessStamp;
use crate::models::category::{Category, PARENT_SEPARATOR};

/// The pages without a database row behind them (checkout and payment
/// success are private to a buyer and left out).
pub const STATIC_PAGES: &[&str] = &[
    "/",
    "/directory",
    "/events",
    "/news",
    "/history",
    "/helpful-links",
    "/get-listed",
    "/contact",
    "/remember-when",
    "/real-estate",
    "/real-estate/residential/for-sale",
    "/real-estate/residential/for-lease",
    "/real-estate/residential/agents",
    "/real-estate/commercial/for-sale",
    "/real-estate/commercial/for-lease",
    "/real-estate/commercial/agents",
];

/// Agents are the businesses of this category (spec section 9).
const AGENT_CATEGORY: &str = "Real Estate Services";

/// Paths crawlers are asked to leave alone: the API. A buyer's own pages are
/// not among them: they say `noindex`, which a crawler kept out never reads,
/// and a blocked address that others link to may still be listed.
const DISALLOWED: &[&str] = &["/api/"];

/// One `<url>` of the sitemap.
#[derive(Debug, Clone, PartialEq)]
pub struct SitemapEntry {
    pub path: String,
    pub last_modified: Option<NaiveDateTime>,
}

/// Every public page, static ones first, then businesses, categories, agents and articles.
pub fn entries(conn: &mut DbConnection) -> AppResult<Vec<SitemapEntry>> {
    let businesses = BusinessStamp::list(conn)?;
    let categories = Category::list(conn)?;
    let articles = ArticleStamp::list_published(conn)?;

    // A category changes when one of its businesses (or its sub-categories') does.
    let mut category_changes: BTreeMap<&str, NaiveDateTime> = BTreeMap::new();
    for business in &businesses {
        let Some(name) = business.category_name.as_deref() else {
            continue;
        };
        let top = name
            .split_once(PARENT_SEPARATOR)
            .map_or(name, |(parent, _)| parent);
        for key in [name, top] {
            let latest = category_changes.entry(key).or_insert(business.updated_at);
            *latest = (*latest).max(business.updated_at);
        }
    }

    let mut entries: Vec<SitemapEntry> = STATIC_PAGES
        .iter()
        .map(|path| SitemapEntry {
            path: (*path).to_owned(),
            last_modified: None,
        })
        .collect();
    entries.extend(businesses.iter().map(|business| SitemapEntry {
        path: format!("/business/{}", business.slug),
        last_modified: Some(business.updated_at),
    }));
    // An empty category lists nothing of its own; it last changed with the directory.
    let directory_changed = businesses.iter().map(|business| business.updated_at).max();
    entries.extend(categories.iter().map(|category| {
        SitemapEntry {
            path: format!("/category/{}", category.slug),
            last_modified: category_changes
                .get(category.name.as_str())
                .copied()
                .or(directory_changed),
        }
    }));
    entries.extend(
        businesses
            .iter()
            .filter(|business| business.category_name.as_deref() == Some(AGENT_CATEGORY))
            .map(|agent| SitemapEntry {
                path: format!("/agent/{}", agent.slug),
                last_modified: Some(agent.updated_at),
            }),
    );
    entries.extend(articles.iter().map(|article| SitemapEntry {
        path: format!("/news/{}", article.slug),
        last_modified: Some(article.created_at),
    }));
    Ok(entries)
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// The sitemap protocol's XML, with absolute addresses on `base_url`.
pub fn sitemap_xml(base_url: &str, entries: &[SitemapEntry]) -> String {
    let base = base_url.trim_end_matches('/');
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for entry in entries {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape_xml(&format!("{base}{}", entry.path)));
        xml.push_str("</loc>");
        if let Some(changed) = entry.last_modified {
            xml.push_str("<lastmod>");
            xml.push_str(&changed.and_utc().format("%Y-%m-%dT%H:%M:%SZ").to_string());
            xml.push_str("</lastmod>");
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots_txt(base_url: &str) -> String {
    let mut text = String::from("User-agent: *\n");
    for path in DISALLOWED {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!(
        "\nSitemap: {}/sitemap.xml\n",
        base_url.trim_end_matches('/')
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_absolute_and_escaped_with_utc_lastmod() {
        let changed = chrono::NaiveDate::from_ymd_opt(2026, 3, 8)
            .and_then(|day| day.and_hms_opt(7, 30, 0))
            .expect("a date");
        let xml = sitemap_xml(
            "https://example.org/",
            &[
                SitemapEntry {
                    path: "/".into(),
                    last_modified: None,
                },
                SitemapEntry {
                    path: "/news/a&b".into(),
                    last_modified: Some(changed),
                },
            ],
        );
        assert!(xml.contains("<url><loc>https://example.org/</loc></url>"));
        assert!(xml.contains(
            "<url><loc>https://example.org/news/a&amp;b</loc><lastmod>2026-03-08T07:30:00Z</lastmod></url>"
        ));
    }

    #[test]
    fn robots_keep_crawlers_out_of_the_api_alone_and_name_the_sitemap() {
        let robots = robots_txt("https://example.org");
        assert!(robots.contains("Disallow: /api/\n"));
        assert_eq!(robots.matches("Disallow").count(), 1, "{robots}");
        assert!(robots.ends_with("Sitemap: https://example.org/sitemap.xml\n"));
    }
}
