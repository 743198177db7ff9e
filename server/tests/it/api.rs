use chrono::{Duration, Utc};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use serde_json::Value;
use server::db::schema::{articles, businesses, events, sponsor_banners};
use server::models::article::NewArticle;
use server::models::banner::NewSponsorBanner;
use server::models::event::NewEvent;

use crate::helpers::{on_both_backends, TestApp};

const BUSINESS_FIELDS: &[&str] = &[
    "id",
    "name",
    "slug",
    "description",
    "address",
    "phone",
    "email",
    "website",
    "logoUrl",
    "imageUrl",
    "latitude",
    "longitude",
    "categoryId",
    "categoryName",
    "categorySlug",
    "featured",
    "verified",
];

fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

fn sorted(fields: &[&str]) -> Vec<String> {
    let mut fields: Vec<String> = fields.iter().map(|field| (*field).to_owned()).collect();
    fields.sort();
    fields
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Adds a business with no category, as plain SQL would.
fn add_business(app: &TestApp, name: &str, slug: &str) {
    let now = Utc::now().naive_utc();
    diesel::insert_into(businesses::table)
        .values((
            businesses::name.eq(name),
            businesses::slug.eq(slug),
            businesses::featured.eq(false),
            businesses::verified.eq(false),
            businesses::created_at.eq(now),
            businesses::updated_at.eq(now),
        ))
        .execute(&mut app.db.connection().expect("connection"))
        .expect("inserted");
}

async fn assert_error(app: &TestApp, path: &str, status: u16, message: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status(), status, "GET {path}");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["message"], message, "GET {path}");
}

async fn assert_bad_request(app: &TestApp, path: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status(), 400, "GET {path}");
    let body: Value = response.json().await.expect("a JSON error body");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|message| !message.is_empty()),
        "GET {path}: {body}"
    );
}

on_both_backends! {
    async fn businesses_list_every_business_featured_first_then_by_name(app) {
        let list = app.get_json("/api/businesses").await;
        let list = list.as_array().expect("a list");
        assert!(list.len() >= 60);
        assert_eq!(keys(&list[0]), sorted(BUSINESS_FIELDS));
        let featured_count = list.iter().filter(|b| b["featured"] == true).count();
        assert!(list[..featured_count].iter().all(|b| b["featured"] == true));
        for part in [&list[..featured_count], &list[featured_count..]] {
            let names: Vec<&str> = part.iter().map(|b| b["name"].as_str().unwrap_or_default()).collect();
            let mut expected = names.clone();
            expected.sort();
            assert_eq!(names, expected);
        }
    }

    async fn featured_businesses_are_only_featured_ones(app) {
        let featured = app.get_json("/api/businesses/featured").await;
        let featured = featured.as_array().expect("a list");
        assert!(featured.len() >= 10);
        assert!(featured.iter().all(|b| b["featured"] == true));
    }

    async fn a_business_is_found_by_slug_with_its_category(app) {
        let all = app.get_json("/api/businesses").await;
        let first = &all[0];
        let slug = first["slug"].as_str().expect("slug");
        let one = app.get_json(&format!("/api/businesses/{slug}")).await;
        assert_eq!(&one, first);
        assert!(one["categoryName"].is_string());
    }

    async fn search_matches_name_description_and_category_ignoring_case(app) {
        let by_name = app.get_json("/api/businesses?search=BAKERY").await;
        assert!(names(&by_name).iter().any(|name| name.to_lowercase().contains("bakery")));
        let by_category = app.get_json("/api/businesses?search=real%20estate%20services").await;
        let by_category = by_category.as_array().expect("a list");
        assert!(by_category.len() >= 8);
        assert!(by_category.iter().all(|b| b["categoryName"] == "Real Estate Services"));
        let nothing = app.get_json("/api/businesses?search=zzzz-no-such-thing").await;
        assert_eq!(nothing, serde_json::json!([]));
        let wildcard = app.get_json("/api/businesses?search=%25").await;
        assert_eq!(wildcard, serde_json::json!([]), "% is a literal character, not a wildcard");
    }

    async fn search_ignores_case_in_letters_beyond_ascii_alike_on_either_database(app) {
        add_business(&app, "Café Ñandú", "cafe-nandu");
        for term in ["CAF%C3%89", "%C3%B1and%C3%BA", "%C3%91AND%C3%9A"] {
            let found = app.get_json(&format!("/api/businesses?search={term}")).await;
            assert_eq!(names(&found), vec!["Café Ñandú"], "{term}");
        }
        // The term and the names go through the same lower(): İSTANBUL,
        // İstanbul and istanbul all find it.
        add_business(&app, "İstanbul Grill", "istanbul-grill");
        for term in ["%C4%B0STANBUL", "%C4%B0stanbul", "istanbul"] {
            let found = app.get_json(&format!("/api/businesses?search={term}")).await;
            assert_eq!(names(&found), vec!["İstanbul Grill"], "{term}");
        }
    }

    async fn control_characters_in_a_search_are_ignored(app) {
        let all = app.get_json("/api/businesses").await;
        assert_eq!(app.get_json("/api/businesses?search=%00").await, all);
        let bakery = app.get_json("/api/businesses?search=bakery").await;
        assert_eq!(app.get_json("/api/businesses?search=bak%00ery%1B").await, bakery);
        let response = app.get("/directory?search=%00").await;
        assert_eq!(response.status(), 200);
    }

    async fn a_parent_category_counts_and_lists_its_sub_categories_businesses(app) {
        let categories = app.get_json("/api/categories").await;
        let categories = categories.as_array().expect("a list");
        let shopping = categories.iter().find(|c| c["slug"] == "shopping").expect("shopping");
        let children: Vec<&Value> = categories
            .iter()
            .filter(|c| c["name"].as_str().is_some_and(|name| name.starts_with("Shopping - ")))
            .collect();
        assert!(children.len() >= 2);

        let all = app.get_json("/api/businesses").await;
        let count_in = |name: &str| all.as_array().expect("list").iter().filter(|b| b["categoryName"] == name).count() as i64;
        let own = count_in("Shopping");
        let from_children: i64 = children.iter().map(|c| count_in(c["name"].as_str().unwrap_or_default())).sum();
        assert_eq!(shopping["businessCount"], own + from_children);
        for child in &children {
            assert_eq!(child["businessCount"], count_in(child["name"].as_str().unwrap_or_default()));
        }

        let id = shopping["id"].as_i64().expect("id");
        let listed = app.get_json(&format!("/api/businesses?categoryId={id}")).await;
        assert_eq!(listed.as_array().expect("a list").len() as i64, own + from_children);

        let one = app.get_json("/api/categories/shopping").await;
        assert_eq!(&one, shopping);
        assert_eq!(
            keys(&one),
            sorted(&["id", "name", "slug", "description", "color", "icon", "businessCount"])
        );
    }

    async fn upcoming_events_are_the_soonest_that_have_not_ended(app) {
        let mut conn = app.db.connection().expect("connection");
        let now = Utc::now().naive_utc();
        diesel::insert_into(events::table)
            .values(NewEvent {
                title: "Already over".into(),
                description: None,
                start_date: now - Duration::days(3),
                end_date: Some(now - Duration::days(3) + Duration::hours(2)),
                location: None,
                category: "community".into(),
            })
            .execute(&mut conn)
            .expect("insert");
        diesel::insert_into(events::table)
            .values(NewEvent {
                title: "Still going".into(),
                description: Some(r#"<p onclick="x()">Hi<script>alert(1)</script></p>"#.into()),
                start_date: now - Duration::hours(1),
                end_date: Some(now + Duration::hours(1)),
                location: None,
                category: "cultural".into(),
            })
            .execute(&mut conn)
            .expect("insert");

        let all = app.get_json("/api/events").await;
        let all = all.as_array().expect("a list");
        assert!(all.iter().all(|e| e["title"] != "Already over"));
        let starts: Vec<&str> = all.iter().map(|e| e["startDate"].as_str().expect("startDate")).collect();
        let mut expected = starts.clone();
        expected.sort();
        assert_eq!(starts, expected);
        assert_eq!(all[0]["title"], "Still going");
        assert_eq!(all[0]["description"], "<p>Hi</p>");
        assert_eq!(
            keys(&all[0]),
            sorted(&["id", "title", "description", "startDate", "endDate", "location", "category"])
        );

        let upcoming = app.get_json("/api/events/upcoming?limit=5").await;
        assert_eq!(upcoming.as_array().expect("a list")[..], all[..5]);
        let two = app.get_json("/api/events/upcoming?limit=2").await;
        assert_eq!(two.as_array().expect("a list").len(), 2);
    }

    async fn only_published_articles_are_listed_or_found(app) {
        let mut conn = app.db.connection().expect("connection");
        diesel::insert_into(articles::table)
            .values(NewArticle {
                slug: "draft-story".into(),
                title: "Draft".into(),
                excerpt: None,
                content: Some(r#"<p>Text</p><a href="javascript:alert(1)">x</a>"#.into()),
                image_url: None,
                category: "news".into(),
                published: false,
                created_at: Utc::now().naive_utc(),
            })
            .execute(&mut conn)
            .expect("insert");
        let list = app.get_json("/api/articles?published=true").await;
        let list = list.as_array().expect("a list");
        assert!(list.len() >= 8);
        assert!(list.iter().all(|a| a["published"] == true && a["slug"] != "draft-story"));
        let dates: Vec<&str> = list.iter().map(|a| a["createdAt"].as_str().expect("createdAt")).collect();
        let mut newest_first = dates.clone();
        newest_first.sort_by(|a, b| b.cmp(a));
        assert_eq!(dates, newest_first);
        let slug = list[0]["slug"].as_str().expect("slug");
        assert_eq!(app.get_json(&format!("/api/articles/{slug}")).await, list[0]);
        assert_error(&app, "/api/articles/draft-story", 404, "Article not found").await;
    }

    async fn unknown_slugs_answer_404_with_the_spec_messages(app) {
        assert_error(&app, "/api/businesses/no-such-business", 404, "Business not found").await;
        assert_error(&app, "/api/categories/no-such-category", 404, "Category not found").await;
        assert_error(&app, "/api/articles/no-such-article", 404, "Article not found").await;
    }

    async fn slugs_no_entity_could_have_answer_404_like_unknown_ones(app) {
        assert_error(&app, "/api/businesses/Pecan-Street-Grill", 404, "Business not found").await;
        assert_error(&app, &format!("/api/businesses/{}", "a".repeat(10 * 1024)), 404, "Business not found").await;
        assert_error(&app, "/api/categories/food_dining", 404, "Category not found").await;
        assert_error(&app, "/api/articles/town-hall-meeting.html", 404, "Article not found").await;
    }

    async fn malformed_query_values_answer_400_never_500(app) {
        assert_bad_request(&app, "/api/events/upcoming?limit=abc").await;
        assert_bad_request(&app, "/api/events/upcoming?limit=0").await;
        assert_bad_request(&app, "/api/businesses?categoryId=-1").await;
        assert_bad_request(&app, "/api/businesses?categoryId=abc").await;
        assert_bad_request(&app, &format!("/api/businesses?search={}", "a".repeat(200))).await;
        assert_bad_request(&app, "/api/articles?published=false").await;
    }

    async fn sponsor_banners_are_listed_by_placement(app) {
        let banners = app.get_json("/api/banners").await;
        let placements: Vec<&str> = banners.as_array().expect("a list").iter().map(|b| b["placement"].as_str().unwrap_or_default()).collect();
        assert_eq!(placements.iter().filter(|p| **p == "home-sidebar").count(), 3);
        assert_eq!(placements.iter().filter(|p| **p == "home-top").count(), 1);
    }

    async fn banners_of_one_position_are_listed_in_the_order_they_were_added(app) {
        let mut conn = app.db.connection().expect("connection");
        let banner = |name: &str| NewSponsorBanner {
            name: name.into(),
            image_url: "/banner.png".into(),
            link_url: "https://example.com".into(),
            alt_text: name.into(),
            placement: "history".into(),
            position: 99,
        };
        for name in ["Test banner one", "Test banner two"] {
            diesel::insert_into(sponsor_banners::table).values(banner(name)).execute(&mut conn).expect("inserted");
        }
        // An edit stores PostgreSQL's new row version after the second banner.
        diesel::update(sponsor_banners::table.filter(sponsor_banners::name.eq("Test banner one")))
            .set(sponsor_banners::name.eq("Test banner one, edited"))
            .execute(&mut conn)
            .expect("updated");
        let banners = app.get_json("/api/banners").await;
        let added: Vec<String> = names(&banners).into_iter().filter(|name| name.starts_with("Test banner")).collect();
        assert_eq!(added, ["Test banner one, edited", "Test banner two"]);
    }
}

mod openapi {
    use super::*;
    use crate::helpers::{spawn_app, Backend};

    const CHECKED_IN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json");

    #[actix_rt::test]
    async fn the_served_description_is_the_checked_in_file() {
        let served = server::handlers::api::openapi::document();
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            std::fs::write(CHECKED_IN, &served).expect("write openapi.json");
        }
        let checked_in = std::fs::read_to_string(CHECKED_IN).expect("server/openapi.json exists");
        assert_eq!(
            served, checked_in,
            "run `make openapi` to refresh server/openapi.json"
        );

        let app = spawn_app(Backend::Sqlite).await;
        assert_eq!(
            app.get_json("/api/openapi.json").await,
            serde_json::from_str::<Value>(&checked_in).expect("JSON")
        );
    }

    #[actix_rt::test]
    async fn every_documented_read_answers() {
        let app = spawn_app(Backend::Sqlite).await;
        let doc: Value =
            serde_json::from_str(&server::handlers::api::openapi::document()).expect("JSON");
        let paths = doc["paths"].as_object().expect("paths");
        let reads = paths
            .iter()
            .filter(|(_, operations)| operations.get("get").is_some());
        for (path, _) in reads {
            let concrete = path.replace("{slug}", "shopping");
            let response = app.get(&concrete).await;
            assert!(
                response.status() == 200 || (path.contains("{slug}") && response.status() == 404),
                "GET {concrete}: {}",
                response.status()
            );
        }
    }

    /// A database that does not answer, or a fault, can meet any operation.
    #[test]
    fn every_operation_documents_the_failures_any_request_can_meet() {
        let doc: Value =
            serde_json::from_str(&server::handlers::api::openapi::document()).expect("JSON");
        let operations =
            doc["paths"]
                .as_object()
                .expect("paths")
                .iter()
                .flat_map(|(path, item)| {
                    let methods = item.as_object().expect("path item");
                    methods
                        .iter()
                        .map(move |(method, operation)| (format!("{method} {path}"), operation))
                });
        let payments_not_configured =
            "Payments are not configured, or the database is not answering; try again in a moment";
        for (operation, description) in operations {
            for status in ["500", "503"] {
                let answer = &description["responses"][status];
                assert_eq!(
                    answer["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/ErrorBody",
                    "{operation} {status}"
                );
            }
            let not_answering = description["responses"]["503"]["description"]
                .as_str()
                .expect("503 described");
            assert!(
                not_answering == "The database is not answering; try again in a moment"
                    || (operation.starts_with("post /api/create-payment-intent")
                        && not_answering == payments_not_configured),
                "{operation}: {not_answering}"
            );
        }
    }
}
