//! What search engines read first: the sitemap, robots.txt and the links of
//! the shared chrome.

use serde_json::Value;
use server::sitemap::STATIC_PAGES;

use crate::helpers::on_both_backends;

/// The default configuration's public origin, which test servers keep.
const PUBLIC_BASE_URL: &str = "http://127.0.0.1:8080";

/// The `<loc>` and `<lastmod>` of every `<url>`, in order.
fn urls(xml: &str) -> Vec<(String, Option<String>)> {
    xml.split("<url>")
        .skip(1)
        .map(|entry| {
            let between = |open: &str, close: &str| {
                let start = entry.find(open)? + open.len();
                let end = entry[start..].find(close)? + start;
                Some(entry[start..end].to_owned())
            };
            (
                between("<loc>", "</loc>").expect("every url has a loc"),
                between("<lastmod>", "</lastmod>"),
            )
        })
        .collect()
}

fn slugs(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["slug"].as_str().expect("a slug").to_owned())
        .collect()
}

/// The path of a sitemap address, which is on the configured public origin.
fn local_path(url: &str) -> String {
    url.strip_prefix(PUBLIC_BASE_URL)
        .unwrap_or_else(|| panic!("{url} is on the configured public origin"))
        .replace("&amp;", "&")
}

on_both_backends! {
    async fn the_sitemap_lists_every_public_page_and_entity_and_each_answers_200(app) {
        let response = app.get("/sitemap.xml").await;
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"].to_str().expect("type").starts_with("application/xml"));
        let listed = urls(&response.text().await.expect("body"));
        let mut paths = Vec::new();
        for (loc, lastmod) in &listed {
            let path = local_path(loc);
            let entity = ["/business/", "/category/", "/agent/", "/news/"].iter().any(|prefix| path.starts_with(prefix));
            if entity {
                let stamp = lastmod.as_deref().unwrap_or_else(|| panic!("{path} has a lastmod"));
                assert!(chrono::DateTime::parse_from_rfc3339(stamp).is_ok(), "{path}: {stamp}");
            }
            paths.push(path);
        }

        let mut expected: Vec<String> = STATIC_PAGES.iter().map(|page| (*page).to_owned()).collect();
        let businesses = app.get_json("/api/businesses").await;
        let mut business_slugs = slugs(&businesses);
        business_slugs.sort();
        expected.extend(business_slugs.iter().map(|slug| format!("/business/{slug}")));
        expected.extend(slugs(&app.get_json("/api/categories").await).iter().map(|slug| format!("/category/{slug}")));
        let mut agents: Vec<String> = businesses
            .as_array()
            .expect("a list")
            .iter()
            .filter(|business| business["categoryName"] == "Real Estate Services")
            .map(|agent| format!("/agent/{}", agent["slug"].as_str().expect("slug")))
            .collect();
        agents.sort();
        assert!(agents.len() >= 8, "the demo content has agents");
        expected.extend(agents);
        expected.extend(slugs(&app.get_json("/api/articles?published=true").await).iter().map(|slug| format!("/news/{slug}")));
        assert_eq!(paths, expected);
        assert!(!paths.iter().any(|path| path == "/checkout" || path == "/payment-success"));

        for path in &paths {
            assert_eq!(app.get(path).await.status(), 200, "GET {path}");
        }
    }
}

#[actix_rt::test]
async fn robots_txt_points_at_the_sitemap_and_keeps_crawlers_out_of_the_api() {
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
    let response = app.get("/robots.txt").await;
    assert_eq!(response.status(), 200);
    let robots = response.text().await.expect("body");
    assert!(
        robots.lines().any(|line| line == "Disallow: /api/"),
        "{robots}"
    );
    // The payment pages say noindex themselves, which a blocked crawler would never read.
    let payment = app
        .get("/payment-success?plan=premium")
        .await
        .text()
        .await
        .expect("body");
    assert!(payment.contains(r#"<meta name="robots" content="noindex">"#));
    assert!(!robots.contains("/payment-success"), "{robots}");
    assert!(robots.contains(&format!("Sitemap: {PUBLIC_BASE_URL}/sitemap.xml")));
}

#[actix_rt::test]
async fn every_header_and_footer_link_answers_200_or_is_a_marked_placeholder() {
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
    let home = app.get("/").await.text().await.expect("body");
    let chrome: String = ["<header", "<footer"]
        .iter()
        .map(|open| {
            let start = home
                .find(open)
                .unwrap_or_else(|| panic!("{open} in the page"));
            let close = open.replace('<', "</");
            let end = home[start..].find(&close).expect("closed") + start;
            home[start..end].to_owned()
        })
        .collect();
    let mut internal = 0;
    for anchor in chrome.split("<a ").skip(1) {
        let tag = &anchor[..anchor.find('>').expect("tag end")];
        match tag
            .split("href=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
        {
            Some(href) if href.starts_with('/') => {
                internal += 1;
                assert_eq!(app.get(href).await.status(), 200, "GET {href}");
            }
            Some(href) => assert!(
                ["tel:", "mailto:", "https://"]
                    .iter()
                    .any(|scheme| href.starts_with(scheme)),
                "unexpected link {href}"
            ),
            None => assert!(
                tag.contains("aria-disabled=\"true\""),
                "a link without href is a marked placeholder: {tag}"
            ),
        }
    }
    assert!(
        internal >= 14,
        "header and footer have their site links ({internal})"
    );
}
