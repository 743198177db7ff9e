//! How pages and files travel: compressed once, validated with ETags, cached
//! in memory until the content they show changes, by whoever changes it.

use std::io::Read;

use diesel::RunQueryDsl;
use reqwest::header;

use crate::helpers::{
    embedded_page_data, on_both_backends, on_each_backend, spawn_app, spawn_app_with, Backend,
    TestApp,
};

async fn get_with(
    app: &TestApp,
    path: &str,
    headers: &[(header::HeaderName, &str)],
) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    request.send().await.expect("request sent")
}

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .expect("gzip");
    text
}

fn unbrotli(bytes: &[u8]) -> String {
    let mut text = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut text).expect("brotli");
    String::from_utf8(text).expect("utf-8")
}

#[actix_rt::test]
async fn pages_come_in_the_best_accepted_encoding_and_decode_to_the_same_html() {
    let app = spawn_app(Backend::Sqlite).await;
    let plain = get_with(&app, "/directory", &[]).await;
    assert_eq!(plain.headers().get(header::CONTENT_ENCODING), None);
    let html = plain.text().await.expect("body");
    assert!(html.contains("Featured Businesses"));
    // A coding the cache does not keep gets the unencoded page, not one
    // the compression middleware made under that page's validator.
    let deflate = get_with(&app, "/directory", &[(header::ACCEPT_ENCODING, "deflate")]).await;
    assert_eq!(deflate.headers().get(header::CONTENT_ENCODING), None);
    assert_eq!(deflate.text().await.expect("body"), html);

    let brotli = get_with(
        &app,
        "/directory",
        &[(header::ACCEPT_ENCODING, "gzip, deflate, br")],
    )
    .await;
    assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
    assert_eq!(brotli.headers()[header::VARY], "Accept-Encoding");
    let compressed = brotli.bytes().await.expect("body");
    assert!(
        compressed.len() * 4 < html.len(),
        "{} of {}",
        compressed.len(),
        html.len()
    );
    assert_eq!(unbrotli(&compressed), html);

    let gzip = get_with(&app, "/directory", &[(header::ACCEPT_ENCODING, "gzip")]).await;
    assert_eq!(gzip.headers()[header::CONTENT_ENCODING], "gzip");
    assert_eq!(gunzip(&gzip.bytes().await.expect("body")), html);

    let api = get_with(
        &app,
        "/api/businesses",
        &[(header::ACCEPT_ENCODING, "gzip")],
    )
    .await;
    assert_eq!(api.headers()[header::CONTENT_ENCODING], "gzip");
    let businesses: serde_json::Value =
        serde_json::from_str(&gunzip(&api.bytes().await.expect("body"))).expect("JSON");
    assert!(businesses.as_array().is_some_and(|list| list.len() >= 60));
}

#[actix_rt::test]
async fn built_assets_are_served_from_their_pre_compressed_copies() {
    let app = spawn_app(Backend::Sqlite).await;
    let page = app.get("/").await.text().await.expect("body");
    let start = page.find("/assets/entry-client-").expect("script");
    let end = page[start..].find('"').expect("end") + start;
    let script = &page[start..end];
    let original = app.get(script).await;
    assert_eq!(original.headers()[header::CONTENT_TYPE], "text/javascript");
    let original = original.bytes().await.expect("body");

    for (accept, encoding) in [("br, gzip", "br"), ("gzip", "gzip")] {
        let response = get_with(&app, script, &[(header::ACCEPT_ENCODING, accept)]).await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()[header::CONTENT_ENCODING], encoding);
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        let body = response.bytes().await.expect("body");
        let decoded = if encoding == "br" {
            unbrotli(&body)
        } else {
            gunzip(&body)
        };
        assert_eq!(decoded.as_bytes(), &original[..]);
    }
    // Codings with no copy get the file as it is, not one the compression
    // middleware made under the file's validator.
    let deflate = get_with(&app, script, &[(header::ACCEPT_ENCODING, "deflate")]).await;
    assert_eq!(deflate.headers().get(header::CONTENT_ENCODING), None);
    assert_eq!(deflate.headers().get_all(header::VARY).iter().count(), 1);
    assert_eq!(deflate.bytes().await.expect("body"), original);
    // A part is a part of the file itself, as its headers say.
    let part = [
        (header::ACCEPT_ENCODING, "br, gzip"),
        (header::RANGE, "bytes=0-9"),
    ];
    let part = get_with(&app, script, &part).await;
    assert_eq!(part.status(), 206);
    assert_eq!(part.headers().get(header::CONTENT_ENCODING), None);
    assert_eq!(
        part.headers()[header::CONTENT_RANGE],
        format!("bytes 0-9/{}", original.len()).as_str()
    );
    assert_eq!(part.bytes().await.expect("body"), original[..10]);
    for hostile in [
        "/assets/..%2FCargo.toml",
        "/assets/.hidden",
        "/assets/no-such-file.js",
    ] {
        assert_eq!(app.get(hostile).await.status(), 404, "{hostile}");
    }
}

#[actix_rt::test]
async fn an_unchanged_page_answers_304_to_its_etag() {
    let app = spawn_app(Backend::Sqlite).await;
    let first = app.get("/history").await;
    assert_eq!(first.headers()[header::CACHE_CONTROL], "no-cache");
    let etag = first.headers()[header::ETAG]
        .to_str()
        .expect("etag")
        .to_owned();
    let again = get_with(&app, "/history", &[(header::IF_NONE_MATCH, &etag)]).await;
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()[header::ETAG], etag.as_str());
    assert!(again.bytes().await.expect("body").is_empty());
    let stale = get_with(
        &app,
        "/history",
        &[(header::IF_NONE_MATCH, "\"something-else\"")],
    )
    .await;
    assert_eq!(stale.status(), 200);
}

#[actix_rt::test]
async fn each_encoding_of_a_page_has_its_own_etag_and_a_missing_page_none_to_match() {
    let app = spawn_app(Backend::Sqlite).await;
    let mut etags = Vec::new();
    for accept in ["br", "gzip", "identity"] {
        let response = get_with(&app, "/history", &[(header::ACCEPT_ENCODING, accept)]).await;
        let etag = response.headers()[header::ETAG]
            .to_str()
            .expect("etag")
            .to_owned();
        let again = [
            (header::ACCEPT_ENCODING, accept),
            (header::IF_NONE_MATCH, &etag),
        ];
        assert_eq!(
            get_with(&app, "/history", &again).await.status(),
            304,
            "{accept}"
        );
        etags.push(etag);
    }
    assert_eq!(
        etags.iter().collect::<std::collections::HashSet<_>>().len(),
        3,
        "{etags:?}"
    );
    // The brotli page's validator does not stand for the gzip page.
    let other = [
        (header::ACCEPT_ENCODING, "gzip"),
        (header::IF_NONE_MATCH, &etags[0]),
    ];
    assert_eq!(get_with(&app, "/history", &other).await.status(), 200);

    let missing = get_with(&app, "/no-such-page", &[(header::IF_NONE_MATCH, "*")]).await;
    assert_eq!(missing.status(), 404);
}

#[actix_rt::test]
async fn answers_that_change_or_name_a_buyer_are_not_kept_as_they_are() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/payment-success?plan=premium&email=ann@example.com&business=Ann",
        "/checkout?plan=premium",
    ] {
        let response = app.get(path).await;
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "private, no-store",
            "{path}"
        );
    }
    for path in ["/api/businesses", "/api/businesses/no-such-business"] {
        let response = app.get(path).await;
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "no-cache",
            "{path}"
        );
    }
    let image = app.get("/images/badges/bbb.svg").await;
    assert_eq!(image.status(), 200);
    assert_eq!(
        image.headers()[header::CACHE_CONTROL],
        "public, max-age=86400"
    );
    // A picture added later must show at once where one was missing.
    let missing = app.get("/images/logos/not-yet-uploaded.svg").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.headers()[header::CACHE_CONTROL], "no-cache");
}

#[actix_rt::test]
async fn pictures_compressed_on_the_way_carry_a_weak_validator_that_still_revalidates() {
    let app = spawn_app(Backend::Sqlite).await;
    let image = get_with(
        &app,
        "/images/badges/bbb.svg",
        &[(header::ACCEPT_ENCODING, "gzip")],
    )
    .await;
    assert_eq!(image.headers()[header::CONTENT_ENCODING], "gzip");
    let etag = image.headers()[header::ETAG].to_str().expect("etag");
    assert!(etag.starts_with("W/\""), "{etag}");
    let again = get_with(
        &app,
        "/images/badges/bbb.svg",
        &[(header::IF_NONE_MATCH, etag)],
    )
    .await;
    assert_eq!(again.status(), 304);
}

#[actix_rt::test]
async fn a_range_of_a_picture_on_a_condition_comes_as_the_whole_picture() {
    let app = spawn_app(Backend::Sqlite).await;
    let path = "/images/badges/bbb.svg";
    let whole = app.get(path).await;
    let last_modified = whole.headers()[header::LAST_MODIFIED]
        .to_str()
        .expect("date")
        .to_owned();
    let whole = whole.bytes().await.expect("body");
    let part = get_with(&app, path, &[(header::RANGE, "bytes=0-9")]).await;
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await.expect("body"), whole[..10]);
    for validator in ["\"an-older-picture\"", last_modified.as_str()] {
        let resumed = get_with(
            &app,
            path,
            &[(header::RANGE, "bytes=10-"), (header::IF_RANGE, validator)],
        )
        .await;
        assert_eq!(resumed.status(), 200, "{validator}");
        assert_eq!(resumed.bytes().await.expect("body"), whole, "{validator}");
    }
}

#[actix_rt::test]
async fn requests_missing_the_same_page_at_once_share_one_render() {
    let app = spawn_app(Backend::Sqlite).await;
    let responses = futures_util::future::join_all((0..20).map(|_| app.get("/history"))).await;
    let etags: std::collections::HashSet<_> = responses
        .iter()
        .map(|response| {
            assert_eq!(response.status(), 200);
            response.headers().get(header::ETAG).cloned()
        })
        .collect();
    assert_eq!(etags.len(), 1, "{etags:?}");
    app.assert_metrics(&[
        "ssr_render_duration_seconds_count 1",
        "page_cache_misses_total 1",
        "page_cache_hits_total 19",
    ])
    .await;
}

#[actix_rt::test]
async fn made_up_addresses_neither_fill_the_cache_nor_cost_a_render_each() {
    let app = spawn_app(Backend::Sqlite).await;
    let mut etags = std::collections::HashSet::new();
    for n in 0..3 {
        let response = app.get(&format!("/history?utm_source=mail&x={n}")).await;
        assert_eq!(response.status(), 200);
        etags.insert(response.headers()[header::ETAG].clone());
    }
    assert_eq!(
        etags.len(),
        1,
        "one page, whatever the parameters it ignores"
    );
    for _ in 0..2 {
        let missing = app.get("/no-such-page").await;
        assert_eq!(missing.status(), 404);
        assert_eq!(missing.headers().get(header::ETAG), None, "not kept");
    }
    app.assert_metrics(&[
        "ssr_render_duration_seconds_count 3",
        "page_cache_misses_total 3",
        "page_cache_hits_total 2",
    ])
    .await;
}

#[actix_rt::test]
async fn a_page_whose_data_version_is_stuck_behind_a_lock_answers_503_in_time() {
    let app = spawn_app(Backend::Postgres).await;
    let mut blocker = app.db.connection().expect("connection");
    diesel::connection::SimpleConnection::batch_execute(
        &mut *blocker,
        "BEGIN; LOCK TABLE data_version IN ACCESS EXCLUSIVE MODE;",
    )
    .expect("locked");
    let response = app.get("/history").await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()[header::RETRY_AFTER], "5");
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    assert!(response
        .text()
        .await
        .expect("html")
        .contains("This page could not be shown right now."));
    diesel::connection::SimpleConnection::batch_execute(&mut *blocker, "ROLLBACK;")
        .expect("unlocked");
    assert_eq!(app.get("/history").await.status(), 200);
}

/// Adds "Brand New Bakery" with plain SQL, as another process or a person
/// with SQL would: the server hears of it only through the data version.
fn add_bakery_around_the_server(app: &TestApp) {
    let mut conn = app.db.connection().expect("connection");
    diesel::sql_query(
        "INSERT INTO businesses (name, slug, featured, verified, created_at, updated_at) \
         VALUES ('Brand New Bakery', 'brand-new-bakery', false, false, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
    )
    .execute(&mut *conn)
    .expect("insert");
}

on_both_backends! {
    async fn a_cached_page_changes_as_soon_as_the_database_does(app) {
        let before = app.get("/directory").await;
        let etag = before.headers()[header::ETAG].to_str().expect("etag").to_owned();
        assert!(!before.text().await.expect("body").contains("Brand New Bakery"));
        assert_eq!(get_with(&app, "/directory", &[(header::IF_NONE_MATCH, &etag)]).await.status(), 304);

        add_bakery_around_the_server(&app);

        let after = get_with(&app, "/directory", &[(header::IF_NONE_MATCH, &etag)]).await;
        assert_eq!(after.status(), 200);
        assert_ne!(after.headers()[header::ETAG], etag.as_str());
        assert!(after.text().await.expect("body").contains("Brand New Bakery"));
    }
}

on_each_backend! {
    async fn kept_answers_change_as_soon_as_the_database_does(backend) {
        // Only answers are kept: every page renders, from kept answers.
        let app = spawn_app_with(backend, |settings| settings.cache.enabled = false).await;
        let named = |answer: &serde_json::Value, name: &str| {
            answer.as_array().expect("a list").iter().any(|business| business["name"] == name)
        };
        assert!(!named(&app.get_json("/api/businesses").await, "Brand New Bakery"));
        let page = app.get("/directory").await.text().await.expect("body");
        assert!(!page.contains("Brand New Bakery"));

        add_bakery_around_the_server(&app);

        assert!(named(&app.get_json("/api/businesses").await, "Brand New Bakery"));
        let page = app.get("/directory").await.text().await.expect("body");
        assert!(page.contains("Brand New Bakery"));
    }
}

#[actix_rt::test]
async fn a_page_and_the_api_share_one_kept_answer() {
    let app = spawn_app_with(Backend::Sqlite, |settings| settings.cache.enabled = false).await;
    let from_api = app.get_json("/api/banners").await;
    let page = app.get("/history").await.text().await.expect("body");
    app.assert_metrics(&["read_cache_misses_total 1", "read_cache_hits_total 1"])
        .await;
    // The page embeds the very answer the API gave.
    assert_eq!(
        embedded_page_data(&page)["queries"]["/api/banners"],
        from_api
    );
}

#[actix_rt::test]
async fn a_catalogue_import_shows_on_cached_pages_at_once() {
    let app = spawn_app(Backend::Sqlite).await;
    assert!(!app
        .get("/directory")
        .await
        .text()
        .await
        .expect("body")
        .contains("Imported Ironworks"));
    let mut csv = Vec::new();
    {
        let mut conn = app.db.connection().expect("connection");
        server::catalog_csv::export(&mut conn, &mut csv).expect("export");
        let row = "Imported Ironworks,imported-ironworks,Gates and railings.,,,,,,,,,Home Services,false,false\n";
        let header_end = csv.iter().position(|byte| *byte == b'\n').expect("header") + 1;
        let header = String::from_utf8(csv[..header_end].to_vec()).expect("utf-8");
        let only_new = format!("{header}{row}");
        server::catalog_csv::import(&mut conn, only_new.as_bytes(), chrono::Utc::now())
            .expect("import");
    }
    assert!(app
        .get("/directory")
        .await
        .text()
        .await
        .expect("body")
        .contains("Imported Ironworks"));
}

#[actix_rt::test]
async fn with_the_caches_off_every_request_renders_from_the_database() {
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.cache.enabled = false;
        settings.cache.reads_max_megabytes = 0;
    })
    .await;
    let response = app.get("/history").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get(header::ETAG), None);
    assert!(!app
        .get_json("/api/banners")
        .await
        .as_array()
        .expect("a list")
        .is_empty());
    app.assert_metrics(&[
        "read_cache_misses_total 0",
        "read_cache_hits_total 0",
        "data_version_reads_total 0",
    ])
    .await;
}

#[actix_rt::test]
async fn a_page_whose_data_cannot_be_read_answers_the_html_notice() {
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.cache.enabled = false;
        settings.cache.reads_max_megabytes = 0;
    })
    .await;
    let mut conn = app.db.connection().expect("connection");
    diesel::sql_query("ALTER TABLE categories RENAME TO categories_gone")
        .execute(&mut *conn)
        .expect("renamed");
    let response = app.get("/directory").await;
    assert_eq!(response.status(), 500);
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    assert!(response
        .text()
        .await
        .expect("body")
        .contains("Something went wrong"));
    // So does the page a refused plain form post is shown on again.
    let refused = app
        .client
        .post(app.url("/api/newsletter/subscribe"))
        .form(&[("email", "not an address")])
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), 500);
    assert_eq!(
        refused.headers()[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    // The API keeps answering JSON.
    let api = app.get("/api/categories").await;
    assert_eq!(api.status(), 500);
    assert_eq!(api.headers()[header::CONTENT_TYPE], "application/json");
}

#[actix_rt::test]
async fn every_answer_tells_browsers_what_it_may_load_and_do() {
    let app = spawn_app(Backend::Sqlite).await;
    let home = app.get("/").await;
    let script = home
        .text()
        .await
        .expect("HTML")
        .split_once(r#"<script type="module" src=""#)
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(src, _)| src.to_owned())
        .expect("the page's script");
    for path in ["/", "/api/events", script.as_str(), "/no-such-page"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let policy = headers["content-security-policy"].to_str().expect("ascii");
        for directive in [
            "default-src 'self'",
            "script-src 'self' https://js.stripe.com",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(
            headers["permissions-policy"], "camera=(), microphone=(), geolocation=()",
            "{path}"
        );
        // Served over plain HTTP here: no HSTS.
        assert!(!headers.contains_key("strict-transport-security"), "{path}");
    }
}
