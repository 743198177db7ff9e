use reqwest::Method;
use server::handlers::redirects::ALIASES;

use crate::helpers::{embedded_page_data, spawn_app, spawn_app_with, Backend};

async fn html(app: &crate::helpers::TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

#[actix_rt::test]
async fn the_home_page_arrives_complete_from_the_server() {
    let app = spawn_app(Backend::Sqlite).await;
    let response = app.get("/").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let body = response.text().await.expect("body");
    for text in [
        "<!doctype html>",
        "Cedar Heights",
        ">Directory<",
        ">Helpful Links<",
        ">Get Listed<",
        "Managed By",
        "All rights reserved",
        "/category/pet-services",
        r#"id="page-data""#,
    ] {
        assert!(body.contains(text), "missing {text:?}");
    }
}

#[actix_rt::test]
async fn an_unknown_path_is_a_404_page_not_found() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, body) = html(&app, "/no-such-page").await;
    assert_eq!(status, 404);
    assert!(body.contains("Page Not Found"));
    assert!(body.contains("/no-such-page"));
    assert!(body.contains(r#"<meta name="robots" content="noindex">"#));
}

#[actix_rt::test]
async fn pages_for_slugs_no_entity_could_have_answer_404_with_the_not_found_texts() {
    let app = spawn_app(Backend::Sqlite).await;
    for (path, title) in [
        ("/news/town-hall-meeting.html", "Article Not Found"),
        ("/business/pecan_street_grill", "Business Not Found"),
        ("/agent/jane_doe", "Agent Not Found"),
        ("/category/food_dining", "Category Not Found"),
    ] {
        let (status, body) = html(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(body.contains(title), "{path}");
    }
}

#[actix_rt::test]
async fn a_search_with_control_characters_arrives_rendered_with_its_results() {
    let app = spawn_app(Backend::Sqlite).await;
    let bakeries = app.get_json("/api/businesses?search=bakery").await;
    let bakery = bakeries[0]["name"].as_str().expect("a bakery");
    let (status, body) = html(&app, "/directory?search=bak%00ery").await;
    assert_eq!(status, 200);
    assert_eq!(
        embedded_page_data(&body)["queries"]["/api/businesses?search=bakery"],
        bakeries
    );
    let (page, _data) = body
        .split_once(r#"<script id="page-data""#)
        .expect("page data");
    assert!(
        page.contains(bakery),
        "rendered with its results, not a skeleton"
    );
}

#[actix_rt::test]
async fn every_alias_redirects_permanently_to_its_page() {
    let app = spawn_app(Backend::Sqlite).await;
    assert_eq!(ALIASES.len(), 14);
    for (alias, target) in ALIASES {
        let response = app.get(alias).await;
        assert_eq!(response.status(), 301, "{alias}");
        assert_eq!(response.headers()["location"], *target, "{alias}");
    }
    let response = app.get("/businesses?search=bakery").await;
    assert_eq!(response.headers()["location"], "/directory?search=bakery");
}

#[actix_rt::test]
async fn a_page_asked_for_in_another_case_or_with_a_trailing_slash_moves_to_its_one_address() {
    let app = spawn_app(Backend::Sqlite).await;
    for (path, target) in [
        ("/Directory/?search=Grill", "/directory?search=Grill"),
        ("/EVENTS", "/events"),
        (
            "/business/pecan-street-grill/",
            "/business/pecan-street-grill",
        ),
        ("/About/", "/history"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 301, "{path}");
        assert_eq!(response.headers()["location"], target, "{path}");
    }
    let (status, body) = html(&app, "/events").await;
    assert_eq!(status, 200);
    let canonical = body
        .split(r#"<link rel="canonical" href=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("canonical link");
    assert!(canonical.ends_with("/events"), "{canonical}");
}

#[actix_rt::test]
async fn every_readable_address_answers_head_without_a_body() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/events",
        "/api/events",
        "/sitemap.xml",
        "/robots.txt",
        "/healthz",
    ] {
        let get = app.get(path).await;
        assert_eq!(get.status(), 200, "GET {path}");
        let content_type = get.headers()["content-type"].clone();
        let head = app.request(Method::HEAD, path).await;
        assert_eq!(head.status(), 200, "HEAD {path}");
        assert_eq!(head.headers()["content-type"], content_type, "HEAD {path}");
        assert!(head.bytes().await.expect("body").is_empty(), "HEAD {path}");
    }
    let moved = app.request(Method::HEAD, "/about").await;
    assert_eq!(moved.status(), 301);
}

#[actix_rt::test]
async fn a_known_address_asked_with_another_method_is_a_405_naming_the_allowed_ones() {
    let app = spawn_app(Backend::Sqlite).await;
    for (method, path, allowed) in [
        (Method::POST, "/api/events", "GET, HEAD"),
        (
            Method::DELETE,
            "/api/businesses/pecan-street-grill",
            "GET, HEAD",
        ),
        (Method::GET, "/api/contact", "POST"),
        (Method::PUT, "/api/newsletter/subscribe", "POST"),
        (Method::POST, "/sitemap.xml", "GET, HEAD"),
        (Method::POST, "/events", "GET, HEAD"),
        (Method::PUT, "/", "GET, HEAD"),
    ] {
        let response = app.request(method.clone(), path).await;
        assert_eq!(response.status(), 405, "{method} {path}");
        assert_eq!(response.headers()["allow"], allowed, "{method} {path}");
        let body: serde_json::Value = response.json().await.expect("JSON");
        assert_eq!(
            body["message"],
            format!("This address answers {allowed} only")
        );
    }
    // An address that does not exist stays a 404, whatever the method.
    let response = app.request(Method::POST, "/api/nothing-here").await;
    assert_eq!(response.status(), 404);
}

#[actix_rt::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app(Backend::Sqlite).await;
    let (_, body) = html(&app, "/").await;
    let start = body.find("/assets/app-").expect("stylesheet link");
    let end = body[start..].find('"').expect("end of link") + start;
    let response = app.get(&body[start..end]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
}

#[actix_rt::test]
async fn data_embedded_in_the_page_cannot_break_out_of_its_script() {
    let hostile = "</script><script>alert(1)</script>";
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.site.community_name = hostile.to_owned();
    })
    .await;
    let (status, body) = html(&app, "/").await;
    assert_eq!(status, 200);
    assert!(
        !body.contains("<script>alert(1)"),
        "the hostile name escaped somewhere"
    );
    assert_eq!(embedded_page_data(&body)["site"]["communityName"], hostile);
}

#[actix_rt::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app(Backend::Sqlite).await;
    let response = app.get("/api/nothing-here").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(body["message"], "No such API endpoint");
}
